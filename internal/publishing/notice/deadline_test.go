package notice

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament/codec"
)

// TestRAPID_5_2_AdviceAgreesWithTheVerdict: the notice counts the
// deadline as the rule set that judged the file does (rules.yaml:
// deadline.max_days_after_end, time_zone), never a number of its own.
// Measured (issue 19, issue 20 item 10): the advice said 8 days whatever
// the rule set said, so with a rule set at 10 days a file in time was
// told its deadline had passed.
func TestRAPID_5_2_AdviceAgreesWithTheVerdict(t *testing.T) {
	data, err := os.ReadFile("../../../samples/drop/open_novara_2026.trf") // ends 18/11/2026
	if err != nil {
		t.Fatal(err)
	}
	atTen, err := rules.Load("../../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for i := range atTen.RuleSets {
		atTen.RuleSets[i].Params.Deadline.MaxDaysAfterEnd = 10
	}
	for _, c := range []struct {
		name       string
		rules      *rules.File
		afterEnd   int // days after the end the file arrives
		late       bool
		has, lacks []string
	}{
		{"8 days, received on the 9th", repoRules, 9, true, []string{"dopo il termine di invio"}, []string{"entro"}},
		{"10 days, received on the 9th", atTen, 9, false,
			[]string{"entro il 28/11/2026, 10 giorni dalla fine del torneo"}, []string{"8 giorni", "scaduto", "dopo il termine"}},
		{"10 days, received on the 10th at 23:30 in Rome", atTen, 10, false,
			[]string{"entro il 28/11/2026, 10 giorni"}, []string{"scaduto"}},
		{"10 days, received on the 11th", atTen, 11, true, []string{"dopo il termine di invio", "(10 giorni)"}, []string{"entro", "8 giorni"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr, _, err := codec.Read("open.trf", data)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tr.Players { // three rounds of seven: rejected for its rounds
				tr.Players[i].Rounds = tr.Players[i].Rounds[:3]
			}
			rome := c.rules.Rating.Location()
			received := tr.End.Time(rome).AddDate(0, 0, c.afterEnd).Add(23*time.Hour + 30*time.Minute)
			rep := validate.Validate(&c.rules.Rulebook, validate.Input{Tournament: tr, Submission: validate.Submission{ReceivedAt: received.UTC()}})
			if rep.Verdict != validate.Rejected {
				t.Fatalf("verdict %s", rep.Verdict)
			}
			late := slices.ContainsFunc(rep.Findings, func(f validate.Finding) bool { return f.Rule == ruleLate })
			if late != c.late {
				t.Fatalf("deadline.late reported: %v, want %v", late, c.late)
			}
			in := rejected()
			in.Rules, in.Date, in.ReceivedAt = c.rules, received.Add(time.Minute), received
			in.Files = []File{{Name: "open.trf", Report: rep}}
			text := Text(in)
			for _, s := range c.has {
				if !strings.Contains(text, s) {
					t.Errorf("lacks %q:\n%s", s, text)
				}
			}
			for _, s := range c.lacks {
				if strings.Contains(text, s) {
					t.Errorf("says %q:\n%s", s, text)
				}
			}
		})
	}
}
