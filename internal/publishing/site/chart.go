package site

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/wcharczuk/go-chart/v2"

	"omologa/internal/fsi/periods"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/internal/chartkit"
)

// historyKey is what a player's chart is drawn from: the chart is drawn
// again only when it changes.
func historyKey(p *player) string {
	var b strings.Builder
	b.WriteString(p.Surname + " " + p.Name)
	for _, h := range p.History {
		fmt.Fprintf(&b, "|%s %s %d", h.Kind, h.Period, h.Rating)
	}
	return hashOf([]byte(b.String()))
}

// historySVG draws a player's Elo Italia and Elo Italia Rapid across the
// published lists, by month, as SVG (small, sharp at any zoom).
func historySVG(p *player) ([]byte, error) {
	var series []chart.Series
	lo, hi := 0, 0
	first, last := time.Time{}, time.Time{}
	for _, k := range []periods.Kind{periods.Standard, periods.Rapid} {
		var xs []time.Time
		var ys []float64
		for _, h := range p.History {
			if h.Kind != k {
				continue
			}
			t, err := time.Parse("2006-01", h.Period)
			if err != nil {
				continue
			}
			xs, ys = append(xs, t), append(ys, float64(h.Rating))
			if lo == 0 || h.Rating < lo {
				lo = h.Rating
			}
			hi = max(hi, h.Rating)
			if first.IsZero() || t.Before(first) {
				first = t
			}
			if t.After(last) {
				last = t
			}
		}
		if len(xs) == 0 {
			continue
		}
		colour, name := chartkit.Players, "Elo Italia"
		if k == periods.Rapid {
			colour, name = chartkit.Up, "Elo Italia Rapid"
		}
		series = append(series, chart.TimeSeries{Name: name, XValues: xs, YValues: ys,
			Style: chart.Style{StrokeColor: colour, StrokeWidth: 2, DotColor: colour, DotWidth: 4}})
	}
	if len(series) == 0 {
		return nil, fmt.Errorf("no rating to draw")
	}
	// A month's margin each side, and at least a year's width so that a
	// single list does not fill the axis.
	from, to := first.AddDate(0, -1, 0), last.AddDate(0, 1, 0)
	if to.Sub(from) < 300*24*time.Hour {
		to = from.AddDate(1, 0, 0)
	}
	var xticks []chart.Tick
	months := int(to.Sub(from).Hours()/24/30) + 1
	step := max(1, (months+5)/6)
	for t := from; !t.After(to); t = t.AddDate(0, step, 0) {
		xticks = append(xticks, chart.Tick{Value: chart.TimeToFloat64(t), Label: italian.Month(t.Month())[:3] + " " + t.Format("2006")})
	}
	yticks, ylo, yhi := chartkit.Ticks(float64(lo-20), float64(hi+20), 6, 10, chartkit.Whole)
	// No title: the page's heading names the player, and the legend
	// takes the chart's top.
	c := chart.Chart{Width: chartkit.Width, Height: chartkit.Height,
		Background: chart.Style{Padding: chart.Box{Top: 40, Left: 20, Right: 40, Bottom: 10}},
		XAxis: chart.XAxis{Name: "Lista", Ticks: xticks,
			Range: &chart.ContinuousRange{Min: chart.TimeToFloat64(from), Max: chart.TimeToFloat64(to)}},
		YAxis: chart.YAxis{Name: "Elo", Ticks: yticks, Range: &chart.ContinuousRange{Min: ylo, Max: yhi},
			GridMajorStyle: chartkit.GridStyle(), GridMinorStyle: chartkit.GridStyle()},
		Series: series}
	if len(series) > 1 {
		c.Elements = []chart.Renderable{chart.LegendThin(&c)}
	}
	var b bytes.Buffer
	if err := c.Render(chart.SVG, &b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
