// Package lists publishes a rating list: the players who appear on it
// (RTF 4.2.9: active and registered; RAPID 6.9: not removed), as CSV, as
// a simple HTML table and as PNG charts (the rating distribution, a
// player's history across lists).
//
// Charts go through go-chart; this package is the only one that imports
// it, so that it can be replaced here alone. The CSV table is
// encoding/csv (it was gota, unmaintained, whose dataframe and gonum
// were linked into every command for this one table).
package lists

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"sync"

	"github.com/wcharczuk/go-chart/v2"

	"omologa/rating"
	"omologa/registers"
)

// Entry is one line of a published list.
type Entry struct {
	Rank      int
	FSIID     string
	Surname   string
	Name      string
	Category  string
	Rating    int
	Province  string
	Club      string
	BirthYear string // empty when unknown
}

// Build returns the published list of kind ("standard" or "rapid") from
// a list written by the rating stage, best first: standard shows Elo
// Italia of the players whose listed column is not 0, rapid Elo Italia
// Rapid with the rapid category.
func Build(list *registers.Players, kind string) []Entry {
	var out []Entry
	for i := range list.Rows {
		r := &list.Rows[i]
		e := Entry{FSIID: r.FSIID, Surname: r.Surname, Name: r.Name, Category: r.Category,
			Province: r.Province, Club: r.Club}
		if r.BirthDate.Year > 0 {
			e.BirthYear = strconv.Itoa(r.BirthDate.Year)
		}
		if kind == "rapid" {
			e.Rating, e.Category = r.EloRapid, r.Extra[rating.ColRapidCategory]
		} else {
			e.Rating = r.EloItalia
			if r.Extra[rating.ColListed] == "0" {
				continue
			}
		}
		if e.Rating <= 0 {
			continue
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Surname+" "+a.Name, b.Surname+" "+b.Name)
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// WriteCSV writes the list as CSV with a header row.
func WriteCSV(w io.Writer, entries []Entry) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"rank", "fsi_id", "surname", "name", "category", "rating", "province", "club", "birth_year"})
	for _, e := range entries {
		cw.Write([]string{strconv.Itoa(e.Rank), e.FSIID, e.Surname, e.Name, e.Category,
			strconv.Itoa(e.Rating), e.Province, e.Club, e.BirthYear})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("list table: %w", err)
	}
	return nil
}

// Parsed when first used: most commands write no page.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("list").Parse(`<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd}td.n{text-align:right}</style>
</head><body><h1>{{.Title}}</h1>
{{if .Chart}}<p><img src="{{.Chart}}" alt="distribuzione dei punteggi"></p>{{end}}
<table><thead><tr><th>#</th><th>Cognome</th><th>Nome</th><th>Cat.</th><th>Elo</th><th>Prov.</th><th>Società</th><th>Tessera FSI</th></tr></thead><tbody>
{{range .Entries}}<tr><td class="n">{{.Rank}}</td><td>{{.Surname}}</td><td>{{.Name}}</td><td>{{.Category}}</td><td class="n">{{.Rating}}</td><td>{{.Province}}</td><td>{{.Club}}</td><td>{{.FSIID}}</td></tr>
{{end}}</tbody></table></body></html>
`))
})

// WriteHTML writes the list as an HTML page; chart, when not empty, is
// the file name of the distribution chart shown above the table.
func WriteHTML(w io.Writer, title, chart string, entries []Entry) error {
	return page().Execute(w, struct {
		Title, Chart string
		Entries      []Entry
	}{title, chart, entries})
}

// Bands counts the entries per band of width points (1400–1499...).
func Bands(entries []Entry, width int) (labels []string, counts []int) {
	if len(entries) == 0 || width <= 0 {
		return nil, nil
	}
	lo, hi := entries[len(entries)-1].Rating/width, entries[0].Rating/width
	for b := lo; b <= hi; b++ {
		labels = append(labels, strconv.Itoa(b*width))
		counts = append(counts, 0)
	}
	for _, e := range entries {
		counts[e.Rating/width-lo]++
	}
	return labels, counts
}

// DistributionPNG draws the number of players per 100-point band.
func DistributionPNG(w io.Writer, title string, entries []Entry) error {
	labels, counts := Bands(entries, 100)
	if len(labels) == 0 {
		return fmt.Errorf("distribution chart: the list is empty")
	}
	bars := make([]chart.Value, len(labels))
	for i := range labels {
		bars[i] = chart.Value{Label: labels[i], Value: float64(counts[i])}
	}
	if len(bars) == 1 {
		// go-chart needs a range: an empty band beside a single one.
		bars = append(bars, chart.Value{Label: "", Value: 0})
	}
	top := 1
	for _, n := range counts {
		top = max(top, n)
	}
	c := chart.BarChart{Title: title, Width: 60*len(bars) + 200, Height: 400, BarWidth: 40,
		Background: chart.Style{Padding: chart.Box{Top: 40}}, Bars: bars,
		YAxis: chart.YAxis{ValueFormatter: wholeNumber, Range: &chart.ContinuousRange{Min: 0, Max: float64(top)}}}
	return c.Render(chart.PNG, w)
}

// Point is one list in a player's history.
type Point struct {
	Label  string // the list, "2026-03"
	Rating int
}

// HistoryPNG draws a player's rating across lists.
func HistoryPNG(w io.Writer, title string, points []Point) error {
	if len(points) == 0 {
		return fmt.Errorf("history chart: no point")
	}
	xs, ys := make([]float64, len(points)), make([]float64, len(points))
	ticks := make([]chart.Tick, len(points))
	for i, p := range points {
		xs[i], ys[i] = float64(i), float64(p.Rating)
		ticks[i] = chart.Tick{Value: float64(i), Label: p.Label}
	}
	if len(points) == 1 {
		xs, ys = append(xs, 1), append(ys, ys[0])
		ticks = append(ticks, chart.Tick{Value: 1, Label: ""})
	}
	c := chart.Chart{Title: title, Width: 800, Height: 400,
		Background: chart.Style{Padding: chart.Box{Top: 40}},
		XAxis:      chart.XAxis{Ticks: ticks},
		YAxis:      chart.YAxis{ValueFormatter: wholeNumber},
		Series:     []chart.Series{chart.ContinuousSeries{Name: title, XValues: xs, YValues: ys}}}
	return c.Render(chart.PNG, w)
}

// wholeNumber labels an axis with integers: ratings and counts.
func wholeNumber(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.Itoa(int(f + 0.5))
	}
	return fmt.Sprint(v)
}
