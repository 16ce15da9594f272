package web

import (
	"omologa/internal/fsi"
	"omologa/internal/office"
)

// The players' pages read the office's player index (office/players.go):
// the latest list's rows behind a prefix index for the search, and each
// player's history kept in the store once per list.
type (
	histPoint = office.HistPoint
	milestone = office.Milestone
)

// milestonesOf reads a closed list's change report into the players'
// milestones (office.MilestonesOf).
func milestonesOf(report []byte, kind fsi.Kind, period string, into map[string][]milestone) error {
	return office.MilestonesOf(report, kind, period, into)
}
