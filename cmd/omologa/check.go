package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
)

func init() {
	register(&command{
		name:    "check",
		summary: "judge result files against rules.yaml: verdict, findings with articles, standings",
		run:     runCheck,
	})
}

// checkOptions are the inputs of a check besides the files.
type checkOptions struct {
	Rules     *rules.File
	Kind      string // "" (auto), "standard", "rapid"
	Received  time.Time
	Registers *registers.Set
}

// checked is the --json form of one file: the validator's report, with
// the receipt time the deadline was judged on.
type checked struct {
	validate.Report
	Received time.Time `json:"received"`
	// Unreadable is set when the file could not be opened at all.
	Unreadable string `json:"unreadable,omitempty"`
}

func runCheck(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "check", `usage: omologa check [--json] [--rules FILE] [--kind auto|standard|rapid] [--received RFC3339]
                     [--players CSV] [--arbiters CSV] [--calendar CSV] FILE...

Judges each result file against the rules: format, tournament, rule set,
verdict (accepted, accepted-with-warnings, rejected), list period, findings
with their articles, and the recomputed standings. Without registers the
checks that need them say so. Exit status 0 when every file is accepted
(warnings included), 1 when one is rejected, 2 for unreadable input or bad
usage.`)
	asJSON := fs.Bool("json", false, "print one JSON object per file (an array for several files)")
	jf := addJudgeFlags(fs, "players' register (CSV)")
	lang := fs.String("lang", "it", "language of the messages in the human output: it or en")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if msg := argCount(fs, 1, -1, "result file"); msg != "" {
		return badUsage(stderr, "check", "%s", msg)
	}
	if *lang != "it" && *lang != "en" {
		return badUsage(stderr, "check", "--lang %q: it or en", *lang)
	}
	opts, err := jf.options()
	if err != nil {
		return failed(stderr, "check", err)
	}

	code := exitOK
	var out []checked
	bar := newProgress(stderr, "checking", fs.NArg())
	defer bar.Done()
	for _, name := range fs.Args() {
		bar.Add(1)
		c := checkFile(opts, name)
		switch {
		case c.Unreadable != "" || c.Format == "":
			code = exitUsage
		case c.Verdict == validate.Rejected && code == exitOK:
			code = exitRejected
		}
		out = append(out, c)
	}
	bar.Done()
	if err := printFiles(stdout, out, *asJSON, func(w io.Writer, c checked) { printChecked(w, c, *lang) }); err != nil {
		return failed(stderr, "check", err)
	}
	return code
}

// checkFile reads and judges one file.
func checkFile(opts checkOptions, name string) checked {
	c := checked{Received: opts.Received}
	data, err := os.ReadFile(name)
	if err != nil {
		c.File, c.Unreadable, c.Verdict = name, err.Error(), validate.Rejected
		c.Findings = []validate.Finding{}
		return c
	}
	c.Report = checkData(opts, name, data)
	return c
}

// checkData judges the bytes of one file.
func checkData(opts checkOptions, name string, data []byte) validate.Report {
	rep, _ := judgeData(opts, name, data, opts.submission())
	return rep
}

// submission is how a file given on the command line was received.
func (o checkOptions) submission() validate.Submission {
	return validate.Submission{ReceivedAt: o.Received, Channel: "cli", Kind: o.Kind}
}

// judgeData reads and judges the bytes of one file as received with sub
// (validate.Judge); it returns the tournament read too, nil when
// unreadable.
func judgeData(opts checkOptions, name string, data []byte, sub validate.Submission) (validate.Report, *tournament.Tournament) {
	return validate.Judge(opts.Rules, opts.Registers, name, data, sub)
}

func printChecked(w io.Writer, c checked, lang string) {
	fmt.Fprintf(w, "%s\n", c.File)
	if c.Unreadable != "" {
		fmt.Fprintf(w, "  not readable: %s\n", c.Unreadable)
		return
	}
	s := c.Summary
	if c.Format != "" {
		fmt.Fprintf(w, "  format:      %s\n", c.Format)
		name := s.Name
		if name == "" {
			name = "(no name)"
		}
		fmt.Fprintf(w, "  tournament:  %s", name)
		if s.City != "" {
			fmt.Fprintf(w, ", %s", s.City)
		}
		fmt.Fprintf(w, "\n               %s – %s, %s, %s", orDash(dates.ItalianDate(s.Start)), orDash(dates.ItalianDate(s.End)),
			italian.Count(s.Players, "player", "players"), italian.Count(s.Rounds, "round", "rounds"))
		if s.RateOfPlay != "" {
			fmt.Fprintf(w, ", rate %s", s.RateOfPlay)
			if s.Minutes60 > 0 {
				fmt.Fprintf(w, " (%g min for 60 moves)", s.Minutes60)
			}
		}
		fmt.Fprintln(w)
		if s.Arbiter != "" {
			fmt.Fprintf(w, "               arbiter %s\n", s.Arbiter)
		}
	}
	if c.RuleSet != "" {
		d := c.Decision
		fmt.Fprintf(w, "  rule set:    %s (%s play", c.RuleSet, c.Kind)
		if d != nil {
			if d.FromRate != "" {
				fmt.Fprintf(w, ", %s by the rate of play", d.FromRate)
			}
			if d.Declared != "" {
				fmt.Fprintf(w, ", declared %s", d.Declared)
			}
			if !d.InRange {
				fmt.Fprint(w, ", nearest rule set: none in force then")
			}
		}
		fmt.Fprintln(w, ")")
	}
	fmt.Fprintf(w, "  verdict:     %s\n", strings.ToUpper(string(c.Verdict)))
	if c.Period != nil {
		fmt.Fprintf(w, "  list period: %s list of %s (received %s, cut-off %s)\n", c.Period.Kind,
			italian.MonthYearEN(c.Period.Issue.Year, c.Period.Issue.Month), italian.DateTime(c.Received, c.Received.Location()),
			italian.DMY(c.Period.Cutoff.Year, c.Period.Cutoff.Month, c.Period.Cutoff.Day))
	}
	fmt.Fprintf(w, "  findings:    %d\n", len(c.Findings))
	for _, f := range c.Findings {
		where := []string{}
		if f.Line > 0 {
			where = append(where, fmt.Sprintf("line %d", f.Line))
		}
		if f.Player > 0 {
			where = append(where, fmt.Sprintf("player %d", f.Player))
		}
		if f.Round > 0 {
			where = append(where, fmt.Sprintf("round %d", f.Round))
		}
		loc := ""
		if len(where) > 0 {
			loc = " (" + strings.Join(where, ", ") + ")"
		}
		msg := f.MessageIT
		if lang == "en" {
			msg = f.MessageEN
		}
		fmt.Fprintf(w, "    %-7s %s [%s]%s\n            %s\n", strings.ToUpper(string(f.Severity)), f.Rule, f.Article, loc, msg)
	}
	if len(c.Standings) > 0 {
		fmt.Fprintln(w, "  standings:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		// The name is the text after the last cell, so it stays
		// left-aligned while the numbers align right.
		fmt.Fprintln(tw, "    rank\tstart\tpoints\tBH\tBH-C1\tSB\t  name")
		for _, st := range c.Standings {
			fmt.Fprintf(tw, "    %d\t%d\t%g\t%g\t%g\t%g\t  %s\n", st.Rank, st.Start, st.Points, st.BH, st.BHC1, st.SB, st.Name)
		}
		tw.Flush()
	}
}

func orDash(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// judgeFlags are the flags of the commands that judge files the way the
// pipeline does (check, report): the rules, the kind of play, the
// receipt time and the registers.
type judgeFlags struct {
	rules, kind, received, players, arbiters, calendar *string
}

func addJudgeFlags(fs *flag.FlagSet, playersHelp string) *judgeFlags {
	return &judgeFlags{
		rules:    fs.String("rules", "rules.yaml", "the rules file"),
		kind:     fs.String("kind", "auto", "kind of play: auto (from the rate of play), standard or rapid"),
		received: fs.String("received", "", "receipt time: YYYY-MM-DD (noon of that day), YYYY-MM-DD HH:MM in the rules' time zone, or RFC 3339 (default: now)"),
		players:  fs.String("players", "", playersHelp),
		arbiters: fs.String("arbiters", "", "arbiters' register (CSV)"),
		calendar: fs.String("calendar", "", "calendar of authorised tournaments (CSV)"),
	}
}

// options loads what the flags name. The receipt time defaults to now:
// a command may read the clock, the validator may not.
func (j *judgeFlags) options() (checkOptions, error) {
	var opts checkOptions
	switch {
	case *j.kind == "auto":
	case fsi.Kind(*j.kind).IsList():
		opts.Kind = *j.kind
	default:
		return opts, fmt.Errorf("--kind %q: auto, standard or rapid", *j.kind)
	}
	rf, err := rules.Load(*j.rules)
	if err != nil {
		return opts, err
	}
	// Times are shown in the rules' zone (Europe/Rome), as the notices
	// show them.
	opts.Received = time.Now().In(rf.Rating.Location())
	if *j.received != "" {
		t, err := parseWhen(*j.received, rf.Rating.Location())
		if err != nil {
			return opts, fmt.Errorf("--received %w", err)
		}
		opts.Received = t.In(rf.Rating.Location())
	}
	if err := validate.CheckRules(rf); err != nil {
		return opts, err
	}
	opts.Rules = rf
	if opts.Registers, err = registers.Load(*j.players, *j.arbiters, *j.calendar); err != nil {
		return opts, err
	}
	return opts, nil
}
