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

// Under the regulations of 1 March 2024 the section says only games
// against rated opponents are rated, has no Rc new / Ru new columns,
// cites 2024's articles for a first rating and marks a junior's K.
func TestFideSection2024(t *testing.T) {
	pv := &fide.Preview{Set: "fide-rr-2024-2025", SetFrom: tournament.NewDate(2025, 10, 1), RoundRobin: true, OnlyRated: true,
		Articles: fide.Articles{FirstEvent: "8.2", Floor: "7.1", Published: "7.1.4"}, MinGames: 5,
		Players: []fide.PlayerPreview{
			{Start: 1, Name: "Coppola", Rating: 2188, Games: 8, Points: 6, Expected: 542, K: 20, Change: 11.6, NewValue: 2200},
			{Start: 6, Name: "Bruno", Rating: 1996, Games: 7, Points: 4, Expected: 294, K: 40, Junior: true, Change: 42.4},
			{Start: 5, Name: "Bernardi", Games: 9, Points: 2, RatedOpponents: 9, Rc: 2015, Ru: 1840, Counts: true, Published: true},
		}}
	var b bytes.Buffer
	if err := WriteHTML(&b, Input{File: "rr.trf", Lang: "it", Fide: pv}); err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(b.String())
	for _, w := range []string{"in vigore dal 01/10/2025", "solo le partite contro avversari con rating (FIDE-RR 8.1, 8.3.1)",
		"+11,6", "40g*", "rating pubblicato (FIDE-RR 7.1.4)", "g: K di un giovane"} {
		if !strings.Contains(page, w) {
			t.Errorf("the 2024 FIDE section lacks %q", w)
		}
	}
	if strings.Contains(page, "Ru nuovo") {
		t.Error("Ru new without 8.58's iteration")
	}
}
