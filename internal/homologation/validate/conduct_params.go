package validate

// The conduct checks' parameters (conduct.go), rules.yaml's
// rulesets[].params.conduct, and the check of their values.

// ConductParams are the parameters of the conduct checks (RTF 7.5,
// FIDE-GR 6.6–6.7).
type ConductParams struct {
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

func (d *ConductParams) check(ps problems) {
	if d.MaxForfeitLosses < 0 || d.MaxAnnouncedAbsences < 0 || d.MaxHalfPointByes < 0 {
		ps.in("max_forfeit_losses").add("max_forfeit_losses, max_announced_absences and max_half_point_byes must not be negative")
	}
	for _, codes := range []struct {
		key, what string
		list      []string
	}{{"absence_codes", "absence code", d.AbsenceCodes}, {"late_entry_codes", "late entry code", d.LateEntryCodes}} {
		for i, code := range codes.list {
			switch code {
			case "", "Z", "H", "-", "F", "U":
			default:
				ps.in(codes.key, i).add("%s %q: one of Z, H, -, F, U or \"\" (nothing written)", codes.what, code)
			}
		}
	}
	if d.RoundRobinMinShare < 0 || d.RoundRobinMinShare > 1 {
		ps.in("round_robin_min_share").add("round_robin_min_share %g: between 0 and 1", d.RoundRobinMinShare)
	}
}
