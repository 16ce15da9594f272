package report

import (
	"bytes"
	"errors"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/internal/chartkit"
	"omologa/internal/publishing/style"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// entry is one round of a hand-written crosstable: opponent, colour,
// code.
func entry(opp int, col tournament.Colour, code tournament.Code) tournament.RoundEntry {
	return tournament.RoundEntry{Opponent: opp, Colour: col, Code: code}
}

const (
	w = tournament.ColourWhite
	b = tournament.ColourBlack
	n = tournament.ColourNone
)

// small is a four-player, three-round round robin with a draw, a forfeit
// and a name that would break unescaped HTML.
func small() Input {
	t := &tournament.Tournament{File: "sociale.trf", Format: tournament.FormatTRF16, Name: "Sociale <Estate> 2026",
		City: "Bologna", Start: tournament.NewDate(2026, 7, 1), End: tournament.NewDate(2026, 7, 15),
		ChiefArbiter: "Verdi Anna", DeputyArbiters: []string{"Neri Luca"}, RateOfPlayText: "90'+30\"",
		Scoring: tournament.DefaultScoring(),
		Players: []tournament.Player{
			{Start: 1, Name: "Rossi, Mario", Federation: "ITA", Rating: 1850, Title: "CM", NationalID: "100",
				Points: 2.5, PointsGiven: true, Rank: 1,
				Rounds: []tournament.RoundEntry{entry(4, w, tournament.CodeWin), entry(2, b, tournament.CodeDraw), entry(3, n, tournament.CodeForfeitWin)}},
			{Start: 2, Name: "Bianchi, Luigi", Federation: "ITA", NationalRating: 1700, NationalID: "200",
				Points: 2, PointsGiven: true, Rank: 2,
				Rounds: []tournament.RoundEntry{entry(3, w, tournament.CodeDraw), entry(1, w, tournament.CodeDraw), entry(4, b, tournament.CodeWin)}},
			{Start: 3, Name: "Gialli, Pia", Federation: "ITA", NationalRating: 1500, NationalID: "300",
				Points: 2, PointsGiven: true, Rank: 3,
				Rounds: []tournament.RoundEntry{entry(2, b, tournament.CodeDraw), entry(4, b, tournament.CodeWin), entry(1, n, tournament.CodeForfeitLoss)}},
			{Start: 4, Name: "O'Brien <b>Joe</b> & Co", Federation: "IRL", Rating: 1600,
				Rank:   4,
				Rounds: []tournament.RoundEntry{entry(1, b, tournament.CodeLoss), entry(3, w, tournament.CodeLoss), entry(2, w, tournament.CodeLoss)}},
		}}
	rep := validate.Report{File: "sociale.trf", Format: tournament.FormatTRF16, RuleSet: "standard-2026", Kind: "standard",
		Verdict: validate.AcceptedWithWarnings,
		Summary: validate.Summary{Name: t.Name, City: t.City, Start: t.Start, End: t.End, Players: 4, Rounds: 3,
			RateOfPlay: t.RateOfPlayText, Minutes60: 120, Arbiter: t.ChiefArbiter},
		Period: &periods.Period{Kind: fsi.Standard, Issue: tournament.NewDate(2026, 9, 1), Cutoff: tournament.NewDate(2026, 8, 22), Label: "2026-09"},
		Findings: []validate.Finding{
			{Rule: "crosstable.points", Article: "RTF 7.3.1", Severity: validate.SeverityWarning, Line: 12, Player: 3,
				MessageIT: "I punti dichiarati (2) non sono quelli del tabellone (1,5)", MessageEN: "Declared points (2) differ from the crosstable (1.5)"},
			{Rule: "conduct.forfeit", Article: "RTF 7.5.2", Severity: validate.SeverityInfo, Player: 3, Round: 3,
				MessageIT: "Sconfitta a forfait nell'ultimo turno <senza preavviso>", MessageEN: "Forfeit loss in the last round <without notice>"},
		},
		Standings: []validate.Standing{
			{Start: 1, Name: "Rossi, Mario", Points: 2.5, Rank: 1, BH: 3.5, BHC1: 2, SB: 2.75},
			{Start: 2, Name: "Bianchi, Luigi", Points: 2, Rank: 2, BH: 4, BHC1: 2.5, SB: 2.25},
			{Start: 3, Name: "Gialli, Pia", Points: 1.5, Rank: 3, BH: 4.5, BHC1: 2.5, SB: 1.75},
			{Start: 4, Name: "O'Brien <b>Joe</b> & Co", Points: 0, Rank: 4, BH: 6, BHC1: 4, SB: 0},
		}}
	lines := []rating.Line{
		{Start: 1, Name: "Rossi, Mario", FSIID: "100", Rating: 1850, Source: "fide", Rated: false, Games: 2, Score: 1.5, Articles: []string{}},
		{Start: 2, Name: "Bianchi, Luigi", FSIID: "200", Rating: 1700, Source: "list", Rated: true, Games: 3, Score: 2,
			Percent: 142, Expected: 14, K: 30, Delta: 180, Applied: 180, Articles: []string{}},
		{Start: 3, Name: "Gialli, Pia", FSIID: "300", Rating: 1500, Source: "list", Rated: true, Games: 2, Score: 1.5,
			Percent: 105, Expected: 10, K: 30, Delta: 150, Applied: 0, Withdrew: true, Articles: []string{rating.ArtWithdrawal}},
		{Start: 4, Name: "O'Brien <b>Joe</b> & Co", Rating: 1600, Source: "fide", Rated: false, Games: 3, Articles: []string{}},
	}
	return Input{File: "sociale.trf", Tournament: t, Report: rep, Ratings: lines, RatingKind: fsi.Standard,
		Received: time.Date(2026, 7, 18, 9, 30, 0, 0, time.UTC), Chart: "sociale.png"}
}

func goldenHTML(t *testing.T, name string, in Input) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, in); err != nil {
		t.Fatal(err)
	}
	// The shared stylesheet is inlined; the goldens hold the page, not
	// report/style's file, so that a style change does not rewrite them.
	if !bytes.Contains(buf.Bytes(), []byte(style.CSS)) {
		t.Fatal("the page does not inline the shared stylesheet")
	}
	page := bytes.Replace(buf.Bytes(), []byte(style.CSS), []byte("/* report/style.CSS */"), 1)
	buf.Reset()
	buf.Write(page)
	path := filepath.Join("testdata", name+".html")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff\n%s", path, firstDiff(string(want), buf.String()))
	}
	return buf.Bytes()
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if wl[i] != gl[i] {
			return "first difference on line " + itoa(i+1) + ":\n  want " + wl[i] + "\n  got  " + gl[i]
		}
	}
	return "lengths differ"
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestHTMLGolden(t *testing.T) {
	it := small()
	en := small()
	en.Lang = "en"
	unrated := small()
	unrated.Ratings, unrated.Chart = nil, ""
	// The validator could not rank it: the file's ranks and points stand.
	unranked := small()
	unranked.Report.Standings = nil
	unranked.Ratings = nil
	unreadable := Input{File: "broken.trf", Report: validate.Report{File: "broken.trf", Verdict: validate.Rejected,
		Findings: []validate.Finding{{Rule: "format.unreadable", Article: "RTF 5.1", Severity: validate.SeverityError, Line: 3,
			MessageIT: "Riga 3: record 001 troppo corto", MessageEN: "Line 3: record 001 too short"}}}}
	for _, tc := range []struct {
		name string
		in   Input
		want []string
	}{
		{"small-it", it, []string{`<html lang="it">`, "OMOLOGATO CON AVVERTENZE", "dal 01/07/2026 al 15/07/2026",
			"RTF 7.5.3", "O&#39;Brien &lt;b&gt;Joe&lt;/b&gt; &amp; Co", "&lt;senza preavviso&gt;", "Variazioni Elo Italia",
			"&#43;18,0", "vice: Neri Luca", `src="sociale.png"`, "4B 1", "3 &#43;", "1,5 (nel file: 2)"}},
		{"small-en", en, []string{`<html lang="en">`, "ACCEPTED WITH WARNINGS", "01/07/2026 to 15/07/2026",
			"Elo Italia variations", "&lt;without notice&gt;"}},
		{"unrated-it", unrated, []string{"Torneo non valutato."}},
		{"unranked-it", unranked, []string{"come scritti nel file"}},
		{"unreadable-it", unreadable, []string{"RESPINTO", "Il file non si è potuto leggere", "riga 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := string(goldenHTML(t, tc.name, tc.in))
			for _, s := range tc.want {
				if !strings.Contains(got, s) {
					t.Errorf("page lacks %q", s)
				}
			}
			if strings.Contains(got, "<b>Joe") || strings.Contains(got, "<Estate>") {
				t.Error("a name from the file reached the page unescaped")
			}
		})
	}
}

func TestChartPNG(t *testing.T) {
	unrated := small()
	unrated.Ratings = nil
	noRatings := small()
	noRatings.Ratings = nil
	for i := range noRatings.Tournament.Players {
		noRatings.Tournament.Players[i].Rating, noRatings.Tournament.Players[i].NationalRating = 0, 0
	}
	draws := small()
	for i := range draws.Ratings {
		draws.Ratings[i].Applied = 0
	}
	for _, tc := range []struct {
		name  string
		in    Input
		kind  string
		width int
	}{
		{"variation", small(), ChartVariation, chartkit.Width},
		{"all zero", draws, ChartVariation, chartkit.Width},
		{"rating vs score", unrated, ChartRatingVsScore, chartkit.Width},
		{"nothing", noRatings, "", 0},
		{"unreadable", Input{Report: validate.Report{Verdict: validate.Rejected}}, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewChart(tc.in)
			if tc.kind == "" {
				if !errors.Is(err, ErrNoChart) {
					t.Fatalf("NewChart: %v, %v; want ErrNoChart", c, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Kind != tc.kind {
				t.Errorf("kind %s, want %s", c.Kind, tc.kind)
			}
			var buf bytes.Buffer
			if err := c.WritePNG(&buf); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("not a PNG: %v", err)
			}
			// One width for every chart; the variation chart grows a row
			// per rated player, the others have one height.
			wantH := chartkit.Height
			if tc.kind == ChartVariation {
				n := 0
				for _, l := range tc.in.Ratings {
					if l.Rated {
						n++
					}
				}
				wantH = chartkit.HBarsHeight(n)
			}
			if got := img.Bounds().Size(); got.X != tc.width || got.Y != wantH || c.Width != tc.width || c.Height != wantH {
				t.Errorf("size %v (chart says %dx%d), want %dx%d", got, c.Width, c.Height, tc.width, wantH)
			}
		})
	}
}

// TestSample composes the report of a committed sample end to end, from
// the reader, the validator and the rating stage as the command runs
// them: every section is there and the chart draws.
func TestSample(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	rf, err := rules.Load(filepath.Join(root, "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	reg := filepath.Join(root, "samples", "registers")
	regs, err := registers.Load(filepath.Join(reg, "players.csv"), filepath.Join(reg, "arbiters.csv"), filepath.Join(reg, "calendar.csv"))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(root, "samples", "drop", "open_novara_2026.trf")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Skipf("sample missing: %v", err)
	}
	tt, diags, err := codec.Read(name, data)
	if err != nil {
		t.Fatal(err)
	}
	received := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	rep := validate.Validate(&rf.Rulebook, validate.Input{File: name, Tournament: tt, Diagnostics: diags, Registers: regs,
		Submission: validate.Submission{ReceivedAt: received, Channel: "cli"}})
	kind := fsi.Kind(rep.Kind)
	ix := rating.NewIndex(regs.Players, rf.Rating.MatchByName)
	lines := rating.Rate(tt, rating.Seeds(kind, tt, ix, &rf.Rating), rating.OptionsFor(kind, &rf.Rating))
	in := Input{File: "open_novara_2026.trf", Tournament: tt, Report: rep, Received: received, Ratings: lines,
		RatingKind: kind, Chart: "open_novara_2026.png"}
	var page bytes.Buffer
	if err := WriteHTML(&page, in); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{tt.Name, "Classifica finale", "Tabellone", "Variazioni Elo Italia", "BH-C1"} {
		if !strings.Contains(page.String(), strings.ReplaceAll(s, "'", "&#39;")) {
			t.Errorf("page lacks %q", s)
		}
	}
	var img bytes.Buffer
	if err := WriteChart(&img, in); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&img); err != nil {
		t.Fatal(err)
	}
}

// TestRejectedIsToldNoList: a rejected file counts in no list, so its
// report names none, as its notice does not.
func TestRejectedIsToldNoList(t *testing.T) {
	in := small()
	in.Report.Verdict = validate.Rejected
	in.Report.Findings = append(in.Report.Findings, validate.Finding{Rule: "deadline.list-period", Article: "RTF 4.2.2",
		Severity: validate.SeverityInfo, MessageIT: "Ricevuto il 18/07/2026: conta nella lista Elo Italia di settembre 2026."})
	var b bytes.Buffer
	if err := WriteHTML(&b, in); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"settembre 2026", "conta nella lista"} {
		if strings.Contains(b.String(), s) {
			t.Errorf("the rejected file's report says %q", s)
		}
	}
}

// TestEveryWordIsInTheCatalogue: each field of the report's words has
// its catalogue entry in both languages ("[report.X]" when missing).
func TestEveryWordIsInTheCatalogue(t *testing.T) {
	for lang, tx := range texts() {
		v := reflect.ValueOf(tx).Elem()
		for i := range v.NumField() {
			if s, ok := v.Field(i).Interface().(string); ok && (s == "" || strings.HasPrefix(s, "[")) {
				t.Errorf("%s: %s is %q", lang, v.Type().Field(i).Name, s)
			}
		}
		for _, m := range []int{len(tx.Verdict), len(tx.Kind), len(tx.Severity)} {
			if m == 0 {
				t.Errorf("%s: a map of names is empty", lang)
			}
		}
		for _, s := range tx.Kind {
			if strings.HasPrefix(s, "[") {
				t.Errorf("%s: kind %q", lang, s)
			}
		}
		v = reflect.ValueOf(fideTexts()[lang]).Elem()
		for i := range v.NumField() {
			if s := v.Field(i).String(); s == "" || strings.HasPrefix(s, "[") {
				t.Errorf("%s: FIDE preview's %s is %q", lang, v.Type().Field(i).Name, s)
			}
		}
	}
}
