package rating

import (
	"strconv"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// rateWith runs the engine on tt with the office's theoretical ratings.
func rateWith(t *testing.T, kind fsi.Kind, tt *tournament.Tournament, th Theoretical, rows ...registers.Player) ([]Seed, []Line) {
	t.Helper()
	r := settings(t)
	ix := NewIndex(&registers.Players{Rows: rows}, r.MatchByName)
	seeds := SeedsWith(kind, tt, ix, r, th)
	return seeds, Rate(tt, seeds, OptionsFor(kind, r))
}

// TestRTF_4_2_7_TheoreticalRating: a foreign player without FIDE rating
// plays at the theoretical Elo Italia the chief arbiter gives him, and
// his opponent's variation counts. One game, Rossi (ITA, 2N, Elo Italia
// 1600) beats Dupont (FRA, not in the list, no FIDE rating):
//
//	with the theoretical 1700:
//	  Rossi 1600 vs 1700: diff −100 → 36 %; S 36 → PA 0.4; P 1;
//	    V = 30 × (1 − 0.4) = +18.0
//	  Dupont 1700 vs 1600: diff +100 → 64 %; S 64 → PA 0.6; P 0;
//	    V = 30 × (0 − 0.6) = −18.0
//	without it Dupont enters as unclassified, 1440 (RTF 4.2.5 c):
//	  Rossi 1600 vs 1440: diff +160 → 71 %; PA 0.7; V = 30 × 0.3 = +9.0
func TestRTF_4_2_7_TheoreticalRating(t *testing.T) {
	game := func(fed, fsi string, fide int) *tournament.Tournament {
		tt := build(t, "4.2.7",
			tp{name: "Rossi, Mario", fsi: "1", fed: "ITA", rounds: "2w1"},
			tp{name: "Dupont, Jean", fsi: fsi, fed: fed, rating: fide, rounds: "1b0"},
		)
		return tt
	}
	rossi := reg("1", "Rossi", "Mario", "2N", 1600, 0, 0)
	cases := []struct {
		name       string
		tt         *tournament.Tournament
		th         Theoretical
		rows       []registers.Player
		opp        int    // Dupont's rating
		source     string // Dupont's source
		rated      bool
		rossiV     Tenths
		dupontV    Tenths
		dupontPA   Tenths
		dupontGame int
	}{
		{"RTF 4.2.7: the theoretical 1700 by starting number", game("FRA", "", 0),
			Theoretical{ByStart: map[int]int{2: 1700}}, []registers.Player{rossi}, 1700, SourceTheoretical, true, 180, -180, 6, 1},
		{"RTF 4.2.7: the theoretical 1700 by the player's id", game("FRA", "F-77", 0),
			Theoretical{ByID: map[string]int{"F-77": 1700}}, []registers.Player{rossi}, 1700, SourceTheoretical, true, 180, -180, 6, 1},
		{"RTF 4.2.5 c: without a theoretical rating he enters at 1440", game("FRA", "", 0),
			Theoretical{}, []registers.Player{rossi}, 1440, "entry:NC", true, 90, -90, 3, 1},
		{"RTF 4.2.7: a home player gets no theoretical rating (entry 1440)", game("ITA", "", 0),
			Theoretical{ByStart: map[int]int{2: 1700}}, []registers.Player{rossi}, 1440, "entry:NC", true, 90, -90, 3, 1},
		// FIDE 1900, not rated (RTF 4.2.10–4.2.11): Rossi vs 1900, diff
		// −300 → 15 %; S 15 is 0.15 points, second decimal 5: PA 0.1;
		// V = 30 × (1 − 0.1) = +27.0.
		{"RTF 4.2.7: a FIDE-rated foreigner plays at his FIDE rating", game("FRA", "", 1900),
			Theoretical{ByStart: map[int]int{2: 1700}}, []registers.Player{rossi}, 1900, "fide", false, 270, 0, 0, 1},
		// On the list at 1650: Rossi vs 1650, diff −50 → 43 %; PA 0.4
		// (0.43: second decimal 3, down); V = 30 × 0.6 = +18.0; Dupont
		// vs 1600, +50 → 57 %; PA 0.6; V = −18.0.
		{"RTF 4.2.7: a lower theoretical rating does not replace the one held", game("FRA", "9", 0),
			Theoretical{ByStart: map[int]int{2: 1600}},
			[]registers.Player{rossi, {FSIID: "9", Surname: "Dupont", Federation: "FRA", Category: "NC", EloItalia: 1650}},
			1650, "list", true, 180, -180, 6, 1},
		{"RTF 4.2.7: a higher theoretical rating replaces the one held", game("FRA", "9", 0),
			Theoretical{ByStart: map[int]int{2: 1700}},
			[]registers.Player{rossi, {FSIID: "9", Surname: "Dupont", Federation: "FRA", Category: "NC", EloItalia: 1650}},
			1700, SourceTheoretical, true, 180, -180, 6, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seeds, lines := rateWith(t, fsi.Standard, c.tt, c.th, c.rows...)
			if s := seeds[1]; s.Rating != c.opp || s.Source != c.source || s.Rated != c.rated {
				t.Errorf("Dupont's seed %+v; want %d %s rated %v", s, c.opp, c.source, c.rated)
			}
			if l := lines[0]; l.Applied != c.rossiV {
				t.Errorf("Rossi: S %d PA %s V %s applied %s; want V %s", l.Percent, l.Expected, l.Delta, l.Applied, c.rossiV)
			}
			if l := lines[1]; l.Applied != c.dupontV || l.Expected != c.dupontPA || l.Games != c.dupontGame {
				t.Errorf("Dupont: S %d PA %s V %s applied %s; want PA %s V %s", l.Percent, l.Expected, l.Delta, l.Applied, c.dupontPA, c.dupontV)
			}
		})
	}
}

// TestRAPID_6_8_TheoreticalRating: in rapid, a foreign player without
// Elo Rapid gets a theoretical Elo Rapid from the chief arbiter (after
// his FIDE rapid, else FIDE standard), and his opponents' variations are
// valid. One game drawn between Bianchi (ITA, Elo Rapid 1500) and
// Müller (GER, no rating of any kind); V before winner protection:
//
//	with the theoretical 1800:
//	  Bianchi 1500 vs 1800: diff −300 → 15 %; S 15 is 0.15 points,
//	    second decimal 5 goes down: PA 0.1; P 0.5; V = 30 × 0.4 = +12.0
//	  Müller 1800 vs 1500: +300 → 85 %; PA 0.8 (0.85: 5 down); P 0.5;
//	    V = 30 × (0.5 − 0.8) = −9.0
//	without it Müller enters at 1440 (RAPID 6.1):
//	  Bianchi 1500 vs 1440: +60 → 58 %; PA 0.6; V = 30 × (−0.1) = −3.0
//	  Müller 1440 vs 1500: −60 → 42 %; PA 0.4; V = 30 × 0.1 = +3.0
func TestRAPID_6_8_TheoreticalRating(t *testing.T) {
	game := func(fide int) *tournament.Tournament {
		return build(t, "6.8",
			tp{name: "Bianchi, Anna", fsi: "1", fed: "ITA", rounds: "2w="},
			tp{name: "Müller, Hans", fed: "GER", rating: fide, rounds: "1b="},
		)
	}
	bianchi := reg("1", "Bianchi", "Anna", "NC", 0, 0, 1500)
	cases := []struct {
		name              string
		tt                *tournament.Tournament
		th                Theoretical
		rows              []registers.Player
		opp               int
		source            string
		bianchiV, mullerV Tenths
	}{
		{"RAPID 6.8: the theoretical 1800", game(0), Theoretical{ByStart: map[int]int{2: 1800}},
			[]registers.Player{bianchi}, 1800, SourceTheoretical, 120, -90},
		{"RAPID 6.1: without it, 1440", game(0), Theoretical{}, []registers.Player{bianchi}, 1440, "entry", -30, 30},
		// FIDE 1700 in the file: Bianchi vs 1700, −200 → 24 %; PA 0.2; V =
		// 30 × 0.3 = +9.0; Müller 76 % → PA 0.8; V = −9.0.
		{"RAPID 6.8: a FIDE rating in the file comes before the arbiter's", game(1700),
			Theoretical{ByStart: map[int]int{2: 1800}}, []registers.Player{bianchi}, 1700, "file", 90, -90},
		{"RAPID 6.8: FIDE rapid in the register comes before the arbiter's", game(0),
			Theoretical{ByStart: map[int]int{2: 1800}},
			[]registers.Player{bianchi, {FSIID: "", FideID: "", Surname: "Müller", Name: "Hans", Federation: "GER", FideRapid: 1700}},
			1700, "fide_rapid", 90, -90},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seeds, lines := rateWith(t, fsi.Rapid, c.tt, c.th, c.rows...)
			if s := seeds[1]; s.Rating != c.opp || s.Source != c.source || !s.Rated {
				t.Errorf("Müller's seed %+v; want %d %s", s, c.opp, c.source)
			}
			// Delta: both are first ex aequo, so a negative V is not
			// applied (RAPID 6.7).
			if lines[0].Delta != c.bianchiV || lines[1].Delta != c.mullerV {
				t.Errorf("Bianchi V %s (PA %s), Müller V %s (PA %s); want %s, %s", lines[0].Delta, lines[0].Expected,
					lines[1].Delta, lines[1].Expected, c.bianchiV, c.mullerV)
			}
		})
	}
}

// TestRTF_4_2_7_RAPID_6_8_TheoreticalWanted: a foreign player without
// any rating the articles take, and no theoretical rating from the file
// or the office, is marked for the office's decision (the work queue's
// "decisions pending"); a home player, a player whose federation is
// written nowhere, a FIDE-rated one and one with a theoretical rating are
// not.
func TestRTF_4_2_7_RAPID_6_8_TheoreticalWanted(t *testing.T) {
	game := func(fed string, fide, national int) *tournament.Tournament {
		tt := build(t, "wanted",
			tp{name: "Rossi, Mario", fsi: "1", fed: "ITA", rounds: "2w1"},
			tp{name: "Dupont, Jean", fed: fed, rating: fide, rounds: "1b0"},
		)
		tt.Players[1].NationalRating = national
		return tt
	}
	rossi := reg("1", "Rossi", "Mario", "2N", 1600, 0, 1500)
	for _, c := range []struct {
		name string
		kind fsi.Kind
		tt   *tournament.Tournament
		th   Theoretical
		want bool
	}{
		{"RTF 4.2.7: foreign, no rating anywhere", fsi.Standard, game("FRA", 0, 0), Theoretical{}, true},
		{"RTF 4.2.7: the office gave one", fsi.Standard, game("FRA", 0, 0), Theoretical{ByStart: map[int]int{2: 1700}}, false},
		{"RTF 4.2.7: the arbiter gave one in the file", fsi.Standard, game("FRA", 0, 1650), Theoretical{}, false},
		{"RTF 4.2.10: FIDE-rated", fsi.Standard, game("FRA", 1900, 0), Theoretical{}, false},
		{"RTF 4.2.5: a home player enters by category", fsi.Standard, game("ITA", 0, 0), Theoretical{}, false},
		{"RTF 4.2.5: federation written nowhere", fsi.Standard, game("", 0, 0), Theoretical{}, false},
		{"RAPID 6.8: foreign, no rating anywhere", fsi.Rapid, game("GER", 0, 0), Theoretical{}, true},
		{"RAPID 6.8: the office gave one", fsi.Rapid, game("GER", 0, 0), Theoretical{ByStart: map[int]int{2: 1800}}, false},
		{"RAPID 6.8: a FIDE rating in the file", fsi.Rapid, game("GER", 1700, 0), Theoretical{}, false},
		{"RAPID 6.1: a home player enters at 1440", fsi.Rapid, game("ITA", 0, 0), Theoretical{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			seeds, lines := rateWith(t, c.kind, c.tt, c.th, rossi)
			if seeds[1].Wanted != c.want || lines[1].TheoreticalWanted != c.want || lines[0].TheoreticalWanted {
				t.Errorf("Dupont wanted %v (seed %+v), Rossi %v; want %v", lines[1].TheoreticalWanted, seeds[1], lines[0].TheoreticalWanted, c.want)
			}
		})
	}
}

// TestRTF_4_2_7_TheoreticalAtClose: the close takes the theoretical
// rating from the tournament's input; Dupont enters the list at 1700 −
// 18.0 = 1682 (RTF 4.3.3), Rossi goes to 1600 + 18.0 = 1618.
func TestRTF_4_2_7_TheoreticalAtClose(t *testing.T) {
	tt := build(t, "4.2.7 close",
		tp{name: "Rossi, Mario", fsi: "1", fed: "ITA", rounds: "2w1"},
		tp{name: "Dupont, Jean", fsi: "F-77", fed: "FRA", rounds: "1b0"},
	)
	list := &registers.Players{Rows: []registers.Player{reg("1", "Rossi", "Mario", "2N", 1600, 0, 0)}}
	rc := received("t.trf", tt, tournament.NewDate(2026, 2, 10))
	rc.Theoretical = Theoretical{ByStart: map[int]int{2: 1700}}
	res := closeOne(t, fsi.Standard, "2026-03", list, rc)
	if r := row(res.List, "F-77"); r == nil || r.EloItalia != 1682 {
		t.Errorf("Dupont's row %+v; want Elo Italia 1682", r)
	}
	if r := row(res.List, "1"); r.EloItalia != 1618 {
		t.Errorf("Rossi %d; want 1618", r.EloItalia)
	}
	if len(res.Report.Added) != 1 || !strings.Contains(res.Report.Added[0].Reason, "1700 (theoretical)") {
		t.Errorf("added %+v", res.Report.Added)
	}
}

// closeWith closes a period with the given settings.
func closeWith(t *testing.T, r *rules.Rating, kind fsi.Kind, label string, list *registers.Players, ts ...Received) *Result {
	t.Helper()
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

// TestRTF_4_2_9_MembershipYearOfTheCutoff: a player active (last
// tournament 2026-10-04) and registered for 2026 only. RTF 4.2.9 wants
// the year in progress ("anno in corso"), read as the year of the list's
// closing date (regs §4b): the January 2027 list closes in December 2026
// and takes the 2026 membership (as the January grace setting it
// replaces did); every other list wants its own year.
func TestRTF_4_2_9_MembershipYearOfTheCutoff(t *testing.T) {
	cases := []struct {
		name   string
		label  string
		listed string
		reason string
	}{
		{"RTF 4.2.9: the January 2027 list closes on 22/12/2026: the 2026 membership", "2027-01", "1", ""},
		{"RTF 4.2.9: the March 2027 list closes in February: 2027", "2027-03", "0", "not registered for 2027"},
		{"RTF 4.2.9: the November 2026 list: 2026", "2026-11", "1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := settings(t)
			p := reg("1", "Rossi", "Mario", "2N", 1650, 0, 0)
			p.MembershipYear = 2026
			p.Extra = map[string]string{ColLastStandard: "2026-10-04", ColListed: "1"}
			res := closeWith(t, r, fsi.Standard, c.label, &registers.Players{Rows: []registers.Player{p}})
			if got := res.List.Rows[0].Extra[ColListed]; got != c.listed {
				t.Errorf("listed %q, want %q", got, c.listed)
			}
			reason := ""
			if len(res.Report.Inactive) > 0 {
				reason = res.Report.Inactive[0].Reason
			}
			if c.reason == "" && reason != "" || !strings.HasPrefix(reason, c.reason) {
				t.Errorf("inactive reason %q, want %q", reason, c.reason)
			}
		})
	}
	t.Run("RTF 4.2.9: a 2027 member is listed in January", func(t *testing.T) {
		p := reg("1", "Rossi", "Mario", "2N", 1650, 0, 0)
		p.MembershipYear = 2027
		p.Extra = map[string]string{ColLastStandard: "2026-10-04"}
		res := closeWith(t, settings(t), fsi.Standard, "2027-01", &registers.Players{Rows: []registers.Player{p}})
		if got := res.List.Rows[0].Extra[ColListed]; got != "1" {
			t.Errorf("listed %q", got)
		}
	})
}

func TestRTF_4_4_1_5_3_NormAverageRounding(t *testing.T) {
	for _, c := range []struct {
		name     string
		sum, n   int
		rounding string
		want     int
	}{
		{"RTF 4.4.1.5.3: 2075.5 half up is 2076", 20755, 10, rules.RoundHalfUp, 2076},
		{"RTF 4.4.1.5.3: 2075.4 half up is 2075", 20754, 10, rules.RoundHalfUp, 2075},
		{"RTF 4.4.1.5.3: 2075.5 down is 2075", 20755, 10, rules.RoundDown, 2075},
		{"RTF 4.4.1.5.3: 2075.1 up is 2076", 20751, 10, rules.RoundUp, 2076},
		{"RTF 4.4.1.5.3: 2075.0 up stays 2075", 20750, 10, rules.RoundUp, 2075},
		{"RTF 4.4.1.5.3: empty setting reads as half up", 20755, 10, "", 2076},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := NormAverage(c.sum, c.n, c.rounding); got != c.want {
				t.Errorf("NormAverage(%d, %d, %q) = %d, want %d", c.sum, c.n, c.rounding, got, c.want)
			}
		})
	}

	// Player 1 (CM) scores 7.5 in 10 rounds, all played, against five
	// opponents of 2075 and five of 2076: sum 20755, average 2075.5.
	// Half up (or up): 2076, the row 2076–2100 of the table, 7.5 on 10
	// games: a norm. Down: 2075, the row 2051–2075, 8 on 10: none.
	ps := []tp{{name: "Uno", fsi: "1", rounds: "2w1 3b1 4w1 5b1 6w1 7b1 8w1 9b= 10w0 11b0"}}
	for k := 2; k <= 11; k++ {
		res := map[byte]string{'1': "0", '=': "=", '0': "1"}["1111111=00"[k-2]]
		col := "b"
		if k%2 == 1 {
			col = "w"
		}
		ps = append(ps, tp{name: "Opp " + strconv.Itoa(k), fsi: strconv.Itoa(k),
			rounds: strings.Repeat(". ", k-2) + "1" + col + res})
	}
	tt := build(t, "norm", ps...)
	seeds := []Seed{{Rating: 2150, Source: "list", Rated: true, K: 30, Category: "CM"}}
	for k := 2; k <= 11; k++ {
		seeds = append(seeds, Seed{Rating: 2075 + k/7, Source: "list", Rated: true, K: 30, Category: "CM"})
	}
	for _, c := range []struct {
		name     string
		rounding string
		norm     bool
	}{
		{"RTF 4.4.1.5.3: average 2075.5 half up, 7.5/10 is a norm", rules.RoundHalfUp, true},
		{"RTF 4.4.1.5.3: average 2075.5 down, 7.5/10 is not (8 needed)", rules.RoundDown, false},
		{"RTF 4.4.1.5.3: average 2075.5 up, a norm", rules.RoundUp, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := OptionsFor(fsi.Standard, settings(t))
			o.Maestro.AverageRounding = c.rounding
			l := Rate(tt, seeds, o)[0]
			if l.Score != 7.5 || l.Games != 10 {
				t.Fatalf("score %v in %d games", l.Score, l.Games)
			}
			if (l.Norm != nil) != c.norm {
				t.Errorf("norm %+v, want %v", l.Norm, c.norm)
			}
		})
	}
}

// TestRTF_4_2_8_FideRatedOnTheNationalList: the national list shows the
// merit rating, "Italia o Fide" (regs §4b): a FIDE-rated player who is
// active and registered is listed with his FIDE rating, marked as FIDE,
// also when the close takes his Elo Italia away (RTF 4.2.6). Measured:
// listed=0 ("no Elo Italia"), so a 300-player register lost its 59
// FIDE-rated players from the published list.
func TestRTF_4_2_8_FideRatedOnTheNationalList(t *testing.T) {
	fide := reg("1", "Rossi", "Mario", "1N", 0, 2105, 0)
	both := reg("2", "Bianchi", "Luca", "2N", 1700, 1810, 0)
	italia := reg("3", "Verdi", "Carlo", "2N", 1650, 0, 0)
	lapsed := reg("4", "Neri", "Dario", "1N", 0, 1950, 0)
	for _, p := range []*registers.Player{&fide, &both, &italia, &lapsed} {
		p.MembershipYear = 2026
		p.Extra = map[string]string{ColLastStandard: "2026-10-04"}
	}
	lapsed.MembershipYear = 2025
	res := closeWith(t, settings(t), fsi.Standard, "2026-11", &registers.Players{Rows: []registers.Player{fide, both, italia, lapsed}})
	want := []struct{ listed, fide string }{{"1", "1"}, {"1", "1"}, {"1", ""}, {"0", ""}}
	for i, w := range want {
		row := &res.List.Rows[i]
		if row.Extra[ColListed] != w.listed || row.Extra[ColListedFide] != w.fide {
			t.Errorf("%s: listed %q listed_fide %q, want %q %q", row.Surname, row.Extra[ColListed], row.Extra[ColListedFide], w.listed, w.fide)
		}
	}
	if r, f := res.List.Rows[1].Merit(); r != 1810 || !f || res.List.Rows[1].EloItalia != 0 {
		t.Errorf("Bianchi: merit %d fide %v Elo Italia %d, want 1810 true 0 (RTF 4.2.6)", r, f, res.List.Rows[1].EloItalia)
	}
	if len(res.Report.Inactive) != 1 || res.Report.Inactive[0].FSIID != "4" {
		t.Errorf("left out: %+v, want only Neri (not registered)", res.Report.Inactive)
	}
}
