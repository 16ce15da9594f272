package report

import (
	"errors"
	"fmt"
	"io"
	"omologa/internal/publishing/internal/chartkit"
	"strconv"

	"github.com/wcharczuk/go-chart/v2"
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

// WriteChart draws the tournament's chart as PNG (see NewChart).
func WriteChart(w io.Writer, in Input) error {
	c, err := NewChart(in)
	if err != nil {
		return err
	}
	return c.WritePNG(w)
}

// NewChart chooses the tournament's chart: the variation applied to each
// rated player (named, one bar a row, green up and red down from the
// zero line) when the tournament was rated, else each player's rating
// (the one the rating stage used, else the file's) against his score.
// ErrNoChart when neither has data. Every chart is chartkit.Width wide.
func NewChart(in Input) (*Chart, error) {
	t, _ := textFor(in.Lang)
	var bars []chartkit.Bar
	for _, l := range in.Ratings {
		if l.Rated {
			bars = append(bars, chartkit.Bar{Label: l.Name, Value: l.Applied.Float()})
		}
	}
	if len(bars) > 0 {
		title := t.ChartVariation
		if k := in.RatingKind.ListName(); k != "" {
			title += " (" + k + ")"
		}
		h := chartkit.HBarsHeight(len(bars))
		return &Chart{Kind: ChartVariation, Width: chartkit.Width, Height: h, render: func(w io.Writer) error {
			if err := chartkit.HBars(w, title, t.ChartAxisVariation, bars); err != nil {
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
	xticks, x0, x1 := chartkit.Ticks(xlo-50, xhi+50, 8, 50, chartkit.Whole)
	score := chartkit.Score
	if t.Lang == "en" {
		score = func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	}
	yticks, y0, y1 := chartkit.Ticks(max(0, ylo-0.5), yhi+0.5, 8, 0.5, score)
	c := chart.Chart{Title: t.ChartRatingVsScore, TitleStyle: chartkit.Title(), Width: chartkit.Width, Height: chartkit.Height,
		Background: chart.Style{Padding: chart.Box{Top: 50, Left: 20, Right: 40, Bottom: 10}},
		XAxis: chart.XAxis{Name: t.ChartAxisRating, Ticks: xticks, Range: &chart.ContinuousRange{Min: x0, Max: x1},
			GridMajorStyle: chartkit.GridStyle(), GridMinorStyle: chartkit.GridStyle()},
		YAxis: chart.YAxis{Name: t.ChartAxisScore, Ticks: yticks, Range: &chart.ContinuousRange{Min: y0, Max: y1},
			GridMajorStyle: chartkit.GridStyle(), GridMinorStyle: chartkit.GridStyle()},
		Series: []chart.Series{chart.ContinuousSeries{XValues: xs, YValues: ys,
			Style: chart.Style{StrokeWidth: chart.Disabled, DotWidth: 5, DotColor: chartkit.Players}}}}
	return &Chart{Kind: ChartRatingVsScore, Width: chartkit.Width, Height: chartkit.Height, render: func(w io.Writer) error {
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
