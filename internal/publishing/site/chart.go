package site

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/wcharczuk/go-chart/v2/drawing"

	"omologa/internal/fsi"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/internal/chartkit"
)

// The player's chart is written as SVG directly, with chartkit's
// colours and ticks: go-chart takes about 9 ms a chart (it measures
// every label with its TrueType font), which for a 30,000-player list
// is minutes; this takes microseconds, and a few KB of the page.
const (
	svgW, svgH                    = 720, 300
	padL, padR, padTop, padBottom = 58, 18, 34, 44
	plotW, plotH                  = svgW - padL - padR, svgH - padTop - padBottom
	fontCSS                       = `font-family="sans-serif" font-size="12"`
)

func colourHex(c drawing.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// historySVG draws a player's Elo Italia and Elo Italia Rapid across the
// published lists, by month.
func historySVG(p *player) ([]byte, error) {
	type point struct {
		t time.Time
		r int
	}
	type line struct {
		name   string
		colour drawing.Color
		pts    []point
	}
	var lines []line
	lo, hi := 0, 0
	var first, last time.Time
	for _, k := range []fsi.Kind{fsi.Standard, fsi.Rapid} {
		l := line{name: fsi.Standard.ListName(), colour: chartkit.Players}
		if k == fsi.Rapid {
			l = line{name: fsi.Rapid.ListName(), colour: chartkit.Up}
		}
		for _, h := range p.History {
			if h.Kind != k {
				continue
			}
			y, m, ok := fsi.ParsePeriod(h.Period)
			if !ok {
				continue
			}
			t := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
			l.pts = append(l.pts, point{t, h.Rating})
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
		if len(l.pts) > 0 {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("no rating to draw")
	}
	// The axis ends at the player's latest list (it ran a month past
	// it, or to a year after his first list: November 2027 for a player
	// listed in December 2026 and January 2027); a month's margin
	// before the first, and at least six months' width, taken
	// backwards, so that a single list does not fill the axis.
	from, to := first.AddDate(0, -1, 0), last
	if from.After(to.AddDate(0, -6, 0)) {
		from = to.AddDate(0, -6, 0)
	}
	span := to.Sub(from).Seconds()
	x := func(t time.Time) float64 { return padL + t.Sub(from).Seconds()/span*plotW }
	yticks, ylo, yhi := chartkit.Ticks(float64(lo-20), float64(hi+20), 6, 10, chartkit.Whole)
	y := func(v float64) float64 { return padTop + (yhi-v)/(yhi-ylo)*plotH }

	var b bytes.Buffer
	name := html.EscapeString(p.Surname + " " + p.Name)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="chart-title" style="max-width:100%%;height:auto">`, svgW, svgH, svgW, svgH)
	fmt.Fprintf(&b, `<title id="chart-title">%s</title><rect width="100%%" height="100%%" fill="#fff"/>`, say("site.player.chart", name))
	ink, grid := colourHex(chartkit.Ink), colourHex(chartkit.Grid)
	for _, t := range yticks {
		yy := y(t.Value)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>`, padL, yy, svgW-padR, yy, grid)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" fill="%s" %s>%s</text>`, padL-6, yy+4, ink, fontCSS, t.Label)
	}
	months := int(to.Sub(from).Hours()/24/30) + 1
	step := max(1, (months+5)/6)
	// The ticks count back from the latest list, so that it is named.
	for i := 0; ; i++ {
		t := to.AddDate(0, -i*step, 0)
		if t.Before(from) {
			break
		}
		xx := x(t)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>`, xx, svgH-padBottom, xx, svgH-padBottom+5, ink)
		// The labels at the ends stay inside the picture.
		anchor := "middle"
		switch {
		case xx < padL+30:
			anchor = "start"
		case xx > svgW-padR-30:
			anchor = "end"
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="%s" fill="%s" %s>%s %d</text>`, xx, svgH-padBottom+18, anchor, ink, fontCSS,
			italian.Month(t.Month())[:3], t.Year())
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`, padL, svgH-padBottom, svgW-padR, svgH-padBottom, ink)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="%s" %s>%s</text>`, padL+plotW/2, svgH-8, ink, fontCSS, say("site.col.list"))
	fmt.Fprintf(&b, `<text transform="translate(14 %d) rotate(-90)" text-anchor="middle" fill="%s" %s>Elo</text>`, padTop+plotH/2, ink, fontCSS)
	lx := padL
	for _, l := range lines {
		c := colourHex(l.colour)
		var pts []string
		for _, pt := range l.pts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pt.t), y(float64(pt.r))))
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(pts, " "), c)
		}
		for _, pt := range l.pts {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s, %s: %d</title></circle>`, x(pt.t), y(float64(pt.r)), c,
				l.name, italian.MonthYear(pt.t.Year(), pt.t.Month()), pt.r)
		}
		// The legend, at the top.
		fmt.Fprintf(&b, `<line x1="%d" y1="14" x2="%d" y2="14" stroke="%s" stroke-width="3"/><text x="%d" y="18" fill="%s" %s>%s</text>`,
			lx, lx+22, c, lx+28, ink, fontCSS, l.name)
		lx += 170
	}
	b.WriteString(`</svg>`)
	return b.Bytes(), nil
}
