// Package periods computes rating-list periods: which list a tournament
// counts in, given its receipt time (RTF 4.2.2 for the bimonthly standard
// list, RAPID 6.2 for the monthly rapid list). Pure functions: the
// receipt time and the cut-off settings are passed in.
package periods

import "omologa/tournament"

// Kind is the list kind.
type Kind string

const (
	Standard Kind = "standard"
	Rapid    Kind = "rapid"
)

// Period is one list period: the list issued on Issue counts the
// tournaments received from the day after the previous cut-off up to and
// including Cutoff.
type Period struct {
	Kind   Kind            `json:"kind"`
	Issue  tournament.Date `json:"issue"`  // the list's date (1st of the month)
	Cutoff tournament.Date `json:"cutoff"` // last receipt day that counts in it
	Label  string          `json:"label"`  // "2026-03"
}
