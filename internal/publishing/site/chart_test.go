package site

import (
	"strings"
	"testing"

	"omologa/internal/fsi"
)

func BenchmarkHistorySVG(b *testing.B) {
	p := &player{ID: "1", Surname: "Rossi", Name: "Mario", History: []histRow{{Kind: fsi.Standard, Period: "2026-11", Rating: 1500},
		{Kind: fsi.Standard, Period: "2027-01", Rating: 1520}, {Kind: fsi.Rapid, Period: "2026-12", Rating: 1480}}}
	for range b.N {
		if _, err := historySVG(p); err != nil {
			b.Fatal(err)
		}
	}
}

// The time axis ends at the player's latest list: two lists, December
// 2026 and January 2027, drew an axis to November 2027.
func TestHistoryAxisEndsAtLatestList(t *testing.T) {
	for _, c := range []struct {
		name       string
		history    []histRow
		last, none string
	}{
		{"two lists", []histRow{{Kind: fsi.Rapid, Period: "2026-12", Rating: 1480}, {Kind: fsi.Rapid, Period: "2027-01", Rating: 1495}},
			">gen 2027<", ">nov 2027<"},
		{"two kinds", []histRow{{Kind: fsi.Standard, Period: "2026-11", Rating: 1500}, {Kind: fsi.Standard, Period: "2027-01", Rating: 1520},
			{Kind: fsi.Rapid, Period: "2026-12", Rating: 1480}}, ">gen 2027<", ">feb 2027<"},
		{"three years", []histRow{{Kind: fsi.Rapid, Period: "2024-03", Rating: 1400}, {Kind: fsi.Rapid, Period: "2027-01", Rating: 1500}},
			">gen 2027<", "2027-02"},
	} {
		t.Run(c.name, func(t *testing.T) {
			svg, err := historySVG(&player{ID: "1", Surname: "Rossi", Name: "Mario", History: c.history})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(svg), c.last) || strings.Contains(string(svg), c.none) {
				t.Errorf("axis: want a tick %s and none %s:\n%s", c.last, c.none, svg)
			}
		})
	}
}
