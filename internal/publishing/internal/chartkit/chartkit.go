// Package chartkit is what every chart omologa draws shares: one size
// per kind of chart, one meaning per colour, regular axis ticks with
// Italian numbers, axis titles, and the horizontal bar chart of a
// tournament's variations (go-chart draws bars only upright, where forty
// players' names would overlap). report/lists and report/tournament draw
// through it, so a chart looks the same wherever it appears.
package chartkit

import (
	"fmt"
	"io"
	"math"

	"github.com/wcharczuk/go-chart/v2"
	"github.com/wcharczuk/go-chart/v2/drawing"

	"omologa/internal/platform/italian"
)

// Sizes: every chart is Width wide; the upright charts are Height high,
// the horizontal bar chart grows a RowHeight per player.
const (
	Width     = 900
	Height    = 450
	RowHeight = 22
)

// Colours, one meaning each: Players for counts of players and ratings,
// Up and Down for a variation's sign, Ink for text and axes, Grid for
// the grid and Zero for the zero line.
var (
	Players = drawing.ColorFromHex("0b4f8a")
	Up      = drawing.ColorFromHex("2e7d32")
	Down    = drawing.ColorFromHex("c62828")
	Ink     = drawing.ColorFromHex("1d2329")
	Grid    = drawing.ColorFromHex("d7dde3")
	Zero    = drawing.ColorFromHex("1d2329")
)

// Ticks returns regular ticks (steps of 1, 2 or 5 times a power of ten,
// at most about max of them) covering lo..hi, the range they span, and
// labels written by format. A step below minStep is not used (1 for
// counts and ratings, 0.5 for scores).
func Ticks(lo, hi float64, max int, minStep float64, format func(float64) string) (ticks []chart.Tick, from, to float64) {
	if hi < lo {
		lo, hi = hi, lo
	}
	if hi == lo {
		hi = lo + minStep
	}
	step := niceStep((hi-lo)/float64(max), minStep)
	from, to = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	for v := from; v <= to+step/2; v += step {
		v := math.Round(v/step) * step // no 0.30000000000000004
		ticks = append(ticks, chart.Tick{Value: v, Label: format(v)})
	}
	return ticks, from, to
}

func niceStep(raw, minStep float64) float64 {
	if raw <= minStep {
		return minStep
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return max(m*p, minStep)
		}
	}
	return 10 * p
}

// Whole writes an axis value as an integer: counts, ratings.
func Whole(v float64) string { return fmt.Sprintf("%.0f", v) }

// Score writes a score the Italian way: "3", "3,5".
func Score(v float64) string { return italian.Points(v) }

// Variation writes a variation with its sign: "+10", "-5", "+2,5".
func Variation(v float64) string {
	if v == math.Trunc(v) {
		if v > 0 {
			return fmt.Sprintf("+%.0f", v)
		}
		return fmt.Sprintf("%.0f", v)
	}
	return italian.SignedFloat(v, 1)
}

// GridStyle is the style of the grid lines: go-chart draws every other
// line as minor, so charts set both to it for a line at every tick.
func GridStyle() chart.Style { return chart.Style{StrokeColor: Grid, StrokeWidth: 1} }

// Title is the style of a chart's title.
func Title() chart.Style {
	return chart.Style{FontSize: 14, FontColor: Ink, Padding: chart.Box{Top: 12}}
}

// AxisTitles draws the axis titles of a go-chart BarChart, which draws
// none: x centred under the bar labels, y turned upright at the left.
func AxisTitles(x, y string) chart.Renderable {
	return func(r chart.Renderer, canvas chart.Box, defaults chart.Style) {
		font := defaults.Font
		if font == nil {
			return
		}
		r.SetFont(font)
		r.SetFontSize(11)
		r.SetFontColor(Ink)
		if x != "" {
			b := r.MeasureText(x)
			r.Text(x, canvas.Left+(canvas.Width()-b.Width())/2, canvas.Bottom+38)
		}
		if y != "" {
			b := r.MeasureText(y)
			r.SetTextRotation(-math.Pi / 2)
			r.Text(y, 18, canvas.Top+(canvas.Height()+b.Width())/2)
			r.ClearTextRotation()
		}
	}
}

// Bar is one row of a horizontal bar chart.
type Bar struct {
	Label string
	Value float64
}

// HBarsHeight is the height of a horizontal bar chart of n rows.
func HBarsHeight(n int) int { return 110 + RowHeight*max(n, 1) }

// HBars draws a horizontal bar chart of signed values (a tournament's
// variations): one row per label, bars from the zero line, Up for a
// gain and Down for a loss, the value written at the bar's end, regular
// ticks on the x axis titled xTitle.
func HBars(w io.Writer, title, xTitle string, bars []Bar) error {
	if len(bars) == 0 {
		return fmt.Errorf("no bar to draw")
	}
	height := HBarsHeight(len(bars))
	r, err := chart.PNG(Width, height)
	if err != nil {
		return err
	}
	font, err := chart.GetDefaultFont()
	if err != nil {
		return err
	}
	lo, hi := 0.0, 0.0
	for _, b := range bars {
		lo, hi = min(lo, b.Value), max(hi, b.Value)
	}
	// A margin beyond the longest bars leaves room for their values.
	pad := (hi - lo) / 12
	if lo < 0 {
		lo -= pad
	}
	if hi > 0 {
		hi += pad
	}
	ticks, from, to := Ticks(lo, hi, 8, 1, Variation)

	r.SetFont(font)
	r.SetFontSize(10)
	labelW := 0
	for _, b := range bars {
		labelW = max(labelW, r.MeasureText(b.Label).Width())
	}
	left := min(labelW+24, Width/3)
	const top, right = 48, 30
	plotW := Width - left - right
	bottom := top + RowHeight*len(bars)
	x := func(v float64) int { return left + int(math.Round((v-from)/(to-from)*float64(plotW))) }

	// Background.
	r.SetFillColor(drawing.ColorWhite)
	r.MoveTo(0, 0)
	r.LineTo(Width, 0)
	r.LineTo(Width, height)
	r.LineTo(0, height)
	r.Close()
	r.Fill()

	r.SetFontColor(Ink)
	r.SetFontSize(14)
	tb := r.MeasureText(title)
	r.Text(title, (Width-tb.Width())/2, 26)

	// Grid and tick labels.
	r.SetFontSize(10)
	for _, t := range ticks {
		xi := x(t.Value)
		line(r, xi, top, xi, bottom, Grid, 1)
		lb := r.MeasureText(t.Label)
		r.SetFontColor(Ink)
		r.Text(t.Label, xi-lb.Width()/2, bottom+16)
	}
	// Bars and labels.
	for i, b := range bars {
		y0 := top + i*RowHeight
		r.SetFontColor(Ink)
		lb := r.MeasureText(b.Label)
		r.Text(b.Label, left-8-lb.Width(), y0+RowHeight/2+lb.Height()/2)
		if b.Value == 0 {
			r.SetFontColor(Ink)
			zb := r.MeasureText("0")
			r.Text("0", x(0)+4, y0+RowHeight/2+zb.Height()/2)
			continue
		}
		c := Up
		if b.Value < 0 {
			c = Down
		}
		x0, x1 := x(0), x(b.Value)
		if x1 < x0 {
			x0, x1 = x1, x0
		}
		r.SetFillColor(c)
		r.MoveTo(x0, y0+4)
		r.LineTo(x1, y0+4)
		r.LineTo(x1, y0+RowHeight-4)
		r.LineTo(x0, y0+RowHeight-4)
		r.Close()
		r.Fill()
		v := Variation(b.Value)
		vb := r.MeasureText(v)
		r.SetFontColor(c)
		if b.Value > 0 {
			r.Text(v, x1+4, y0+RowHeight/2+vb.Height()/2)
		} else {
			r.Text(v, x0-4-vb.Width(), y0+RowHeight/2+vb.Height()/2)
		}
	}
	// The zero line over the bars, then the axis title.
	line(r, x(0), top-4, x(0), bottom+4, Zero, 1.5)
	r.SetFontColor(Ink)
	r.SetFontSize(11)
	xb := r.MeasureText(xTitle)
	r.Text(xTitle, left+(plotW-xb.Width())/2, bottom+40)
	return r.Save(w)
}

func line(r chart.Renderer, x0, y0, x1, y1 int, c drawing.Color, width float64) {
	r.SetStrokeColor(c)
	r.SetStrokeWidth(width)
	r.MoveTo(x0, y0)
	r.LineTo(x1, y1)
	r.Stroke()
}
