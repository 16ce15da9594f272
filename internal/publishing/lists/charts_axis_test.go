package lists

import (
	"bytes"
	"image/png"
	"testing"
)

// The distribution's counts stand at the left, beside the first bar:
// nothing is drawn in the right margin past the last bar, where go-chart
// puts a bar chart's primary axis.
func TestDistributionAxisAtTheLeft(t *testing.T) {
	es := []Entry{{Rating: 2310}, {Rating: 2210}, {Rating: 1990}, {Rating: 1810}, {Rating: 1800}, {Rating: 1420}}
	var b bytes.Buffer
	if err := DistributionPNG(&b, "Giocatori per fascia di Elo", es); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	inked := func(x0, x1 int) int {
		n := 0
		for x := x0; x < x1; x++ {
			for y := r.Min.Y + 60; y < r.Max.Y-60; y++ { // below the title, above the x axis's titles
				if c, _, _, _ := img.At(x, y).RGBA(); c < 0xc000 {
					n++
				}
			}
		}
		return n
	}
	if n := inked(r.Max.X-r.Dx()/12, r.Max.X); n > 0 {
		t.Errorf("%d dark pixels in the right margin: the y axis is drawn at the right", n)
	}
	if n := inked(r.Min.X+30, r.Min.X+r.Dx()/12); n == 0 {
		t.Error("no tick label at the left")
	}
}
