package validate

import (
	"cmp"
	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/tournament"
)

// Rulebook is the part of rules.yaml the checks judge by: how a
// tournament's kind is decided (kind_of_play), every rule id once with
// its severity, article and messages (rules), and the rule sets with
// their parameters (rulesets). rules.File holds it inline, beside the
// rating settings and the FIDE regulations, and decodes it strictly;
// Validate reads it.
type Rulebook struct {
	KindOfPlay KindOfPlay `yaml:"kind_of_play"`
	// Rules configures every rule id once: severity, article and
	// messages. A rule set changes what differs for it (an article of
	// the rapid rules, a severity) in its overrides.
	Rules    map[string]Rule `yaml:"rules"`
	RuleSets []RuleSet       `yaml:"rulesets"`
	// Limits bound the file one judgement reads (format.too-large);
	// left out, the defaults.
	Limits FileLimits `yaml:"limits,omitempty"`

	// Name is the file the rules were read from, for messages.
	Name string `yaml:"-"`
}

// KindOfPlay says how a tournament's kind is decided from its rate of
// play (LAWS A.1, B.1) and which rule set judges it.
type KindOfPlay struct {
	// BlitzMaxMinutes: a time per player for 60 moves up to this is
	// blitz (LAWS B.1: 10).
	BlitzMaxMinutes float64 `yaml:"blitz_max_minutes"`
	// RapidMaxMinutes: above BlitzMaxMinutes and below this (or up to
	// it when RapidMaxInclusive) is rapid; more is standard (LAWS A.1:
	// less than 60).
	RapidMaxMinutes float64 `yaml:"rapid_max_minutes"`
	// RapidMaxInclusive puts a 60-minute game in rapid. LAWS A.1 says
	// "minore di 60", RAPID 4.1 homologates 60 as rapid and RTF 5.3.1 d
	// never rates 60 minutes as standard, so an FSI office wants true.
	RapidMaxInclusive bool `yaml:"rapid_max_inclusive"`
	// WhenUnknown is the kind of play assumed when the rate of play is
	// unknown and the submission does not say (standard or rapid).
	WhenUnknown fsi.Kind `yaml:"when_unknown"`
	// BlitzJudgedBy names the rule-set kind that judges a blitz
	// tournament, so that it is reported (and rejected) with articles.
	BlitzJudgedBy fsi.Kind `yaml:"blitz_judged_by"`
	// PromotionNameWords: a standard tournament whose name holds one of
	// these words is judged as a promotion tournament (RTF 5.2.1 a),
	// as is one that the submission or the calendar calls so.
	PromotionNameWords []string `yaml:"promotion_name_words"`
}

// RuleSet is one set of checks and parameters for a kind of tournament,
// in force for tournaments starting within [ValidFrom, ValidUntil].
type RuleSet struct {
	ID         string          `yaml:"id"`
	Kind       fsi.Kind        `yaml:"kind"` // standard, rapid, promotion
	ValidFrom  tournament.Date `yaml:"valid_from"`
	ValidUntil tournament.Date `yaml:"valid_until,omitempty"` // zero: open-ended
	Params     Params          `yaml:"params"`
	// Overrides change, for this rule set, some fields of the file's
	// rules (the others are kept).
	Overrides map[string]RuleOverride `yaml:"overrides,omitempty"`
	// rules is the file's rules, which Rule reads with the set's
	// overrides applied: every rule id the checks may report; an id
	// missing is a configuration error. Set by Resolve.
	rules map[string]Rule
	// List is the schedule of the rating list the set's tournaments
	// count in (params.deadline.list), from the rating settings: filled
	// by the rules package when it reads the file.
	List periods.Schedule `yaml:"-"`
}

// RuleOverride changes some fields of a rule for one rule set; empty
// fields keep the file's value.
type RuleOverride struct {
	Severity  Severity `yaml:"severity,omitempty"`
	Article   string   `yaml:"article,omitempty"`
	MessageIT string   `yaml:"message_it,omitempty"`
	MessageEN string   `yaml:"message_en,omitempty"`
}

// Rule is the configuration of one rule id.
type Rule struct {
	Severity Severity `yaml:"severity"`
	Article  string   `yaml:"article"`
	// Messages may contain {name} placeholders filled by the check
	// (e.g. {player}, {round}, {value}, {limit}).
	MessageIT string `yaml:"message_it"`
	MessageEN string `yaml:"message_en"`
}

// Params are a rule set's parameters, grouped as the checks are: each
// group is declared beside the check that reads it (<check>_params.go),
// with the check of its values. Every field is required in rules.yaml
// (none is omitempty), so that a decision of the regulations is always
// written down where the office can read and change it; where a number
// can switch a requirement off, 0 (or an empty list) says so and the
// field's comment tells.
type Params struct {
	Eligibility EligibilityParams `yaml:"eligibility"`
	Deadline    DeadlineParams    `yaml:"deadline"`
	Submission  SubmissionParams  `yaml:"submission"`
	Identity    IdentityParams    `yaml:"identity"`
	Crosstable  CrosstableParams  `yaml:"crosstable"`
	Conduct     ConductParams     `yaml:"conduct"`
	Tiebreak    TiebreakParams    `yaml:"tiebreak"`
}

// Resolve gives every rule set the book's rules, which the set's Rule
// reads with its overrides applied. The overrides are applied when a
// rule is read rather than copied into a table a set: fourteen sets of a
// hundred rules are most of what a check of a small file allocates.
func (b *Rulebook) Resolve() {
	for i := range b.RuleSets {
		b.RuleSets[i].rules = b.Rules
	}
}

// Rule is the rule id as the set applies it: the book's, with the set's
// override of its severity, article or messages; false when the book
// does not configure id.
func (rs *RuleSet) Rule(id string) (Rule, bool) {
	r, ok := rs.rules[id]
	if !ok {
		return Rule{}, false
	}
	if o, ok := rs.Overrides[id]; ok {
		if o.Severity != "" {
			r.Severity = o.Severity
		}
		if o.Article != "" {
			r.Article = o.Article
		}
		if o.MessageIT != "" {
			r.MessageIT = o.MessageIT
		}
		if o.MessageEN != "" {
			r.MessageEN = o.MessageEN
		}
	}
	return r, true
}

// Covers reports whether the rule set is in force on d.
func (rs *RuleSet) Covers(d tournament.Date) bool {
	if d.Before(rs.ValidFrom) {
		return false
	}
	return rs.ValidUntil.IsZero() || !rs.ValidUntil.Before(d)
}

// Select returns the rule set of kind in force on the date on. When none
// of that kind covers the date (a tournament older than any configured
// rule set, or no date known), it returns the one nearest in time and
// inRange false, so that the caller can say which rules it applied and
// why; the result is nil when the book has no rule set of that kind.
func (b *Rulebook) Select(kind fsi.Kind, on tournament.Date) (rs *RuleSet, inRange bool) {
	var best *RuleSet
	bestDist := 0
	for i := range b.RuleSets {
		r := &b.RuleSets[i]
		if r.Kind != kind {
			continue
		}
		if !on.IsZero() && r.Covers(on) {
			return r, true
		}
		var dist int
		switch {
		case on.IsZero():
			// No date: the newest rules, as for a tournament of today.
			dist = -r.ValidFrom.Year*400 - int(r.ValidFrom.Month)*32 - r.ValidFrom.Day
		case on.Before(r.ValidFrom):
			dist = on.DaysUntil(r.ValidFrom)
		default:
			dist = r.ValidUntil.DaysUntil(on)
		}
		if best == nil || dist < bestDist {
			best, bestDist = r, dist
		}
	}
	return best, false
}

// RuleSet returns the rule set with the id, or nil.
func (b *Rulebook) RuleSet(id string) *RuleSet {
	for i := range b.RuleSets {
		if b.RuleSets[i].ID == id {
			return &b.RuleSets[i]
		}
	}
	return nil
}

// FileLimits bound what one file may hold: beyond them the file is not
// read but rejected with a finding naming the limit (format.too-large),
// so that no upload or message costs more than a real tournament's file.
type FileLimits struct {
	// MaxLines: lines of the file (default 100,000; the largest
	// tournament's TRF has some thousands).
	MaxLines int `yaml:"max_lines,omitempty"`
	// MaxPlayers: player records (default 20,000).
	MaxPlayers int `yaml:"max_players,omitempty"`
}

// The limits a rulebook that leaves them out takes.
const (
	DefaultMaxLines   = 100_000
	DefaultMaxPlayers = 20_000
)

// lines and players are the limits in force.
func (l FileLimits) lines() int   { return cmp.Or(l.MaxLines, DefaultMaxLines) }
func (l FileLimits) players() int { return cmp.Or(l.MaxPlayers, DefaultMaxPlayers) }
