package fsi

import "testing"

// TestRTF_4_1_Categories: one list of categories (RTF 4.1, no 3S: the
// regulations name 1S, 2S and NC only), ranked NC 0 up to M 7.
func TestRTF_4_1_Categories(t *testing.T) {
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

// TestKinds: one vocabulary, and the list each kind counts in (RTF
// 5.2.1 a: a promotion tournament is rated in Elo Italia; blitz is not
// rated).
func TestKinds(t *testing.T) {
	for _, c := range []struct {
		k              Kind
		list, play, rs bool
		counts         Kind
		name           string
	}{
		{Standard, true, true, true, Standard, "Elo Italia"},
		{Rapid, true, true, true, Rapid, "Elo Italia Rapid"},
		{Blitz, false, true, false, "", ""},
		{Promotion, false, false, true, Standard, "Elo Italia"},
		{"fide", false, false, false, "", ""},
	} {
		if c.k.IsList() != c.list || c.k.IsPlay() != c.play || c.k.IsRuleSet() != c.rs {
			t.Errorf("%s: list %v play %v rule set %v", c.k, c.k.IsList(), c.k.IsPlay(), c.k.IsRuleSet())
		}
		if c.k.List() != c.counts || c.k.ListName() != c.name {
			t.Errorf("%s counts in %q (%q), want %q (%q)", c.k, c.k.List(), c.k.ListName(), c.counts, c.name)
		}
	}
}

// TestProvince: the calendar's province first, else the sign closing the
// city.
func TestProvince(t *testing.T) {
	for _, c := range []struct{ calendar, city, want string }{
		{"", "Novara (NO)", "NO"},
		{"", "Novara (no)  ", "NO"},
		{"mi", "Novara (NO)", "MI"},
		{"", "Novara", ""},
		{"", "Milano (centro)", ""},
		{"", "Forlì (FC)", "FC"},
		{"", "", ""},
	} {
		if got := Province(c.calendar, c.city); got != c.want {
			t.Errorf("Province(%q, %q) = %q, want %q", c.calendar, c.city, got, c.want)
		}
	}
}

// TestPeriodMonth: a period label named for people by its month, in
// Italian and English; text that is not a label comes back as it is.
func TestPeriodMonth(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{PeriodMonth("2027-01"), "gennaio 2027"},
		{PeriodMonthEN("2027-01"), "January 2027"},
		{PeriodMonth("register"), "register"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
