package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"omologa/internal/homologation/state"
	"omologa/internal/office"
)

func init() {
	register(&command{
		name:    "verdict",
		summary: "the office's decisions about a file's verdict: judge again, accept despite errors, accept late, reject",
		run:     runVerdict,
	})
}

const verdictUsage = `usage: omologa verdict rejudge FILE... [--reason TEXT]
       omologa verdict rejudge --from DAY --to DAY [--reason TEXT]
       omologa verdict accept FILE --rule RULE[,RULE...] --reason TEXT
       omologa verdict accept-late FILE --reason TEXT
       omologa verdict reject FILE --reason TEXT
common flags: [--config FILE] [--json]

FILE is a file's number as status and the notices give it: N.M, the M-th
file of submission N. rejudge judges a file again against the registers and
calendar in force (after an import fixed a membership or an authorisation):
a new judgement of the same version, the earlier one kept; --from/--to take
every file received in those days (DAY included, YYYY-MM-DD). accept names
every error finding's rule it accepts (status --show and the web page list
them); accept-late accepts a file whose only error is the sending deadline;
reject rejects an accepted version. Each is audited, and the arbiter and the
organiser get a notice when the verdict or the list changes.`

func runVerdict(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, verdictUsage)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	sub := args[0]
	fs := newFlags(stderr, "verdict "+sub, verdictUsage)
	cfgPath := fs.String("config", defaultConfig(), "configuration file")
	asJSON := fs.Bool("json", false, "print the outcome as JSON")
	reason := fs.String("reason", "", "why (recorded, audited, and told in the notice)")
	rules := fs.String("rule", "", "accept: the error findings' rules accepted, comma-separated")
	from := fs.String("from", "", "rejudge: the first day of receipt, YYYY-MM-DD")
	to := fs.String("to", "", "rejudge: the last day of receipt, YYYY-MM-DD")
	decision := map[string]state.Decision{"accept": state.AcceptDespite, "accept-late": state.AcceptLate, "reject": state.RejectVersion}
	if _, ok := decision[sub]; !ok && sub != "rejudge" {
		fmt.Fprintf(stderr, "omologa verdict: unknown subcommand %q\n", sub)
		fs.Usage()
		return exitUsage
	}
	// Flags may follow the files ("accept 10.1 --reason …").
	files, code, ok := parseInterleaved(fs, args[1:])
	if !ok {
		return code
	}
	period := *from != "" || *to != ""
	switch {
	case sub == "rejudge" && period && (len(files) > 0 || *from == "" || *to == ""):
		return badUsage(stderr, "verdict rejudge", "either FILE... or both --from and --to")
	case sub == "rejudge" && !period && len(files) == 0:
		return badUsage(stderr, "verdict rejudge", "FILE... or --from and --to expected")
	case sub != "rejudge" && len(files) != 1:
		return badUsage(stderr, "verdict "+sub, "one FILE expected, %d given", len(files))
	case sub == "accept" && *rules == "":
		return badUsage(stderr, "verdict accept", "--rule is required: the rules of the errors accepted")
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "omologa verdict %s: %v\n", sub, err)
		return exitFor(err)
	}
	o, err := openOffice(ctx, *cfgPath)
	if err != nil {
		return fail(err)
	}
	defer o.Close()
	actor := office.CLIActor()
	var out []office.Outcome
	switch {
	case period:
		loc := o.Rules.Rating.Location()
		f, err1 := time.ParseInLocation("2006-01-02", *from, loc)
		t, err2 := time.ParseInLocation("2006-01-02", *to, loc)
		if err1 != nil || err2 != nil || t.Before(f) {
			return badUsage(stderr, "verdict rejudge", "--from %q --to %q: two days YYYY-MM-DD, in order", *from, *to)
		}
		if out, err = o.RejudgePeriod(ctx, actor, f, t.AddDate(0, 0, 1), *reason); err != nil {
			return fail(err)
		}
	default:
		for _, n := range files {
			id, err := o.FileNumbered(ctx, n)
			if err != nil {
				return fail(err)
			}
			var r *office.Outcome
			if sub == "rejudge" {
				r, err = o.RejudgeFile(ctx, actor, id, *reason)
			} else {
				var rs []string
				for _, x := range strings.Split(*rules, ",") {
					if x = strings.TrimSpace(x); x != "" {
						rs = append(rs, x)
					}
				}
				r, err = o.Overrule(ctx, actor, id, decision[sub], rs, *reason)
			}
			if err != nil {
				return fail(err)
			}
			out = append(out, *r)
		}
	}
	if err := printResult(stdout, *asJSON, out, func(w io.Writer) {
		for _, r := range out {
			fmt.Fprintf(w, "file %s %s: %s -> %s (%s)", r.Number, r.Name, r.Before.LabelEN, r.After.LabelEN, r.After.WhyEN)
			if r.Notice != "" {
				fmt.Fprintf(w, "; %s notice queued", r.Notice)
			}
			fmt.Fprintln(w)
		}
	}); err != nil {
		return fail(err)
	}
	return exitOK
}
