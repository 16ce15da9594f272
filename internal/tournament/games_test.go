package tournament

import (
	"slices"
	"testing"
)

// TestGames: a game counts once, from the lower starting number's entry,
// when the opponent's entry agrees and the scores make 1; the colours
// come from that entry. EachGame sees the same games, with positions.
func TestGames(t *testing.T) {
	e := func(opp int, c Colour, code Code) RoundEntry { return RoundEntry{Opponent: opp, Colour: c, Code: code} }
	tt := &Tournament{Players: []Player{
		{Start: 1, Rounds: []RoundEntry{e(2, ColourWhite, CodeWin), e(3, ColourBlack, CodeDraw), e(4, ColourWhite, CodeForfeitWin)}},
		{Start: 2, Rounds: []RoundEntry{e(1, ColourBlack, CodeLoss), e(9, ColourWhite, CodeWin), e(3, ColourNone, CodeWin)}},
		{Start: 3, Rounds: []RoundEntry{e(4, ColourWhite, CodeWin), e(1, ColourWhite, CodeDraw), e(2, ColourNone, CodeWin)}},
		{Start: 4, Rounds: []RoundEntry{e(3, ColourBlack, CodeLoss), {Code: CodeHalfBye}, e(1, ColourBlack, CodeForfeitLoss)}},
	}}
	want := []Game{
		{Round: 1, White: 1, Black: 2, WhiteScore: 1, ColoursKnown: true},
		{Round: 1, White: 3, Black: 4, WhiteScore: 1, ColoursKnown: true},
		// Round 2: 1 (black) and 3 draw; 2's opponent 9 does not exist.
		{Round: 2, White: 3, Black: 1, WhiteScore: 0.5, ColoursKnown: true},
		// Round 3: a forfeit is no game; 2 and 3 both claim the win.
	}
	if got := tt.Games(); !slices.Equal(got, want) {
		t.Errorf("Games() = %+v\nwant %+v", got, want)
	}
	var seen [][3]int
	pos := func(s int) int {
		if s < 1 || s > len(tt.Players) {
			return -1
		}
		return s - 1
	}
	tt.EachGame(3, pos, func(r, i, j int, _ RoundEntry, _ float64) {
		seen = append(seen, [3]int{r, i, j})
	})
	if !slices.Equal(seen, [][3]int{{1, 0, 1}, {1, 2, 3}, {2, 0, 2}}) {
		t.Errorf("EachGame saw %v", seen)
	}
}
