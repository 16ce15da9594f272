package validate

import (
	"fmt"
	"sort"
	"strings"
)

// CheckRules reports every rule id that a registered check may report for
// a rule set of its kind and that the rule set does not configure, and
// every configured id that no check reports (a typo, or a check
// removed): rules.yaml and the checks must describe the same rules.
func CheckRules(f *Rulebook) error {
	var problems []string
	known := map[string]bool{}
	for _, id := range RuleIDs() {
		known[id] = true
	}
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		for _, c := range Checks() {
			if !c.appliesTo(rs.Kind) {
				continue
			}
			for _, id := range c.Rules {
				if _, ok := rs.Rule(id); !ok {
					problems = append(problems, fmt.Sprintf("rule set %s: rule %s (check %s) is not configured", rs.ID, id, c.Name))
				}
			}
		}
	}
	ids := make([]string, 0, len(f.Rules))
	for id := range f.Rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if !known[id] {
			problems = append(problems, fmt.Sprintf("rule %s is configured but no check reports it", id))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s", f.Name, strings.Join(problems, "; "))
	}
	return nil
}
