package report

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"omologa/internal/rating/fide"
	"omologa/internal/tournament"
)

// The FIDE section (FIDE-RR 8.2–8.5): shown when the input carries a
// preview, in the page's language, numbers with a decimal comma in
// Italian, no internal rule-set id.
func TestFideSection(t *testing.T) {
	pv := &fide.Preview{Set: "fide-rr-2010", SetFrom: tournament.NewDate(2010, 7, 1), RoundRobin: true, Rar: 2375, DPA: 29.5, Ra: 2348,
		Games: fide.GameCounts{Fide: 39, EloItalia: 6},
		Players: []fide.PlayerPreview{
			{Start: 1, Name: "A", Rating: 2600, Games: 9, Points: 8, P: 89, DP: 351, Expected: 736, K: 20, KKnown: true, Change: 12.8},
			{Start: 3, Name: "C", Games: 9, Points: 7, RatedOpponents: 6, Rc: 2348, Ru: 2423, RcNew: 2348, RuNew: 2423, Counts: true, Published: true},
			{Start: 9, Name: "I", Games: 9, Points: 1, RatedOpponents: 6, Rc: 2348, Ru: 2032, RcNew: 2322, RuNew: 2006, Counts: true, Published: true},
			{Start: 10, Name: "J", Rating: 2300, Games: 9, Points: 1, Expected: 421, K: 15, Change: -48.2},
		}}
	cases := []struct {
		lang string
		want []string
	}{
		{"it", []string{"Anteprima del rating FIDE", "in vigore dal 01/07/2010", "Rar 2375,0, dpa 29,5, Ra 2348", "+12,8", "7,36", "-48,2", "15*", "2006", "rating pubblicato (FIDE-RR 7.14)"}},
		{"en", []string{"FIDE rating preview", "in force from 2010-07-01", "Rar 2375.0, dpa 29.5, Ra 2348", "+12.8", "7.36", "15*", "rating published (FIDE-RR 7.14)"}},
	}
	for _, c := range cases {
		var b bytes.Buffer
		if err := WriteHTML(&b, Input{File: "rr.trf", Lang: c.lang, Fide: pv}); err != nil {
			t.Fatal(err)
		}
		page := html.UnescapeString(b.String())
		for _, w := range c.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s: the FIDE section lacks %q", c.lang, w)
			}
		}
		if strings.Contains(page, "fide-rr-2010") {
			t.Errorf("%s: the page shows the rule set's internal id", c.lang)
		}
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, Input{File: "rr.trf"}); err != nil || strings.Contains(b.String(), "FIDE rating") || strings.Contains(b.String(), "Anteprima") {
		t.Errorf("no preview, no section: %v", err)
	}
}
