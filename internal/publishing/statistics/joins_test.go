package statistics

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// figures are a result's computed part, as JSON: each table's name,
// keys, rows and total (titles, notes and headings are the text
// catalogue's, not the computation's).
func figures(t *testing.T, rs ...*Result) []byte {
	t.Helper()
	type fig struct {
		Year  int
		Name  string
		Keys  []string
		Rows  [][]any
		Total []any
	}
	var out []fig
	for _, r := range rs {
		for _, tab := range r.Tables {
			out = append(out, fig{r.Year, tab.Name, tab.Keys, tab.Rows, tab.Total})
		}
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// TestSeasonFiguresGolden: the figures of a synthetic season (3,000
// members, 60 tournaments; provinces, clubs, sexes, age bands and the
// flow between categories, all the joined columns) are the ones the
// computation gave when its joins were gota's nested loops
// (testdata/season.json, written then with -update).
func TestSeasonFiguresGolden(t *testing.T) {
	in := seasonInput(3000, 60)
	var rs []*Result
	for _, y := range Years(in) {
		r, err := Compute(in, y)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	got := figures(t, rs...)
	path := filepath.Join("testdata", "season.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the season's figures differ from %s", path)
	}
}
