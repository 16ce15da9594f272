package office

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"omologa/periods"
	"omologa/rating"
	"omologa/store"
	"omologa/tournament"
	"omologa/tournament/codec"
)

// DecideOp is one decision asked for: a decision about a player, or
// Clear to remove the player's decisions.
type DecideOp struct {
	Clear    bool
	Decision store.Decision
	Flag     string // as the office gave it, for messages ("--theoretical 3=1800")
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
	FileID    int64          `json:"file_id"`
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
		return nil, errorf(Invalid, "a submission id is required")
	}
	// The same player and kind twice in one call is a slip, not a
	// correction: refused, as omologa rate refuses it.
	seen := map[[2]any]string{}
	for _, op := range req.Ops {
		if op.Clear {
			continue
		}
		k := [2]any{op.Decision.Start, op.Decision.Kind}
		if prev, dup := seen[k]; dup {
			return nil, errorf(Invalid, "%s and %s: two decisions of the same kind about player %d", prev, op.Flag, op.Decision.Start)
		}
		seen[k] = op.Flag
	}
	st := o.Store
	sub, err := st.Load(ctx, req.Submission)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errorf(NotFound, "no submission %d (omologa status lists them)", req.Submission)
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
			return nil, errorf(NotFound, "submission %d has %d files named %q (its files: %s)", req.Submission, len(files), req.File, strings.Join(names, ", "))
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
			return nil, errorf(Invalid, "submission %d has %d files: say which with --file NAME (%s)", req.Submission, len(files), strings.Join(names, ", "))
		}
		f := files[0]
		t, _, err := codec.Read(f.Name, f.Data)
		if err != nil {
			return nil, errorf(Refused, "submission %d, file %s: not readable as a tournament (%v): nothing to decide", req.Submission, f.Name, err)
		}
		var bad []string
		var ds []store.Decision
		var clear []int
		for _, op := range req.Ops {
			if t.Player(op.Decision.Start) == nil {
				bad = append(bad, fmt.Sprintf("%s: %s has no player with starting number %d", op.Flag, f.Name, op.Decision.Start))
				continue
			}
			if op.Clear {
				clear = append(clear, op.Decision.Start)
			} else {
				ds = append(ds, op.Decision)
			}
		}
		if len(bad) > 0 {
			return nil, errorf(Invalid, "%s", strings.Join(bad, "; "))
		}
		if err := st.Decide(ctx, f.ID, ds, clear, a.User, o.Now()); err != nil {
			return nil, err
		}
		var flags []string
		for _, op := range req.Ops {
			flags = append(flags, op.Flag)
		}
		if err := o.audit(ctx, a, ActDecide, submissionObject(req.Submission),
			fmt.Sprintf("file %s: %s", f.Name, strings.Join(flags, " "))); err != nil {
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
			t, _, _ = codec.Read(f.Name, f.Data) // for the names only: unreadable leaves them empty
		}
		df := DecidedFile{FileID: f.ID, Name: f.Name, Decisions: []DecisionLine{}}
		for _, d := range ds {
			df.Decisions = append(df.Decisions, DescribeDecision(d, t, ""))
		}
		out.Files = append(out.Files, df)
	}
	return out, nil
}

// DescribeDecision names the player of d and the articles d applies: for
// a theoretical rating, those of kind, both when kind is unknown.
func DescribeDecision(d store.Decision, t *tournament.Tournament, kind periods.Kind) DecisionLine {
	l := DecisionLine{Decision: d}
	if t != nil {
		if p := t.Player(d.Start); p != nil {
			l.Name = p.Name
		}
	}
	switch {
	case d.Kind == store.DecisionWithdrawal:
		l.Article = "RTF 7.5.2–7.5.3"
	case kind == periods.Standard:
		l.Article = "RTF 4.2.7"
	case kind == periods.Rapid:
		l.Article = "RAPID 6.8"
	default:
		l.Article = "RTF 4.2.7, RAPID 6.8"
	}
	return l
}

func (l DecisionLine) String() string {
	what := l.Kind + " " + l.Value
	switch {
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalJustified:
		what = "withdrawal justified, RTF 7.5.3 does not apply"
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalUnjustified:
		what = "withdrawal unjustified, a positive variation is zeroed"
	case l.Kind == store.DecisionTheoretical:
		what = "theoretical rating " + l.Value
	}
	s := fmt.Sprintf("%d %s: %s (%s), decided by %s on %s", l.Start, l.Name, what, l.Article, l.By, l.At.UTC().Format("2006-01-02 15:04 UTC"))
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
