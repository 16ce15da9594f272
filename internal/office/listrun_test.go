package office

import (
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
)

// Each kind chains from its own lists: a rapid list takes Elo Italia and
// the category from the standard list in force (RAPID 6.1: a player
// enters the rapid list with his Elo Italia), a standard list takes Elo
// Italia Rapid and the K lock from the rapid one.
func TestRAPID_6_1_ListTakesTheOtherKindsRatings(t *testing.T) {
	list := &registers.Players{Rows: []registers.Player{
		{FSIID: "1", EloItalia: 1500, Category: "NC", EloRapid: 1600},
		{FSIID: "2", EloItalia: 1700, Category: "2N", EloRapid: 2190},
		{FSIID: "3", EloItalia: 1440, Category: "NC"},
	}}
	standard := &registers.Players{Rows: []registers.Player{
		{FSIID: "1", EloItalia: 1532, Category: "3N", EloRapid: 1},
		{FSIID: "2", EloItalia: 1700, Category: "2N"},
	}}
	if n := fromOtherList(list, standard, fsi.Rapid); n != 1 {
		t.Errorf("rapid from standard: %d rows changed, want 1", n)
	}
	if r := list.Rows[0]; r.EloItalia != 1532 || r.Category != "3N" || r.EloRapid != 1600 {
		t.Errorf("rapid list row 1: %+v (the rapid rating is the rapid list's own)", r)
	}
	if r := list.Rows[2]; r.EloItalia != 1440 {
		t.Errorf("a player absent from the other list is left alone: %+v", r)
	}
	rapid := &registers.Players{Rows: []registers.Player{{FSIID: "2", EloItalia: 9, EloRapid: 2204, RapidK20: true}}}
	if n := fromOtherList(list, rapid, fsi.Standard); n != 1 {
		t.Errorf("standard from rapid: %d rows changed, want 1", n)
	}
	if r := list.Rows[1]; r.EloRapid != 2204 || !r.RapidK20 || r.EloItalia != 1700 {
		t.Errorf("standard list row 2: %+v (Elo Italia is the standard list's own)", r)
	}
}
