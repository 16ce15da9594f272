package lists

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func sample() *registers.Players {
	return &registers.Players{Rows: []registers.Player{
		{FSIID: "1", Surname: "Rossi", Name: "Mario", Category: "2N", EloItalia: 1650, EloRapid: 1700, Province: "MI",
			Club: "Scacchi & Co", BirthDate: tournament.Date{Year: 1980}, Extra: map[string]string{"listed": "1", "rapid_category": "E"}},
		{FSIID: "2", Surname: "Bianchi", Name: "Anna", Category: "1N", EloItalia: 1820, Province: "TO",
			Extra: map[string]string{"listed": "1"}},
		{FSIID: "3", Surname: "Verdi", Name: "Carlo", Category: "3N", EloItalia: 1510,
			Extra: map[string]string{"listed": "0"}}, // inactive (RTF 4.2.9)
		{FSIID: "4", Surname: "Neri", Name: "Dario", Category: "CM", FideStandard: 2010}, // FIDE: no Elo Italia
		{FSIID: "5", Surname: "Gialli", Name: "Elena", Category: "NC", EloItalia: 1440, EloRapid: 1440},
	}}
}

func TestBuild(t *testing.T) {
	std := Build(sample(), "standard")
	var ids []string
	for _, e := range std {
		ids = append(ids, e.FSIID)
	}
	if got := strings.Join(ids, ","); got != "4,2,1,5" {
		t.Errorf("RTF 4.2.9, 4.2.8: standard list %s, want 4,2,1,5 (inactive left out, FIDE-rated with his FIDE rating)", got)
	}
	if !std[0].FIDE || std[0].Rating != 2010 || std[1].FIDE {
		t.Errorf("RTF 4.2.8: the FIDE rating is marked: %+v", std[:2])
	}
	rap := Build(sample(), "rapid")
	if len(rap) != 2 || rap[0].Surname != "Rossi" || rap[0].Category != "E" || rap[0].FSIID != "" {
		t.Errorf("rapid list %+v", rap)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestWriteCSVAndHTML(t *testing.T) {
	for _, kind := range []fsi.Kind{"standard", "rapid"} {
		es := Build(sample(), kind)
		var b bytes.Buffer
		if err := WriteCSV(&b, kind, es); err != nil {
			t.Fatal(err)
		}
		golden(t, string(kind)+"-list.csv", b.Bytes())
		b.Reset()
		if err := WriteExcelCSV(&b, kind, es); err != nil {
			t.Fatal(err)
		}
		golden(t, string(kind)+"-lista.csv", b.Bytes())
		if !strings.HasPrefix(b.String(), "\uFEFFPos.;") {
			t.Errorf("%s: Excel CSV without BOM or ';': %q", kind, b.String()[:20])
		}
		b.Reset()
		p := Publication{Kind: kind, List: sample(), Period: periods.Period{Issue: tournament.NewDate(2026, 3, 1),
			From: tournament.NewDate(2026, 1, 20), Cutoff: tournament.NewDate(2026, 2, 19)},
			Bands: []rules.Band{{Name: "A", Min: 2400}, {Name: "B", Min: 2200}, {Name: "C", Min: 0}}}
		pg := NewPage(p, es)
		pg.Chart = "distribution.png"
		if err := WriteHTML(&b, pg); err != nil {
			t.Fatal(err)
		}
		golden(t, string(kind)+"-list.html", b.Bytes())
		for _, s := range []string{"lista di marzo 2026", "01/03/2026", "dal 20/01/2026 al 19/02/2026", "Legenda", `src="search.js"`, `href="style.css"`} {
			if !strings.Contains(b.String(), s) {
				t.Errorf("%s page lacks %q", kind, s)
			}
		}
		b.Reset()
		if err := WriteCSV(&b, kind, nil); err != nil || !strings.HasPrefix(b.String(), "rank,") {
			t.Errorf("empty list: %q %v", b.String(), err)
		}
	}
}

func TestCharts(t *testing.T) {
	es := Build(sample(), "standard")
	labels, counts := Bands(es, 100)
	if strings.Join(labels, " ") != "1400 1500 1600 1700 1800 1900 2000" || counts[0] != 1 || counts[2] != 1 || counts[4] != 1 || counts[6] != 1 || counts[1] != 0 {
		t.Errorf("bands %v %v", labels, counts)
	}
	for name, draw := range map[string]func(*bytes.Buffer) error{
		"distribution": func(b *bytes.Buffer) error { return DistributionPNG(b, "Elo Italia", es) },
		"distribution of one": func(b *bytes.Buffer) error {
			return DistributionPNG(b, "Elo Italia", es[:1])
		},
		"history": func(b *bytes.Buffer) error {
			return HistoryPNG(b, "Rossi Mario", []Point{{"2026-01", 1600}, {"2026-03", 1650}, {"2026-05", 1620}})
		},
		"history of one": func(b *bytes.Buffer) error { return HistoryPNG(b, "Rossi Mario", []Point{{"2026-01", 1600}}) },
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := draw(&b); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() < 200 || img.Bounds().Dy() < 200 {
				t.Errorf("image %v", img.Bounds())
			}
		})
	}
	if err := DistributionPNG(&bytes.Buffer{}, "x", nil); err == nil {
		t.Error("an empty list drew a chart")
	}
}

// Equal ratings share a position (1, 2, 2, 4): measured, the demo's rapid
// list gave two players at 1883 the positions 20 and 21.
func TestBuildTiesShareRank(t *testing.T) {
	l := &registers.Players{Rows: []registers.Player{
		{FSIID: "1", Surname: "A", EloRapid: 1900}, {FSIID: "2", Surname: "B", EloRapid: 1883},
		{FSIID: "3", Surname: "C", EloRapid: 1883}, {FSIID: "4", Surname: "D", EloRapid: 1800},
	}}
	var ranks []int
	for _, e := range Build(l, "rapid") {
		ranks = append(ranks, e.Rank)
	}
	if fmt.Sprint(ranks) != "[1 2 2 4]" {
		t.Errorf("ranks %v, want [1 2 2 4]", ranks)
	}
}
