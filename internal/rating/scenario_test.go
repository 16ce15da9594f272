package rating

import (
	"slices"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// closeOne closes a period of kind on the list with the tournaments.
func closeOne(t *testing.T, kind fsi.Kind, label string, list *registers.Players, ts ...Received) *Result {
	t.Helper()
	r := settings(t)
	p, err := r.Schedule(kind).Parse(label)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ClosePeriod(Close{Kind: kind, Period: p, List: list, Tournaments: ts, Settings: r})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func row(l *registers.Players, fsi string) *registers.Player {
	for i := range l.Rows {
		if l.Rows[i].FSIID == fsi {
			return &l.Rows[i]
		}
	}
	return nil
}

func change(rep *Report, fsi string) *Change {
	for i := range rep.Changes {
		if rep.Changes[i].FSIID == fsi {
			return &rep.Changes[i]
		}
	}
	return nil
}

func received(file string, tt *tournament.Tournament, d tournament.Date) Received {
	tt.Start, tt.End = d.AddDays(-3), d.AddDays(-1)
	return Received{File: file, Tournament: tt, Received: d}
}

// TestScenario_ThreePeriods runs two bimonthly standard lists and three
// monthly rapid lists, each computed by hand below.
func TestScenario_ThreePeriods(t *testing.T) {
	d := func(m, day int) tournament.Date { return tournament.NewDate(2026, gotimeMonth(m), day) }

	// ---- Standard, list in force 2026-01 ----
	p5 := reg("5", "Rossi", "Franco", "1N", 1850, 0, 0)
	p5.Extra = map[string]string{ColLastStandard: "2023-01-15"}
	std := &registers.Players{Rows: []registers.Player{
		reg("1", "Bianchi", "Anna", "NC", 1590, 0, 0),
		reg("2", "Verdi", "Carlo", "3N", 1500, 0, 0),
		reg("3", "Neri", "Dario", "2N", 1700, 0, 0),
		reg("4", "Gialli", "Elena", "CM", 2050, 0, 0),
		p5,
	}}
	// T1, round robin: R1 1–2 1-0, 3–4 1-0; R2 1–3 1-0, 2–4 0-1;
	// R3 1–4 ½, 2–3 ½.
	//  P1 1590: vs 1500 (+90) 62, vs 1700 (−110) 35, vs 2050 (−460→−400) 8
	//           S 105 → PA 1.0; P 2.5; V = 30 × 1.5 = +45.0
	//  P2 1500: vs 1590 (−90) 38, vs 2050 8, vs 1700 (−200) 24
	//           S 70 → PA 0.7; P 0.5; V = 30 × −0.2 = −6.0
	//  P3 1700: vs 2050 (−350) 11, vs 1590 (+110) 65, vs 1500 (+200) 76
	//           S 152 → PA 1.5; P 1.5; V = 0.0
	//  P4 2050: vs 1700 (+350) 89, vs 1500 92, vs 1590 92
	//           S 273 → PA 2.7; P 1.5; V = 30 × −1.2 = −36.0
	t1 := build(t, "T1",
		tp{name: "Bianchi, Anna", fsi: "1", rounds: "2w1 3b1 4w="},
		tp{name: "Verdi, Carlo", fsi: "2", rounds: "1b0 4w0 3b="},
		tp{name: "Neri, Dario", fsi: "3", rounds: "4w1 1w0 2w="},
		tp{name: "Gialli, Elena", fsi: "4", rounds: "3b0 2b1 1b="},
	)
	// T2, same period: the ratings are still 1590, 1500, 1700 (frozen,
	// RTF 4.2.3). R1 1–2 1-0; R2 1–3 ½; R3 2–3 ½.
	//  P1: 62 + 35 = 97 → PA 1.0; P 1.5; V = +15.0
	//  P2: 38 + 24 = 62 → PA 0.6; P 0.5; V = −3.0
	//  P3: 65 + 76 = 141 → PA 1.4; P 1.0; V = −12.0
	t2 := build(t, "T2",
		tp{name: "Bianchi, Anna", fsi: "1", rounds: "2w1 3b="},
		tp{name: "Verdi, Carlo", fsi: "2", rounds: "1b0 . 3w="},
		tp{name: "Neri, Dario", fsi: "3", rounds: ". 1w= 2b="},
	)
	// T3: R1 4–2 ½; R2 4–3 1-0; R3 2–3 1-0. P4 and P2 first ex aequo.
	//  P4 2050: vs 1500 92, vs 1700 (+350) 89: S 181 → PA 1.8; P 1.5;
	//           V = 30 × −0.3 = −9.0, not applied (RTF 4.2.15)
	//  P2 1500: vs 2050 8, vs 1700 24: S 32 → PA 0.3; P 1.5; V = +36.0
	//  P3 1700: vs 2050 11, vs 1500 76: S 87 → PA 0.9; P 0; V = −27.0
	t3 := build(t, "T3",
		tp{name: "Gialli, Elena", fsi: "4", rounds: "2w= 3b1"},
		tp{name: "Verdi, Carlo", fsi: "2", rounds: "1b= . 3w1"},
		tp{name: "Neri, Dario", fsi: "3", rounds: ". 1w0 2b0"},
	)
	// T4 arrives on 2026-02-25, after the cut-off of 2026-02-19: it is
	// not rated in March but in May.
	t4 := build(t, "T4",
		tp{name: "Bianchi, Anna", fsi: "1", rounds: "2w1"},
		tp{name: "Neri, Dario", fsi: "3", rounds: "1b0"},
	)
	t4.Players[1].NationalID = "3"
	t4.Players[1].Rounds[0].Opponent = 1
	t4.Players[0].Rounds[0].Opponent = 2

	mar := closeOne(t, fsi.Standard, "2026-03", std,
		received("t1.trf", t1, d(1, 20)), received("t2.trf", t2, d(2, 10)),
		received("t3.trf", t3, d(2, 15)), received("t4.trf", t4, d(2, 25)))

	t.Run("RTF 4.2.2: a tournament received after the cut-off goes to the next list", func(t *testing.T) {
		if len(mar.Report.Excluded) != 1 || mar.Report.Excluded[0].File != "t4.trf" || mar.Report.Excluded[0].Period != "2026-05" {
			t.Errorf("excluded %+v", mar.Report.Excluded)
		}
	})
	t.Run("RTF 4.2.3: frozen ratings and summed variations", func(t *testing.T) {
		c := change(&mar.Report, "1")
		var applied []Tenths
		for _, v := range c.Variations {
			applied = append(applied, v.Applied)
		}
		// +45.0 + 15.0 = +60.0 on 1590 (used in both tournaments).
		if c.Used != 1590 || !slices.Equal(applied, []Tenths{450, 150}) || c.Sum != 600 || c.Reached != 1650 {
			t.Errorf("P1 used %d applied %v sum %s reached %d; want 1590 [45.0 15.0] 60.0 1650", c.Used, applied, c.Sum, c.Reached)
		}
		// P2: −6.0 − 3.0 + 36.0 = +27.0 → 1527. P3: 0 − 12.0 − 27.0 =
		// −39.0 → 1661. P4: −36.0 + 0 = −36.0 → 2014.
		for fsi, want := range map[string]int{"2": 1527, "3": 1661, "4": 2014} {
			if got := row(mar.List, fsi).EloItalia; got != want {
				t.Errorf("player %s: %d, want %d", fsi, got, want)
			}
		}
	})
	t.Run("RTF 4.4.2: an unclassified player stops at 1600", func(t *testing.T) {
		c := change(&mar.Report, "1")
		if c.New != 1600 || !slices.Contains(c.Articles, "RTF 4.4.2") || row(mar.List, "1").EloItalia != 1600 {
			t.Errorf("P1 new %d articles %v", c.New, c.Articles)
		}
	})
	t.Run("RTF 4.4.1.2: promoted to 2N at the start of the next period", func(t *testing.T) {
		want := CategoryChange{FSIID: "1", Name: "Bianchi Anna", From: "NC", To: "2N", Rating: 1600, Article: "RTF 4.4.1.2"}
		if !slices.Contains(mar.Report.Promotions, want) || row(mar.List, "1").Category != "2N" {
			t.Errorf("promotions %+v", mar.Report.Promotions)
		}
	})
	t.Run("RTF 4.2.15: the winner ex aequo keeps his rating", func(t *testing.T) {
		c := change(&mar.Report, "4")
		v := c.Variations[1]
		if v.Delta != -90 || v.Applied != 0 || !slices.Equal(v.Articles, []string{"RTF 4.2.15"}) {
			t.Errorf("P4 in T3: %+v", v)
		}
	})
	t.Run("RTF 4.2.9: no tournament for 24 months leaves the list", func(t *testing.T) {
		if len(mar.Report.Inactive) != 1 || mar.Report.Inactive[0].FSIID != "5" || row(mar.List, "5").Extra[ColListed] != "0" {
			t.Errorf("inactive %+v", mar.Report.Inactive)
		}
		if row(mar.List, "1").Extra[ColListed] != "1" || row(mar.List, "1").Extra[ColLastStandard] != "2026-02-09" {
			t.Errorf("P1 state %v", row(mar.List, "1").Extra)
		}
	})

	// ---- Standard, list 2026-05 on the March list ----
	// T4: P1 (2N, 1600) beats P3 (1661): diff −61 → 42 → PA 0.4
	// (0.42: down); V = 30 × 0.6 = +18.0 → 1618: no cap for a 2N.
	// P3: 58 → PA 0.6 (0.58: up); V = −18.0 → 1643.
	may := closeOne(t, fsi.Standard, "2026-05", mar.List, received("t4.trf", t4, d(2, 25)))
	t.Run("periods chain: the March list is May's input", func(t *testing.T) {
		if got := row(may.List, "1").EloItalia; got != 1618 {
			t.Errorf("P1 %d, want 1618", got)
		}
		if got := row(may.List, "3").EloItalia; got != 1643 {
			t.Errorf("P3 %d, want 1643", got)
		}
		if got := row(may.List, "4").EloItalia; got != 2014 {
			t.Errorf("P4 did not play: %d, want 2014", got)
		}
	})

	// ---- Rapid, list in force 2026-01 ----
	r4 := reg("14", "Grigi", "Ugo", "NC", 0, 0, 1600)
	r4.Extra = map[string]string{ColLastRapid: "2020-06-01"}
	rap := &registers.Players{Rows: []registers.Player{
		reg("11", "Blu", "Gino", "1N", 0, 0, 2195),
		reg("12", "Rosa", "Ida", "2N", 0, 0, 1810),
		reg("13", "Viola", "Luca", "3N", 0, 0, 1500),
		r4,
	}}
	// R-T1 (received 2026-01-10, list of February): 11–12 1-0, 11–13
	// 1-0, 12–13 1-0.
	//  11 2195: vs 1810 (+385) 91, vs 1500 (+695→400) 92: S 183 →
	//           PA 1.8; P 2; K 30; V = +6.0 → 2201
	//  12 1810: vs 2195 9, vs 1500 (+310) 86: S 95 → PA 0.9; P 1;
	//           V = +3.0 → 1813 (band D)
	//  13 1500: 8 + 14 = 22 → PA 0.2; P 0; V = −6.0 → 1494
	rt1 := build(t, "R-T1",
		tp{name: "Blu, Gino", fsi: "11", rounds: "2w1 3b1"},
		tp{name: "Rosa, Ida", fsi: "12", rounds: "1b0 . 3w1"},
		tp{name: "Viola, Luca", fsi: "13", rounds: ". 1w0 2b0"},
	)
	feb := closeOne(t, fsi.Rapid, "2026-02", rap, received("r1.trf", rt1, d(1, 10)))
	t.Run("RAPID 7.3: reaching 2200 locks K at 20", func(t *testing.T) {
		r := row(feb.List, "11")
		if r.EloRapid != 2201 || !r.RapidK20 || len(feb.Report.KLocked) != 1 {
			t.Errorf("11: %d k20 %v locked %+v", r.EloRapid, r.RapidK20, feb.Report.KLocked)
		}
		if got := row(feb.List, "12").EloRapid; got != 1813 {
			t.Errorf("12: %d, want 1813", got)
		}
		// RAPID 8.3, regs §4b: the list in force (1810, band D, no band
		// history) counts as a period held, so D in force and D at the
		// close give category D at the first close (measured: no
		// category for anyone at the first rapid list).
		if got := row(feb.List, "12").Extra[ColRapidCategory]; got != "D" {
			t.Errorf("RAPID 8.3: D in force and D now: category %q, want D", got)
		}
	})
	t.Run("RAPID 6.9: five calendar years without a tournament", func(t *testing.T) {
		if len(feb.Report.Removed) != 1 || feb.Report.Removed[0].FSIID != "14" || row(feb.List, "14").EloRapid != 0 {
			t.Errorf("removed %+v", feb.Report.Removed)
		}
	})
	// R-T2 (received 2026-02-20, list of March): 12 beats 11.
	//  11 2201 (K 20): vs 1813 (+388) 91 → PA 0.9; P 0; V = 20 × −0.9
	//           = −18.0 → 2183
	//  12 1813: 9 → PA 0.1; P 1; V = 30 × 0.9 = +27.0 → 1840
	rt2 := build(t, "R-T2",
		tp{name: "Blu, Gino", fsi: "11", rounds: "2w0"},
		tp{name: "Rosa, Ida", fsi: "12", rounds: "1b1"},
	)
	mar2 := closeOne(t, fsi.Rapid, "2026-03", feb.List, received("r2.trf", rt2, d(2, 20)))
	t.Run("RAPID 8.3: band D held, category D kept", func(t *testing.T) {
		r := row(mar2.List, "12")
		if r.EloRapid != 1840 || r.Extra[ColRapidCategory] != "D" {
			t.Errorf("12: %d category %q bands %q", r.EloRapid, r.Extra[ColRapidCategory], r.Extra[ColRapidBands])
		}
		if slices.ContainsFunc(mar2.Report.Categories, func(c CategoryChange) bool { return c.FSIID == "12" }) {
			t.Errorf("category changes %+v: 12 had D already", mar2.Report.Categories)
		}
		if got := row(mar2.List, "11").EloRapid; got != 2183 {
			t.Errorf("11: %d, want 2183", got)
		}
	})
	// R-T3 (received 2026-03-20, list of April): 11 (2183, K locked at
	// 20) beats 13 (1494): +689 → 400 → 92 → PA 0.9; V = 20 × 0.1 =
	// +2.0 → 2185 (K 30 would give +3.0).
	//  13 1494: 8 → PA 0.1; V = 30 × −0.1 = −3.0 → 1491.
	rt3 := build(t, "R-T3",
		tp{name: "Blu, Gino", fsi: "11", rounds: "2w1"},
		tp{name: "Viola, Luca", fsi: "13", rounds: "1b0"},
	)
	apr := closeOne(t, fsi.Rapid, "2026-04", mar2.List, received("r3.trf", rt3, d(3, 20)))
	t.Run("RAPID 7.3: K stays 20 below 2200 once 2200 was reached", func(t *testing.T) {
		c := change(&apr.Report, "11")
		if c.Used != 2183 || c.Sum != 20 || row(apr.List, "11").EloRapid != 2185 {
			t.Errorf("11: used %d sum %s new %d", c.Used, c.Sum, row(apr.List, "11").EloRapid)
		}
		if got := row(apr.List, "13").EloRapid; got != 1491 {
			t.Errorf("13: %d, want 1491", got)
		}
		// 11 was in B once (2201) then C (2183, 2185): C held twice.
		if got := row(apr.List, "11").Extra[ColRapidCategory]; got != "C" {
			t.Errorf("11 category %q, want C", got)
		}
	})
	t.Run("RAPID 8.3: a category is never lowered", func(t *testing.T) {
		l := apr.List
		r := row(l, "12")
		r.EloRapid = 1500 // as if he had lost a lot
		next := closeOne(t, fsi.Rapid, "2026-05", l)
		if got := row(next.List, "12").Extra[ColRapidCategory]; got != "D" {
			t.Errorf("category %q, want D kept", got)
		}
	})
}
