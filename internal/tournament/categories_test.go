package tournament

import "testing"

// TestRTF_4_1_CategoriesAndOldTitles: the old TRF06
// title letters (g, m, f, c, wg, wm, wf, wc) read as FIDE titles, not
// Italian categories. Measured: "m" (an International Master in TRF06)
// was read as Maestro, so a player missing from the list entered at
// 2200 with K 20.
func TestRTF_4_1_CategoriesAndOldTitles(t *testing.T) {
	for _, c := range []struct{ in, title, cat string }{
		{"m", "m", ""}, {"g", "g", ""}, {"f", "f", ""}, {"wg", "wg", ""}, {"wm", "wm", ""}, {"wf", "wf", ""},
		{"M", "", "M"}, {"1n", "", "1N"}, {"NC", "", "NC"}, {"CM", "CM", "CM"}, {"cm", "cm", "CM"},
		{"IM", "IM", ""}, {"3S", "3S", ""}, {"", "", ""},
	} {
		if title, cat := SplitTitle(c.in); title != c.title || cat != c.cat {
			t.Errorf("SplitTitle(%q) = %q, %q; want %q, %q", c.in, title, cat, c.title, c.cat)
		}
	}
}
