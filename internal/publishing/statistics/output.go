package statistics

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/wcharczuk/go-chart/v2"
	"github.com/wcharczuk/go-chart/v2/drawing"

	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/internal/chartkit"
)

// Cell writes a cell for a person: numbers the Italian way.
func Cell(v any) string { return CellIn(catalogue.IT, v) }

// CellIn writes a cell for a person reading l: a decimal comma in
// Italian, a point in English.
func CellIn(l catalogue.Lang, v any) string {
	switch x := v.(type) {
	case int:
		return strconv.Itoa(x)
	case float64:
		if l == catalogue.EN {
			return strconv.FormatFloat(x, 'f', 1, 64)
		}
		return italian.Float(x, 1)
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// Numeric says whether a cell is a number (right-aligned in a table).
func Numeric(v any) bool {
	switch v.(type) {
	case int, float64:
		return true
	}
	return false
}

// Neutralise makes a text cell safe to open in a spreadsheet: a cell
// starting with = + - @, a tab or a carriage return is read by Excel as
// a formula (CSV injection), so it gets a leading apostrophe, which
// Excel shows as text.
func Neutralise(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSV writes a table for Excel with Italian settings: UTF-8 with a
// BOM, ';' as separator, CRLF, Italian headings, decimal comma, text
// cells neutralised; the total row last.
func WriteCSV(w io.Writer, t *Table) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Comma, cw.UseCRLF = ';', true
	row := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		row[i] = Neutralise(c)
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	rows := t.Rows
	if t.Total != nil {
		rows = append(rows[:len(rows):len(rows)], t.Total)
	}
	for _, r := range rows {
		for i := range row {
			row[i] = ""
			if i < len(r) {
				if s, ok := r[i].(string); ok {
					row[i] = Neutralise(s)
				} else {
					row[i] = Cell(r[i])
				}
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("statistics CSV %s: %w", t.Name, err)
	}
	return nil
}

// Chart is a chart of a table: which column against which. Its words
// (title, axes, the text for who cannot see it) are the catalogue's
// "stats.chart.<name>.*".
type Chart struct {
	Name  string // file stem: "mesi" → mesi.png
	Table string
	Label int // the column of the bars' labels
	Value int // the column counted
}

// Charts are the charts the statistics pages show.
var Charts = []Chart{
	{Name: "mesi", Table: "mesi", Label: 0, Value: 1},
	{Name: "province", Table: "province", Label: 0, Value: 3},
	{Name: "categorie", Table: "categorie", Label: 0, Value: 1},
	{Name: "esiti", Table: "esiti-province", Label: 0, Value: 4},
}

// Word is the chart's word what ("title", "x", "y", "alt") in l.
func (c Chart) Word(l catalogue.Lang, what string) string {
	return l.T("stats.chart." + c.Name + "." + what)
}

// ChartNamed returns the chart named name ("mesi"), nil when there is
// none.
func ChartNamed(name string) *Chart {
	for i := range Charts {
		if Charts[i].Name == name {
			return &Charts[i]
		}
	}
	return nil
}

// maxBars bounds a chart's bars: the largest ones are drawn.
const maxBars = 24

// Drawable says whether the chart has something to draw in r: a value
// other than zero.
func (c Chart) Drawable(r *Result) bool {
	t := r.Table(c.Table)
	if t == nil {
		return false
	}
	for _, row := range t.Rows {
		if value(row[c.Value]) > 0 {
			return true
		}
	}
	return false
}

func value(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// WritePNG draws the chart of r's table as upright bars, its words in
// r's language.
func (c Chart) WritePNG(w io.Writer, r *Result) error {
	if !c.Drawable(r) {
		return fmt.Errorf("chart %s: no data", c.Name)
	}
	// The bars of the values other than zero (a province without a
	// rejected file has no bar), the largest ones when there are many.
	var rows [][]any
	for _, row := range r.Table(c.Table).Rows {
		if value(row[c.Value]) > 0 && len(rows) < maxBars {
			rows = append(rows, row)
		}
	}
	bars := make([]chart.Value, 0, len(rows)+1)
	style := chart.Style{FillColor: chartkit.Players, StrokeColor: chartkit.Players}
	top := 1.0
	for _, row := range rows {
		v := value(row[c.Value])
		label := Cell(row[c.Label])
		if c.Table == "mesi" {
			if i := strings.IndexByte(label, ' '); i > 3 {
				label = label[:3] + label[i:] // "novembre 2026" → "nov 2026"
			}
		}
		bars = append(bars, chart.Value{Label: label, Value: v, Style: style})
		top = max(top, v)
	}
	if len(bars) == 1 {
		// go-chart needs a range: an empty, invisible bar beside one.
		bars = append(bars, chart.Value{Label: "", Value: 0, Style: chart.Style{FillColor: drawing.ColorWhite, StrokeColor: drawing.ColorWhite}})
	}
	ticks, lo, hi := chartkit.Ticks(0, top, 8, 1, chartkit.Whole)
	barW := min(60, (chartkit.Width-160)/len(bars)*3/4)
	ch := chart.BarChart{Title: c.Word(r.Lang, "title") + " – " + strconv.Itoa(r.Year), TitleStyle: chartkit.Title(), Width: chartkit.Width, Height: chartkit.Height,
		BarWidth: barW, BarSpacing: barW / 3,
		Background: chart.Style{Padding: chart.Box{Top: 50, Left: 40, Bottom: 30, Right: 20}}, Bars: bars,
		YAxis:    chart.YAxis{AxisType: chart.YAxisSecondary, Ticks: ticks, Range: &chart.ContinuousRange{Min: lo, Max: hi}},
		Elements: []chart.Renderable{chartkit.AxisTitles(c.Word(r.Lang, "x"), c.Word(r.Lang, "y"))}}
	return ch.Render(chart.PNG, w)
}
