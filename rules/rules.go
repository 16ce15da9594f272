// Package rules is the schema of rules.yaml: the rule sets of the
// homologation checks (standard, rapid, promotion...), each valid for a
// range of start dates, with its parameters and, per rule id, the
// severity, the article and the Italian and English messages; and the
// rating stage's settings. Decoding is strict (see strictyaml).
package rules

import "omologa/tournament"

// Severity of a configured rule: error, warning, info, or off to disable.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
	Off     Severity = "off"
)

// File is the whole of rules.yaml.
type File struct {
	Version  int       `yaml:"version"`
	RuleSets []RuleSet `yaml:"rulesets"`
	Rating   Rating    `yaml:"rating"`
}

// RuleSet is one set of checks and parameters for a kind of tournament,
// in force for tournaments starting within [ValidFrom, ValidUntil].
type RuleSet struct {
	ID         string          `yaml:"id"`
	Kind       string          `yaml:"kind"` // standard, rapid, promotion
	ValidFrom  tournament.Date `yaml:"valid_from"`
	ValidUntil tournament.Date `yaml:"valid_until,omitempty"` // zero: open-ended
	Params     Params          `yaml:"params"`
	// Rules configures every rule id the checks may report; an id a
	// check reports that is missing here is a configuration error.
	Rules map[string]Rule `yaml:"rules"`
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
