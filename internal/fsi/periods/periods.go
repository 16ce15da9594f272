// Package periods computes rating-list periods: which list a tournament
// counts in, given its receipt time (RTF 4.2.2 for the bimonthly standard
// list, RAPID 6.2 for the monthly rapid list). Pure functions: the
// receipt time and the cut-off settings are passed in.
package periods

import (
	"fmt"
	"slices"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

// Period is one list period: the list issued on Issue counts the
// tournaments received from the day after the previous cut-off up to and
// including Cutoff.
type Period struct {
	Kind   fsi.Kind        `json:"kind"`
	Issue  tournament.Date `json:"issue"`  // the list's date (1st of the month)
	Cutoff tournament.Date `json:"cutoff"` // last receipt day that counts in it
	Label  string          `json:"label"`  // "2026-03"
	// From is the first receipt day that counts in it (the day after
	// the previous list's cut-off); zero when not computed.
	From tournament.Date `json:"from,omitzero"`
}

// Schedule is when a kind of list is issued and which receipts it takes:
// the 1st of each of IssueMonths, counting tournaments received by
// CutoffDaysBeforeIssue days before the issue (RTF 4.2.2: 10) or by the
// CutoffDayOfPreviousMonth (RAPID 6.2: 25); exactly one of the two is
// positive. rules.yaml states each list's schedule once
// (rating.standard.list, rating.rapid.list, fide[].list), decoded as it
// is here for the validator's list period, the receipts and the close.
type Schedule struct {
	// Kind is "standard" (bimonthly Elo Italia, RTF 4.2.2), "rapid"
	// (monthly Elo Italia Rapid, RAPID 6.2) or "fide".
	Kind fsi.Kind `yaml:"kind"`
	// IssueMonths are the months whose 1st day a list is issued
	// (standard: 1 3 5 7 9 11; rapid: every month).
	IssueMonths []int `yaml:"issue_months"`
	// CutoffDaysBeforeIssue: a list counts the tournaments received by
	// the issue date minus this many days (RTF 4.2.2: "entro il decimo
	// giorno antecedente", 10). 0 when CutoffDayOfPreviousMonth is used.
	CutoffDaysBeforeIssue int `yaml:"cutoff_days_before_issue"`
	// CutoffDayOfPreviousMonth: a list counts the tournaments received
	// by this day of the month before the issue (RAPID 6.2: 25). 0 when
	// CutoffDaysBeforeIssue is used.
	CutoffDayOfPreviousMonth int `yaml:"cutoff_day_of_previous_month"`
}

// Cutoff returns the last receipt day that counts in the list issued on
// issue.
func (s Schedule) Cutoff(issue tournament.Date) tournament.Date {
	if s.CutoffDaysBeforeIssue > 0 {
		return issue.AddDays(-s.CutoffDaysBeforeIssue)
	}
	prev := issue.AddDays(-1) // last day of the previous month
	return tournament.NewDate(prev.Year, prev.Month, s.CutoffDayOfPreviousMonth)
}

func (s Schedule) period(issue tournament.Date) Period {
	p := Period{Kind: s.Kind, Issue: issue, Cutoff: s.Cutoff(issue),
		Label: fsi.PeriodLabel(issue.Year, issue.Month)}
	p.From = s.Cutoff(s.prevIssue(issue)).AddDays(1)
	return p
}

// prevIssue is the issue date before issue.
func (s Schedule) prevIssue(issue tournament.Date) tournament.Date {
	y := issue.Year
	for i := len(s.IssueMonths) - 1; i >= 0; i-- {
		if time.Month(s.IssueMonths[i]) < issue.Month {
			return tournament.NewDate(y, time.Month(s.IssueMonths[i]), 1)
		}
	}
	return tournament.NewDate(y-1, time.Month(s.IssueMonths[len(s.IssueMonths)-1]), 1)
}

// nextIssue is the issue date after issue.
func (s Schedule) nextIssue(issue tournament.Date) tournament.Date {
	for _, m := range s.IssueMonths {
		if time.Month(m) > issue.Month {
			return tournament.NewDate(issue.Year, time.Month(m), 1)
		}
	}
	return tournament.NewDate(issue.Year+1, time.Month(s.IssueMonths[0]), 1)
}

// ForReceipt returns the list a tournament received on day counts in
// (RTF 4.2.2, RAPID 6.2): the first issue whose cut-off is on or after
// the day; later receipts go to the next list.
func (s Schedule) ForReceipt(day tournament.Date) Period {
	// Start from the issue at or before the day's month and walk on.
	issue := s.prevIssue(tournament.NewDate(day.Year, day.Month, 1))
	for range 30 {
		if !s.Cutoff(issue).Before(day) {
			return s.period(issue)
		}
		issue = s.nextIssue(issue)
	}
	return Period{}
}

// Parse returns the period of the list issued in the month label
// ("2026-03"), which must be one of the issue months.
func (s Schedule) Parse(label string) (Period, error) {
	y, m, ok := fsi.ParsePeriod(label)
	if !ok {
		return Period{}, fmt.Errorf("period %q: YYYY-MM expected", label)
	}
	if !slices.Contains(s.IssueMonths, int(m)) {
		return Period{}, fmt.Errorf("period %q: no %s list is issued in month %d (issue months %v)", label, s.Kind, int(m), s.IssueMonths)
	}
	return s.period(tournament.NewDate(y, m, 1)), nil
}

// Previous returns the period before p.
func (s Schedule) Previous(p Period) Period { return s.period(s.prevIssue(p.Issue)) }

// Next returns the period after p.
func (s Schedule) Next(p Period) Period { return s.period(s.nextIssue(p.Issue)) }

// CountsIn returns the period a tournament received in p really counts
// in: p, or, when closed says p's list was closed already (a file judged
// or released after its list's close), the next period not closed. The
// office and the validator both ask it, so that a receipt names the list
// the close will count the file in.
func (s Schedule) CountsIn(p Period, closed func(label string) bool) Period {
	// Three years of monthly lists ahead: a bound, not a rule.
	for range 36 {
		if !closed(p.Label) {
			return p
		}
		p = s.Next(p)
	}
	return p
}

// Contains reports whether a tournament received on day counts in p.
func (p Period) Contains(day tournament.Date) bool {
	return !day.Before(p.From) && !p.Cutoff.Before(day)
}
