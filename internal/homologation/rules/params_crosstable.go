package rules

// Crosstable, Conduct and Tiebreak parameters: owned by the validator's
// crosstable, conduct and tie-break checks. As for the other parameters,
// every field is required in rules.yaml.

// Crosstable parameters (internal consistency of the crosstable).
type Crosstable struct {
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

// Conduct parameters (RTF 7.5, FIDE-GR 6.6–6.7).
type Conduct struct {
	// MaxForfeitLosses: a player who loses more games than this by
	// forfeit must be excluded (RTF 7.5.1: three losses exclude, so 2).
	MaxForfeitLosses int `yaml:"max_forfeit_losses"`
	// FirstRoundForfeitExcludes: a forfeit loss in round 1 excludes the
	// player unless the chief arbiter decides otherwise (RTF 7.5.1).
	FirstRoundForfeitExcludes bool `yaml:"first_round_forfeit_excludes"`
	// MaxAnnouncedAbsences: announced absences allowed per tournament
	// (RTF 7.5.2: two; a third is a withdrawal).
	MaxAnnouncedAbsences int `yaml:"max_announced_absences"`
	// AbsenceCodes are the result codes read as an announced absence
	// (regs §2 decision: Z, H, or nothing written; write "" for nothing).
	AbsenceCodes []string `yaml:"absence_codes"`
	// LateEntryCodes are the codes of a player's first rounds, before
	// his first pairing, that are read as a late entry rather than as
	// announced absences (a player who joins at round 3 has round 1 and
	// 2 blank or Z). Empty: leading rounds count as absences.
	LateEntryCodes []string `yaml:"late_entry_codes"`
	// LateEntryNeedsEveryLaterRound: the leading rounds are a late
	// entry only when the player is then paired (or given a scoring
	// bye) in every round to the last he plays; a player who also
	// misses later rounds has all his unpaired rounds counted. false
	// never counts the leading rounds.
	LateEntryNeedsEveryLaterRound bool `yaml:"late_entry_needs_every_later_round"`
	// MaxHalfPointByes per player and tournament (FIDE-GR 6.7.4: 1).
	MaxHalfPointByes int `yaml:"max_half_point_byes"`
	// LastRoundForfeitIsUnjustified: a forfeit loss in the last round
	// against a paired opponent is read as a withdrawal without notice
	// (RTF 7.5.2, regs §2 decision; the office can override it).
	LastRoundForfeitIsUnjustified bool `yaml:"last_round_forfeit_is_unjustified"`
	// RoundRobinWithdrawalAsksOffice: in a round robin a withdrawn
	// player's remaining games, written as forfeits by the schedule, are
	// neither forfeits after which he was paired again (RTF 7.5.1) nor a
	// withdrawal without notice (RTF 7.5.3): the office decides (regs
	// §4c). false reads them as in a Swiss.
	RoundRobinWithdrawalAsksOffice bool `yaml:"round_robin_withdrawal_asks_office"`
	// RoundRobinMinShare: a player withdrawn from a round robin with
	// fewer than this share of his games completed stays in the table
	// for rating but not in the standings (FIDE-GR 6.6: 0.5).
	RoundRobinMinShare float64 `yaml:"round_robin_min_share"`
}

// Tie-break handling of unplayed games.
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

// Tiebreak parameters (RTF 7.3.1, RAPID 4.6, FIDE C.07).
type Tiebreak struct {
	// Unplayed is the handling of unplayed games: fide-2023 or
	// virtual-opponent-2009.
	Unplayed string `yaml:"unplayed"`
	// Swiss and RoundRobin are the tie-breaks in order after the points
	// (RTF 7.3.1: Buchholz Cut 1 for Swiss and Italo-Swiss,
	// Sonneborn-Berger for round robins); names among BH, BH-C1, SB.
	Swiss      []string `yaml:"swiss"`
	RoundRobin []string `yaml:"round_robin"`
}
