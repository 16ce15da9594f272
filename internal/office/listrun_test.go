package office

import (
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
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

// The list run's policy, one file at a time (RTF 4.2.2, RAPID 6.2; regs
// §4b "one tournament, rated once"): a file counts in the period of its
// receipt; one homologated after its list was closed is rated in the
// next list, as received on its first day; a tournament rated already is
// not rated again (its changes go as corrections).
func TestRTF_4_2_2_RatedIn(t *testing.T) {
	p := periods.Period{Kind: fsi.Rapid, Label: "2026-12", From: tournament.NewDate(2026, 10, 26), Cutoff: tournament.NewDate(2026, 11, 25)}
	in, before := tournament.NewDate(2026, 11, 20), tournament.NewDate(2026, 10, 10)
	for _, c := range []struct {
		name      string
		day       tournament.Date
		late      bool
		recorded  string
		corrected bool
		rated     string
		rate      bool
		at        tournament.Date
		warning   string
	}{
		{"RAPID 6.2: received in the period", in, false, "2026-12", false, "", true, in, ""},
		{"RAPID 6.2: received before the period, not late", before, false, "2026-11", false, "", false, tournament.Date{}, ""},
		{"RTF 4.2.2: homologated after its list closed, rated in this one", before, true, "2026-11", false, "", true, p.From, "rated in this list"},
		{"one tournament rated once: rated already", in, false, "2026-12", false, "2026-11", false, tournament.Date{}, "already rated in the rapid list 2026-11"},
		{"one tournament rated once: late and rated already", before, true, "2026-11", false, "2026-11", false, tournament.Date{}, ""},
		{"RAPID 6.2: the verdict recorded another list", in, false, "2027-01", false, "", true, in, "the verdict recorded list 2027-01"},
		{"a correction keeps its first receipt's list", in, false, "2027-01", true, "", true, in, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ratedIn("5/t.trf", fsi.Rapid, p, c.day, c.late, c.recorded, c.corrected, c.rated)
			if got.Rate != c.rate || got.Day != c.at || (c.warning == "") != (got.Warning == "") || !strings.Contains(got.Warning, c.warning) {
				t.Errorf("%+v", got)
			}
		})
	}
}

func TestLateInto(t *testing.T) {
	first, from := tournament.NewDate(2026, 9, 26), tournament.NewDate(2026, 10, 26)
	for _, c := range []struct {
		day  tournament.Date
		want bool
	}{
		{tournament.NewDate(2026, 9, 25), false}, // before the first list: the list in force holds it
		{tournament.NewDate(2026, 9, 26), true},
		{tournament.NewDate(2026, 10, 25), true},
		{tournament.NewDate(2026, 10, 26), false}, // the period's own
	} {
		if got := lateInto(c.day, first, from); got != c.want {
			t.Errorf("lateInto(%s) = %v, want %v", c.day, got, c.want)
		}
	}
}

// RTF 4.2.6, 4.2.9: the register's identity, club, FIDE ratings and
// membership reach the list in force; its Elo Italia stays the list's.
func TestRTF_4_2_6_Refresh(t *testing.T) {
	list := &registers.Players{Rows: []registers.Player{
		{FSIID: "1", Surname: "Rossi", Club: "A", EloItalia: 1500, MembershipYear: 2025},
		{FSIID: "2", Surname: "Bianchi", Club: "B", EloItalia: 1600, MembershipYear: 2026},
	}}
	reg := &registers.Players{Rows: []registers.Player{
		{FSIID: "1", Surname: "Rossi", Club: "C", EloItalia: 1400, MembershipYear: 2026},
		{FSIID: "2", Surname: "Bianchi", Club: "B", EloItalia: 1600, MembershipYear: 2026},
		{FSIID: "3", Surname: "Verdi", EloItalia: 1440, MembershipYear: 2026},
	}}
	changed, joined := refresh(list, reg)
	if changed != 1 || joined != 1 {
		t.Errorf("refresh: %d changed, %d joined; want 1, 1", changed, joined)
	}
	if r := list.Rows[0]; r.Club != "C" || r.MembershipYear != 2026 || r.EloItalia != 1500 {
		t.Errorf("row 1: %+v (club and membership from the register, Elo Italia the list's)", r)
	}
	if len(list.Rows) != 3 || list.Rows[2].EloItalia != 1440 {
		t.Errorf("the new member joins as the register has him: %+v", list.Rows)
	}
}
