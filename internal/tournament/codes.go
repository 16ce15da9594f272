package tournament

import "fmt"

// Code is a round result code as written in TRF column 99 of a round
// entry (FIDE TRF16/TRF26).
type Code byte

const (
	CodeNone        Code = ' ' // nothing written: not paired (counts as Z)
	CodeWin         Code = '1'
	CodeDraw        Code = '='
	CodeLoss        Code = '0'
	CodeForfeitWin  Code = '+'
	CodeForfeitLoss Code = '-'
	// W, D, L: game played but not rated, because it lasted less than
	// one move (FIDE-RR 5.1; RTF 4.2.13).
	CodeUnratedWin  Code = 'W'
	CodeUnratedDraw Code = 'D'
	CodeUnratedLoss Code = 'L'
	CodeHalfBye     Code = 'H' // half-point bye (requested)
	CodeFullBye     Code = 'F' // full-point bye (requested)
	CodePairingBye  Code = 'U' // pairing-allocated bye
	CodeZeroBye     Code = 'Z' // zero-point bye, announced absence
)

// meanings are the TRF result codes with their meaning in English, by
// code ("" for a byte that is none).
var meanings = [256]string{
	CodeNone:        "not paired",
	CodeWin:         "win",
	CodeDraw:        "draw",
	CodeLoss:        "loss",
	CodeForfeitWin:  "forfeit win",
	CodeForfeitLoss: "forfeit loss",
	CodeUnratedWin:  "win, not rated (less than one move)",
	CodeUnratedDraw: "draw, not rated (less than one move)",
	CodeUnratedLoss: "loss, not rated (less than one move)",
	CodeHalfBye:     "half-point bye",
	CodeFullBye:     "full-point bye",
	CodePairingBye:  "pairing-allocated bye",
	CodeZeroBye:     "zero-point bye",
}

// Valid reports whether c is one of the TRF result codes.
func (c Code) Valid() bool {
	return meanings[c] != ""
}

// Meaning gives the code's meaning in English, for output and messages.
func (c Code) Meaning() string {
	if m := meanings[c]; m != "" {
		return m
	}
	return fmt.Sprintf("unknown code %q", byte(c))
}

func (c Code) String() string { return string(rune(c)) }

// MarshalText writes the code as its one character.
func (c Code) MarshalText() ([]byte, error) { return []byte{byte(c)}, nil }

// UnmarshalText reads one character; the empty string is CodeNone.
func (c *Code) UnmarshalText(b []byte) error {
	switch len(b) {
	case 0:
		*c = CodeNone
	case 1:
		*c = Code(b[0])
	default:
		return fmt.Errorf("result code %q: one character expected", b)
	}
	return nil
}

// Colour is the colour of a round entry.
type Colour byte

const (
	ColourNone  Colour = '-'
	ColourWhite Colour = 'w'
	ColourBlack Colour = 'b'
)

// Opposite returns the other colour (ColourNone stays).
func (c Colour) Opposite() Colour {
	switch c {
	case ColourWhite:
		return ColourBlack
	case ColourBlack:
		return ColourWhite
	}
	return ColourNone
}

func (c Colour) String() string { return string(rune(c)) }

// MarshalText writes "w", "b" or "-".
func (c Colour) MarshalText() ([]byte, error) { return []byte{byte(c)}, nil }

// UnmarshalText reads "w", "b", "-" or "" (none).
func (c *Colour) UnmarshalText(b []byte) error {
	switch string(b) {
	case "w", "W":
		*c = ColourWhite
	case "b", "B":
		*c = ColourBlack
	case "-", "", " ":
		*c = ColourNone
	default:
		return fmt.Errorf("colour %q: w, b or - expected", b)
	}
	return nil
}

// Paired reports whether the entry names an opponent.
func (e RoundEntry) Paired() bool { return e.Opponent > 0 }

// IsPlayed reports whether the entry is a game actually played and rated:
// result 1, = or 0 against a real opponent (RTF 4.2.13, RAPID 6.6).
func (e RoundEntry) IsPlayed() bool {
	return e.Opponent > 0 && (e.Code == CodeWin || e.Code == CodeDraw || e.Code == CodeLoss)
}

// IsForfeit reports a forfeit win or loss against a paired opponent.
func (e RoundEntry) IsForfeit() bool {
	return e.Opponent > 0 && (e.Code == CodeForfeitWin || e.Code == CodeForfeitLoss)
}

// IsUnratedGame reports a game of less than one move (W, D, L).
func (e RoundEntry) IsUnratedGame() bool {
	return e.Code == CodeUnratedWin || e.Code == CodeUnratedDraw || e.Code == CodeUnratedLoss
}

// IsEmpty reports an entry that says nothing: no opponent and no result
// (a colour alone says nothing). Rounds and the readers count a round as
// written only when some entry is not empty.
func (e RoundEntry) IsEmpty() bool { return e.Opponent == 0 && e.Code == CodeNone }

// IsBye reports a round without an opponent: a bye of any kind, an
// absence, or nothing written.
func (e RoundEntry) IsBye() bool { return e.Opponent == 0 }

// GameScore returns the player's score in a game played (1, 0.5, 0) and
// true, or false when the entry is not a game actually played.
func (e RoundEntry) GameScore() (float64, bool) {
	if !e.IsPlayed() {
		return 0, false
	}
	switch e.Code {
	case CodeWin:
		return 1, true
	case CodeDraw:
		return 0.5, true
	}
	return 0, true
}
