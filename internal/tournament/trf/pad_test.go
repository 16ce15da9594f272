package trf

import (
	"fmt"
	"strings"
	"testing"

	"omologa/internal/tournament"
)

// The writer's padding is fmt's width, counted in runes.
func TestPadAsFmt(t *testing.T) {
	for _, s := range []string{"", "a", "Rossi, Mario", "Nicolò Ñ", "ßßß", "\xff\xfe", strings.Repeat("x", 40)} {
		for _, w := range []int{0, 1, 3, 4, 11, 33} {
			var l, r strings.Builder
			padLeft(&l, s, w, 0)
			padRight(&r, s, w, '|')
			if want := fmt.Sprintf("%*s", w, s); l.String() != want {
				t.Errorf("padLeft(%q, %d) = %q, want %q", s, w, l.String(), want)
			}
			if want := fmt.Sprintf("%-*s|", w, s); r.String() != want {
				t.Errorf("padRight(%q, %d) = %q, want %q", s, w, r.String(), want)
			}
		}
	}
	for _, n := range []int{1, 9, 10, 999, 1000, 9999, 12345, -5} {
		if got, want := entryText(entryWith(n)), fmt.Sprintf("%4d w 1", n); got != want {
			t.Errorf("entry against %d: %q, want %q", n, got, want)
		}
	}
}

func entryWith(opponent int) tournament.RoundEntry {
	return tournament.RoundEntry{Opponent: opponent, Colour: tournament.ColourWhite, Code: tournament.CodeWin}
}
