package main

import (
	"io"
	"os"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
)

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

const checkUsage = `usage: omologa check [--json] [--rules FILE] [--kind auto|standard|rapid] [--received RFC3339]
                     [--players CSV] [--arbiters CSV] [--calendar CSV] FILE...

Judges each result file against the rules: format, tournament, rule set,
verdict (accepted, accepted-with-warnings, rejected), list period, findings
with their articles, and the recomputed standings. Without registers the
checks that need them say so. Exit status 0 when every file is accepted
(warnings included), 1 when one is rejected, 2 for unreadable input or bad
usage.`

func runCheck(c *call) int {
	fs := c.fs
	jf := addJudgeFlags(fs, "players' register (CSV)")
	lang := fs.String("lang", "it", "language of the messages in the human output: it or en")
	if code, ok := c.parseArgs(1, -1, "result file"); !ok {
		return code
	}
	if *lang != "it" && *lang != "en" {
		return c.bad("--lang %q: it or en", *lang)
	}
	opts, err := jf.options()
	if err != nil {
		return c.fail(err)
	}

	code := exitOK
	var out []checked
	bar := newProgress(c.stderr, "checking", fs.NArg())
	defer bar.Done()
	for _, name := range fs.Args() {
		bar.Add(1)
		ch := checkFile(opts, name)
		switch {
		case ch.Unreadable != "" || ch.Format == "":
			code = exitUsage
		case ch.Verdict == validate.Rejected && code == exitOK:
			code = exitRejected
		}
		out = append(out, ch)
	}
	bar.Done()
	return printFiles(c, code, out, func(w io.Writer, ch checked) { printChecked(w, ch, *lang) })
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
	c.Report, _ = validate.Judge(&opts.Rules.Rulebook, opts.Registers, name, data, opts.submission())
	return c
}

// submission is how a file given on the command line was received.
func (o checkOptions) submission() validate.Submission {
	return validate.Submission{ReceivedAt: o.Received, Channel: string(ingest.ChannelCLI), Kind: o.Kind}
}
