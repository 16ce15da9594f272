package validate

// The crosstable checks' parameters (crosstable.go; the points'
// tolerance also in tiebreak.go), rules.yaml's
// rulesets[].params.crosstable, and the check of their values.

// CrosstableParams are the parameters of the crosstable checks (internal
// consistency of the crosstable).
type CrosstableParams struct {
	// PointsTolerance is the largest difference between the declared
	// points (001 columns 81–84) and the score recomputed under the
	// declared scoring system that is not a mismatch (rounding in the
	// file: 0.01).
	PointsTolerance float64 `yaml:"points_tolerance"`
	// BlankEntryValues are the values some programs give to a round
	// with nothing written when they total the points (the Irish ICU
	// exports count a blank-result bye as 0.5). A mismatch that counting
	// some blank entries at one of these values explains is reported as
	// crosstable.points-blank-entries instead of crosstable.points-mismatch.
	// Empty: no such explanation is accepted.
	BlankEntryValues []float64 `yaml:"blank_entry_values"`
	// MaxPairingByesPerRound: pairing-allocated byes (U, or '+' with no
	// opponent) allowed in one round (a Swiss gives at most one, to the
	// odd player out).
	MaxPairingByesPerRound int `yaml:"max_pairing_byes_per_round"`
	// RepeatedPairingsAllowed is how many times two players may meet in
	// a Swiss tournament (FIDE C.04.1 b: once, so 1).
	RepeatedPairingsAllowed int `yaml:"repeated_pairings_allowed"`
	// RepeatedPairingsCountUnplayed counts a forfeited pairing as a
	// meeting. FIDE C.04.1 b forbids playing twice; a forfeit was not
	// played, and the pairing programs pair the two again, so false.
	RepeatedPairingsCountUnplayed bool `yaml:"repeated_pairings_count_unplayed"`
}

func (c *CrosstableParams) check(ps problems) {
	if c.PointsTolerance < 0 || c.PointsTolerance >= 0.5 {
		ps.in("points_tolerance").add("points_tolerance %g: from 0 to below 0.5", c.PointsTolerance)
	}
	for i, x := range c.BlankEntryValues {
		if x <= 0 {
			ps.in("blank_entry_values", i).add("blank_entry_values must be positive (a blank entry is worth 0 already)")
		}
	}
	if c.MaxPairingByesPerRound < 1 {
		ps.in("max_pairing_byes_per_round").add("max_pairing_byes_per_round must be at least 1")
	}
	if c.RepeatedPairingsAllowed < 1 {
		ps.in("repeated_pairings_allowed").add("repeated_pairings_allowed must be at least 1 (two players meet once)")
	}
}
