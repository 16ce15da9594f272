package rules

import (
	"strings"
	"testing"

	"omologa/internal/tournament"
)

// TestFIDE_RR_0_1_DatedSets: the fide: section decodes strictly, its
// values are checked with their line, and a later version of the FIDE
// Rating Regulations is one more dated entry (FIDE-RR 0.1: changes apply
// to tournaments starting from their date).
func TestFIDE_RR_0_1_DatedSets(t *testing.T) {
	f, data := loadRepoRules(t)
	text := string(data)
	for _, c := range []struct {
		on   tournament.Date
		want string
		k    int
	}{
		{tournament.NewDate(2005, 1, 1), "fide-rr-2010", 30}, // before any: the oldest
		{tournament.NewDate(2012, 7, 1), "fide-rr-2010-monthly", 30},
		{tournament.NewDate(2014, 7, 1), "fide-rr-2014", 40},
		{tournament.NewDate(2024, 2, 29), "fide-rr-2014", 40},
		{tournament.NewDate(2024, 3, 1), "fide-rr-2024", 40},
		{tournament.NewDate(2026, 11, 12), "fide-rr-2024-2025", 40},
	} {
		s := f.SelectFide(c.on)
		if s == nil || s.ID != c.want || s.KNew != c.k {
			t.Errorf("SelectFide(%s) = %v, want %s with K %d", c.on, s, c.want, c.k)
		}
	}
	last := text[strings.Index(text, "  - id: fide-rr-2024-2025\n"):]
	last = last[:strings.Index(last, "\n# ---- rating")+1]
	// A later version is one more entry, closing the one before.
	later := strings.Replace(last, "id: fide-rr-2024-2025", "id: fide-rr-2030", 1)
	later = strings.Replace(later, "valid_from: 2025-10-01", "valid_from: 2030-01-01", 1)
	later = strings.Replace(later, "k_games_max: 700", "k_games_max: 800", 1)
	closed := strings.Replace(text, "valid_from: 2025-10-01\n", "valid_from: 2025-10-01\n    valid_until: 2029-12-31\n", 1)
	at := strings.Index(closed, "\n# ---- rating")
	g, err := Parse("rules.yaml", []byte(closed[:at+1]+later+closed[at+1:]))
	if err != nil {
		t.Fatalf("a later fide set does not load: %v", err)
	}
	if s := g.SelectFide(tournament.NewDate(2030, 5, 1)); s == nil || s.ID != "fide-rr-2030" || s.KGamesMax != 800 {
		t.Errorf("SelectFide(2030) = %v, want fide-rr-2030", s)
	}

	bad := []struct {
		name, from, to, want string
	}{
		{"unknown key", "    floor: 1200\n", "    floor: 1200\n    flor: 1\n", "flor"},
		{"list kind", "      kind: fide\n", "      kind: standard\n", "fide expected"},
		{"cap beyond the table", "    diff_cap: 400\n", "    diff_cap: 800\n", "diff_cap 800"},
		{"a finding not configured", "      fide.id-twice:\n", "      fide.id-thrice:\n", "fide.id-twice is not configured"},
		{"junior K period", "k_junior_until: end-of-18th-year", "k_junior_until: always", "k_junior_until"},
		{"a junior K never applied", "    k_junior: 0\n    k_junior_below: 0\n    k_junior_until: none\n", "    k_junior: 40\n    k_junior_below: 0\n    k_junior_until: none\n", "would be ignored"},
		{"change rounding", "change_rounding: away_from_zero", "change_rounding: down", "change_rounding"},
		{"no name", "    name: FIDE Rating Regulations effective from 1 March 2024\n", "", "name"},
		{"overlapping sets", "", "", "in force on the same dates"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(text, c.from, c.to, 1)
			if c.from == "" {
				at := strings.Index(text, "\n# ---- rating")
				doc = text[:at+1] + strings.Replace(last, "id: fide-rr-2024-2025", "id: other", 1) + text[at+1:]
			}
			_, err := Parse("rules.yaml", []byte(doc))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "rules.yaml:") {
				t.Errorf("error %v, want one naming its line and %q", err, c.want)
			}
		})
	}
}
