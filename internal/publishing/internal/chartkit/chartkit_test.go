package chartkit

import (
	"bytes"
	"testing"
)

func TestTicksRegular(t *testing.T) {
	for _, c := range []struct {
		lo, hi  float64
		max     int
		minStep float64
		want    []string
	}{
		{0, 11, 6, 1, []string{"0", "2", "4", "6", "8", "10", "12"}},
		{-6, 66, 8, 1, []string{"-10", "0", "10", "20", "30", "40", "50", "60", "70"}},
		{0, 3, 8, 1, []string{"0", "1", "2", "3"}},
	} {
		ticks, _, _ := Ticks(c.lo, c.hi, c.max, c.minStep, Whole)
		var got []string
		for _, tk := range ticks {
			got = append(got, tk.Label)
		}
		if len(got) != len(c.want) {
			t.Errorf("%v..%v: got %v, want %v", c.lo, c.hi, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%v..%v: got %v, want %v", c.lo, c.hi, got, c.want)
				break
			}
		}
	}
}

func TestHBars(t *testing.T) {
	var b bytes.Buffer
	if err := HBars(&b, "Variazioni", "Variazione Elo", []Bar{{"Rossi, Mario", 12.5}, {"Bianchi, Luigi", -6}, {"Verdi, Anna", 0}}); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("\x89PNG")) {
		t.Fatal("not a PNG")
	}
}
