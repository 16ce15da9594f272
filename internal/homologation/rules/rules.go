// Package rules is the schema of rules.yaml: the rule sets of the
// homologation checks (standard, rapid, promotion...), each valid for a
// range of start dates, with its parameters and, per rule id, the
// severity, the article and the Italian and English messages; and the
// rating stage's settings. Decoding is strict (see strictyaml), and the
// values are checked after decoding, every error naming its line.
package rules

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // the deadline's time zone must load on a machine without zoneinfo

	"go.yaml.in/yaml/v3"

	"omologa/internal/fsi"
	"omologa/internal/platform/strictyaml"
	"omologa/internal/tournament"
)

// Severity of a configured rule: error, warning, info, or off to disable.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
	Off     Severity = "off"
)

// Groups are the first component of every rule id, so that scripts can
// filter findings.
var Groups = []string{"format", "crosstable", "eligibility", "deadline", "conduct",
	"tiebreak", "identity", "submission"}

// File is the whole of rules.yaml.
type File struct {
	Version    int        `yaml:"version"`
	KindOfPlay KindOfPlay `yaml:"kind_of_play"`
	// Rules configures every rule id once: severity, article and
	// messages. A rule set changes what differs for it (an article of
	// the rapid rules, a severity) in its overrides.
	Rules    map[string]Rule `yaml:"rules"`
	RuleSets []RuleSet       `yaml:"rulesets"`
	Rating   Rating          `yaml:"rating"`
	// Fide is the FIDE Rating Regulations by date (rules/fide.go).
	Fide []Fide `yaml:"fide"`

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
	// Rules is the file's rules with the overrides applied: every rule
	// id the checks may report; an id missing here is a configuration
	// error. Filled by Parse.
	Rules map[string]Rule `yaml:"-"`
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

// Params are a rule set's parameters, grouped as the checks are.
type Params struct {
	Eligibility Eligibility `yaml:"eligibility"`
	Deadline    Deadline    `yaml:"deadline"`
	Submission  Submission  `yaml:"submission"`
	Identity    Identity    `yaml:"identity"`
	Crosstable  Crosstable  `yaml:"crosstable"`
	Conduct     Conduct     `yaml:"conduct"`
	Tiebreak    Tiebreak    `yaml:"tiebreak"`
}

// Load reads and checks a rules file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return Parse(path, data)
}

// Parse decodes rules.yaml strictly (unknown key, wrong type, missing
// key) and then checks its values; name labels the errors, which are a
// strictyaml.Errors naming each line.
func Parse(name string, data []byte) (*File, error) {
	if pre, ok := predecoded(data); ok {
		f := &pre
		if err := f.finish(name, nil); err == nil {
			return f, nil
		}
		// A value check failed on this machine (a time zone it lacks):
		// parse, to name the lines.
	}
	root, err := strictyaml.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return fileOf(name, root)
}

// fileOf decodes and checks a rules file from its node tree.
func fileOf(name string, root *yaml.Node) (*File, error) {
	f := &File{}
	if err := strictyaml.DecodeTree(name, root, f); err != nil {
		return nil, err
	}
	if err := f.finish(name, root); err != nil {
		return nil, err
	}
	return f, nil
}

// finish names the decoded file, resolves it and checks its values, whose
// errors name their lines in root (0 without one).
func (f *File) finish(name string, root *yaml.Node) error {
	f.Name = name
	f.resolve()
	v := &validator{file: name, root: root}
	v.check(f)
	if len(v.errs) > 0 {
		sort.SliceStable(v.errs, func(i, j int) bool { return v.errs[i].Line < v.errs[j].Line })
		return v.errs
	}
	return nil
}

// resolve fills every rule set's Rules from the file's rules and the
// set's overrides, and its deadline's list schedule from the rating
// settings.
func (f *File) resolve() {
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		rs.Params.Deadline.List = f.Rating.ListOf(rs.Params.Deadline.ListKind)
		rs.Rules = make(map[string]Rule, len(f.Rules))
		for id, r := range f.Rules {
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
			rs.Rules[id] = r
		}
	}
}

// Location returns the deadline's time zone (checked when the file was
// parsed, so it loads).
func (d Deadline) Location() *time.Location { return location(d.TimeZone) }

// location loads a time zone of the settings, UTC when it does not load
// (the value checks have said so). Loaded zones are kept: loading one
// reads the zone database, and every check of a file asks.
func location(name string) *time.Location {
	loc, err := loadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// loadLocation is time.LoadLocation, once per zone and process: the
// value checks ask for the zone of every rule set, then every file.
func loadLocation(name string) (*time.Location, error) {
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	locations.Store(name, loc)
	return loc, nil
}

var locations sync.Map

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
// why; the result is nil when the file has no rule set of that kind.
func (f *File) Select(kind fsi.Kind, on tournament.Date) (rs *RuleSet, inRange bool) {
	var best *RuleSet
	bestDist := 0
	for i := range f.RuleSets {
		r := &f.RuleSets[i]
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
func (f *File) RuleSet(id string) *RuleSet {
	for i := range f.RuleSets {
		if f.RuleSets[i].ID == id {
			return &f.RuleSets[i]
		}
	}
	return nil
}

var ruleIDRe = regexp.MustCompile(`^[a-z]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$`)

// validator checks decoded values, locating each error through the node
// tree.
type validator struct {
	file string
	root *yaml.Node
	errs strictyaml.Errors
}

// errf records an error at the node reached by path (keys and sequence
// indexes); the line is the deepest node found.
func (v *validator) errf(path []any, format string, args ...any) {
	v.errs = append(v.errs, &strictyaml.Error{File: v.file, Line: lineOf(v.root, path),
		Msg: fmt.Sprintf(format, args...)})
}

func lineOf(n *yaml.Node, path []any) int {
	if n == nil {
		return 0
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, p := range path {
		var next *yaml.Node
		switch k := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == k {
						next = n.Content[i+1]
						line = n.Content[i].Line
						break
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && k < len(n.Content) {
				next = n.Content[k]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
		if n.Kind == yaml.ScalarNode {
			line = n.Line
		}
	}
	return line
}

func (v *validator) check(f *File) {
	if f.Version != 1 {
		v.errf([]any{"version"}, "version %d: this program reads version 1", f.Version)
	}
	k := f.KindOfPlay
	kp := []any{"kind_of_play"}
	if k.BlitzMaxMinutes <= 0 || k.RapidMaxMinutes <= k.BlitzMaxMinutes {
		v.errf(append(kp, "rapid_max_minutes"), "kind_of_play: blitz_max_minutes (%g) must be positive and below rapid_max_minutes (%g)", k.BlitzMaxMinutes, k.RapidMaxMinutes)
	}
	if k.WhenUnknown != fsi.Standard && k.WhenUnknown != fsi.Rapid {
		v.errf(append(kp, "when_unknown"), "kind_of_play.when_unknown %q: standard or rapid", k.WhenUnknown)
	}
	if !validKind(k.BlitzJudgedBy) {
		v.errf(append(kp, "blitz_judged_by"), "kind_of_play.blitz_judged_by %q: standard, rapid or promotion", k.BlitzJudgedBy)
	}
	if len(f.RuleSets) == 0 {
		v.errf([]any{"rulesets"}, "no rule set")
	}
	if len(f.Rules) == 0 {
		v.errf([]any{"rules"}, "no rule configured")
	}
	v.checkRules(f.Rules, []any{"rules"})
	ids := map[string]int{}
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		p := []any{"rulesets", i}
		if rs.ID == "" {
			v.errf(append(p, "id"), "rule set without id")
		} else if j, dup := ids[rs.ID]; dup {
			v.errf(append(p, "id"), "rule set id %q used twice (also rulesets[%d])", rs.ID, j)
		}
		ids[rs.ID] = i
		if !validKind(rs.Kind) {
			v.errf(append(p, "kind"), "rule set %s: kind %q: standard, rapid or promotion", rs.ID, rs.Kind)
		}
		if !validDate(rs.ValidFrom) {
			v.errf(append(p, "valid_from"), "rule set %s: valid_from %q is not a date YYYY-MM-DD", rs.ID, rs.ValidFrom)
		}
		if !rs.ValidUntil.IsZero() && (!validDate(rs.ValidUntil) || rs.ValidUntil.Before(rs.ValidFrom)) {
			v.errf(append(p, "valid_until"), "rule set %s: valid_until %q is not a date YYYY-MM-DD on or after valid_from", rs.ID, rs.ValidUntil)
		}
		for j := 0; j < i; j++ {
			o := &f.RuleSets[j]
			if o.Kind == rs.Kind && overlap(o, rs) {
				v.errf(append(p, "valid_from"), "rule sets %s and %s (both %s) are in force on the same dates: a tournament must have one rule set", o.ID, rs.ID, rs.Kind)
			}
		}
		v.checkParams(rs, append(p, "params"))
		v.checkOverrides(f, rs, append(p, "overrides"))
		// One player matcher (registers.Index): the rating stage must
		// find every player the validator finds, so it matches by name
		// whenever a rule set does.
		if rs.Params.Identity.MatchByName && !f.Rating.MatchByName {
			v.errf([]any{"rating", "match_by_name"}, "rating.match_by_name is false but rule set %s matches players by name: the rating stage would take players the validator found for new ones", rs.ID)
		}
	}
	for _, kind := range []fsi.Kind{k.WhenUnknown, k.BlitzJudgedBy} {
		found := false
		for i := range f.RuleSets {
			found = found || f.RuleSets[i].Kind == kind
		}
		if !found && validKind(kind) {
			v.errf(kp, "kind_of_play names %q but no rule set has that kind", kind)
		}
	}
	v.checkRating(&f.Rating) // rules/rating.go
	v.checkFide(f.Fide)      // rules/fide.go
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		if tz := rs.Params.Deadline.TimeZone; tz != f.Rating.TimeZone {
			v.errf([]any{"rulesets", i, "params", "deadline", "time_zone"}, "rule set %s: deadline.time_zone %q differs from rating.time_zone %q: a receipt would count in one list for the validator and in another for the close", rs.ID, tz, f.Rating.TimeZone)
		}
	}
}

func validKind(k fsi.Kind) bool { return k.IsRuleSet() }

func validDate(d tournament.Date) bool {
	if !d.IsFull() || d.Month > 12 || d.Day > 31 {
		return false
	}
	return tournament.DateOf(d.Time(time.UTC)) == d
}

func overlap(a, b *RuleSet) bool {
	// [a.from, a.until] ∩ [b.from, b.until], open ends at infinity.
	aEndsBeforeB := !a.ValidUntil.IsZero() && a.ValidUntil.Before(b.ValidFrom)
	bEndsBeforeA := !b.ValidUntil.IsZero() && b.ValidUntil.Before(a.ValidFrom)
	return !aEndsBeforeB && !bEndsBeforeA
}

// checkOverrides checks that a rule set overrides only configured rules,
// and the rules as overridden.
func (v *validator) checkOverrides(f *File, rs *RuleSet, p []any) {
	ids := make([]string, 0, len(rs.Overrides))
	for id := range rs.Overrides {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	over := map[string]Rule{}
	for _, id := range ids {
		if _, ok := f.Rules[id]; !ok {
			v.errf(append(slices.Clone(p), id), "rule set %s overrides rule %q, which the top-level rules do not configure", rs.ID, id)
			continue
		}
		over[id] = rs.Rules[id]
	}
	v.checkRules(over, p)
}

func (v *validator) checkRules(rules map[string]Rule, p []any) {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		r := rules[id]
		rp := append(slices.Clone(p), id)
		group, _, _ := strings.Cut(id, ".")
		if !ruleIDRe.MatchString(id) || !slices.Contains(Groups, group) {
			v.errf(rp, "rule id %q: dotted lower-case, starting with one of %s", id, strings.Join(Groups, ", "))
		}
		switch r.Severity {
		case Error, Warning, Info, Off:
		default:
			v.errf(append(rp, "severity"), "rule %s: severity %q: error, warning, info or off", id, r.Severity)
		}
		if strings.TrimSpace(r.Article) == "" {
			v.errf(append(rp, "article"), "rule %s: article is empty: every finding cites its article", id)
		}
		if strings.TrimSpace(r.MessageIT) == "" {
			v.errf(append(rp, "message_it"), "rule %s: message_it is empty", id)
		}
		if strings.TrimSpace(r.MessageEN) == "" {
			v.errf(append(rp, "message_en"), "rule %s: message_en is empty", id)
		}
		if err := placeholdersBalanced(r.MessageIT); err != "" {
			v.errf(append(rp, "message_it"), "rule %s: message_it: %s", id, err)
		}
		if err := placeholdersBalanced(r.MessageEN); err != "" {
			v.errf(append(rp, "message_en"), "rule %s: message_en: %s", id, err)
		}
		if a, b := placeholders(r.MessageIT), placeholders(r.MessageEN); !slices.Equal(a, b) {
			v.errf(append(rp, "message_en"), "rule %s: the two messages use different placeholders (it %v, en %v)", id, a, b)
		}
	}
}

func placeholdersBalanced(s string) string {
	depth := 0
	for _, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth < 0 || depth > 1 {
			return "unbalanced { }"
		}
	}
	if depth != 0 {
		return "unbalanced { }"
	}
	return ""
}

// placeholders returns the sorted distinct {names} of a message.
func placeholders(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		// {n|turno|turni} names n, with the noun for one and for many.
		name, _, _ := strings.Cut(s[i+1:i+j], "|")
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
		s = s[i+j+1:]
	}
	sort.Strings(out)
	return out
}

func (v *validator) checkParams(rs *RuleSet, p []any) {
	e := rs.Params.Eligibility
	ep := append(slices.Clone(p), "eligibility")
	at := func(keys ...any) []any { return append(slices.Clone(ep), keys...) }
	if e.MinRounds < 1 {
		v.errf(at("min_rounds"), "rule set %s: min_rounds %d must be at least 1", rs.ID, e.MinRounds)
	}
	if e.MinRoundsConsecutiveDays < 0 || e.MinRoundsConsecutiveDays > e.MinRounds {
		v.errf(at("min_rounds_consecutive_days"), "rule set %s: min_rounds_consecutive_days %d must be 0 (no exception) or at most min_rounds", rs.ID, e.MinRoundsConsecutiveDays)
	}
	if e.MinPlayers < 2 {
		v.errf(at("min_players"), "rule set %s: min_players %d must be at least 2", rs.ID, e.MinPlayers)
	}
	if e.MinPlayersFewRounds < 0 || (e.MinRoundsConsecutiveDays == 0) != (e.MinPlayersFewRounds == 0) {
		v.errf(at("min_players_few_rounds"), "rule set %s: min_players_few_rounds must be set exactly when min_rounds_consecutive_days is", rs.ID)
	}
	r := e.RateOfPlay
	if r.MinMinutes60 <= 0 {
		v.errf(at("rate_of_play", "min_minutes_60"), "rule set %s: min_minutes_60 must be positive", rs.ID)
	}
	if r.MaxMinutes60 != 0 && r.MaxMinutes60 < r.MinMinutes60 {
		v.errf(at("rate_of_play", "max_minutes_60"), "rule set %s: max_minutes_60 %g is below min_minutes_60 %g (0 means no maximum)", rs.ID, r.MaxMinutes60, r.MinMinutes60)
	}
	for i, th := range r.RatingThresholds {
		if th.Minutes <= 0 || th.Rating < 0 || (i > 0 && th.Rating >= r.RatingThresholds[i-1].Rating) {
			v.errf(at("rate_of_play", "rating_thresholds", i), "rule set %s: rating thresholds go from the highest rating down, with positive minutes", rs.ID)
		}
	}
	if r.FirstControlMoves < 0 {
		v.errf(at("rate_of_play", "first_control_moves"), "rule set %s: first_control_moves must be 0 or positive", rs.ID)
	}
	if e.MaxGamesPerDay < 0 || e.MaxHoursPerDay < 0 || e.MaxDays < 0 {
		v.errf(at("max_games_per_day"), "rule set %s: max_games_per_day, max_hours_per_day and max_days must be 0 (no limit) or positive", rs.ID)
	}
	if e.GameClocks <= 0 {
		v.errf(at("game_clocks"), "rule set %s: game_clocks must be positive (2: a game lasts both players' time)", rs.ID)
	}
	if len(e.ArbiterCategories) == 0 {
		v.errf(at("arbiter_categories"), "rule set %s: arbiter_categories is empty: no arbiter could direct a tournament", rs.ID)
	}
	names := map[string]bool{}
	for i, s := range e.Pairing.Systems {
		if s.Name == "" || len(s.Words) == 0 || s.IT == "" || s.EN == "" {
			v.errf(at("pairing", "systems", i), "rule set %s: a pairing system needs a name, words, it and en", rs.ID)
		}
		names[s.Name] = true
	}
	for i, a := range e.Pairing.Allowed {
		if !names[a] {
			v.errf(at("pairing", "allowed", i), "rule set %s: pairing system %q is not among pairing.systems", rs.ID, a)
		}
	}
	if s := e.Authorisation.MinNameSimilarity; s <= 0 || s > 1 {
		v.errf(at("authorisation", "min_name_similarity"), "rule set %s: min_name_similarity %g: between 0 (excluded) and 1", rs.ID, s)
	}
	for _, k := range []struct {
		key string
		r   Recognise
	}{{"league", e.League.Recognise}, {"team", e.Team.Recognise}} {
		for _, list := range []struct {
			key   string
			words []string
		}{{"submission_kinds", k.r.SubmissionKinds}, {"calendar_kinds", k.r.CalendarKinds}, {"name_words", k.r.NameWords}} {
			for i, w := range list.words {
				if strings.TrimSpace(w) == "" {
					v.errf(at(k.key, list.key, i), "rule set %s: %s.%s: an empty kind or name word would match every tournament", rs.ID, k.key, list.key)
				}
			}
		}
	}
	if e.Authorisation.DateSlackDays < 0 {
		v.errf(at("authorisation", "date_slack_days"), "rule set %s: date_slack_days must not be negative", rs.ID)
	}
	if e.Authorisation.OtherDatesDays < 0 {
		v.errf(at("authorisation", "other_dates_days"), "rule set %s: other_dates_days must not be negative", rs.ID)
	}

	d := rs.Params.Deadline
	dp := append(slices.Clone(p), "deadline")
	if d.MaxDaysAfterEnd < 0 {
		v.errf(append(slices.Clone(dp), "max_days_after_end"), "rule set %s: max_days_after_end must not be negative", rs.ID)
	}
	if _, err := loadLocation(d.TimeZone); err != nil || d.TimeZone == "" {
		v.errf(append(slices.Clone(dp), "time_zone"), "rule set %s: time_zone %q is not a known time zone (e.g. Europe/Rome)", rs.ID, d.TimeZone)
	}
	// The schedule itself is rating.<list>.list, checked with the
	// rating settings.
	if !d.ListKind.IsList() {
		v.errf(append(slices.Clone(dp), "list"), "rule set %s: list %q: standard or rapid (the schedule is rating.standard.list or rating.rapid.list)", rs.ID, d.ListKind)
	}

	s := rs.Params.Submission
	for i, fld := range s.RequiredFields {
		if strings.TrimSpace(fld.Name) == "" || strings.TrimSpace(fld.IT) == "" || strings.TrimSpace(fld.EN) == "" {
			v.errf(append(slices.Clone(p), "submission", "required_fields", i), "rule set %s: a required field needs name, it and en", rs.ID)
		}
	}
	if s.DateSlackDays < 0 {
		v.errf(append(slices.Clone(p), "submission", "date_slack_days"), "rule set %s: date_slack_days must not be negative", rs.ID)
	}

	v.checkCrosstableParams(rs, p)

	id := rs.Params.Identity
	ip := append(slices.Clone(p), "identity")
	if id.RatingTolerance < 0 {
		v.errf(append(slices.Clone(ip), "rating_tolerance"), "rule set %s: rating_tolerance must not be negative", rs.ID)
	}
	if id.FileRatingIs != "fide_standard" && id.FileRatingIs != "fide_rapid" {
		v.errf(append(slices.Clone(ip), "file_rating_is"), "rule set %s: file_rating_is %q: fide_standard or fide_rapid", rs.ID, id.FileRatingIs)
	}
	if id.NationalRatingIs != "elo_italia" && id.NationalRatingIs != "elo_rapid" {
		v.errf(append(slices.Clone(ip), "national_rating_is"), "rule set %s: national_rating_is %q: elo_italia or elo_rapid", rs.ID, id.NationalRatingIs)
	}
	for i, c := range id.AllowedCategories {
		if !fsi.IsCategory(c) {
			v.errf(append(slices.Clone(ip), "allowed_categories", i), "rule set %s: category %q is not one of %s", rs.ID, c, fsi.CategoryList)
		}
	}
}

func (v *validator) checkCrosstableParams(rs *RuleSet, p []any) {
	c := rs.Params.Crosstable
	cp := append(slices.Clone(p), "crosstable")
	at := func(base []any, keys ...any) []any { return append(slices.Clone(base), keys...) }
	if c.PointsTolerance < 0 || c.PointsTolerance >= 0.5 {
		v.errf(at(cp, "points_tolerance"), "rule set %s: points_tolerance %g: from 0 to below 0.5", rs.ID, c.PointsTolerance)
	}
	for i, x := range c.BlankEntryValues {
		if x <= 0 {
			v.errf(at(cp, "blank_entry_values", i), "rule set %s: blank_entry_values must be positive (a blank entry is worth 0 already)", rs.ID)
		}
	}
	if c.MaxPairingByesPerRound < 1 {
		v.errf(at(cp, "max_pairing_byes_per_round"), "rule set %s: max_pairing_byes_per_round must be at least 1", rs.ID)
	}
	if c.RepeatedPairingsAllowed < 1 {
		v.errf(at(cp, "repeated_pairings_allowed"), "rule set %s: repeated_pairings_allowed must be at least 1 (two players meet once)", rs.ID)
	}

	d := rs.Params.Conduct
	dp := append(slices.Clone(p), "conduct")
	if d.MaxForfeitLosses < 0 || d.MaxAnnouncedAbsences < 0 || d.MaxHalfPointByes < 0 {
		v.errf(at(dp, "max_forfeit_losses"), "rule set %s: max_forfeit_losses, max_announced_absences and max_half_point_byes must not be negative", rs.ID)
	}
	for i, code := range d.AbsenceCodes {
		switch code {
		case "", "Z", "H", "-", "F", "U":
		default:
			v.errf(at(dp, "absence_codes", i), "rule set %s: absence code %q: one of Z, H, -, F, U or \"\" (nothing written)", rs.ID, code)
		}
	}
	for i, code := range d.LateEntryCodes {
		switch code {
		case "", "Z", "H", "-", "F", "U":
		default:
			v.errf(at(dp, "late_entry_codes", i), "rule set %s: late entry code %q: one of Z, H, -, F, U or \"\" (nothing written)", rs.ID, code)
		}
	}
	if d.RoundRobinMinShare < 0 || d.RoundRobinMinShare > 1 {
		v.errf(at(dp, "round_robin_min_share"), "rule set %s: round_robin_min_share %g: between 0 and 1", rs.ID, d.RoundRobinMinShare)
	}

	t := rs.Params.Tiebreak
	tp := append(slices.Clone(p), "tiebreak")
	if t.Unplayed != UnplayedFIDE2023 && t.Unplayed != UnplayedVirtual2009 {
		v.errf(at(tp, "unplayed"), "rule set %s: tiebreak.unplayed %q: %s or %s", rs.ID, t.Unplayed, UnplayedFIDE2023, UnplayedVirtual2009)
	}
	for _, list := range []struct {
		key   string
		names []string
	}{{"swiss", t.Swiss}, {"round_robin", t.RoundRobin}} {
		if len(list.names) == 0 {
			v.errf(at(tp, list.key), "rule set %s: tiebreak.%s is empty (RTF 7.3.1 names one)", rs.ID, list.key)
		}
		for i, n := range list.names {
			if n != TieBreakBH && n != TieBreakBHC1 && n != TieBreakSB {
				v.errf(at(tp, list.key, i), "rule set %s: tie-break %q: one of BH, BH-C1, SB", rs.ID, n)
			}
		}
	}
}
