package office

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"

	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// DecideOp is one decision asked for: a decision about a player, or
// Clear to remove the player's decisions.
type DecideOp struct {
	Clear    bool
	Decision store.Decision
}

// describe says what the op decided, in English and in Italian, for the
// audit trail: the same words whether it came from the command line or
// the web page.
func (op DecideOp) describe() said {
	d := op.Decision
	switch {
	case op.Clear:
		return say("audit.decide.cleared", d.Start)
	case d.Kind == store.DecisionTheoretical:
		return say("audit.decide.theoretical", d.Start, d.Value)
	case d.Kind == store.DecisionWithdrawal && d.Value == store.WithdrawalJustified:
		return say("audit.decide.justified", d.Start)
	case d.Kind == store.DecisionWithdrawal:
		return say("audit.decide.unjustified", d.Start)
	}
	return say("audit.decide.other", d.Start, d.Kind, d.Value)
}

// DecideRequest is the office's decisions about a submission's file
// (File names it when the submission has several). Without Ops it only
// lists the decisions recorded.
type DecideRequest struct {
	Submission int64
	File       string
	Ops        []DecideOp
}

// DecideResult is the decisions recorded for each file of the submission
// after the act; its JSON is `omologa decide --json`'s.
type DecideResult struct {
	Submission int64         `json:"submission"`
	Files      []DecidedFile `json:"files"`
}

// DecidedFile is one file's decisions.
type DecidedFile struct {
	FileID int64 `json:"file_id"`
	// Number is the file as a person knows it: "N.M".
	Number    string         `json:"number"`
	Name      string         `json:"name"`
	Decisions []DecisionLine `json:"decisions"`
}

// DecisionLine is one recorded decision with the player's name and the
// articles it applies.
type DecisionLine struct {
	store.Decision
	File    string `json:"file,omitempty"` // in list run: the tournament it was applied to
	Name    string `json:"name"`
	Article string `json:"article"`
}

// Decisions lists the decisions recorded for each file of a submission.
func (o *Office) Decisions(ctx context.Context, submissionID int64) (*DecideResult, error) {
	return o.decide(ctx, Actor{}, DecideRequest{Submission: submissionID})
}

// Decide records the office's decisions about the players of a file,
// with who decided and when; list run applies them when it rates the
// file. A later decision about the same player and kind replaces the
// earlier one; a Clear op removes a player's decisions (applied before
// the others).
func (o *Office) Decide(ctx context.Context, a Actor, req DecideRequest) (*DecideResult, error) {
	if len(req.Ops) > 0 {
		if err := o.allow(a, ActDecide); err != nil {
			return nil, err
		}
	}
	return o.decide(ctx, a, req)
}

func (o *Office) decide(ctx context.Context, a Actor, req DecideRequest) (*DecideResult, error) {
	if req.Submission <= 0 {
		return nil, newError(Invalid, "office.submission.required")
	}
	// The same player and kind twice in one call is a slip, not a
	// correction: refused, as omologa rate refuses it.
	seen := map[[2]any]bool{}
	for _, op := range req.Ops {
		if op.Clear {
			continue
		}
		if op.Decision.Kind == store.DecisionTheoretical {
			// Every door (command line, web, work queue) comes here.
			if r, err := strconv.Atoi(op.Decision.Value); err != nil || !rating.TheoreticalInRange(r) {
				return nil, newError(Invalid, "office.decide.theoretical-range", op.Decision.Value, rating.MinTheoretical, rating.MaxTheoretical)
			}
		}
		k := [2]any{op.Decision.Start, op.Decision.Kind}
		if seen[k] {
			return nil, newError(Invalid, "office.decide.twice", op.Decision.Start)
		}
		seen[k] = true
	}
	st := o.Store
	sub, err := st.Load(ctx, req.Submission)
	if errors.Is(err, store.ErrNoSubmission) {
		return nil, newError(NotFound, "office.submission.none", req.Submission).because(err).
			withCLI("no submission %d (omologa status lists them)", req.Submission)
	} else if err != nil {
		return nil, err
	}
	files := sub.Files
	if req.File != "" {
		files = nil
		var names []string
		for _, f := range sub.Files {
			names = append(names, f.Name)
			if f.Name == req.File {
				files = append(files, f)
			}
		}
		if len(files) != 1 {
			return nil, newError(NotFound, "office.decide.no-such-file", req.Submission, len(files), req.File, strings.Join(names, ", "))
		}
	}
	// The file read to check the decisions, kept for the players' names.
	var read *tournament.Tournament
	if len(req.Ops) > 0 {
		if len(files) != 1 {
			var names []string
			for _, f := range files {
				names = append(names, f.Name)
			}
			return nil, newError(Invalid, "office.decide.which-file", req.Submission, len(files), strings.Join(names, ", ")).
				withCLI("submission %d has %d files: say which with --file NAME (%s)", req.Submission, len(files), strings.Join(names, ", "))
		}
		f := files[0]
		_, data, err := st.FileData(ctx, f.ID)
		if err != nil {
			return nil, err
		}
		t, _, err := codec.Read(f.Name, data)
		if err != nil {
			return nil, newError(Refused, "office.decide.unreadable", req.Submission, f.Name, err)
		}
		kind, err := o.homologated(ctx, req.Submission, f)
		if err != nil {
			return nil, err
		}
		var bad joined
		bad.sep = "; "
		article := ""
		var ds []store.Decision
		var clear []int
		for _, op := range req.Ops {
			p := t.Player(op.Decision.Start)
			art := DescribeDecision(op.Decision, t, kind).Article
			if op.Clear {
				art = ""
			}
			if p == nil {
				bad.parts = append(bad.parts, say("office.decide.no-player", f.Name, op.Decision.Start))
				article = art
				continue
			}
			if !op.Clear && op.Decision.Kind == store.DecisionTheoretical {
				if why := o.rated(ctx, p); why.key != "" {
					bad.parts = append(bad.parts, say("office.decide.rated", p.Name, why, art))
					article = art
					continue
				}
			}
			if op.Clear {
				clear = append(clear, op.Decision.Start)
			} else {
				ds = append(ds, op.Decision)
			}
		}
		if len(bad.parts) > 0 {
			return nil, refuse(Refused, bad).citing(article)
		}
		if err := st.Decide(ctx, f.ID, ds, clear, a.User, o.Now()); err != nil {
			return nil, err
		}
		ops := joined{sep: "; "}
		for _, op := range req.Ops {
			ops.parts = append(ops.parts, op.describe())
		}
		if err := o.audit(ctx, a, ActDecide, submissionObject(req.Submission), say("audit.decide", f.Name, ops)); err != nil {
			return nil, err
		}
		read = t
	}

	out := &DecideResult{Submission: req.Submission, Files: []DecidedFile{}}
	for _, f := range files {
		ds, err := st.Decisions(ctx, f.ID)
		if err != nil {
			return nil, err
		}
		t := read
		if t == nil && len(ds) > 0 {
			_, data, err := st.FileData(ctx, f.ID)
			if err != nil {
				return nil, err
			}
			t, _, _ = codec.Read(f.Name, data) // for the names only: unreadable leaves them empty
		}
		df := DecidedFile{FileID: f.ID, Number: state.Number(req.Submission, f.Seq), Name: f.Name, Decisions: []DecisionLine{}}
		for _, d := range ds {
			df.Decisions = append(df.Decisions, DescribeDecision(d, t, ""))
		}
		out.Files = append(out.Files, df)
	}
	return out, nil
}

// homologated refuses a decision about a file whose tournament is not
// homologated (not judged, rejected, superseded or revoked): the
// decisions are applied when a homologated tournament is rated (RTF
// 4.3.1, RAPID 7.1). It returns the kind of play.
func (o *Office) homologated(ctx context.Context, sub int64, f store.File) (fsi.Kind, error) {
	verdict, kind, ok, err := o.Store.FileVerdict(ctx, f.ID)
	if err != nil {
		return "", err
	}
	refuse := func(why lingual) error {
		return newError(Refused, "office.decide.not-homologated", sub, f.Name, why).citing("RTF 4.3.1, RAPID 7.1")
	}
	switch {
	case !ok:
		return "", refuse(say("office.decide.not-judged"))
	case verdict != "accepted" && verdict != "accepted-with-warnings":
		return "", refuse(say("office.decide.why.rejected", catalogue.Named{"verdict": verdict}))
	}
	t, err := o.Store.TournamentOfFile(ctx, f.ID)
	if err != nil && !errors.Is(err, store.ErrNoTournament) {
		return "", err
	}
	if t != nil && t.Revoked != nil {
		return "", refuse(say("office.decide.why.revoked", catalogue.Named{"reason": t.Revoked.Reason}))
	}
	if t != nil && t.CurrentFile != f.ID {
		return "", refuse(say("office.decide.why.superseded", catalogue.Named{"file": t.CurrentNumber}))
	}
	return kind, nil
}

// rated says why a player may not get a theoretical rating: he has a
// FIDE rating (in the file) or is on the list (the players' register);
// "" when he may.
func (o *Office) rated(ctx context.Context, p *tournament.Player) said {
	if p.Rating > 0 {
		return say("office.decide.rated.fide", p.Rating)
	}
	regs, err := LoadRegisters(ctx, o.Store, o.Config)
	if err != nil || regs.Players == nil {
		return said{}
	}
	ix := rating.NewIndex(regs.Players, o.Rules.Rating.MatchByName)
	if row := ix.Find(p); row >= 0 {
		return say("office.decide.rated.listed", regs.Players.Rows[row].FSIID)
	}
	return said{}
}

// DescribeDecision names the player of d and the articles d applies: for
// a theoretical rating, those of kind, both when kind is unknown.
func DescribeDecision(d store.Decision, t *tournament.Tournament, kind fsi.Kind) DecisionLine {
	l := DecisionLine{Decision: d}
	if t != nil {
		if p := t.Player(d.Start); p != nil {
			l.Name = p.Name
		}
	}
	switch {
	case d.Kind == store.DecisionWithdrawal:
		l.Article = "RTF 7.5.2–7.5.3"
	case kind == fsi.Standard:
		l.Article = "RTF 4.2.7"
	case kind == fsi.Rapid:
		l.Article = "RAPID 6.8"
	default:
		l.Article = "RTF 4.2.7, RAPID 6.8"
	}
	return l
}

// Text writes the decision in English for the command line, its time
// in loc (the office's time zone).
func (l DecisionLine) Text(loc *time.Location) string { return l.In(catalogue.EN, loc) }

// In writes the decision in language lang, its time in loc: the
// command line's English (Text), the Italian of a list run's change
// report.
func (l DecisionLine) In(lang catalogue.Lang, loc *time.Location) string {
	what := lang.T("office.decision.other", l.Kind, l.Value)
	switch {
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalJustified:
		what = lang.T("office.decision.withdrawal-justified")
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalUnjustified:
		what = lang.T("office.decision.withdrawal-unjustified")
	case l.Kind == store.DecisionTheoretical:
		what = lang.T("office.decision.theoretical", l.Value)
	}
	s := lang.T("office.decision.line", l.Start, l.Name, what, l.Article, l.By, italian.DateTime(l.At, loc))
	if l.File != "" {
		s = l.File + " " + s
	}
	return s
}

// ApplyDecisions gives the engine the office's decisions about a file,
// as omologa rate's flags do. A decision the engine cannot use (a value
// no longer understood) is an error, never skipped.
func ApplyDecisions(r *rating.Received, ds []store.Decision) error {
	var errs []error
	for _, d := range ds {
		switch {
		case d.Kind == store.DecisionWithdrawal && (d.Value == store.WithdrawalJustified || d.Value == store.WithdrawalUnjustified):
			if r.Withdrawals == nil {
				r.Withdrawals = map[int]bool{}
			}
			r.Withdrawals[d.Start] = d.Value == store.WithdrawalUnjustified
		case d.Kind == store.DecisionTheoretical && d.Rating() > 0:
			if r.Theoretical.ByStart == nil {
				r.Theoretical.ByStart = map[int]int{}
			}
			r.Theoretical.ByStart[d.Start] = d.Rating()
		default:
			errs = append(errs, fmt.Errorf("player %d: unknown decision %s %q", d.Start, d.Kind, d.Value))
		}
	}
	return errors.Join(errs...)
}
