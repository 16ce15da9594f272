package lists

import (
	"bytes"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/publishing/style"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

func TestChangesHTML(t *testing.T) {
	r := &rating.Report{Kind: fsi.Rapid,
		Period: periods.Period{Kind: fsi.Rapid, Issue: tournament.NewDate(2027, 1, 1), Cutoff: tournament.NewDate(2026, 12, 25),
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
	for _, s := range []string{"Rapid &lt;di&gt; Natale", "&#43;12,5", "(RAPID 6.7)", "Categorie rapid", "Nuovi in lista", "list 2026-12", "late.trf (invio n. 4)", "rapid.trf (invio n. 3)", "lista di febbraio 2027"} {
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
	for _, s := range []string{"late.trf", "rapid.trf", "invio n.", "list 2026-12", "first rated tournament"} {
		if strings.Contains(b.String(), s) {
			t.Errorf("public page shows the office's %q", s)
		}
	}
}

// A file is named as the clerk knows it, not by the office's reference;
// the category table gives an article column only when a row cites
// another article than its title, and a first category comes from "—".
func TestChangesReadable(t *testing.T) {
	for ref, want := range map[string]string{"3/rapid.trf": "rapid.trf (invio n. 3)", "rapid.trf": "rapid.trf", "a/b.trf": "a/b.trf"} {
		if got := fileRef(ref); got != want {
			t.Errorf("fileRef(%q) = %q, want %q", ref, got, want)
		}
	}
	for _, c := range []struct {
		items   []rating.CategoryChange
		column  bool
		contain string
	}{
		{[]rating.CategoryChange{{Name: "Rossi Mario", To: "D", Rating: 1713, Article: "RAPID 8.3"}}, false, "<td>—</td><td>D</td>"},
		{[]rating.CategoryChange{{Name: "Rossi Mario", From: "E", To: "D", Rating: 1713, Article: "RAPID 8.3"},
			{Name: "Verdi Ugo", From: "D", To: "E", Rating: 1590, Article: "RAPID 8.4"}}, true, "<td>RAPID 8.4</td>"},
	} {
		var b bytes.Buffer
		r := &rating.Report{Kind: fsi.Rapid, Period: periods.Period{Kind: fsi.Rapid, Issue: tournament.NewDate(2027, 1, 1)}, Categories: c.items}
		if err := writeChanges(&b, changesData{Title: "t", R: r, Public: true, List: FileHTML}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "<th>Articolo</th>"); got != c.column {
			t.Errorf("%d items: article column %v, want %v", len(c.items), got, c.column)
		}
		if !strings.Contains(b.String(), c.contain) {
			t.Errorf("page lacks %q:\n%s", c.contain, b.String())
		}
	}
}

// The category changes are listed by rating, highest first, as the list.
func TestChangesCategoriesByRating(t *testing.T) {
	r := &rating.Report{Kind: fsi.Rapid, Period: periods.Period{Kind: fsi.Rapid, Issue: tournament.NewDate(2027, 1, 1)},
		Categories: []rating.CategoryChange{{Name: "Basso Ugo", To: "F", Rating: 1450}, {Name: "Alto Ivo", To: "B", Rating: 2250}, {Name: "Medio Eva", To: "D", Rating: 1850}}}
	var b bytes.Buffer
	if err := writeChanges(&b, changesData{Title: "t", R: r, Public: true, List: FileHTML}); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if i, j, k := strings.Index(s, "Alto Ivo"), strings.Index(s, "Medio Eva"), strings.Index(s, "Basso Ugo"); !(i < j && j < k) {
		t.Errorf("not by rating: %d %d %d", i, j, k)
	}
	if r.Categories[0].Name != "Basso Ugo" {
		t.Error("the report's own order was changed")
	}
}
