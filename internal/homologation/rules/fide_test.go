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
	_, data := loadRepoRules(t)
	text := string(data)
	i := strings.Index(text, "\nfide:\n")
	if i < 0 {
		t.Fatal("rules.yaml has no fide: section")
	}
	entry := text[i+len("\nfide:\n"):]
	entry = entry[:strings.Index(entry, "\n# ---- rating")+1]
	// A second version, as FIDE's current rules would be added.
	later := strings.Replace(entry, "id: fide-rr-2010", "id: fide-rr-2024", 1)
	later = strings.Replace(later, "valid_from: 2010-07-01", "valid_from: 2024-03-01", 1)
	later = strings.Replace(later, "k_new: 30", "k_new: 40", 1)
	closed := strings.Replace(text, "valid_from: 2010-07-01\n", "valid_from: 2010-07-01\n    valid_until: 2024-02-29\n", 1)
	at := strings.Index(closed, "\n# ---- rating")
	f, err := Parse("rules.yaml", []byte(closed[:at+1]+later+closed[at+1:]))
	if err != nil {
		t.Fatalf("two dated fide sets do not load: %v", err)
	}
	for _, c := range []struct {
		on   tournament.Date
		want string
		k    int
	}{
		{tournament.NewDate(2024, 2, 29), "fide-rr-2010", 30},
		{tournament.NewDate(2024, 3, 1), "fide-rr-2024", 40},
		{tournament.NewDate(2005, 1, 1), "fide-rr-2010", 30}, // before any: the oldest
	} {
		s := f.SelectFide(c.on)
		if s == nil || s.ID != c.want || s.KNew != c.k {
			t.Errorf("SelectFide(%s) = %v, want %s with K %d", c.on, s, c.want, c.k)
		}
	}

	bad := []struct {
		name, from, to, want string
	}{
		{"unknown key", "    floor: 1200\n", "    floor: 1200\n    flor: 1\n", "flor"},
		{"list kind", "      kind: fide\n", "      kind: standard\n", "fide expected"},
		{"cap beyond the table", "    diff_cap: 400\n", "    diff_cap: 800\n", "diff_cap 800"},
		{"a finding not configured", "      fide.id-twice:\n", "      fide.id-thrice:\n", "fide.id-twice is not configured"},
		{"overlapping sets", "", "", "in force on the same dates"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			doc := strings.Replace(text, c.from, c.to, 1)
			if c.from == "" {
				at := strings.Index(text, "\n# ---- rating")
				doc = text[:at+1] + strings.Replace(entry, "id: fide-rr-2010", "id: other", 1) + text[at+1:]
			}
			_, err := Parse("rules.yaml", []byte(doc))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "rules.yaml:") {
				t.Errorf("error %v, want one naming its line and %q", err, c.want)
			}
		})
	}
}
