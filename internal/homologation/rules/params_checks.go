package rules

import "omologa/internal/fsi"

// Eligibility, Deadline, Submission and Identity parameters: owned by the
// validator's eligibility/deadline/submission/identity checks. Every field
// is required in rules.yaml (none is omitempty), so that a decision of the
// regulations is always written down where the office can read and change
// it; where a number can switch a requirement off, 0 (or an empty list)
// says so and the field's comment tells.

// Eligibility parameters (RTF 5.3.1, FIDE-RR 1.1–4.1, RAPID 3–4, RTF 7.2).
type Eligibility struct {
	// MinRounds is the minimum number of rounds (RTF 5.3.1 a: 6;
	// RAPID 4.3: 6).
	MinRounds int `yaml:"min_rounds"`
	// MinRoundsConsecutiveDays is the smaller number of rounds allowed
	// when they are played on consecutive days (RTF 5.3.1 a: 5); 0 means
	// no such exception (RAPID).
	MinRoundsConsecutiveDays int `yaml:"min_rounds_consecutive_days"`
	// SeveralRoundsADayAreConsecutive: when true, "giocati in giorni
	// consecutivi" is read as "the playing days form an unbroken run",
	// so two rounds on one day do not break it; when false, every round
	// must be on its own day, each the day after the previous.
	SeveralRoundsADayAreConsecutive bool `yaml:"several_rounds_a_day_are_consecutive"`
	// MinPlayers is the minimum number of participants (RTF 5.3.1 c: 7
	// with 6 or more rounds; RAPID 4.4: 14).
	MinPlayers int `yaml:"min_players"`
	// MinPlayersFewRounds applies instead of MinPlayers to a tournament
	// played under the consecutive-days exception (RTF 5.3.1 c: 6 with 5
	// rounds); 0 when there is no exception.
	MinPlayersFewRounds int `yaml:"min_players_few_rounds"`

	RateOfPlay RateOfPlay `yaml:"rate_of_play"`

	// MaxGamesPerDay (FIDE-RR 3.1: 3); 0 means no limit (rapid).
	MaxGamesPerDay int `yaml:"max_games_per_day"`
	// MaxHoursPerDay of play (FIDE-RR 3.1: 12); 0 means no limit.
	MaxHoursPerDay float64 `yaml:"max_hours_per_day"`
	// GameClocks turns the time per player into the length of a game:
	// a game can last both players' time, so 2 (a 90'+30" game, 120
	// minutes each, lasts up to 4 hours).
	GameClocks float64 `yaml:"game_clocks"`
	// MaxDays is the longest a tournament may last, first to last day
	// (FIDE-RR 4.1: 90); 0 means no limit.
	MaxDays int `yaml:"max_days"`
	// MaxDaysInclusive counts both the first and the last day (1 March
	// to 29 May is 90 days); false counts the days between them.
	MaxDaysInclusive bool `yaml:"max_days_inclusive"`

	// ArbiterCategories lists the arbiters' register categories allowed
	// to direct the tournament (RTF 5.3.1 f: at least Candidato
	// Nazionale).
	ArbiterCategories []string `yaml:"arbiter_categories"`

	Pairing       Pairing       `yaml:"pairing"`
	Authorisation Authorisation `yaml:"authorisation"`
	Membership    Membership    `yaml:"membership"`

	League League `yaml:"league"`
	Team   Team   `yaml:"team"`
}

// Recognise says how a kind of competition is known: by what the
// submission states, by the kind of its event in the calendar of
// authorised tournaments, or by words of its name. Words are matched
// case- and accent-insensitively as whole words (several words in a row
// for a phrase).
type Recognise struct {
	// SubmissionKinds and CalendarKinds are the values of the
	// submission's kind and of the calendar's kind column that name
	// this kind of competition ("league", "campionato a squadre").
	SubmissionKinds []string `yaml:"submission_kinds"`
	CalendarKinds   []string `yaml:"calendar_kinds"`
	// NameWords are words of the tournament's name that say so.
	NameWords []string `yaml:"name_words"`
}

// League configures FIDE-RR 4.11: league championships ("Campionati di
// Lega") may be rated even when they last more than the 90 days of
// FIDE-RR 4.1.
type League struct {
	Recognise `yaml:",inline"`
	// ExemptFromMaxDays lifts MaxDays for a league; false applies it to
	// leagues too.
	ExemptFromMaxDays bool `yaml:"exempt_from_max_days"`
}

// Team configures RTF 5.4.1: a team competition (a TRF26 file with 013
// or 310 team records, or one recognised as such) is valid for Elo
// Italia with a rate of play of at least 2 hours, an arbiter of at least
// Candidato Nazionale, individual points as the main ranking criterion,
// and authorisation; RTF 5.4.1 sets no minimum of rounds or
// participants.
type Team struct {
	Recognise `yaml:",inline"`
	// IndividualMinimums applies the individual tournaments' minimum
	// rounds and participants (RTF 5.3.1 a, c) to team competitions too;
	// false reads RTF 5.4.1, which does not ask for them.
	IndividualMinimums bool `yaml:"individual_minimums"`
	// IndividualPointsFirst checks RTF 5.4.1 c: where the file gives the
	// teams' ranks with their match and game points (TRF26 310), the
	// ranks must follow the game points (the sum of the individual
	// points).
	IndividualPointsFirst bool `yaml:"individual_points_first"`
}

// RateOfPlay bounds the time per player for a 60-move game (RTF 5.3.1 d,
// FIDE-RR 1.1, 1.3; RAPID 4.1).
type RateOfPlay struct {
	// MinMinutes60 (RTF 5.3.1 d: 120; RAPID 4.1: 15).
	MinMinutes60 float64 `yaml:"min_minutes_60"`
	// MaxMinutes60 (RAPID 4.1: 60); 0 means no upper bound.
	MaxMinutes60 float64 `yaml:"max_minutes_60"`
	// MinInclusive: the minimum itself is allowed ("non inferiore a",
	// "compreso tra").
	MinInclusive bool `yaml:"min_inclusive"`
	// MaxInclusive: the maximum itself is allowed (RAPID 4.1 "compreso
	// tra 15 e 60"; LAWS A.1 would say less than 60).
	MaxInclusive bool `yaml:"max_inclusive"`
	// RatingThresholds are FIDE-RR 1.1: when at least one player is
	// rated Rating or more, every player needs Minutes for 60 moves. The
	// highest threshold reached applies; none reached means the last
	// entry's Minutes with Rating 0.
	RatingThresholds []RatingThreshold `yaml:"rating_thresholds"`
	// FirstControlMoves is the number of moves of the first time control
	// when one is given (FIDE-RR 1.3: 40); 0 means not checked.
	FirstControlMoves int `yaml:"first_control_moves"`
}

// RatingThreshold is one line of FIDE-RR 1.1.
type RatingThreshold struct {
	Rating  int     `yaml:"rating"`
	Minutes float64 `yaml:"minutes"`
}

// Pairing lists the pairing systems allowed (RTF 7.2.1) and how to
// recognise them in what a file declares (TRF26 192, 092, Vega's field).
type Pairing struct {
	// Allowed names systems of Systems (RTF 7.2.1: swiss, round-robin;
	// promotion tournaments also italo-swiss).
	Allowed []string `yaml:"allowed"`
	// Systems maps a system name to words that identify it in the
	// declared text (matched case- and accent-insensitively, as whole
	// words or word prefixes). The first system whose words match wins,
	// in the order given.
	Systems []PairingSystem `yaml:"systems"`
}

// PairingSystem is a named pairing system with the words that identify it.
type PairingSystem struct {
	Name  string   `yaml:"name"`
	Words []string `yaml:"words"`
	// IT and EN name the system in messages ("svizzero", "Swiss").
	IT string `yaml:"it"`
	EN string `yaml:"en"`
}

// Authorisation configures the match of a tournament to the calendar of
// authorised tournaments (RTF 5.3.1 g, 6.1.1; RAPID 2.1).
type Authorisation struct {
	// MinNameSimilarity is the share of common words (0–1) between the
	// tournament's name and city and the event's that makes a match when
	// the dates overlap.
	MinNameSimilarity float64 `yaml:"min_name_similarity"`
	// DateSlackDays widens the event's dates on both sides when looking
	// for an overlap (a tournament moved by a day is still the event).
	DateSlackDays int `yaml:"date_slack_days"`
	// OtherDatesDays: an event of the same name whose dates are within
	// this many days of the tournament's is its authorisation, played on
	// other dates (a warning for the office, regs §4c), not a missing
	// one; 0 turns the wider search off.
	OtherDatesDays int `yaml:"other_dates_days"`
}

// Membership configures RAPID 3.2 (every participant holds an FSI card
// for the year).
type Membership struct {
	// ForeignExempt: players of another federation (not ITA in the file
	// or the register) need no FSI card. RAPID 3.2 says "tutti"; false
	// reads it literally.
	ForeignExempt bool `yaml:"foreign_exempt"`
}

// Deadline parameters (RAPID 5.2, RTF 4.2.2, RAPID 6.2).
type Deadline struct {
	// Apply the receipt deadline to this rule set. RAPID 5.2 sets it for
	// rapid; the FSI applies the same procedure to standard tournaments
	// (regs §1 decision).
	Apply bool `yaml:"apply"`
	// MaxDaysAfterEnd: received on end + MaxDaysAfterEnd (calendar days
	// in TimeZone) is in time, a day later is late (RAPID 5.2: 8).
	MaxDaysAfterEnd int `yaml:"max_days_after_end"`
	// TimeZone in which receipt times become calendar days; the same as
	// rating.time_zone (checked), so that a receipt counts in the same
	// list for the validator and for the close.
	TimeZone string `yaml:"time_zone"`
	// ListKind names the rating list the tournament counts in, standard
	// or rapid: its schedule is rating.standard.list or rating.rapid.list,
	// held once for the validator, the receipts and the close.
	ListKind fsi.Kind `yaml:"list"`
	// List is that schedule, filled by Parse from the rating settings.
	List ListPeriod `yaml:"-"`
}

// ListPeriod describes the rating lists and their cut-offs.
type ListPeriod struct {
	// Kind is "standard" (bimonthly Elo Italia, RTF 4.2.2) or "rapid"
	// (monthly Elo Italia Rapid, RAPID 6.2).
	Kind fsi.Kind `yaml:"kind"`
	// IssueMonths are the months whose 1st day a list is issued
	// (standard: 1 3 5 7 9 11; rapid: every month).
	IssueMonths []int `yaml:"issue_months"`
	// CutoffDaysBeforeIssue: a list counts the tournaments received by
	// the issue date minus this many days (RTF 4.2.2: "entro il decimo
	// giorno antecedente", 10). 0 when CutoffDayOfPreviousMonth is used.
	CutoffDaysBeforeIssue int `yaml:"cutoff_days_before_issue"`
	// CutoffDayOfPreviousMonth: a list counts the tournaments received
	// by this day of the month before the issue (RAPID 6.2: 25). 0 when
	// CutoffDaysBeforeIssue is used.
	CutoffDayOfPreviousMonth int `yaml:"cutoff_day_of_previous_month"`
}

// Submission parameters: the e-mail fields required (RAPID 5.2).
type Submission struct {
	// RequiredFields are the labels the message body must state (RAPID
	// 5.2: venue, date, arbiter, organiser), with how messages name them.
	RequiredFields []Field `yaml:"required_fields"`
	// DateSlackDays: a date stated in the e-mail may differ by this many
	// days from the file's start and end before it is a mismatch.
	DateSlackDays int `yaml:"date_slack_days"`
}

// Field is one labelled value of a submission's message body.
type Field struct {
	// Name is the label as the intake records it: venue, date, arbiter,
	// organiser.
	Name string `yaml:"name"`
	// IT and EN name the field in the messages ("il luogo del torneo",
	// "the venue").
	IT string `yaml:"it"`
	EN string `yaml:"en"`
}

// Identity parameters (RTF 4.2.4, 4.2.16, 5.2.1 a).
type Identity struct {
	// MatchByName: a player with no FIDE or FSI id found in the register
	// is looked up by normalised name (and birth date when both sides
	// have one).
	MatchByName bool `yaml:"match_by_name"`
	// NameMatchNeedsBirthDate: a match by name alone (no birth date on
	// one side) is not accepted.
	NameMatchNeedsBirthDate bool `yaml:"name_match_needs_birth_date"`
	// RatingTolerance: a rating in the file may differ by this much from
	// the list in force at the start before it is reported (RTF 4.2.4).
	RatingTolerance int `yaml:"rating_tolerance"`
	// FileRatingIs names the register column the file's rating column
	// (001, FIDE) is compared with: fide_standard or fide_rapid.
	FileRatingIs string `yaml:"file_rating_is"`
	// NationalRatingIs names the register column a national rating in
	// the file (ITA record, .tdf) is compared with: elo_italia or
	// elo_rapid.
	NationalRatingIs string `yaml:"national_rating_is"`
	// AllowedCategories lists the national categories the tournament is
	// reserved to (promotion tournaments, RTF 5.2.1 a: 1S 2S NC); empty
	// means open to all (RTF 5.2.1 b).
	AllowedCategories []string `yaml:"allowed_categories"`
}
