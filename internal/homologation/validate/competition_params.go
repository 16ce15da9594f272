package validate

import "strings"

// The parameters of the competitions the individual rules do not fit
// (competition.go: league championships, team competitions), under
// rules.yaml's params.eligibility, and the check of their values.

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

// check reports an empty kind or word, which would match every
// tournament; key is the competition's (league, team).
func (r *Recognise) check(ps problems, key string) {
	for _, list := range []struct {
		key   string
		words []string
	}{{"submission_kinds", r.SubmissionKinds}, {"calendar_kinds", r.CalendarKinds}, {"name_words", r.NameWords}} {
		for i, w := range list.words {
			if strings.TrimSpace(w) == "" {
				ps.in(list.key, i).add("%s.%s: an empty kind or name word would match every tournament", key, list.key)
			}
		}
	}
}
