package validate

import (
	"omologa/internal/fsi"
	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
)

// Deadline checks: the files must reach the office within the rule
// set's max_days_after_end of the tournament's end (RAPID 5.2: 8; the FSI
// applies it to standard tournaments too), counted in calendar days in
// the rule set's time_zone; and the rating list the tournament will count in (RTF 4.2.2,
// RAPID 6.2).

// Rules of the deadline that the office, the notices and the statistics
// read apart: a file received after the deadline (RTF 6.2.2, RAPID 5.2),
// and the list a file counts in.
const (
	RuleLate       = "deadline.late"
	RuleListPeriod = "deadline.list-period"
)

func init() {
	register(&Check{
		Name: "deadline.receipt",
		Rules: []string{"deadline.not-checked", "deadline.not-applied", "deadline.end-unknown",
			RuleLate, "deadline.before-end", "deadline.in-time", RuleListPeriod},
		Article: "RAPID 5.2; RTF 4.2.2; RAPID 6.2",
		Doc:     "received within the days allowed after the end; the list period it counts in",
		Run:     checkDeadline,
	})
}

func checkDeadline(p *Pass) {
	d := p.Set.Params.Deadline
	rec := p.Submission.ReceivedAt
	if rec.IsZero() {
		p.Report("deadline.not-checked", At{}, Args{})
		return
	}
	day := tournament.DateOf(rec.In(d.Location()))
	per := p.listPeriod()
	p.Report(RuleListPeriod, At{}, Args{"received": day, "issue": per.Issue, "cutoff": per.Cutoff,
		"label": listLabel(per.Issue), "list": listName(per.Kind)})
	_, end := startEnd(p.Tournament)
	days := end.DaysUntil(day)
	args := Args{"received": day, "end": end, "days": days, "limit": d.MaxDaysAfterEnd,
		"due": end.AddDays(d.MaxDaysAfterEnd), "after": afterEnd(days)}
	// Results are sent after the end (RTF 6.2.2, regs §4c "Dates in the
	// future"), whether or not the rule set sets a deadline.
	if end.IsFull() && days < 0 {
		p.Report("deadline.before-end", At{Line: p.tagLine("052")}, args)
		return
	}
	if !d.Apply {
		p.Report("deadline.not-applied", At{}, Args{"received": day})
		return
	}
	if !end.IsFull() {
		p.Report("deadline.end-unknown", At{Line: p.tagLine("052")}, Args{"received": day, "limit": d.MaxDaysAfterEnd})
		return
	}
	switch {
	case days > d.MaxDaysAfterEnd:
		p.Report(RuleLate, At{Line: p.tagLine("052")}, args)
	default:
		p.Report("deadline.in-time", At{}, args)
	}
}

// listName names a rating list in messages, alike in both languages.
func listName(kind fsi.Kind) string {
	if !kind.IsList() {
		kind = fsi.Standard
	}
	return kind.ListName()
}

// afterEnd says how long after the end a file arrived.
func afterEnd(days int) Text {
	if days == 0 {
		return word("on-end-day")
	}
	return say("validate.after-end", count("count.day", days))
}

// listLabel names a list by its month: "di gennaio 2027", "of January
// 2027".
func listLabel(issue tournament.Date) Text {
	if issue.Month < 1 || issue.Month > 12 {
		return Text{}
	}
	return say("validate.list-of", given(italian.MonthYear(issue.Year, issue.Month), italian.MonthYearEN(issue.Year, issue.Month)))
}
