package tournament

import "testing"

// The title and rating a standings table shows: FIDE title else the
// Italian category, file's rating else the national one.
func TestPlayerShown(t *testing.T) {
	for _, c := range []struct {
		p             Player
		title, rating string
	}{
		{Player{Title: " GM ", Category: "M", Rating: 2500, NationalRating: 2400}, "GM", "2500"},
		{Player{Category: "1N", NationalRating: 1800}, "1N", "1800"},
		{Player{Category: "NC"}, "NC", ""},
	} {
		if title, rating := c.p.Shown(); title != c.title || rating != c.rating {
			t.Errorf("%+v: %q %q, want %q %q", c.p, title, rating, c.title, c.rating)
		}
	}
}

// RTF 4.2.13: only 1, = and 0 against an opponent are games played.
func TestRTF_4_2_13_PlayerPlayed(t *testing.T) {
	p := Player{Rounds: []RoundEntry{
		{Opponent: 2, Code: CodeWin}, {Opponent: 3, Code: CodeDraw}, {Opponent: 4, Code: CodeForfeitWin},
		{Code: CodeHalfBye}, {Opponent: 5, Code: CodeLoss}, {Opponent: 6, Code: CodeUnratedWin},
	}}
	if n := p.Played(); n != 3 {
		t.Fatalf("played %d, want 3", n)
	}
}
