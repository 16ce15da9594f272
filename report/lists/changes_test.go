package lists

import (
	"bytes"
	"strings"
	"testing"

	"omologa/periods"
	"omologa/rating"
	"omologa/report/style"
	"omologa/tournament"
)

func TestChangesHTML(t *testing.T) {
	r := &rating.Report{Kind: periods.Rapid,
		Period: periods.Period{Kind: periods.Rapid, Issue: tournament.NewDate(2027, 1, 1), Cutoff: tournament.NewDate(2026, 12, 25),
			From: tournament.NewDate(2026, 11, 26), Label: "2027-01"},
		Tournaments: []rating.TournamentSummary{{File: "3/rapid.trf", Name: "Rapid <di> Natale", Received: tournament.NewDate(2026, 12, 21), Players: 14, Games: 42}},
		Excluded:    []rating.Excluded{{File: "4/late.trf", Received: tournament.NewDate(2026, 12, 27), Period: "2027-02"}},
		Changes: []rating.Change{
			{FSIID: "1", Name: "Rossi Mario", Previous: 1700, Used: 1700, Source: "list", Rated: true, Sum: 125, Reached: 1713, New: 1713,
				Articles: []string{}, Variations: []rating.Variation{{Name: "Rapid <di> Natale", Applied: 125, Articles: []string{}}}},
			{FSIID: "2", Name: "Bianchi Anna", Previous: 1600, Used: 1600, Source: "list", Rated: true, Sum: 0, Reached: 1600, New: 1600,
				Articles: []string{}, Variations: []rating.Variation{{Name: "Rapid <di> Natale", Delta: -60, Applied: 0, Articles: []string{"RAPID 6.7"}}}},
		},
		Categories: []rating.CategoryChange{{FSIID: "1", Name: "Rossi Mario", From: "E", To: "D", Rating: 1713, Article: "RAPID 8.3"}},
		Added:      []rating.PlayerNote{{FSIID: "9", Name: "Nuovo Nino", Reason: "first rated tournament"}},
	}
	var b bytes.Buffer
	if err := WriteChangesHTML(&b, "Elo Italia Rapid 2027-01", r, []string{"list in force: list 2026-12"}); err != nil {
		t.Fatal(err)
	}
	// The office's page inlines the shared stylesheet; the golden holds
	// a marker in its place, so that a style change does not rewrite it.
	if !bytes.Contains(b.Bytes(), []byte(style.CSS)) {
		t.Error("the office's page does not inline the shared stylesheet")
	}
	golden(t, "changes-office.html", bytes.Replace(b.Bytes(), []byte(style.CSS), []byte("/* report/style.CSS */"), 1))
	for _, s := range []string{"Rapid &lt;di&gt; Natale", "&#43;12,5", "(RAPID 6.7)", "Categorie rapid", "Nuovi in lista", "list 2026-12", "4/late.trf", "lista di febbraio 2027"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("page lacks %q", s)
		}
	}
	if strings.Contains(b.String(), "Promozioni (RTF") {
		t.Error("an empty section is shown")
	}
	b.Reset()
	if err := writeChanges(&b, changesData{Title: "Elo Italia Rapid – lista di gennaio 2027: variazioni", R: r, Public: true, List: FileHTML}); err != nil {
		t.Fatal(err)
	}
	golden(t, "changes-public.html", b.Bytes())
	for _, s := range []string{"4/late.trf", "3/rapid.trf", "list 2026-12", "first rated tournament"} {
		if strings.Contains(b.String(), s) {
			t.Errorf("public page shows the office's %q", s)
		}
	}
}
