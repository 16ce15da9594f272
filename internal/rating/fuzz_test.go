package rating

import (
	"os"
	"testing"

	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// The state columns are read back at every close: a date that reads
// must be the one tournament.Date reads, and nothing may panic.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-03-01", "2026-13-01", "2026-02-31", "1999", "2026-1-1", "", "abcd-ef-gh", "-001-01-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := parseDate(s)
		if !ok {
			return
		}
		var want tournament.Date
		if err := want.UnmarshalText([]byte(s)); err != nil || want != d {
			t.Errorf("parseDate(%q) = %v, tournament.Date reads %v (%v)", s, d, want, err)
		}
	})
}

// The rapid_bands column is read and rewritten at every close: what the
// engine writes must read back to itself, and nothing may panic.
func FuzzBands(f *testing.F) {
	for _, s := range []string{"A:1;B:2", "", "C:x", "::;;", "D:2;D:3", "G:-1"} {
		f.Add(s)
	}
	bands := []rules.Band{{Name: "A", Min: 2400}, {Name: "B", Min: 2200}, {Name: "C", Min: 2000},
		{Name: "D", Min: 1800}, {Name: "G", Min: 0}}
	f.Fuzz(func(t *testing.T, s string) {
		counts := make([]int, len(bands))
		bandCounts(readBands(s), bands, counts)
		out := bandsText(heldBands(counts, bands))
		bandCounts(readBands(out), bands, counts)
		if again := bandsText(heldBands(counts, bands)); again != out {
			t.Errorf("%q → %q → %q", s, out, again)
		}
	})
}

func FuzzParseRating(f *testing.F) {
	seed, err := os.ReadFile("testdata/rating.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte("rating: {}\n"))
	f.Add([]byte("rating:\n  diff_cap: -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := rules.ParseRating("fuzz.yaml", data)
		if err == nil && (r.DiffCap < 1 || r.DiffCap > 735 || len(r.Rapid.Categories) == 0) {
			t.Errorf("accepted bad settings: %+v", r)
		}
	})
}
