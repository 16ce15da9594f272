package lists

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// secretRegister fills every field RAPID 5.3 keeps private with a value
// found nowhere else, so that a published file carrying one shows.
func secretRegister() *registers.Players {
	row := func(id, surname string, elo, fide, rapid int) registers.Player {
		return registers.Player{FSIID: id, FideID: "98" + id + "77", Surname: surname, Name: "Ugo", Sex: "M",
			BirthDate: tournament.NewDate(1911, 11, 11), Federation: "ITA", Province: "MI", Club: "Circolo Riservato",
			Category: "1N", EloItalia: elo, FideStandard: fide, EloRapid: rapid, MembershipYear: 1999,
			Extra: map[string]string{rating.ColListed: "1", rating.ColRapidCategory: "E", rating.ColRapidBands: "Q:7;W:9",
				rating.ColLastStandard: "1912-12-12", rating.ColNorms: "norma-segreta"}}
	}
	return &registers.Players{Rows: []registers.Player{
		row("424242", "Rossi", 1700, 0, 1650), row("434343", "Bianchi", 0, 2105, 1900)}}
}

// The published fields (regs §4b): by stable name, and by the headings
// people read. Anything else in a published file fails the test.
var (
	publishedKeys     = []string{"rank", "fsi_id", "surname", "name", "category", "province", "rating", "fide"}
	publishedHeadings = []string{"Pos.", "Tessera FSI", "Cognome", "Nome", "Categoria", "Cat.", "Provincia", "Prov.", "Elo", "FIDE",
		// the change page: the tournaments (public events) and the
		// players' ratings and variations
		"Ricevuto il", "Torneo", "Giocatori", "Partite", "Giocatore", "Elo precedente", "Variazione", "Elo nuovo",
		"Per torneo", "Da", "A", "Articolo"}
	secrets = []string{"9842424277", "9843434377", "1911", "11/11/1911", "Circolo Riservato", "1999", "Q:7", "1912",
		"norma-segreta", "3/natale.trf", "motivo riservato", "/srv/"}
)

// TestPublishOnlyPublishedFields reads every file Publish writes, for
// both kinds, and fails on any field outside regs §4b "Publication"
// (RAPID 5.3) and on any private value of the register.
func TestPublishOnlyPublishedFields(t *testing.T) {
	report := &rating.Report{Period: periods.Period{Issue: tournament.NewDate(2027, 1, 1), Cutoff: tournament.NewDate(2026, 12, 22),
		From: tournament.NewDate(2026, 10, 23), Label: "2027-01"},
		Tournaments: []rating.TournamentSummary{{File: "3/natale.trf", Name: "Open di Natale", Received: tournament.NewDate(2026, 12, 20), Players: 2, Games: 1}},
		Excluded:    []rating.Excluded{{File: "3/natale.trf", Received: tournament.NewDate(2026, 12, 27), Period: "2027-03"}},
		Changes: []rating.Change{{FSIID: "424242", Name: "Rossi Ugo", Previous: 1700, Used: 1700, Source: "list", Rated: true, Sum: 55, Reached: 1706, New: 1706,
			Variations: []rating.Variation{{File: "3/natale.trf", Name: "Open di Natale", Applied: 55}}}},
		Promotions: []rating.CategoryChange{{FSIID: "424242", Name: "Rossi Ugo", From: "2N", To: "1N", Rating: 1706, Article: "RTF 4.4.1"}},
		Added:      []rating.PlayerNote{{FSIID: "434343", Name: "Bianchi Ugo", Reason: "motivo riservato"}},
		Inactive:   []rating.PlayerNote{{FSIID: "434343", Name: "Bianchi Ugo", Reason: "motivo riservato"}},
	}
	for _, kind := range []fsi.Kind{fsi.Standard, fsi.Rapid} {
		t.Run(string(kind), func(t *testing.T) {
			r := *report
			r.Kind = kind
			dir := t.TempDir()
			out, err := Publish(dir, Publication{Kind: kind, Period: r.Period, List: secretRegister(), Report: &r})
			if err != nil {
				t.Fatal(err)
			}
			if out.Players != 2 {
				t.Errorf("%d players published, want 2", out.Players)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*"))
			if len(files) != len(out.Files) {
				t.Errorf("files in the folder %v, reported %v", files, out.Files)
			}
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Base(f)
				for _, s := range secrets {
					if bytes.Contains(data, []byte(s)) {
						t.Errorf("%s carries the private %q", name, s)
					}
				}
				switch filepath.Ext(name) {
				case ".csv":
					checkCSVHeader(t, name, data, kind)
				case ".html":
					checkHeadings(t, name, data, kind)
				case ".json":
					checkJSONKeys(t, name, data, kind)
				case ".png", ".css", ".js":
				default:
					t.Errorf("unexpected published file %s", name)
				}
			}
		})
	}
}

func checkCSVHeader(t *testing.T, name string, data []byte, kind fsi.Kind) {
	t.Helper()
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		cr.Comma = ';'
	}
	header, err := cr.Read()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, h := range header {
		if !slices.Contains(publishedKeys, h) && !slices.Contains(publishedHeadings, h) {
			t.Errorf("%s: column %q is not a published field (regs §4b)", name, h)
		}
		if kind == fsi.Rapid && (h == "fsi_id" || h == "Tessera FSI" || h == "fide" || h == "FIDE") {
			t.Errorf("%s: column %q belongs to the standard list only", name, h)
		}
	}
}

var th = regexp.MustCompile(`<th[^>]*>([^<]*)</th>`)

func checkHeadings(t *testing.T, name string, data []byte, kind fsi.Kind) {
	t.Helper()
	for _, m := range th.FindAllSubmatch(data, -1) {
		h := strings.TrimSpace(string(m[1]))
		if !slices.Contains(publishedHeadings, h) {
			t.Errorf("%s: column %q is not a published field (regs §4b)", name, h)
		}
		if kind == fsi.Rapid && h == "Tessera FSI" {
			t.Errorf("%s: the rapid list shows no FSI id", name)
		}
	}
}

func checkJSONKeys(t *testing.T, name string, data []byte, kind fsi.Kind) {
	t.Helper()
	var rows []map[string]any
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no row", name)
	}
	for _, r := range rows {
		for k := range r {
			if !slices.Contains(publishedKeys, k) {
				t.Errorf("%s: key %q is not a published field (regs §4b)", name, k)
			}
			if kind == fsi.Rapid && (k == "fsi_id" || k == "fide") {
				t.Errorf("%s: key %q belongs to the standard list only", name, k)
			}
		}
	}
}

// Publishing a list again (a forced close, a run resumed) leaves the
// files whose bytes are the same as they are, and says them all.
func TestPublishAgainWritesOnlyWhatChanged(t *testing.T) {
	dir := t.TempDir()
	p := Publication{Kind: fsi.Standard, List: secretRegister(), Report: &rating.Report{}}
	first, err := Publish(dir, p)
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour).Truncate(time.Second)
	for _, f := range first.Files {
		if err := os.Chtimes(f, past, past); err != nil {
			t.Fatal(err)
		}
	}
	p.List.Rows[0].EloItalia++
	again, err := Publish(dir, p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again.Files, first.Files) {
		t.Errorf("files %v, want %v", again.Files, first.Files)
	}
	var rewritten []string
	for _, f := range again.Files {
		if fi, err := os.Stat(f); err != nil || !fi.ModTime().Equal(past) {
			rewritten = append(rewritten, filepath.Base(f))
		}
	}
	slices.Sort(rewritten)
	want := []string{FileHTML, FileJSON, FileCSV, FileExcelCSV} // one point more: the same band in the chart
	slices.Sort(want)
	if !slices.Equal(rewritten, want) {
		t.Errorf("one rating changed: rewritten %v, want %v (the chart, the stylesheet, the script and the change page are the same)", rewritten, want)
	}
}
