package statistics

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// langInput has something in every table: two lists (one standard), a
// player of each sex and one not given, a rejected file.
func langInput() Input {
	ps := []Player{{FSIID: "1", Sex: "M", BirthYear: 1960, Category: "1N", Rating: 1800}, {FSIID: "2", Sex: "F", BirthYear: 2019, Category: "NC", Rating: 1000},
		{FSIID: "3", BirthYear: 0, Category: "2N", Rating: 1500}}
	base := []Player{{FSIID: "1", Category: "2N"}, {FSIID: "2", Category: "NC"}, {FSIID: "3", Category: "2N"}}
	return Input{
		Tournaments:    []Tournament{{Key: "a", Province: "", Kind: fsi.Standard, Month: "2026-11", Games: 3}},
		Participations: []Participation{{Tournament: "a", FSIID: "1", Games: 2}, {Tournament: "a", FSIID: "2", Games: 1}},
		Players:        ps,
		Lists: []List{{Kind: fsi.Standard, Period: "2026-11", Players: ps, Base: base, Added: 2},
			{Kind: fsi.Rapid, Period: "2026-12", Players: ps, Base: ps, Added: 1}},
		Judged: []Judged{{Province: "NO", Month: "2026-11", Verdict: "rejected", Articles: []string{"RTF 3.2"}}, {Province: "", Month: "2026-11", Verdict: "accepted"}},
	}
}

// internalCodes are the values people should never read in a table: a
// period label ("2026-11"), a kind or verdict code, a sex code.
var internalCodes = regexp.MustCompile(`^(\d{4}-\d{2}|standard|rapid|accepted|accepted-with-warnings|rejected|[MF])$`)

// TestTablesInBothLanguages: the same figures in Italian and English,
// every title, heading and note in the language asked, the months named
// as people name them ("novembre 2026", not the list's label
// "2026-11"), no internal code in a cell (a category "M" is the
// category's name, the table of categories is left out of that check).
func TestTablesInBothLanguages(t *testing.T) {
	it, err := Compute(langInput(), 2026)
	if err != nil {
		t.Fatal(err)
	}
	en, err := ComputeIn(langInput(), 2026, catalogue.EN)
	if err != nil {
		t.Fatal(err)
	}
	if it.Lang != catalogue.IT || en.Lang != catalogue.EN || len(it.Tables) != len(en.Tables) {
		t.Fatalf("languages %q %q, %d and %d tables", it.Lang, en.Lang, len(it.Tables), len(en.Tables))
	}
	for i := range it.Tables {
		ti, te := &it.Tables[i], &en.Tables[i]
		if ti.Name != te.Name || fmt.Sprint(ti.Keys) != fmt.Sprint(te.Keys) || len(ti.Rows) != len(te.Rows) || len(ti.Rows) == 0 {
			t.Errorf("%s: keys %v %v, %d and %d rows", ti.Name, ti.Keys, te.Keys, len(ti.Rows), len(te.Rows))
			continue
		}
		if ti.Title == te.Title || ti.Title == "" || strings.Contains(ti.Title+te.Title, "[") {
			t.Errorf("%s: titles %q and %q", ti.Name, ti.Title, te.Title)
		}
		if (ti.Note == "") != (te.Note == "") || ti.Note != "" && ti.Note == te.Note || strings.ContainsAny(ti.Note+te.Note, "{%[") {
			t.Errorf("%s: notes %q and %q", ti.Name, ti.Note, te.Note)
		}
		for j := range ti.Columns {
			if strings.Contains(ti.Columns[j]+te.Columns[j], "[") {
				t.Errorf("%s: headings %q and %q", ti.Name, ti.Columns[j], te.Columns[j])
			}
		}
		for r := range ti.Rows {
			for c := range ti.Rows[r] {
				vi, ve := ti.Rows[r][c], te.Rows[r][c]
				if _, text := vi.(string); !text && vi != ve {
					t.Errorf("%s row %d: %v in Italian, %v in English", ti.Name, r, vi, ve)
				}
				if s, _ := vi.(string); ti.Name != "categorie" && ti.Name != "flussi" && internalCodes.MatchString(s) {
					t.Errorf("%s row %d: an internal code %q shown", ti.Name, r, s)
				}
			}
		}
	}
	nuovi := func(r *Result) string { return fmt.Sprint(r.Table("nuovi").Rows, r.Table("nuovi").Total) }
	if got := nuovi(it); got != "[[Elo Italia novembre 2026 2] [Elo Italia Rapid dicembre 2026 1]] [Totale  3]" {
		t.Errorf("new players, Italian: %s", got)
	}
	if got := nuovi(en); got != "[[Elo Italia November 2026 2] [Elo Italia Rapid December 2026 1]] [Total  3]" {
		t.Errorf("new players, English: %s", got)
	}
	if got := fmt.Sprint(en.Table("elo-sesso-eta").Rows); got != "[[female 7 and under 1 <nil> <nil>] [male 65 and over 1 <nil> <nil>] [not given age not known 1 <nil> <nil>]]" {
		t.Errorf("ratings by sex and age, English: %s", got)
	}
	if got := fmt.Sprint(it.Table("elo-sesso-eta").Rows); got != "[[femminile fino a 7 anni 1 <nil> <nil>] [maschile 65 e oltre 1 <nil> <nil>] [non indicato età non nota 1 <nil> <nil>]]" {
		t.Errorf("ratings by sex and age, Italian: %s", got)
	}
	if it.Table("mesi").Total[0] != "Anno" || en.Table("mesi").Total[0] != "Year" || en.Table("province").Rows[0][0] != "not given" {
		t.Errorf("totals %v %v, province %v", it.Table("mesi").Total, en.Table("mesi").Total, en.Table("province").Rows)
	}
	// The CSV for Excel is Italian from Compute; English only when the
	// English result is written.
	var b bytes.Buffer
	if err := WriteCSV(&b, it.Table("nuovi")); err != nil || !strings.HasPrefix(b.String(), "\uFEFFLista;Periodo;Nuovi giocatori\r\n") {
		t.Errorf("Italian CSV %q, %v", b.String(), err)
	}
	b.Reset()
	if err := WriteCSV(&b, en.Table("nuovi")); err != nil || !strings.HasPrefix(b.String(), "\uFEFFList;Period;New players\r\n") {
		t.Errorf("English CSV %q, %v", b.String(), err)
	}
	if CellIn(catalogue.EN, 1520.5) != "1520.5" || Cell(1520.5) != "1520,5" {
		t.Errorf("cells %q %q", CellIn(catalogue.EN, 1520.5), Cell(1520.5))
	}
	for _, c := range Charts {
		for _, w := range []string{"title", "x", "y", "alt"} {
			if i, e := c.Word(catalogue.IT, w), c.Word(catalogue.EN, w); strings.Contains(i+e, "[") || i == e {
				t.Errorf("chart %s %s: %q %q", c.Name, w, i, e)
			}
		}
	}
}
