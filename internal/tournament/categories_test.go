package tournament

import "testing"

// TestRTF_4_1_CategoriesAndOldTitles: one list of categories (RTF 4.1,
// no 3S: the regulations name 1S, 2S and NC only), and the old TRF06
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
	if IsCategory("3S") || IsCategory("") || !IsCategory("2S") {
		t.Error("IsCategory: 3S and the empty string are not categories, 2S is")
	}
	for i, c := range Categories {
		if CategoryRank(c) != len(Categories)-1-i {
			t.Errorf("rank of %s = %d", c, CategoryRank(c))
		}
	}
	if CategoryRank("") != CategoryRank("NC") || CategoryRank("3S") != -1 {
		t.Error("the empty category ranks as NC; 3S has no rank")
	}
}
