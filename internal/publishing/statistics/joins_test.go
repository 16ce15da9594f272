package statistics

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
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

// TestJoinsAsGota: innerJoin and leftJoin give gota's InnerJoin and
// LeftJoin frames: duplicated and missing keys on either side, rows of
// a matching none, no row at all.
func TestJoinsAsGota(t *testing.T) {
	frame := func(keys []string, vals []int, name string) dataframe.DataFrame {
		return dataframe.New(series.New(keys, series.String, "k"), series.New(vals, series.Int, name),
			series.New(keys, series.String, name+"s"))
	}
	cases := []struct{ a, b dataframe.DataFrame }{
		{frame([]string{"x", "y", "x", "z", "NaN", "w"}, []int{1, 2, 3, 4, 5, 6}, "a"), frame([]string{"y", "x", "x", "NaN", "q"}, []int{7, 8, 9, 10, 11}, "b")},
		{frame([]string{"x", "y"}, []int{1, 2}, "a"), frame([]string{"z"}, []int{3}, "b")},
		{frame([]string{}, []int{}, "a"), frame([]string{"z"}, []int{3}, "b")},
		{frame([]string{"x", "y"}, []int{1, 2}, "a"), frame([]string{"y", "x"}, []int{3, 4}, "b")},
	}
	show := func(df dataframe.DataFrame) string {
		var b bytes.Buffer
		for _, c := range df.Names() {
			s := df.Col(c)
			fmt.Fprintf(&b, "%s %v %q %v\n", c, s.Type(), s.Records(), s.IsNaN())
		}
		return fmt.Sprintf("%d×%d %v\n%s", df.Nrow(), df.Ncol(), df.Err, b.String())
	}
	for i, c := range cases {
		if got, want := show(innerJoin(c.a, c.b, "k")), show(c.a.InnerJoin(c.b, "k")); got != want {
			t.Errorf("%d: inner join\n%s\nwant\n%s", i, got, want)
		}
		if got, want := show(leftJoin(c.a, c.b, "k")), show(c.a.LeftJoin(c.b, "k")); got != want {
			t.Errorf("%d: left join\n%s\nwant\n%s", i, got, want)
		}
	}
}
