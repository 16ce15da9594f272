package validate

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"omologa/internal/fsi"
)

// Problem is a value of rules.yaml the checks cannot work with. Path
// leads from the top of the file to the value (mapping keys and
// sequence indexes), so that the reader of the file names its line.
type Problem struct {
	Path []any
	Msg  string
}

// problems collects Problems for the values under a path; prefix starts
// every message ("rule set standard-2024: ").
type problems struct {
	list   *[]Problem
	at     []any
	prefix string
}

// in is the collector for the values under keys.
func (ps problems) in(keys ...any) problems {
	ps.at = append(slices.Clone(ps.at), keys...)
	return ps
}

// add records a problem with the value at the collector's path.
func (ps problems) add(format string, args ...any) {
	*ps.list = append(*ps.list, Problem{Path: slices.Clone(ps.at), Msg: ps.prefix + fmt.Sprintf(format, args...)})
}

// Groups are the first component of every rule id, so that scripts can
// filter findings.
var Groups = []string{"format", "crosstable", "eligibility", "deadline", "conduct",
	"tiebreak", "identity", "submission"}

var ruleIDRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$`) })

// Check reports the book's values the checks cannot work with: the kind
// of play, the rules, and every rule set's dates, parameters and
// overrides (after Resolve). The settings that tie the book to the rest
// of rules.yaml (a time zone, matching by name) are the rules package's
// to check.
func (b *Rulebook) Check() []Problem {
	var list []Problem
	top := problems{list: &list}
	k := b.KindOfPlay
	kp := top.in("kind_of_play")
	if k.BlitzMaxMinutes <= 0 || k.RapidMaxMinutes <= k.BlitzMaxMinutes {
		kp.in("rapid_max_minutes").add("kind_of_play: blitz_max_minutes (%g) must be positive and below rapid_max_minutes (%g)", k.BlitzMaxMinutes, k.RapidMaxMinutes)
	}
	if k.WhenUnknown != fsi.Standard && k.WhenUnknown != fsi.Rapid {
		kp.in("when_unknown").add("kind_of_play.when_unknown %q: standard or rapid", k.WhenUnknown)
	}
	if !k.BlitzJudgedBy.IsRuleSet() {
		kp.in("blitz_judged_by").add("kind_of_play.blitz_judged_by %q: standard, rapid or promotion", k.BlitzJudgedBy)
	}
	if l := b.Limits; l.MaxLines < 0 || l.MaxPlayers < 0 {
		top.in("limits").add("limits: max_lines (%d) and max_players (%d) are positive, or left out for the defaults (%d, %d)", l.MaxLines, l.MaxPlayers, DefaultMaxLines, DefaultMaxPlayers)
	}
	if len(b.RuleSets) == 0 {
		top.in("rulesets").add("no rule set")
	}
	if len(b.Rules) == 0 {
		top.in("rules").add("no rule configured")
	}
	checkRules(b.Rules, top.in("rules"))
	ids := map[string]int{}
	for i := range b.RuleSets {
		rs := &b.RuleSets[i]
		p := top.in("rulesets", i)
		if rs.ID == "" {
			p.in("id").add("rule set without id")
		} else if j, dup := ids[rs.ID]; dup {
			p.in("id").add("rule set id %q used twice (also rulesets[%d])", rs.ID, j)
		}
		ids[rs.ID] = i
		if !rs.Kind.IsRuleSet() {
			p.in("kind").add("rule set %s: kind %q: standard, rapid or promotion", rs.ID, rs.Kind)
		}
		if !rs.ValidFrom.IsCalendarDay() {
			p.in("valid_from").add("rule set %s: valid_from %q is not a date YYYY-MM-DD", rs.ID, rs.ValidFrom)
		}
		if !rs.ValidUntil.IsZero() && (!rs.ValidUntil.IsCalendarDay() || rs.ValidUntil.Before(rs.ValidFrom)) {
			p.in("valid_until").add("rule set %s: valid_until %q is not a date YYYY-MM-DD on or after valid_from", rs.ID, rs.ValidUntil)
		}
		for j := 0; j < i; j++ {
			o := &b.RuleSets[j]
			if o.Kind == rs.Kind && overlap(o, rs) {
				p.in("valid_from").add("rule sets %s and %s (both %s) are in force on the same dates: a tournament must have one rule set", o.ID, rs.ID, rs.Kind)
			}
		}
		params := p.in("params")
		params.prefix = "rule set " + rs.ID + ": "
		rs.Params.check(params)
		b.checkOverrides(rs, p.in("overrides"))
	}
	for _, kind := range []fsi.Kind{k.WhenUnknown, k.BlitzJudgedBy} {
		found := false
		for i := range b.RuleSets {
			found = found || b.RuleSets[i].Kind == kind
		}
		if !found && kind.IsRuleSet() {
			kp.add("kind_of_play names %q but no rule set has that kind", kind)
		}
	}
	return list
}

// check reports the parameters' values the checks cannot work with,
// group by group (each group's check is beside it).
func (p *Params) check(ps problems) {
	p.Eligibility.check(ps.in("eligibility"))
	p.Deadline.check(ps.in("deadline"))
	p.Submission.check(ps.in("submission"))
	p.Crosstable.check(ps.in("crosstable"))
	p.Conduct.check(ps.in("conduct"))
	p.Tiebreak.check(ps.in("tiebreak"))
	p.Identity.check(ps.in("identity"))
}

func overlap(a, b *RuleSet) bool {
	// [a.from, a.until] ∩ [b.from, b.until], open ends at infinity.
	aEndsBeforeB := !a.ValidUntil.IsZero() && a.ValidUntil.Before(b.ValidFrom)
	bEndsBeforeA := !b.ValidUntil.IsZero() && b.ValidUntil.Before(a.ValidFrom)
	return !aEndsBeforeB && !bEndsBeforeA
}

// checkOverrides checks that a rule set overrides only configured rules,
// and the rules as overridden.
func (b *Rulebook) checkOverrides(rs *RuleSet, ps problems) {
	ids := make([]string, 0, len(rs.Overrides))
	for id := range rs.Overrides {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	over := map[string]Rule{}
	for _, id := range ids {
		if _, ok := b.Rules[id]; !ok {
			ps.in(id).add("rule set %s overrides rule %q, which the top-level rules do not configure", rs.ID, id)
			continue
		}
		over[id], _ = rs.Rule(id)
	}
	checkRules(over, ps)
}

func checkRules(rules map[string]Rule, ps problems) {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		r := rules[id]
		rp := ps.in(id)
		group, _, _ := strings.Cut(id, ".")
		if !ruleIDRe().MatchString(id) || !slices.Contains(Groups, group) {
			rp.add("rule id %q: dotted lower-case, starting with one of %s", id, strings.Join(Groups, ", "))
		}
		if !r.Severity.Configurable() {
			rp.in("severity").add("rule %s: severity %q: error, warning, info or off", id, r.Severity)
		}
		if strings.TrimSpace(r.Article) == "" {
			rp.in("article").add("rule %s: article is empty: every finding cites its article", id)
		}
		if strings.TrimSpace(r.MessageIT) == "" {
			rp.in("message_it").add("rule %s: message_it is empty", id)
		}
		if strings.TrimSpace(r.MessageEN) == "" {
			rp.in("message_en").add("rule %s: message_en is empty", id)
		}
		if err := placeholdersBalanced(r.MessageIT); err != "" {
			rp.in("message_it").add("rule %s: message_it: %s", id, err)
		}
		if err := placeholdersBalanced(r.MessageEN); err != "" {
			rp.in("message_en").add("rule %s: message_en: %s", id, err)
		}
		if a, b := Placeholders(r.MessageIT), Placeholders(r.MessageEN); !slices.Equal(a, b) {
			rp.in("message_en").add("rule %s: the two messages use different placeholders (it %v, en %v)", id, a, b)
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

// Placeholders returns the sorted distinct {names} of a rule's message,
// as Pass.Report fills them: the two languages of a rule must name the
// same.
func Placeholders(s string) []string {
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
