package tournament

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/wcharczuk/go-chart/v2"
	"github.com/wcharczuk/go-chart/v2/drawing"
)

// ErrNoChart is returned when a tournament has nothing to draw: no rated
// player and no player with both a rating and a score.
var ErrNoChart = errors.New("nothing to draw")

// Chart kinds.
const (
	ChartVariation     = "variation"       // bars: the variation applied per player
	ChartRatingVsScore = "rating-vs-score" // dots: each player's rating and score
)

// Chart is a tournament's chart, ready to be drawn.
type Chart struct {
	Kind          string
	Width, Height int
	render        func(w io.Writer) error
}

// WritePNG draws the chart as PNG.
func (c *Chart) WritePNG(w io.Writer) error { return c.render(w) }

var (
	colourUp   = drawing.ColorFromHex("3c9a3c")
	colourDown = drawing.ColorFromHex("c0392b")
	colourDot  = drawing.ColorFromHex("2c6fbb")
)

// chartHeight is fixed: the width grows with the players.
const chartHeight = 420

// NewChart chooses the tournament's chart: the variation applied to each
// rated player (labelled by starting number) when the tournament was
// rated, else each player's rating (the one the rating stage used, else
// the file's) against his score. ErrNoChart when neither has data.
func NewChart(in Input) (*Chart, error) {
	t, _ := textFor(in.Lang)
	var bars []chart.Value
	lo, hi := 0.0, 0.0
	for _, l := range in.Ratings {
		if !l.Rated {
			continue
		}
		v := l.Applied.Float()
		st := chart.Style{FillColor: colourUp, StrokeColor: colourUp}
		if v < 0 {
			st = chart.Style{FillColor: colourDown, StrokeColor: colourDown}
		}
		bars = append(bars, chart.Value{Label: strconv.Itoa(l.Start), Value: v, Style: st})
		lo, hi = min(lo, v), max(hi, v)
	}
	if len(bars) > 0 {
		// Zero in the range, and a margin, so that the bars hang from the
		// zero line up and down and a tournament of draws still draws.
		pad := max(1, (hi-lo)/10)
		width := min(max(160+28*len(bars), 640), 2400)
		title := t.ChartVariation
		if k := t.List[in.RatingKind]; k != "" {
			title += " (" + k + ")"
		}
		c := chart.BarChart{Title: title, Width: width, Height: chartHeight, BarWidth: 18,
			Background: chart.Style{Padding: chart.Box{Top: 40}}, Bars: bars,
			UseBaseValue: true, BaseValue: 0,
			YAxis: chart.YAxis{ValueFormatter: oneDecimal, Range: &chart.ContinuousRange{Min: lo - pad, Max: hi + pad}}}
		return &Chart{Kind: ChartVariation, Width: width, Height: chartHeight, render: func(w io.Writer) error {
			if err := c.Render(chart.PNG, w); err != nil {
				return fmt.Errorf("variation chart: %w", err)
			}
			return nil
		}}, nil
	}
	xs, ys := ratingVsScore(in)
	if len(xs) == 0 {
		return nil, ErrNoChart
	}
	xlo, xhi, ylo, yhi := xs[0], xs[0], ys[0], ys[0]
	for i := range xs {
		xlo, xhi, ylo, yhi = min(xlo, xs[i]), max(xhi, xs[i]), min(ylo, ys[i]), max(yhi, ys[i])
	}
	const width = 800
	c := chart.Chart{Title: t.ChartRatingVsScore, Width: width, Height: chartHeight,
		Background: chart.Style{Padding: chart.Box{Top: 40, Left: 10, Right: 10}},
		XAxis: chart.XAxis{Name: t.ChartAxisRating, ValueFormatter: wholeNumber,
			Range: &chart.ContinuousRange{Min: xlo - 50, Max: xhi + 50}},
		YAxis: chart.YAxis{Name: t.ChartAxisScore, ValueFormatter: oneDecimal,
			Range: &chart.ContinuousRange{Min: max(0, ylo-0.5), Max: yhi + 0.5}},
		Series: []chart.Series{chart.ContinuousSeries{XValues: xs, YValues: ys,
			Style: chart.Style{StrokeWidth: chart.Disabled, DotWidth: 4, DotColor: colourDot}}}}
	return &Chart{Kind: ChartRatingVsScore, Width: width, Height: chartHeight, render: func(w io.Writer) error {
		if err := c.Render(chart.PNG, w); err != nil {
			return fmt.Errorf("rating chart: %w", err)
		}
		return nil
	}}, nil
}

// ratingVsScore pairs each player's rating with his score: the rating
// the rating stage used when the tournament was rated, else the file's
// (FIDE, else national); players without a rating are left out.
func ratingVsScore(in Input) (xs, ys []float64) {
	if len(in.Ratings) > 0 {
		score := map[int]float64{}
		if tt := in.Tournament; tt != nil {
			for i := range tt.Players {
				score[tt.Players[i].Start] = tt.Score(&tt.Players[i])
			}
		}
		for _, l := range in.Ratings {
			s, ok := score[l.Start]
			if !ok {
				s = l.Score
			}
			if l.Rating > 0 {
				xs, ys = append(xs, float64(l.Rating)), append(ys, s)
			}
		}
		return xs, ys
	}
	tt := in.Tournament
	if tt == nil {
		return nil, nil
	}
	points := map[int]float64{}
	for _, s := range in.Report.Standings {
		points[s.Start] = s.Points
	}
	for i := range tt.Players {
		p := &tt.Players[i]
		r := p.Rating
		if r <= 0 {
			r = p.NationalRating
		}
		if r <= 0 {
			continue
		}
		s, ok := points[p.Start]
		if !ok {
			s = tt.Score(p)
		}
		xs, ys = append(xs, float64(r)), append(ys, s)
	}
	return xs, ys
}

func wholeNumber(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	return fmt.Sprint(v)
}

func oneDecimal(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', 1, 64)
	}
	return fmt.Sprint(v)
}
