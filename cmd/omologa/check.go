package main

import (
	"context"
	"io"
	"os"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
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
	return validate.Judge(&opts.Rules.Rulebook, opts.Registers, name, data, sub)
}
