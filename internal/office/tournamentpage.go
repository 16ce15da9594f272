package office

import (
	"context"
	"slices"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/rating"
	"omologa/internal/store"
)

// TournamentView is a tournament as its page shows it: each version with
// its state, the office's decision and earlier judgements, and the acts
// that apply to it; the version in force, the closed lists it counted
// in and its rating effect.
type TournamentView struct {
	*store.Tournament
	// State is the state of the version in force, else of the latest
	// version.
	State    state.View
	Versions []VersionView
	// Unclear, for a tournament the identity rules could not place, is
	// the tournament it may be a version of.
	Unclear   *store.Tournament
	CountedIn []store.CountedIn
	// Ratings are the provisional variations of the version in force,
	// recorded when it was judged (the list run computes the final ones).
	Ratings    []rating.Line
	RatingKind fsi.Kind
}

// VersionView is one file of a tournament.
type VersionView struct {
	store.Version
	Number   string
	State    state.View
	Decision *store.VerdictDecision
	Past     []store.PastJudgement
	// Errors are the file's error findings, one a rule (the ones an
	// "accept despite" names); Late says one of them is the deadline.
	Errors []ErrorRule
	Late   bool
	// Acts are the acts on the file (state.Act) the actor may do and the
	// state model allows: the page offers only these.
	Acts map[string]bool
	// Candidates are the calendar events a held file's tournament may be
	// (issue 30): what the office confirms one of.
	Candidates []validate.Candidate
}

// fileActs are the acts on a file the pages offer, with the office's act
// (and role) each needs; revoking and reinstating are the tournament's.
var fileActs = map[state.Act]Action{
	state.ActRejudge: ActRejudge, state.ActAcceptDespite: ActOverrule, state.ActAcceptLate: ActOverrule,
	state.ActReject: ActOverrule, state.ActLink: ActLink, state.ActUnlink: ActUnlink,
	state.ActAuthorise: ActAuthorisation, state.ActUnauthorise: ActAuthorisation,
}

// ActsOn returns the acts on a file in state v that the role may do and
// the state model allows; accept-despite only with error findings other
// than the deadline's alone, accept-late only with the deadline's alone.
func ActsOn(r Role, v state.View, errors []ErrorRule, late bool) map[string]bool {
	out := map[string]bool{}
	for act, need := range fileActs {
		if !r.May(need) || state.Allowed(v.State, act) != nil {
			continue
		}
		switch act {
		case state.ActAcceptLate:
			// Only when the deadline is the one error: Overrule refuses
			// to accept other errors unnamed.
			if !late || len(errors) != 1 {
				continue
			}
		case state.ActAcceptDespite:
			if len(errors) == 0 || (late && len(errors) == 1) {
				continue
			}
		}
		out[string(act)] = true
	}
	return out
}

// isLate reports whether a finding's rule is the sending deadline's.
func isLate(rule string) bool { return rule == validate.RuleLate }

// TournamentView returns a tournament as its page shows it.
func (o *Office) TournamentView(ctx context.Context, a Actor, id int64) (*TournamentView, error) {
	t, err := o.Store.Tournament(ctx, id)
	if err != nil {
		return nil, tournamentError(id, err)
	}
	tv := &TournamentView{Tournament: t}
	for _, v := range t.Versions {
		vv, err := o.versionView(ctx, a, v)
		if err != nil {
			return nil, err
		}
		onlyVersion(vv.Acts, t)
		tv.Versions = append(tv.Versions, *vv)
		if v.InForce || t.CurrentFile == 0 {
			tv.State = vv.State
		}
	}
	if t.UnclearWith != "" {
		if u, err := o.Store.TournamentByKey(ctx, t.UnclearWith); err == nil {
			tv.Unclear = u
		}
	}
	if tv.CountedIn, err = o.Store.CountedIn(ctx, t.Key); err != nil {
		return nil, err
	}
	if t.CurrentFile != 0 {
		if tv.Ratings, tv.RatingKind, err = StoredRatings(ctx, o.Store, t.CurrentFile); err != nil {
			return nil, err
		}
	}
	return tv, nil
}

func (o *Office) versionView(ctx context.Context, a Actor, v store.Version) (*VersionView, error) {
	fv, err := o.fileView(ctx, v.FileID)
	if err != nil {
		return nil, err
	}
	vv := &VersionView{Version: v, Number: fv.number, State: fv.view}
	if vv.Decision, err = o.Store.Decision(ctx, v.FileID); err != nil {
		return nil, err
	}
	if vv.Past, err = o.Store.Judgements(ctx, v.FileID); err != nil {
		return nil, err
	}
	rep, err := o.report(ctx, v.FileID)
	if err != nil {
		return nil, err
	}
	vv.Errors, vv.Late = errorRules(rep)
	vv.Acts = ActsOn(a.Role, vv.State, vv.Errors, vv.Late)
	vv.Candidates = rep.Candidates
	return vv, nil
}

// FileCandidates returns the calendar events a held file's tournament
// may be, as its judgement listed them (issue 30).
func (o *Office) FileCandidates(ctx context.Context, fileID int64) ([]validate.Candidate, error) {
	rep, err := o.report(ctx, fileID)
	if err != nil {
		return nil, err
	}
	return rep.Candidates, nil
}

// ErrorRule is one rule of a file's error findings, with the article and
// the first finding's message: what the office names when it accepts a
// file despite its errors.
type ErrorRule struct {
	Rule, Article, MessageIT, MessageEN string
}

// errorRules returns the distinct rules of a report's error findings, and
// whether the deadline's is one of them.
func errorRules(rep *validate.Report) (rules []ErrorRule, late bool) {
	for _, f := range rep.Findings {
		if f.Severity != validate.SeverityError {
			continue
		}
		late = late || isLate(f.Rule)
		if !slices.ContainsFunc(rules, func(e ErrorRule) bool { return e.Rule == f.Rule }) {
			rules = append(rules, ErrorRule{Rule: f.Rule, Article: f.Article, MessageIT: f.MessageIT, MessageEN: f.MessageEN})
		}
	}
	return rules, late
}

// FileActs returns the acts on a file the actor may do (for the
// submission's page), with the file's error rules.
func (o *Office) FileActs(ctx context.Context, a Actor, fileID int64) (acts map[string]bool, errors []ErrorRule, err error) {
	fv, err := o.fileView(ctx, fileID)
	if err != nil {
		return nil, nil, err
	}
	rep, err := o.report(ctx, fileID)
	if err != nil {
		return nil, nil, err
	}
	errors, late := errorRules(rep)
	acts = ActsOn(a.Role, fv.view, errors, late)
	if fv.tournament != 0 {
		t, err := o.Store.Tournament(ctx, fv.tournament)
		if err != nil {
			return nil, nil, err
		}
		onlyVersion(acts, t)
	}
	return acts, errors, nil
}

// onlyVersion takes unlink from the acts on the only version of a
// tournament that is not unclear: it is a tournament of its own already,
// and Unlink would refuse.
func onlyVersion(acts map[string]bool, t *store.Tournament) {
	if len(t.Versions) <= 1 && t.UnclearWith == "" {
		delete(acts, string(state.ActUnlink))
	}
}

// The rows of the office's decisions about verdicts the pages show.
type (
	VerdictDecision = store.VerdictDecision
	PastJudgement   = store.PastJudgement
	HeldFile        = store.HeldFile
	CountedIn       = store.CountedIn
)

// TournamentByKey returns one tournament by key.
func (q *Queries) TournamentByKey(ctx context.Context, key string) (*store.Tournament, error) {
	return q.st.TournamentByKey(ctx, key)
}

// HeldFiles returns the files held from the lists until the office
// attributes them (store.HeldFiles), every kind.
func (q *Queries) HeldFiles(ctx context.Context) ([]store.HeldFile, error) {
	return q.st.HeldFiles(ctx, "")
}

// AuthorisationHeld is a file held until the office verifies its
// authorisation (issue 30).
type AuthorisationHeld = store.AuthorisationHeld

// AuthorisationsHeld returns the files held for their authorisation,
// with the candidates their judgement listed.
func (q *Queries) AuthorisationsHeld(ctx context.Context) ([]store.AuthorisationHeld, error) {
	return q.st.AuthorisationsHeld(ctx)
}

// PendingDecision is a withdrawal waiting for the office's decision.
type PendingDecision = store.PendingDecision

// PendingDecisions lists the round-robin withdrawals the office has to
// decide about (store.PendingDecisions).
func (q *Queries) PendingDecisions(ctx context.Context) ([]store.PendingDecision, error) {
	return q.st.PendingDecisions(ctx)
}
