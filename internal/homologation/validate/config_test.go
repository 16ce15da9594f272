package validate

import "testing"

// TestRulesYAMLConfiguresEveryRule: every rule id a check may report is
// configured, with article and messages, in every rule set of the kinds
// the check runs for, and rules.yaml configures nothing else.
func TestRulesYAMLConfiguresEveryRule(t *testing.T) {
	f := loadRules(t)
	if err := CheckRules(f); err != nil {
		t.Fatal(err)
	}
	for _, rs := range f.RuleSets {
		for _, id := range RuleIDs() {
			r, _ := rs.Rule(id)
			if r.Article == "" || r.MessageIT == "" || r.MessageEN == "" {
				t.Errorf("%s: %s lacks article or messages", rs.ID, id)
			}
		}
	}
}
