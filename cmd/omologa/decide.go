package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"omologa/config"
	"omologa/italian"
	"omologa/periods"
	"omologa/rating"
	"omologa/store"
	"omologa/tournament"
	"omologa/tournament/codec"
)

func init() {
	register(&command{
		name:    "decide",
		summary: "the office's decisions on a tournament's players (withdrawals, theoretical ratings), applied by list run",
		run:     runDecide,
	})
}

// decideOp is one decision flag, in the order given.
type decideOp struct {
	clear    bool
	decision store.Decision
	flag     string // as given, for messages
}

// decideOutput is the --json form of `omologa decide`: the decisions
// recorded for each file of the submission after the call.
type decideOutput struct {
	Submission int64         `json:"submission"`
	Files      []decidedFile `json:"files"`
}

type decidedFile struct {
	FileID    int64          `json:"file_id"`
	Name      string         `json:"name"`
	Decisions []decisionLine `json:"decisions"`
}

// decisionLine is one recorded decision with the player's name and the
// articles it applies.
type decisionLine struct {
	store.Decision
	File    string `json:"file,omitempty"` // in list run: the tournament it was applied to
	Name    string `json:"name"`
	Article string `json:"article"`
}

func runDecide(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("decide", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", defaultConfig(), "configuration file: its store")
	asJSON := fs.Bool("json", false, "print the decisions recorded as JSON")
	subID := fs.Int64("submission", 0, "the submission (omologa status) whose file the decisions are about")
	fileName := fs.String("file", "", "the file of the submission, when it has several")
	var ops []decideOp
	start := func(v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 {
			return 0, fmt.Errorf("%q is not a starting number", v)
		}
		return n, nil
	}
	withdrawal := func(value string) func(string) error {
		return func(v string) error {
			n, err := start(v)
			if err != nil {
				return err
			}
			ops = append(ops, decideOp{flag: "--withdrawal-" + value + " " + v,
				decision: store.Decision{Start: n, Kind: store.DecisionWithdrawal, Value: value}})
			return nil
		}
	}
	fs.Func("withdrawal-justified", "START: the player's last-round forfeit is a justified withdrawal, RTF 7.5.3 does\n"+
		"not apply (RTF 7.5.2); repeatable", withdrawal(store.WithdrawalJustified))
	fs.Func("withdrawal-unjustified", "START: the player withdrew without justification, whatever the crosstable shows\n"+
		"(RTF 7.5.2–7.5.3): a positive variation is zeroed; repeatable", withdrawal(store.WithdrawalUnjustified))
	fs.Func("theoretical", "START=RATING: the chief arbiter's theoretical rating of a foreign player without FIDE\n"+
		"rating (RTF 4.2.7) or Elo Rapid (RAPID 6.8); repeatable", func(v string) error {
		key, val, ok := strings.Cut(v, "=")
		if !ok {
			return fmt.Errorf("%q: START=RATING expected", v)
		}
		n, err := start(key)
		if err != nil {
			return fmt.Errorf("%q: %w", v, err)
		}
		r, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || r < 1 || r > 3500 {
			return fmt.Errorf("%q: the rating must be a whole number from 1 to 3500", v)
		}
		ops = append(ops, decideOp{flag: "--theoretical " + v,
			decision: store.Decision{Start: n, Kind: store.DecisionTheoretical, Value: strconv.Itoa(r)}})
		return nil
	})
	fs.Func("clear", "START: remove the player's decisions (the crosstable's reading applies again); repeatable",
		func(v string) error {
			n, err := start(v)
			if err != nil {
				return err
			}
			ops = append(ops, decideOp{flag: "--clear " + v, clear: true, decision: store.Decision{Start: n}})
			return nil
		})
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: omologa decide [--config FILE] [--json] --submission ID [--file NAME]
                      [--withdrawal-justified START]... [--withdrawal-unjustified START]...
                      [--theoretical START=RATING]... [--clear START]...

Records the office's decisions about the players of a homologated file, with
who decided (the OS user) and when; omologa list run applies them when it rates
the file. A later decision about the same player and kind replaces the earlier
one; --clear removes a player's decisions (applied before the others given).
Without decisions, lists those recorded for the submission.`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "omologa decide: "+format+"\n", a...)
		return exitUsage
	}
	if *subID <= 0 || fs.NArg() > 0 {
		if fs.NArg() > 0 {
			fmt.Fprintf(stderr, "omologa decide: unexpected arguments %q\n", fs.Args())
		} else {
			fmt.Fprintln(stderr, "omologa decide: --submission ID is required")
		}
		fs.Usage()
		return exitUsage
	}
	// The same player and kind twice in one call is a slip, not a
	// correction: refused, as omologa rate refuses it.
	seen := map[[2]any]string{}
	for _, op := range ops {
		if op.clear {
			continue
		}
		k := [2]any{op.decision.Start, op.decision.Kind}
		if prev, dup := seen[k]; dup {
			return fail("%s and %s: two decisions of the same kind about player %d", prev, op.flag, op.decision.Start)
		}
		seen[k] = op.flag
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return fail("%v", err)
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return fail("%v", err)
	}
	defer st.Close()
	sub, err := st.Load(ctx, *subID)
	if errors.Is(err, sql.ErrNoRows) {
		return fail("no submission %d (omologa status lists them)", *subID)
	} else if err != nil {
		return fail("%v", err)
	}
	files := sub.Files
	if *fileName != "" {
		files = nil
		var names []string
		for _, f := range sub.Files {
			names = append(names, f.Name)
			if f.Name == *fileName {
				files = append(files, f)
			}
		}
		if len(files) != 1 {
			return fail("submission %d has %d files named %q (its files: %s)", *subID, len(files), *fileName, strings.Join(names, ", "))
		}
	}
	// The file read to check the decisions, kept for the players' names.
	var read *tournament.Tournament
	if len(ops) > 0 {
		if len(files) != 1 {
			var names []string
			for _, f := range files {
				names = append(names, f.Name)
			}
			return fail("submission %d has %d files: say which with --file NAME (%s)", *subID, len(files), strings.Join(names, ", "))
		}
		f := files[0]
		t, _, err := codec.Read(f.Name, f.Data)
		if err != nil {
			return fail("submission %d, file %s: not readable as a tournament (%v): nothing to decide", *subID, f.Name, err)
		}
		var bad []string
		var ds []store.Decision
		var clear []int
		for _, op := range ops {
			if t.Player(op.decision.Start) == nil {
				bad = append(bad, fmt.Sprintf("%s: %s has no player with starting number %d", op.flag, f.Name, op.decision.Start))
				continue
			}
			if op.clear {
				clear = append(clear, op.decision.Start)
			} else {
				ds = append(ds, op.decision)
			}
		}
		if len(bad) > 0 {
			return fail("%s", strings.Join(bad, "; "))
		}
		if err := st.Decide(ctx, f.ID, ds, clear, officeUser(), time.Now()); err != nil {
			return fail("%v", err)
		}
		read = t
	}

	out := decideOutput{Submission: *subID, Files: []decidedFile{}}
	for _, f := range files {
		ds, err := st.Decisions(ctx, f.ID)
		if err != nil {
			return fail("%v", err)
		}
		t := read
		if t == nil && len(ds) > 0 {
			t, _, _ = codec.Read(f.Name, f.Data) // for the names only: unreadable leaves them empty
		}
		df := decidedFile{FileID: f.ID, Name: f.Name, Decisions: []decisionLine{}}
		for _, d := range ds {
			df.Decisions = append(df.Decisions, describeDecision(d, t, ""))
		}
		out.Files = append(out.Files, df)
	}
	if *asJSON {
		if err := writeJSON(stdout, &out); err != nil {
			return fail("%v", err)
		}
		return exitOK
	}
	for _, f := range out.Files {
		fmt.Fprintf(stdout, "submission %d, file %d %s: ", out.Submission, f.FileID, f.Name)
		if len(f.Decisions) == 0 {
			fmt.Fprintln(stdout, "no decisions recorded")
			continue
		}
		fmt.Fprintln(stdout)
		for _, d := range f.Decisions {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
	}
	return exitOK
}

// describeDecision names the player of d and the articles d applies: for
// a theoretical rating, those of kind, both when kind is unknown.
func describeDecision(d store.Decision, t *tournament.Tournament, kind periods.Kind) decisionLine {
	l := decisionLine{Decision: d}
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

func (l decisionLine) String() string {
	what := l.Kind + " " + l.Value
	switch {
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalJustified:
		what = "withdrawal justified, RTF 7.5.3 does not apply"
	case l.Kind == store.DecisionWithdrawal && l.Value == store.WithdrawalUnjustified:
		what = "withdrawal unjustified, a positive variation is zeroed"
	case l.Kind == store.DecisionTheoretical:
		what = "theoretical rating " + l.Value
	}
	s := fmt.Sprintf("%d %s: %s (%s), decided by %s on %s", l.Start, l.Name, what, l.Article, l.By, italian.DateTime(l.At, italian.Rome()))
	if l.File != "" {
		s = l.File + " " + s
	}
	return s
}

// applyDecisions gives the engine the office's decisions about a file,
// as omologa rate's flags do. A decision the engine cannot use (a value
// no longer understood) is an error, never skipped.
func applyDecisions(r *rating.Received, ds []store.Decision) error {
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
