package validate

import (
	"time"

	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// What the external tests (package validate_test, which may import the
// packages that import this one) need of the package's inside.

// ListPeriodOf is the list period the validator gives a file of the rule
// set received at.
func ListPeriodOf(set *RuleSet, at time.Time) periods.Period {
	p := &Pass{Set: set, Input: Input{Submission: Submission{ReceivedAt: at}}}
	return p.listPeriod()
}

// MatchedRows are the register rows the validator's player matcher finds
// for the tournament's players under the rule set, nil where none.
func MatchedRows(set *RuleSet, t *tournament.Tournament, reg *registers.Players) []*registers.Player {
	p := &Pass{Input: Input{Tournament: t, Registers: &registers.Set{Players: reg}}, Set: set}
	var rows []*registers.Player
	for _, m := range p.matches() {
		rows = append(rows, m.row)
	}
	return rows
}

var (
	RuleSetOf = ruleSet
	CorpusDir = corpusDir
)
