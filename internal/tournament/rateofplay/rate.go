// Package rateofplay reads rates of play ("cadenze") as arbiters write them,
// in TRF tag 122, the TRF26 time-control code of tag 222 and e-mail bodies,
// and computes the time per player for a 60-move game, the quantity every
// eligibility rule of the regulations is stated in (shared/regs §6).
//
// Text that cannot be read is an error, never a rate of zero minutes: a
// rule that compares 0 with a bound would reject or accept for the wrong
// reason.
package rateofplay

// Period is one time control: Moves moves in Minutes minutes. Moves == 0
// means the rest of the game.
type Period struct {
	Moves   int     `json:"moves"`
	Minutes float64 `json:"minutes"`
}

// Rate is a parsed rate of play.
type Rate struct {
	Text string `json:"text"` // as written
	// Periods in order. The last has Moves == 0 (rest of the game) unless
	// the text stops at a control that already covers 60 moves, as TRF
	// headers often do ("100'x40 + 50'x20 + 30\"").
	Periods []Period `json:"periods"`
	// IncrementSeconds is added per move (Fischer), from move
	// IncrementFrom (1 when from the first move).
	IncrementSeconds float64 `json:"increment_seconds,omitempty"`
	IncrementFrom    int     `json:"increment_from,omitempty"`
	// DelaySeconds is a Bronstein or simple delay per move.
	DelaySeconds float64 `json:"delay_seconds,omitempty"`
	// Label is the kind of play the text names ("Rapid 15+10"), empty
	// when it names none; the kind the time implies is the validator's
	// to decide, with the bounds of rules.yaml (kind_of_play), and it
	// reports a mismatch.
	Label Kind `json:"label,omitempty"`
}

// MinutesFor60Moves returns the time per player for a 60-move game: the
// minutes of every period reached within 60 moves, plus the increment of
// every move from IncrementFrom to 60, i.e. 60 times the increment when it
// starts at move 1 (shared/regs §6; RTF 5.3.1 d, RAPID 4.1, LAWS A.1, B.1).
// A delay adds no time: the Laws count only the increment.
func (r Rate) MinutesFor60Moves() float64 {
	const moves = 60
	total := 0.0
	startMove := 0 // moves played before the period starts
	for _, p := range r.Periods {
		if startMove >= moves {
			break
		}
		total += p.Minutes
		if p.Moves == 0 {
			break
		}
		startMove += p.Moves
	}
	from := r.IncrementFrom
	if from < 1 {
		from = 1
	}
	if r.IncrementSeconds > 0 && from <= moves {
		total += float64(moves-from+1) * r.IncrementSeconds / 60
	}
	return total
}
