package rules

import (
	"slices"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
)

// Fide is one dated set of the FIDE Rating Regulations (FIDE-RR): the
// `fide:` section of rules.yaml holds one per version of the regulations,
// each in force for tournaments starting within [ValidFrom, ValidUntil]
// (FIDE-RR 0.1: a change applies to tournaments starting on or after its
// date), so that a later version is a new entry, not new code. Every
// field is required.
type Fide struct {
	ID         string          `yaml:"id"`
	ValidFrom  tournament.Date `yaml:"valid_from"`
	ValidUntil tournament.Date `yaml:"valid_until,omitempty"` // zero: open-ended
	// Name is the text of the regulations the set follows, as the
	// preview, the FIDE page and the tournament report name it.
	Name string `yaml:"name"`

	// Floor is the minimum published rating (0.6: 1200).
	Floor int `yaml:"floor"`
	// DiffCap: a difference above it counts as DiffCap (8.54: 400).
	DiffCap int `yaml:"diff_cap"`
	// KNew (8.56: 30) until KNewGames (30) games are completed; K below
	// KHighFrom (15); KHigh (10) once a published rating reached
	// KHighFrom (2400), for ever.
	KNew      int `yaml:"k_new"`
	KNewGames int `yaml:"k_new_games"`
	K         int `yaml:"k"`
	KHigh     int `yaml:"k_high"`
	KHighFrom int `yaml:"k_high_from"`
	// KJunior (2014 8.56, 2024 8.3.3: 40) for a player under
	// KJuniorBelow (2300) until KJuniorUntil: "18th-birthday" (2014:
	// until his 18th birthday), "end-of-18th-year" (2024: until the end
	// of the year of his 18th birthday), "none" (2010: no junior K).
	KJunior      int    `yaml:"k_junior"`
	KJuniorBelow int    `yaml:"k_junior_below"`
	KJuniorUntil string `yaml:"k_junior_until"`
	// KGamesMax: K × the games of the period at most this (2024 8.3.3:
	// 700; K is then the largest whole number within it); 0 none.
	KGamesMax int `yaml:"k_games_max"`
	// DiffCapExemptFrom: the cap of DiffCap does not apply to a player rated
	// this much or more (amendment of 1 October 2025 to 8.3.1: 2650);
	// 0: it applies to everyone.
	DiffCapExemptFrom int `yaml:"diff_cap_exempt_from"`
	// RatedOpponentsOnly: only games against rated opponents are rated,
	// in a round robin too (2024 8.1, 8.3.1); false: a round robin's
	// games against unrated players count (2010 8.52, 8.58).
	RatedOpponentsOnly bool `yaml:"rated_opponents_only"`
	// ChangeRounding is how the rating change, summed over the games,
	// becomes the new rating: "half_up" (2010 8.57: Rn rounded, 0.5 up)
	// or "away_from_zero" (2024 8.3.4: the change rounded, 0.5 away
	// from zero).
	ChangeRounding string `yaml:"change_rounding"`
	// HalfPointStep: an unrated player above 50 % gets this much per
	// half point above it (8.23: 15); 0: dp of table 8.1 a above 50 %
	// as below (2024 8.2).
	HalfPointStep int `yaml:"half_point_step"`
	// HypotheticalOpponents at HypotheticalRating, each a draw, are added
	// to an unrated player's games (2024 8.2: two at 1800); 0 none.
	HypotheticalOpponents int `yaml:"hypothetical_opponents"`
	HypotheticalRating    int `yaml:"hypothetical_rating"`
	// InitialMax caps a first rating (2024 8.2: 2200); 0 none.
	InitialMax int `yaml:"initial_max"`
	// FirstEventMinRated and FirstEventMinPoints: in his first event an
	// unrated player's result counts only with at least this many rated
	// opponents and points (8.21: 3 and 1).
	FirstEventMinRated  int     `yaml:"first_event_min_rated"`
	FirstEventMinPoints float64 `yaml:"first_event_min_points"`
	// MinGamesPublished: a new player's rating is published after this
	// many games (7.14 a, b: 9).
	MinGamesPublished int `yaml:"min_games_published"`
	// RateOfPlay: the minimum time per player for 60 moves by the
	// highest rating in the tournament (1.1), highest threshold first.
	RateOfPlay []validate.RatingThreshold `yaml:"rate_of_play"`
	// List: the FIDE lists and their cut-off (7.11; 7.13: 7 days before
	// the list, by the tournament's last day). Kind must be fide.
	List periods.Schedule `yaml:"list"`
	// ForwardKinds are the kinds of play forwarded to FIDE (standard);
	// ForwardMinRated: a homologated tournament of those kinds with at
	// least this many FIDE-rated players (001 rating or FIDE id with a
	// rating) is FIDE-rated and forwarded.
	ForwardKinds    []fsi.Kind `yaml:"forward_kinds"`
	ForwardMinRated int        `yaml:"forward_min_rated"`
	// Findings configures the problems FIDE would raise before a
	// tournament is forwarded, by id (fide.no-id, fide.id-twice,
	// fide.federation-missing, fide.rate-too-short...).
	Findings map[string]validate.Rule `yaml:"findings"`
}

// Covers reports whether the set is in force for a tournament starting
// on d.
func (s *Fide) Covers(d tournament.Date) bool {
	if d.Before(s.ValidFrom) {
		return false
	}
	return s.ValidUntil.IsZero() || !s.ValidUntil.Before(d)
}

// SelectFide returns the FIDE rule set in force for a tournament starting
// on d; when none covers it (or d is unknown), the newest one whose
// start is not after d, else the oldest. Nil when the file has none.
func (f *File) SelectFide(d tournament.Date) *Fide {
	var newest, oldest *Fide // newest started by d; oldest of all
	for i := range f.Fide {
		s := &f.Fide[i]
		if !d.IsZero() && s.Covers(d) {
			return s
		}
		if (d.IsZero() || !d.Before(s.ValidFrom)) && (newest == nil || newest.ValidFrom.Before(s.ValidFrom)) {
			newest = s
		}
		if oldest == nil || s.ValidFrom.Before(oldest.ValidFrom) {
			oldest = s
		}
	}
	if newest != nil {
		return newest
	}
	return oldest
}

// Junior K periods (KJuniorUntil).
const (
	JuniorNone        = "none"
	JuniorBirthday18  = "18th-birthday"
	JuniorEndOfYear18 = "end-of-18th-year"
)

// RoundAwayFromZero is the change rounding of 2024 8.3.4
// (ChangeRounding; the other is RoundHalfUp, 2010 8.57).
const RoundAwayFromZero = "away_from_zero"

// KFor returns the K of 8.56 (2024: 8.3.3) for a player with a
// published rating, games completed and whether his published rating
// ever reached KHighFrom; junior says he is a junior by KJuniorUntil
// (Junior).
func (s *Fide) KFor(rating, games int, reachedHigh, junior bool) int {
	switch {
	case reachedHigh || rating >= s.KHighFrom:
		return s.KHigh
	case games < s.KNewGames:
		return s.KNew
	case junior && s.KJunior > 0 && rating < s.KJuniorBelow:
		return s.KJunior
	}
	return s.K
}

// Junior reports whether a player born on birth is a junior for K on
// day (the tournament's last day): before his 18th birthday (2014), or
// up to the end of the year of it (2024). A birth date with the year
// only is a junior up to the year before his 18th (2014) or through it
// (2024); an unknown one never.
func (s *Fide) Junior(birth, day tournament.Date) bool {
	if birth.Year == 0 || day.Year == 0 {
		return false
	}
	switch s.KJuniorUntil {
	case JuniorEndOfYear18:
		return day.Year <= birth.Year+18
	case JuniorBirthday18:
		if day.Year != birth.Year+18 {
			return day.Year < birth.Year+18
		}
		if birth.Month == 0 || day.Month == 0 {
			return false
		}
		if day.Month != birth.Month {
			return day.Month < birth.Month
		}
		return birth.Day != 0 && day.Day < birth.Day
	}
	return false
}

// KCapped is K within KGamesMax for games in the period (2024 8.3.3).
func (s *Fide) KCapped(k, games int) int {
	if s.KGamesMax > 0 && games > 0 && k*games > s.KGamesMax {
		return s.KGamesMax / games
	}
	return k
}

// DiffCapFor is the 400-point cap for a player rated r (8.54; 2024
// 8.3.1 with the amendment of 1 October 2025: none from 2650), as the
// largest difference the table is read at.
func (s *Fide) DiffCapFor(r int) int {
	if s.DiffCapExemptFrom > 0 && r >= s.DiffCapExemptFrom {
		return 1 << 20 // the whole table
	}
	return s.DiffCap
}

// checkFide checks the `fide:` section's values.
func (v *validator) checkFide(sets []Fide) {
	if len(sets) == 0 {
		v.errf([]any{"fide"}, "fide: no rule set (FIDE-RR)")
	}
	for i := range sets {
		s := &sets[i]
		at := func(keys ...any) []any { return append([]any{"fide", i}, keys...) }
		if s.ID == "" {
			v.errf(at("id"), "fide rule set without id")
		}
		if !s.ValidFrom.IsCalendarDay() {
			v.errf(at("valid_from"), "fide %s: valid_from %q is not a date YYYY-MM-DD", s.ID, s.ValidFrom)
		}
		if !s.ValidUntil.IsZero() && (!s.ValidUntil.IsCalendarDay() || s.ValidUntil.Before(s.ValidFrom)) {
			v.errf(at("valid_until"), "fide %s: valid_until %q is not a date on or after valid_from", s.ID, s.ValidUntil)
		}
		for j := 0; j < i; j++ {
			o := &sets[j]
			if o.ID == s.ID {
				v.errf(at("id"), "fide rule set id %q used twice", s.ID)
			}
			if (o.ValidUntil.IsZero() || !o.ValidUntil.Before(s.ValidFrom)) && (s.ValidUntil.IsZero() || !s.ValidUntil.Before(o.ValidFrom)) {
				v.errf(at("valid_from"), "fide rule sets %s and %s are in force on the same dates", o.ID, s.ID)
			}
		}
		if strings.TrimSpace(s.Name) == "" {
			v.errf(at("name"), "fide %s: name: the regulations' text the set follows", s.ID)
		}
		if s.Floor <= 0 || s.KNew <= 0 || s.K <= 0 || s.KHigh <= 0 || s.KHighFrom <= 0 || s.KNewGames < 0 ||
			s.HalfPointStep < 0 || s.FirstEventMinRated < 0 || s.FirstEventMinPoints < 0 || s.MinGamesPublished <= 0 ||
			s.KJunior < 0 || s.KJuniorBelow < 0 || s.KGamesMax < 0 || s.DiffCapExemptFrom < 0 ||
			s.HypotheticalOpponents < 0 || s.HypotheticalRating < 0 || s.InitialMax < 0 {
			v.errf(at("floor"), "fide %s: floor, k_new, k, k_high, k_high_from and min_games_published must be positive, the others not negative", s.ID)
		}
		switch s.KJuniorUntil {
		case JuniorNone:
			if s.KJunior != 0 || s.KJuniorBelow != 0 {
				v.errf(at("k_junior"), "fide %s: k_junior_until none: k_junior and k_junior_below would be ignored, set them 0", s.ID)
			}
		case JuniorBirthday18, JuniorEndOfYear18:
			if s.KJunior <= 0 || s.KJuniorBelow <= 0 {
				v.errf(at("k_junior"), "fide %s: k_junior_until %s needs k_junior and k_junior_below", s.ID, s.KJuniorUntil)
			}
		default:
			v.errf(at("k_junior_until"), "fide %s: k_junior_until %q: none, 18th-birthday or end-of-18th-year", s.ID, s.KJuniorUntil)
		}
		if s.ChangeRounding != RoundHalfUp && s.ChangeRounding != RoundAwayFromZero {
			v.errf(at("change_rounding"), "fide %s: change_rounding %q: half_up or away_from_zero", s.ID, s.ChangeRounding)
		}
		if (s.HypotheticalOpponents > 0) != (s.HypotheticalRating > 0) {
			v.errf(at("hypothetical_opponents"), "fide %s: hypothetical_opponents and hypothetical_rating go together", s.ID)
		}
		// The table of FIDE-RR 8.1 b stops at 735.
		if s.DiffCap < 1 || s.DiffCap > 735 {
			v.errf(at("diff_cap"), "fide %s: diff_cap %d: between 1 and 735 (FIDE-RR 8.54: 400)", s.ID, s.DiffCap)
		}
		if len(s.RateOfPlay) == 0 || s.RateOfPlay[len(s.RateOfPlay)-1].Rating != 0 {
			v.errf(at("rate_of_play"), "fide %s: rate_of_play: highest rating first, the last with rating 0 (FIDE-RR 1.1)", s.ID)
		}
		for k, th := range s.RateOfPlay {
			if th.Minutes <= 0 || (k > 0 && th.Rating >= s.RateOfPlay[k-1].Rating) {
				v.errf(at("rate_of_play", k), "fide %s: rate_of_play: decreasing ratings, positive minutes", s.ID)
			}
		}
		v.checkList(at("list"), s.List, fsi.FIDE)
		for k, kind := range s.ForwardKinds {
			if !kind.IsPlay() {
				v.errf(at("forward_kinds", k), "fide %s: forward_kinds: %q: standard, rapid or blitz", s.ID, kind)
			}
		}
		if s.ForwardMinRated < 1 {
			v.errf(at("forward_min_rated"), "fide %s: forward_min_rated must be at least 1", s.ID)
		}
		for _, id := range FideFindings {
			if _, ok := s.Findings[id]; !ok {
				v.errf(at("findings"), "fide %s: findings: %s is not configured", s.ID, id)
			}
		}
		ids := make([]string, 0, len(s.Findings))
		for id := range s.Findings {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			r := s.Findings[id]
			p := at("findings", id)
			if !slices.Contains(FideFindings, id) {
				v.errf(p, "fide %s: findings: %q is not a FIDE finding (%s)", s.ID, id, strings.Join(FideFindings, ", "))
			}
			if !r.Severity.Configurable() {
				v.errf(append(p, "severity"), "fide finding %s: severity %q: error, warning, info or off", id, r.Severity)
			}
			if strings.TrimSpace(r.Article) == "" || strings.TrimSpace(r.MessageIT) == "" || strings.TrimSpace(r.MessageEN) == "" {
				v.errf(p, "fide finding %s: article, message_it and message_en must not be empty", id)
			}
			if a, b := validate.Placeholders(r.MessageIT), validate.Placeholders(r.MessageEN); !slices.Equal(a, b) {
				v.errf(append(p, "message_en"), "fide finding %s: the two messages use different placeholders (it %v, en %v)", id, a, b)
			}
		}
	}
}

// FideFindings are the ids of the problems FIDE would raise that the
// export checks (package fide), each configured in every fide rule set.
var FideFindings = []string{"fide.no-id", "fide.id-twice", "fide.federation-missing",
	"fide.tournament-federation-missing", "fide.rate-too-short", "fide.rate-unknown", "fide.arbiter-id-missing",
	"fide.deputy-arbiter-id-missing", "fide.arbiter-id-from-register"}
