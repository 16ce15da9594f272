package rating

import (
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// The list decisions of regs §4b for the rapid list, each reproducing
// the measured case first.

// TestRAPID_7_3_KLockFromTheStartOfAPeriod: the K lock starts as soon as
// a player holds 2200 at the start of a period, however he got it.
// Measured: a player entering with Elo Italia 2250 (RAPID 6.1) who fell
// to 2158 got K 30 in the next period, and so did a list in force at
// 2210 without the lock flag who fell to 2192.
func TestRAPID_7_3_KLockFromTheStartOfAPeriod(t *testing.T) {
	d := func(m, day int) tournament.Date { return tournament.NewDate(2026, gotimeMonth(m), day) }
	entrant := reg("1", "Alti", "Ugo", "M", 2250, 0, 0) // no Elo Rapid: enters at his Elo Italia
	inForce := reg("2", "Bassi", "Ivo", "CM", 0, 0, 2210)
	opp := reg("3", "Medi", "Ada", "1N", 0, 0, 1800)
	list := &registers.Players{Rows: []registers.Player{entrant, inForce, opp}}
	// Alti loses five games to Medi: +400 → 92 each, PA 4.6, K 20 (2250
	// at the start): V = −92.0 → 2158. Bassi loses one: PA 0.9, K 20:
	// −18.0 → 2192.
	t1 := build(t, "R1",
		tp{name: "Alti, Ugo", fsi: "1", rounds: "3w0 3b0 3w0 3b0 3w0"},
		tp{name: "Bassi, Ivo", fsi: "2", rounds: ". . . . . 3w0"},
		tp{name: "Medi, Ada", fsi: "3", rounds: "1b1 1w1 1b1 1w1 1b1 2b1"},
	)
	feb := closeOne(t, fsi.Rapid, "2026-02", list, received("r1.trf", t1, d(1, 10)))
	for _, c := range []struct {
		fsi    string
		rating int
	}{{"1", 2158}, {"2", 2192}} {
		r := row(feb.List, c.fsi)
		if r.EloRapid != c.rating || !r.RapidK20 {
			t.Errorf("%s: Elo Rapid %d K lock %v, want %d and locked (RAPID 7.3, regs §4b)", r.Surname, r.EloRapid, r.RapidK20, c.rating)
		}
	}
	if len(feb.Report.KLocked) != 2 {
		t.Errorf("k_locked %+v, want Alti and Bassi", feb.Report.KLocked)
	}
	// Next period: K 20 for both (K 30 before the decision).
	t2 := build(t, "R2",
		tp{name: "Alti, Ugo", fsi: "1", rounds: "2w1"},
		tp{name: "Medi, Ada", fsi: "3", rounds: "1b0"},
	)
	mar := closeOne(t, fsi.Rapid, "2026-03", feb.List, received("r2.trf", t2, d(2, 10)))
	if c := change(&mar.Report, "1"); c == nil || c.Variations[0].Delta != 60 {
		t.Errorf("Alti next period: %+v, want K 20 (PA 0.7: V = 20 × 0.3 = +6.0; K 30 would give +9.0)", c)
	}
}

// TestRAPID_6_9_RemovalClearsEverything: a player removed from the rapid
// list (no tournament in five calendar years) loses rating, K lock and
// category; when he plays again he re-enters under RAPID 6.1 like a new
// player, with K 30 below 2200. Measured: the K lock and the category
// stayed.
func TestRAPID_6_9_RemovalClearsEverything(t *testing.T) {
	d := func(m, day int) tournament.Date { return tournament.NewDate(2026, gotimeMonth(m), day) }
	old := reg("1", "Vecchi", "Aldo", "1N", 1850, 0, 2300)
	old.RapidK20 = true
	old.Extra = map[string]string{ColLastRapid: "2019-05-01", ColRapidCategory: "B", ColRapidBands: "B:2"}
	opp := reg("2", "Medi", "Ada", "1N", 0, 0, 1850)
	feb := closeOne(t, fsi.Rapid, "2026-02", &registers.Players{Rows: []registers.Player{old, opp}})
	r := row(feb.List, "1")
	if r.EloRapid != 0 || r.RapidK20 || r.Extra[ColRapidCategory] != "" || r.Extra[ColRapidBands] != "" {
		t.Errorf("removed: Elo Rapid %d K lock %v category %q bands %q, want all cleared", r.EloRapid, r.RapidK20,
			r.Extra[ColRapidCategory], r.Extra[ColRapidBands])
	}
	// He plays again: enters at his Elo Italia 1850 with K 30.
	t1 := build(t, "R1",
		tp{name: "Vecchi, Aldo", fsi: "1", rounds: "2w1"},
		tp{name: "Medi, Ada", fsi: "2", rounds: "1b0"},
	)
	mar := closeOne(t, fsi.Rapid, "2026-03", feb.List, received("r1.trf", t1, d(2, 10)))
	if c := change(&mar.Report, "1"); c == nil || c.Used != 1850 || c.Variations[0].Delta != 150 {
		t.Errorf("re-entry: %+v, want 1850 (elo_italia) and K 30 (V = 30 × 0.5 = +15.0)", c)
	}
}

// TestRAPID_8_3_ListInForceCountsAsAPeriod: every list counts as one
// period held in its band, the list in force included, so a migrated
// list without band history gets its categories at the first close.
// Measured: the first rapid list gave no category to anyone.
func TestRAPID_8_3_ListInForceCountsAsAPeriod(t *testing.T) {
	a := reg("1", "Primi", "Eva", "1N", 0, 0, 1850) // D in force, does not play: D again
	b := reg("2", "Nuovi", "Ivo", "NC", 0, 0, 0)    // no list in force
	b.EloItalia = 1500
	d := tournament.NewDate(2026, 1, 10)
	t1 := build(t, "R1",
		tp{name: "Nuovi, Ivo", fsi: "2", rounds: "1w0"},
		tp{name: "Primi, Eva", fsi: "1", rounds: "2b1"},
	)
	feb := closeOne(t, fsi.Rapid, "2026-02", &registers.Players{Rows: []registers.Player{a, b}}, received("r1.trf", t1, d))
	if got := row(feb.List, "1").Extra[ColRapidCategory]; got != "D" {
		t.Errorf("Primi: category %q, want D (in force and at the close)", got)
	}
	if got := row(feb.List, "2").Extra[ColRapidCategory]; got != "" {
		t.Errorf("Nuovi: category %q, want none yet (one list only)", got)
	}
}

// TestRTF_4_2_16_OldTitleLetterIsNotMaestro: a player missing from the
// list whose file writes the TRF06 title "m" (International Master) is
// not a Maestro: he enters unclassified at 1440 with K 30, not at 2200
// with K 20 as measured.
func TestRTF_4_2_16_OldTitleLetterIsNotMaestro(t *testing.T) {
	title, cat := tournament.SplitTitle("m")
	p := &tournament.Player{Name: "Nuovo, Ivo", Title: title, Category: cat}
	r := settings(t)
	r.Standard.FideRatedFromFile = false
	s := SeedFor(fsi.Standard, nil, p, r)
	if s.Rating != 1440 || s.K != 30 || s.Category != "NC" {
		t.Errorf("seed %+v, want 1440, K 30, NC", s)
	}
}

// TestFIDE_GR_6_6_CloseListsUndecidedWithdrawals: the close names the
// round robins' withdrawals the office has not judged (regs §4c), and
// keeps their variations; an office decision removes the note.
func TestFIDE_GR_6_6_CloseListsUndecidedWithdrawals(t *testing.T) {
	tt, rows := roundRobinWithdrawal(t)
	rc := received("g.trf", tt, tournament.NewDate(2026, 2, 10))
	res := closeOne(t, fsi.Standard, "2026-03", &registers.Players{Rows: rows}, rc)
	if len(res.Report.Undecided) != 1 || res.Report.Undecided[0].FSIID != "1" || row(res.List, "1").EloItalia != 1515 {
		t.Errorf("undecided %+v, Elo Italia %d; want player 1 named and 1515 kept", res.Report.Undecided, row(res.List, "1").EloItalia)
	}
	rc.Withdrawals = map[int]bool{1: true}
	res = closeOne(t, fsi.Standard, "2026-03", &registers.Players{Rows: rows}, rc)
	if len(res.Report.Undecided) != 0 || row(res.List, "1").EloItalia != 1500 {
		t.Errorf("decided: undecided %+v, Elo Italia %d; want none and 1500", res.Report.Undecided, row(res.List, "1").EloItalia)
	}
}
