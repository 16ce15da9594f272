package periods

import (
	"slices"
	"testing"
	gotime "time"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

var (
	standard = Schedule{Kind: fsi.Standard, IssueMonths: []int{1, 3, 5, 7, 9, 11}, CutoffDaysBeforeIssue: 10}
	rapid    = Schedule{Kind: fsi.Rapid, IssueMonths: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, CutoffDayOfPreviousMonth: 25}
)

func d(y, m, day int) tournament.Date { return tournament.NewDate(y, gotime.Month(m), day) }

func TestRTF_4_2_2_StandardPeriods(t *testing.T) {
	cases := []struct {
		name     string
		received tournament.Date
		label    string
	}{
		{"RTF 4.2.2: received 2026-02-19, ten days before 1 March, counts in March", d(2026, 2, 19), "2026-03"},
		{"RTF 4.2.2: received 2026-02-20 goes to May", d(2026, 2, 20), "2026-05"},
		{"RTF 4.2.2: received 2026-01-05 counts in March", d(2026, 1, 5), "2026-03"},
		{"RTF 4.2.2: received 2025-12-22 (after the cut-off of 22 Dec) counts in January", d(2025, 12, 22), "2026-01"},
		{"RTF 4.2.2: received 2025-12-23 goes to March", d(2025, 12, 23), "2026-03"},
		{"RTF 4.2.2: received 2026-10-23 goes to January next year", d(2026, 10, 23), "2027-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := standard.ForReceipt(c.received)
			if p.Label != c.label || !p.Contains(c.received) {
				t.Errorf("got %+v, want %s containing the day", p, c.label)
			}
		})
	}
	p, err := standard.Parse("2026-03")
	if err != nil || p.From != d(2025, 12, 23) || p.Cutoff != d(2026, 2, 19) {
		t.Errorf("Parse 2026-03: %+v %v; want from 2025-12-23 to 2026-02-19", p, err)
	}
	if _, err := standard.Parse("2026-04"); err == nil {
		t.Error("RTF 4.2.2: no standard list in April")
	}
	if n := standard.Next(p); n.Label != "2026-05" || n.From != d(2026, 2, 20) {
		t.Errorf("next %+v", n)
	}
}

func TestRAPID_6_2_RapidPeriods(t *testing.T) {
	cases := []struct {
		name     string
		received tournament.Date
		label    string
	}{
		{"RAPID 6.2: received on the 25th counts in the next month's list", d(2026, 2, 25), "2026-03"},
		{"RAPID 6.2: received on the 26th goes a month later", d(2026, 2, 26), "2026-04"},
		{"RAPID 6.2: received 2026-12-28 goes to February", d(2026, 12, 28), "2027-02"},
		{"RAPID 6.2: received 2026-12-01 counts in January", d(2026, 12, 1), "2027-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := rapid.ForReceipt(c.received)
			if p.Label != c.label || !p.Contains(c.received) {
				t.Errorf("got %+v, want %s containing the day", p, c.label)
			}
		})
	}
}

// RTF 4.2.2, RAPID 6.2 (issue 20): a file received for a list already
// closed counts in the next list not closed.
func TestRTF_4_2_2_ClosedListCountsInTheNext(t *testing.T) {
	closed := func(labels ...string) func(string) bool {
		return func(l string) bool { return slices.Contains(labels, l) }
	}
	cases := []struct {
		name   string
		s      Schedule
		recv   tournament.Date
		closed []string
		want   string
	}{
		{"RTF 4.2.2: its own list open", standard, d(2026, 2, 19), nil, "2026-03"},
		{"RTF 4.2.2: March closed, counts in May", standard, d(2026, 2, 19), []string{"2026-03"}, "2026-05"},
		{"RTF 4.2.2: March and May closed, counts in July", standard, d(2026, 2, 19), []string{"2026-05", "2026-03"}, "2026-07"},
		{"RTF 4.2.2: an earlier list closed changes nothing", standard, d(2026, 2, 19), []string{"2026-01"}, "2026-03"},
		{"RAPID 6.2: December closed, counts in January", rapid, d(2026, 11, 24), []string{"2026-12"}, "2027-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.s.CountsIn(c.s.ForReceipt(c.recv), closed(c.closed...)); got.Label != c.want {
				t.Errorf("counts in %s, want %s", got.Label, c.want)
			}
		})
	}
}
