package office

import (
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// The list lifecycle (issue 20 item 6; RTF 4.2.2, RAPID 6.2): a list
// closes after its cut-off, once, in order.
func TestClosable(t *testing.T) {
	rf, err := rules.Load("../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sch := rf.Rating.Schedule(fsi.Rapid)
	for _, c := range []struct {
		name    string
		p       string
		today   tournament.Date
		closed  []string
		ok      bool
		earlier string
		reason  string
	}{
		{"RAPID 6.2: the day after the cut-off", "2026-12", tournament.NewDate(2026, 11, 26), nil, true, "", ""},
		{"RAPID 6.2: not on the cut-off day", "2026-12", tournament.NewDate(2026, 11, 25), nil, false, "", "can be closed from 26/11/2026, not on 25/11/2026"},
		{"the first list: nothing before it to chain from", "2027-01", tournament.NewDate(2026, 12, 31), nil, true, "", ""},
		{"in order: the list before closed", "2027-01", tournament.NewDate(2026, 12, 31), []string{"2026-11", "2026-12"}, true, "", ""},
		{"issue 20: January while November is open", "2027-01", tournament.NewDate(2026, 12, 31), []string{"2026-10"}, false, "2026-12", "2026-12 is still open"},
		{"a list closed twice", "2026-12", tournament.NewDate(2026, 12, 31), []string{"2026-12"}, false, "", "already closed"},
		{"an earlier list after a later one", "2026-12", tournament.NewDate(2026, 12, 31), []string{"2027-01"}, false, "", "2027-01 is closed already, after this one"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := sch.Parse(c.p)
			if err != nil {
				t.Fatal(err)
			}
			got := Closable(fsi.Rapid, sch, p, c.today, c.closed)
			if got.OK != c.ok || got.Earlier != c.earlier || !strings.Contains(got.Reason, c.reason) || (!got.OK && (got.ReasonIT == "" || got.Article != "RAPID 6.2")) {
				t.Errorf("%+v", got)
			}
		})
	}
}
