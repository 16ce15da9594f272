package validate

// The eligibility checks' parameters (eligibility.go; the calendar match
// in match.go), rules.yaml's rulesets[].params.eligibility, and the
// check of their values.

// EligibilityParams are the parameters of the eligibility checks (RTF
// 5.3.1, FIDE-RR 1.1–4.1, RAPID 3–4, RTF 7.2).
type EligibilityParams struct {
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

	Pairing       Pairing             `yaml:"pairing"`
	Authorisation AuthorisationParams `yaml:"authorisation"`
	Membership    Membership          `yaml:"membership"`

	// League and Team are the competitions the individual rules do not
	// fit (competition_params.go).
	League League `yaml:"league"`
	Team   Team   `yaml:"team"`
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

// RatingThreshold is one line of FIDE-RR 1.1 (here, and in the FIDE
// regulations of rules.yaml's fide: section).
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

// AuthorisationParams configure the match of a tournament to the
// calendar of authorised tournaments (RTF 5.3.1 g, 6.1.1; RAPID 2.1);
// the match itself is the report's Authorisation.
type AuthorisationParams struct {
	// MinNameSimilarity is the share of common words (0–1) between the
	// tournament's name and the event's that makes the names alike (the
	// city is evidence of its own), and so between the organiser the
	// mail names and the event's.
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

func (e *EligibilityParams) check(ps problems) {
	if e.MinRounds < 1 {
		ps.in("min_rounds").add("min_rounds %d must be at least 1", e.MinRounds)
	}
	if e.MinRoundsConsecutiveDays < 0 || e.MinRoundsConsecutiveDays > e.MinRounds {
		ps.in("min_rounds_consecutive_days").add("min_rounds_consecutive_days %d must be 0 (no exception) or at most min_rounds", e.MinRoundsConsecutiveDays)
	}
	if e.MinPlayers < 2 {
		ps.in("min_players").add("min_players %d must be at least 2", e.MinPlayers)
	}
	if e.MinPlayersFewRounds < 0 || (e.MinRoundsConsecutiveDays == 0) != (e.MinPlayersFewRounds == 0) {
		ps.in("min_players_few_rounds").add("min_players_few_rounds must be set exactly when min_rounds_consecutive_days is")
	}
	e.RateOfPlay.check(ps.in("rate_of_play"))
	if e.MaxGamesPerDay < 0 || e.MaxHoursPerDay < 0 || e.MaxDays < 0 {
		ps.in("max_games_per_day").add("max_games_per_day, max_hours_per_day and max_days must be 0 (no limit) or positive")
	}
	if e.GameClocks <= 0 {
		ps.in("game_clocks").add("game_clocks must be positive (2: a game lasts both players' time)")
	}
	if len(e.ArbiterCategories) == 0 {
		ps.in("arbiter_categories").add("arbiter_categories is empty: no arbiter could direct a tournament")
	}
	e.Pairing.check(ps.in("pairing"))
	e.Authorisation.check(ps.in("authorisation"))
	e.League.Recognise.check(ps.in("league"), "league")
	e.Team.Recognise.check(ps.in("team"), "team")
}

func (r *RateOfPlay) check(ps problems) {
	if r.MinMinutes60 <= 0 {
		ps.in("min_minutes_60").add("min_minutes_60 must be positive")
	}
	if r.MaxMinutes60 != 0 && r.MaxMinutes60 < r.MinMinutes60 {
		ps.in("max_minutes_60").add("max_minutes_60 %g is below min_minutes_60 %g (0 means no maximum)", r.MaxMinutes60, r.MinMinutes60)
	}
	for i, th := range r.RatingThresholds {
		if th.Minutes <= 0 || th.Rating < 0 || (i > 0 && th.Rating >= r.RatingThresholds[i-1].Rating) {
			ps.in("rating_thresholds", i).add("rating thresholds go from the highest rating down, with positive minutes")
		}
	}
	if r.FirstControlMoves < 0 {
		ps.in("first_control_moves").add("first_control_moves must be 0 or positive")
	}
}

func (pp *Pairing) check(ps problems) {
	names := map[string]bool{}
	for i, s := range pp.Systems {
		if s.Name == "" || len(s.Words) == 0 || s.IT == "" || s.EN == "" {
			ps.in("systems", i).add("a pairing system needs a name, words, it and en")
		}
		names[s.Name] = true
	}
	for i, a := range pp.Allowed {
		if !names[a] {
			ps.in("allowed", i).add("pairing system %q is not among pairing.systems", a)
		}
	}
}

func (a *AuthorisationParams) check(ps problems) {
	if s := a.MinNameSimilarity; s <= 0 || s > 1 {
		ps.in("min_name_similarity").add("min_name_similarity %g: between 0 (excluded) and 1", s)
	}
	if a.DateSlackDays < 0 {
		ps.in("date_slack_days").add("date_slack_days must not be negative")
	}
	if a.OtherDatesDays < 0 {
		ps.in("other_dates_days").add("other_dates_days must not be negative")
	}
}
