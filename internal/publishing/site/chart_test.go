package site

import (
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
