package lists

import (
	"fmt"
	"io"
	"strconv"

	"github.com/wcharczuk/go-chart/v2"

	"omologa/internal/fsi"
	"omologa/internal/publishing/internal/chartkit"
)

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

// DistributionPNG draws the number of players per 100-point band, one
// colour for every bar (they all count players).
func DistributionPNG(w io.Writer, title string, entries []Entry) error {
	labels, counts := Bands(entries, 100)
	if len(labels) == 0 {
		return fmt.Errorf("distribution chart: the list is empty")
	}
	bars := make([]chart.Value, len(labels))
	style := chart.Style{FillColor: chartkit.Players, StrokeColor: chartkit.Players}
	for i := range labels {
		bars[i] = chart.Value{Label: labels[i], Value: float64(counts[i]), Style: style}
	}
	if len(bars) == 1 {
		// go-chart needs a range: an empty band beside a single one.
		bars = append(bars, chart.Value{Label: "", Value: 0})
	}
	top := 1
	for _, n := range counts {
		top = max(top, n)
	}
	ticks, lo, hi := chartkit.Ticks(0, float64(top), 8, 1, chartkit.Whole)
	// The bars share the width; a few bands get no wider than 60 px.
	barW := min(60, (chartkit.Width-160)/len(bars)*3/4)
	c := chart.BarChart{Title: title, TitleStyle: chartkit.Title(), Width: chartkit.Width, Height: chartkit.Height,
		BarWidth: barW, BarSpacing: barW / 3,
		Background: chart.Style{Padding: chart.Box{Top: 50, Left: 40, Bottom: 30, Right: 20}}, Bars: bars,
		// The counts beside the first bar, under the axis title: go-chart
		// puts a bar chart's primary axis at the right, past the last bar.
		YAxis:    chart.YAxis{AxisType: chart.YAxisSecondary, Ticks: ticks, Range: &chart.ContinuousRange{Min: lo, Max: hi}},
		Elements: []chart.Renderable{chartkit.AxisTitles("Elo (fascia di 100 punti, dal valore indicato)", "Giocatori")}}
	return c.Render(chart.PNG, w)
}

// Point is one list in a player's history.
type Point struct {
	Label  string // the list: "2026-03" is written "mar 2026"
	Rating int
}

// HistoryPNG draws a player's rating across lists, the lists on the x
// axis by month and year.
func HistoryPNG(w io.Writer, title string, points []Point) error {
	if len(points) == 0 {
		return fmt.Errorf("history chart: no point")
	}
	xs, ys := make([]float64, len(points)), make([]float64, len(points))
	xticks := make([]chart.Tick, len(points))
	lo, hi := points[0].Rating, points[0].Rating
	for i, p := range points {
		xs[i], ys[i] = float64(i), float64(p.Rating)
		xticks[i] = chart.Tick{Value: float64(i), Label: fsi.PeriodMonth(p.Label)}
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	if len(points) == 1 {
		xs, ys = append(xs, 1), append(ys, ys[0])
		xticks = append(xticks, chart.Tick{Value: 1, Label: ""})
	}
	yticks, ylo, yhi := chartkit.Ticks(float64(lo-20), float64(hi+20), 6, 10, chartkit.Whole)
	c := chart.Chart{Title: title, TitleStyle: chartkit.Title(), Width: chartkit.Width, Height: chartkit.Height,
		Background: chart.Style{Padding: chart.Box{Top: 50, Left: 20, Right: 40, Bottom: 10}},
		XAxis:      chart.XAxis{Name: "Lista", Ticks: xticks, Range: &chart.ContinuousRange{Min: -0.3, Max: xs[len(xs)-1] + 0.3}},
		YAxis: chart.YAxis{Name: "Elo", Ticks: yticks, Range: &chart.ContinuousRange{Min: ylo, Max: yhi},
			GridMajorStyle: chartkit.GridStyle(), GridMinorStyle: chartkit.GridStyle()},
		Series: []chart.Series{chart.ContinuousSeries{Name: title, XValues: xs, YValues: ys,
			Style: chart.Style{StrokeColor: chartkit.Players, StrokeWidth: 2, DotColor: chartkit.Players, DotWidth: 4}}}}
	return c.Render(chart.PNG, w)
}
