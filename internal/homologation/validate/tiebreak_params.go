package validate

// The tie-break check's parameters (tiebreak.go), rules.yaml's
// rulesets[].params.tiebreak, and the check of their values.

// Tie-break handling of unplayed games (TiebreakParams.Unplayed).
const (
	// UnplayedFIDE2023 is FIDE C.07 (2023) art. 16: a participant's own
	// unplayed rounds count as a game against a dummy opponent with his
	// own final score; an opponent's rounds after he stopped playing
	// count as draws; voluntary unplayed rounds are cut first.
	UnplayedFIDE2023 = "fide-2023"
	// UnplayedVirtual2009 is the older handling (FIDE Congress 2009, C.02
	// 13.15.2): a virtual opponent with the player's score before the
	// round, the forfeit result reversed, and a draw in every later
	// round; every unplayed result of an opponent counts as a draw.
	UnplayedVirtual2009 = "virtual-opponent-2009"
)

// Tie-break names the standings may use.
const (
	TieBreakBH   = "BH"
	TieBreakBHC1 = "BH-C1"
	TieBreakSB   = "SB"
)

// TiebreakParams are the parameters of the tie-break check (RTF 7.3.1,
// RAPID 4.6, FIDE C.07).
type TiebreakParams struct {
	// Unplayed is the handling of unplayed games: fide-2023 or
	// virtual-opponent-2009.
	Unplayed string `yaml:"unplayed"`
	// Swiss and RoundRobin are the tie-breaks in order after the points
	// (RTF 7.3.1: Buchholz Cut 1 for Swiss and Italo-Swiss,
	// Sonneborn-Berger for round robins); names among BH, BH-C1, SB.
	Swiss      []string `yaml:"swiss"`
	RoundRobin []string `yaml:"round_robin"`
}

func (t *TiebreakParams) check(ps problems) {
	if t.Unplayed != UnplayedFIDE2023 && t.Unplayed != UnplayedVirtual2009 {
		ps.in("unplayed").add("tiebreak.unplayed %q: %s or %s", t.Unplayed, UnplayedFIDE2023, UnplayedVirtual2009)
	}
	for _, list := range []struct {
		key   string
		names []string
	}{{"swiss", t.Swiss}, {"round_robin", t.RoundRobin}} {
		if len(list.names) == 0 {
			ps.in(list.key).add("tiebreak.%s is empty (RTF 7.3.1 names one)", list.key)
		}
		for i, n := range list.names {
			if n != TieBreakBH && n != TieBreakBHC1 && n != TieBreakSB {
				ps.in(list.key, i).add("tie-break %q: one of BH, BH-C1, SB", n)
			}
		}
	}
}
