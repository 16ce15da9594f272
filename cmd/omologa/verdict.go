//go:build !lite

package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"omologa/internal/homologation/state"
	"omologa/internal/office"
)

const verdictUsage = `usage: omologa verdict rejudge FILE... [--reason TEXT]
       omologa verdict rejudge --from DAY --to DAY [--reason TEXT]
       omologa verdict accept FILE --rule RULE[,RULE...] --reason TEXT
       omologa verdict accept-late FILE --reason TEXT
       omologa verdict reject FILE --reason TEXT
       omologa verdict authorise FILE --event CODE [--reason TEXT]
       omologa verdict unauthorised FILE --reason TEXT
common flags: [--config FILE] [--json]

FILE is a file's number as status and the notices give it: N.M, the M-th
file of submission N. rejudge judges a file again against the registers and
calendar in force (after an import fixed a membership or an authorisation):
a new judgement of the same version, the earlier one kept; --from/--to take
every file received in those days (DAY included, YYYY-MM-DD). accept names
every error finding's rule it accepts (status --show and the web page list
them); accept-late accepts a file whose only error is the sending deadline;
reject rejects an accepted version. A file whose authorisation the calendar
left uncertain is held ("authorisation to be verified"): authorise confirms the
calendar's event CODE it is (the file is judged again as authorised by it),
unauthorised declares the tournament not authorised (judged again and
rejected, RTF 5.3.1 g / RAPID 2.1). Each is audited, and the arbiter and the
organiser get a notice when the verdict or the list changes.`

// verdictDecisions are the office's decisions the verbs other than
// rejudge record.
var verdictDecisions = map[string]state.Decision{"accept": state.AcceptDespite, "accept-late": state.AcceptLate, "reject": state.RejectVersion}

func runVerdict(c *call) int {
	sub, fs := c.verb, c.fs
	reason := fs.String("reason", "", "why (recorded, audited, and told in the notice)")
	rules := fs.String("rule", "", "accept: the error findings' rules accepted, comma-separated")
	from := fs.String("from", "", "rejudge: the first day of receipt, YYYY-MM-DD")
	to := fs.String("to", "", "rejudge: the last day of receipt, YYYY-MM-DD")
	event := fs.String("event", "", "authorise: the calendar event's code the tournament is")
	word := sub == "authorise" || sub == "unauthorised"
	if _, ok := verdictDecisions[sub]; !ok && sub != "rejudge" && !word {
		return c.unknownVerb()
	}
	// Flags may follow the files ("accept 10.1 --reason …").
	files, code, ok := c.parseInterleaved()
	if !ok {
		return code
	}
	period := *from != "" || *to != ""
	switch {
	case sub == "rejudge" && period && (len(files) > 0 || *from == "" || *to == ""):
		return c.bad("either FILE... or both --from and --to")
	case sub == "rejudge" && !period && len(files) == 0:
		return c.bad("FILE... or --from and --to expected")
	case sub != "rejudge" && len(files) != 1:
		return c.bad("one FILE expected, %d given", len(files))
	case sub == "accept" && *rules == "":
		return c.bad("--rule is required: the rules of the errors accepted")
	case sub == "authorise" && strings.TrimSpace(*event) == "":
		return c.bad("--event is required: the calendar event's code the tournament is")
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	actor := office.CLIActor()
	var out []office.Outcome
	switch {
	case period:
		loc := o.Rules.Rating.Location()
		f, err1 := time.ParseInLocation("2006-01-02", *from, loc)
		t, err2 := time.ParseInLocation("2006-01-02", *to, loc)
		if err1 != nil || err2 != nil || t.Before(f) {
			return c.bad("--from %q --to %q: two days YYYY-MM-DD, in order", *from, *to)
		}
		var err error
		if out, err = o.RejudgePeriod(c.ctx, actor, f, t.AddDate(0, 0, 1), *reason); err != nil {
			return c.failAct(err)
		}
	default:
		for _, n := range files {
			id, err := o.FileNumbered(c.ctx, n)
			if err != nil {
				return c.failAct(err)
			}
			var r *office.Outcome
			switch sub {
			case "rejudge":
				r, err = o.RejudgeFile(c.ctx, actor, id, *reason)
			case "authorise":
				r, err = o.ConfirmAuthorisation(c.ctx, actor, id, *event, *reason)
			case "unauthorised":
				r, err = o.DeclareUnauthorised(c.ctx, actor, id, *reason)
			default:
				var rs []string
				for _, x := range strings.Split(*rules, ",") {
					if x = strings.TrimSpace(x); x != "" {
						rs = append(rs, x)
					}
				}
				r, err = o.Overrule(c.ctx, actor, id, verdictDecisions[sub], rs, *reason)
			}
			if err != nil {
				return c.failAct(err)
			}
			out = append(out, *r)
		}
	}
	return c.print(exitOK, out, func(w io.Writer) {
		for _, r := range out {
			fmt.Fprintf(w, "file %s %s: %s -> %s (%s)", r.Number, r.Name, r.Before.LabelEN, r.After.LabelEN, r.After.WhyEN)
			if r.Notice != "" {
				fmt.Fprintf(w, "; %s notice queued", r.Notice)
			}
			fmt.Fprintln(w)
		}
	})
}
