package rating

import (
	"slices"
	"strconv"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/testkit/synth"
	"omologa/internal/tournament"
)

// rate runs the engine on tt against the list rows.
func rate(t *testing.T, kind fsi.Kind, tt *tournament.Tournament, rows ...registers.Player) []Line {
	t.Helper()
	r := settings(t)
	ix := NewIndex(&registers.Players{Rows: rows}, r.MatchByName)
	o := OptionsFor(kind, r)
	o.Detail = true
	return Rate(tt, Seeds(kind, tt, ix, r), o)
}

func TestRTF_4_3_1_Variation(t *testing.T) {
	// Player 1, Elo Italia 1500 (3N), against five opponents:
	//   round 1: 1600, diff −100 → 36 %, won     (1)
	//   round 2: 1450, diff  +50 → 57 %, drawn   (½)
	//   round 3: 1900, diff −400 →  8 %, lost    (0)
	//   round 4: 1000, diff +500 → capped 400 → 92 %, won (1)
	//   round 5: 1500, diff    0 → 50 %, drawn   (½)
	// S = 36+57+8+92+50 = 243 → PA 2.43 → 2.4 (second decimal 3: down)
	// P = 3.0; V = 30 × (3.0 − 2.4) = +18.0.
	tt := build(t, "4.3.1",
		tp{name: "Uno, Primo", fsi: "1", rounds: "2w1 3b= 4w0 5b1 6w="},
		tp{name: "Due", fsi: "2", rounds: "1b0"},
		tp{name: "Tre", fsi: "3", rounds: ". 1w="},
		tp{name: "Quattro", fsi: "4", rounds: ". . 1b1"},
		tp{name: "Cinque", fsi: "5", rounds: ". . . 1w0"},
		tp{name: "Sei", fsi: "6", rounds: ". . . . 1b="},
	)
	lines := rate(t, fsi.Standard, tt,
		reg("1", "Uno", "Primo", "3N", 1500, 0, 0), reg("2", "Due", "", "2N", 1600, 0, 0),
		reg("3", "Tre", "", "3N", 1450, 0, 0), reg("4", "Quattro", "", "1N", 1900, 0, 0),
		reg("5", "Cinque", "", "NC", 1000, 0, 0), reg("6", "Sei", "", "3N", 1500, 0, 0))
	l := lines[0]
	var pcts []int
	for _, g := range l.Detail {
		pcts = append(pcts, g.Percent)
	}
	if want := []int{36, 57, 8, 92, 50}; !slices.Equal(pcts, want) {
		t.Errorf("percentages %v, want %v", pcts, want)
	}
	if l.Games != 5 || l.Score != 3 || l.Percent != 243 || l.Expected != 24 || l.K != 30 || l.Delta != 180 || l.Applied != 180 {
		t.Errorf("games %d score %v S %d PA %s K %d V %s applied %s; want 5 3 243 2.4 30 18.0 18.0",
			l.Games, l.Score, l.Percent, l.Expected, l.K, l.Delta, l.Applied)
	}
	// Player 2 (1600) lost to 1500: diff +100 → 64 %, S 64 → PA 0.6
	// (0.64: down), P 0, V = 30 × (0 − 0.6) = −18.0.
	if l := lines[1]; l.Expected != 6 || l.Delta != -180 {
		t.Errorf("player 2: PA %s V %s, want 0.6 −18.0", l.Expected, l.Delta)
	}
	// Player 5 (1000) lost to 1500: diff −500 → capped → 8 %,
	// PA 0.1 (0.08: up), V = 30 × (0 − 0.1) = −3.0.
	if l := lines[4]; l.Expected != 1 || l.Delta != -30 {
		t.Errorf("player 5: PA %s V %s, want 0.1 −3.0", l.Expected, l.Delta)
	}
}

func TestRTF_4_3_2_K(t *testing.T) {
	// A Maestro (2250) draws a 3N (1500): diff 400 (capped 750) → 92 %;
	// PA 0.9 (0.92: down); V = 20 × (0.5 − 0.9) = −8.0 for the M, and
	// for the 3N: 8 % → PA 0.1 (0.08: up), V = 30 × (0.5 − 0.1) = +12.0.
	tt := build(t, "4.3.2",
		tp{name: "Maestro", fsi: "1", rounds: "2w= 3b0"},
		tp{name: "Terza", fsi: "2", rounds: "1b= 3w1"},
		tp{name: "Altro", fsi: "3", rounds: ". 2b0 1w1"},
	)
	lines := rate(t, fsi.Standard, tt, reg("1", "Maestro", "", "M", 2250, 0, 0),
		reg("2", "Terza", "", "3N", 1500, 0, 0), reg("3", "Altro", "", "NC", 1500, 0, 0))
	if l := lines[0]; l.K != 20 || l.Detail[0].Percent != 92 {
		t.Errorf("RTF 4.3.2 b: Maestro K %d, first game %d%%; want 20, 92", l.K, l.Detail[0].Percent)
	}
	if l := lines[1]; l.K != 30 || l.Detail[0].Percent != 8 {
		t.Errorf("RTF 4.3.2 a: K %d, %d%%; want 30, 8", l.K, l.Detail[0].Percent)
	}
}

func TestRTF_4_2_10_WhoIsRated(t *testing.T) {
	// 1: no FIDE rating, Elo Italia 1500. 2: FIDE 1700. 3: FIDE 1800.
	// Round 1: 1–2 draw: counts for 1 only, against 2's FIDE rating:
	//   diff −200 → 24 %. Round 2: 2–3: FIDE's business, nobody here.
	//   Round 2: 1 has no game.
	// Player 1: S 24 → PA 0.2 (0.24: down), P 0.5, V = 30 × 0.3 = +9.0.
	tt := build(t, "4.2.10",
		tp{name: "Italiano", fsi: "1", rounds: "2w="},
		tp{name: "Fide A", fsi: "2", fide: "900002", rounds: "1b= 3w1"},
		tp{name: "Fide B", fsi: "3", fide: "900003", rounds: ". 2b0"},
	)
	lines := rate(t, fsi.Standard, tt, reg("1", "Italiano", "", "3N", 1500, 0, 0),
		reg("2", "Fide", "A", "1N", 0, 1700, 0), reg("3", "Fide", "B", "1N", 0, 1800, 0))
	if l := lines[0]; !l.Rated || l.Detail[0].OpponentRating != 1700 || l.Percent != 24 || l.Expected != 2 || l.Delta != 90 {
		t.Errorf("RTF 4.2.11: player 1 rated %v opp %d S %d PA %s V %s; want true 1700 24 0.2 9.0",
			l.Rated, l.Detail[0].OpponentRating, l.Percent, l.Expected, l.Delta)
	}
	for _, i := range []int{1, 2} {
		if l := lines[i]; l.Rated || l.Delta != 0 || l.Applied != 0 || l.Source != "fide" {
			t.Errorf("RTF 4.2.10: FIDE-rated player %d: rated %v delta %s source %s", i+1, l.Rated, l.Delta, l.Source)
		}
	}
}

func TestRTF_4_2_13_OnlyGamesPlayed(t *testing.T) {
	// Player 1 (1500): round 1 won vs 2 (1500, 50 %); round 2 forfeit
	// win '+' vs 3; round 3 'L' (less than one move) vs 4; round 4
	// pairing bye 'U'; round 5 half-point bye 'H'. Only round 1 counts:
	// S 50 → PA 0.5, P 1, V = 30 × 0.5 = +15.0.
	tt := build(t, "4.2.13",
		tp{name: "Uno", fsi: "1", rounds: "2w1 3b+ 4wL 0-U 0-H"},
		tp{name: "Due", fsi: "2", rounds: "1b0"},
		tp{name: "Tre", fsi: "3", rounds: ". 1w-"},
		tp{name: "Quattro", fsi: "4", rounds: ". . 1bW"},
	)
	lines := rate(t, fsi.Standard, tt, reg("1", "Uno", "", "3N", 1500, 0, 0),
		reg("2", "Due", "", "3N", 1500, 0, 0), reg("3", "Tre", "", "3N", 1500, 0, 0), reg("4", "Quattro", "", "3N", 1500, 0, 0))
	if l := lines[0]; l.Games != 1 || l.Score != 1 || l.Expected != 5 || l.Delta != 150 {
		t.Errorf("games %d score %v PA %s V %s; want 1 1 0.5 15.0", l.Games, l.Score, l.Expected, l.Delta)
	}
	if l := lines[2]; l.Games != 0 || l.Delta != 0 {
		t.Errorf("RAPID 6.6/RTF 4.2.13: the forfeit counted for player 3: %+v", l)
	}
}

func TestRTF_4_2_15_WinnerProtection(t *testing.T) {
	// 1 (2000) beats 2 (1500): diff 500 → 400 → 92; draws 3 (1500): 92.
	// S 184 → PA 1.8 (1.84: down); P 1.5; V = 30 × (1.5 − 1.8) = −9.0.
	// 3 beats 2 in round 3 and also has 1.5: first ex aequo with 1.
	// Player 1 is first (ex aequo): −9.0 is not applied (RTF 4.2.15).
	// Player 3: 8 + 50 = 58 → PA 0.6 (0.58: up); P 1.5; V = +27.0.
	tt := build(t, "4.2.15",
		tp{name: "Forte", fsi: "1", rounds: "2w1 3b="},
		tp{name: "Debole", fsi: "2", rounds: "1b0 . 3w0"},
		tp{name: "Medio", fsi: "3", rounds: ". 1w= 2b1"},
	)
	lines := rate(t, fsi.Standard, tt, reg("1", "Forte", "", "CM", 2000, 0, 0),
		reg("2", "Debole", "", "3N", 1500, 0, 0), reg("3", "Medio", "", "3N", 1500, 0, 0))
	l := lines[0]
	if !l.First || l.Expected != 18 || l.Delta != -90 || l.Applied != 0 || !slices.Equal(l.Articles, []string{"RTF 4.2.15"}) {
		t.Errorf("first %v PA %s V %s applied %s articles %v; want true 1.8 −9.0 0.0 [RTF 4.2.15]",
			l.First, l.Expected, l.Delta, l.Applied, l.Articles)
	}
	if l := lines[2]; !l.First || l.Expected != 6 || l.Applied != 270 {
		t.Errorf("player 3: first %v PA %s applied %s; want true 0.6 27.0", l.First, l.Expected, l.Applied)
	}
	if l := lines[1]; l.First || l.Applied >= 0 {
		t.Errorf("player 2 is last and loses rating: %+v", l)
	}
	t.Run("RAPID 6.7: the same in rapid cites RAPID 6.7", func(t *testing.T) {
		lines := rate(t, fsi.Rapid, tt, reg("1", "Forte", "", "CM", 0, 0, 2000),
			reg("2", "Debole", "", "3N", 0, 0, 1500), reg("3", "Medio", "", "3N", 0, 0, 1500))
		if l := lines[0]; l.Applied != 0 || !slices.Equal(l.Articles, []string{"RAPID 6.7"}) {
			t.Errorf("applied %s articles %v", l.Applied, l.Articles)
		}
	})
}

func TestRTF_7_5_3_UnjustifiedWithdrawal(t *testing.T) {
	// 1 (1500) beats 2 (1500): 50 % → PA 0.5, V = +15.0; then loses the
	// last round by forfeit '-' against 3, who was paired: unjustified
	// withdrawal, the positive variation is zeroed (RTF 7.5.3).
	tt := build(t, "7.5.3",
		tp{name: "Ritirato", fsi: "1", rounds: "2w1 3b-"},
		tp{name: "Due", fsi: "2", rounds: "1b0 4w="},
		tp{name: "Tre", fsi: "3", rounds: ". 1w+"},
		tp{name: "Quattro", fsi: "4", rounds: ". 2b="},
	)
	rows := []registers.Player{reg("1", "Ritirato", "", "3N", 1500, 0, 0), reg("2", "Due", "", "3N", 1500, 0, 0),
		reg("3", "Tre", "", "3N", 1500, 0, 0), reg("4", "Quattro", "", "3N", 1500, 0, 0)}
	lines := rate(t, fsi.Standard, tt, rows...)
	if l := lines[0]; !l.Withdrew || l.Delta != 150 || l.Applied != 0 || !slices.Equal(l.Articles, []string{"RTF 7.5.3"}) {
		t.Errorf("withdrew %v V %s applied %s articles %v; want true 15.0 0.0 [RTF 7.5.3]", l.Withdrew, l.Delta, l.Applied, l.Articles)
	}
	t.Run("RTF 7.5.2: a forfeit loss without a paired opponent is an announced absence", func(t *testing.T) {
		tt := build(t, "7.5.2",
			tp{name: "Assente", fsi: "1", rounds: "2w1 0--"},
			tp{name: "Due", fsi: "2", rounds: "1b0"},
		)
		lines := rate(t, fsi.Standard, tt, rows[:2]...)
		if l := lines[0]; l.Withdrew || l.Applied != 150 {
			t.Errorf("withdrew %v applied %s; want false 15.0", l.Withdrew, l.Applied)
		}
	})
	t.Run("RTF 7.5.2: the office's override makes the withdrawal justified", func(t *testing.T) {
		r := settings(t)
		o := OptionsFor(fsi.Standard, r)
		o.Withdrawals = map[int]bool{1: false}
		lines := Rate(tt, Seeds(fsi.Standard, tt, NewIndex(&registers.Players{Rows: rows}, true), r), o)
		if l := lines[0]; l.Withdrew || l.Applied != 150 {
			t.Errorf("withdrew %v applied %s; want false 15.0", l.Withdrew, l.Applied)
		}
	})
}

// roundRobinWithdrawal is a round robin of four 1500 players: 1 beats 2
// (+15.0), then withdraws, his two remaining games written as forfeits.
func roundRobinWithdrawal(t *testing.T) (*tournament.Tournament, []registers.Player) {
	tt := build(t, "Girone",
		tp{name: "Ritirato", fsi: "1", rounds: "2w1 3b- 4w-"},
		tp{name: "Due", fsi: "2", rounds: "1b0 4w= 3b="},
		tp{name: "Tre", fsi: "3", rounds: "4b= 1w+ 2w="},
		tp{name: "Quattro", fsi: "4", rounds: "3w= 2b= 1b+"},
	)
	return tt, []registers.Player{reg("1", "Ritirato", "", "3N", 1500, 0, 0), reg("2", "Due", "", "3N", 1500, 0, 0),
		reg("3", "Tre", "", "3N", 1500, 0, 0), reg("4", "Quattro", "", "3N", 1500, 0, 0)}
}

// TestFIDE_GR_6_6_RTF_7_5_3_RoundRobinWithdrawalUndecided reproduces
// the measured case of regs §4c: in a round robin a withdrawn player's
// remaining games are forfeits by the Berger schedule, and the
// crosstable cannot show whether he gave notice; his positive variation
// was zeroed (+15.0 → 0 here, +63 → 0 in the measured file). Now
// nothing is zeroed until the office decides, and its decision applies.
func TestFIDE_GR_6_6_RTF_7_5_3_RoundRobinWithdrawalUndecided(t *testing.T) {
	tt, rows := roundRobinWithdrawal(t)
	lines := rate(t, fsi.Standard, tt, rows...)
	if l := lines[0]; l.Withdrew || !l.Undecided || l.Delta != 150 || l.Applied != 150 {
		t.Errorf("withdrew %v undecided %v V %s applied %s; want false true 15.0 15.0", l.Withdrew, l.Undecided, l.Delta, l.Applied)
	}
	r := settings(t)
	o := OptionsFor(fsi.Standard, r)
	o.Withdrawals = map[int]bool{1: true}
	lines = Rate(tt, Seeds(fsi.Standard, tt, NewIndex(&registers.Players{Rows: rows}, true), r), o)
	if l := lines[0]; !l.Withdrew || l.Undecided || l.Applied != 0 {
		t.Errorf("office says unjustified: withdrew %v undecided %v applied %s; want true false 0.0", l.Withdrew, l.Undecided, l.Applied)
	}
	o = OptionsFor(fsi.Standard, r)
	o.Withdrawal.RoundRobinAsksOffice = false
	lines = Rate(tt, Seeds(fsi.Standard, tt, NewIndex(&registers.Players{Rows: rows}, true), r), o)
	if l := lines[0]; !l.Withdrew || l.Applied != 0 {
		t.Errorf("round_robin_asks_office false: withdrew %v applied %s; want the Swiss reading (zeroed)", l.Withdrew, l.Applied)
	}
}

func TestRTF_4_2_5_EntryRatings(t *testing.T) {
	cases := []struct {
		name   string
		row    *registers.Player
		p      tournament.Player
		rating int
		source string
		rated  bool
	}{
		{"RTF 4.2.5 a: Prima Sociale missing from the list enters at 1480", nil,
			tournament.Player{Category: "1S"}, 1480, "entry:1S", true},
		{"RTF 4.2.5 b: Seconda Sociale 1460", nil, tournament.Player{Category: "2S"}, 1460, "entry:2S", true},
		{"RTF 4.2.5 c: unclassified 1440", nil, tournament.Player{}, 1440, "entry:NC", true},
		{"RTF 4.2.16 d: a 2N missing from the list counts 1600", &registers.Player{Category: "2N"},
			tournament.Player{}, 1600, "entry:2N", true},
		{"RTF 4.2.16 a: a Maestro without rating counts 2200", &registers.Player{Category: "M"},
			tournament.Player{}, 2200, "entry:M", true},
		{"RTF 4.2.7: a foreign player with the arbiter's rating", nil,
			tournament.Player{Federation: "SUI", NationalRating: 1750}, 1750, "file", true},
		{"RTF 4.2.11: FIDE rating in the file, not in the list", nil,
			tournament.Player{Rating: 1850}, 1850, "fide", false},
		{"RTF 4.2.6: dropped by FIDE re-enters at 1200 − 1", &registers.Player{Category: "3N",
			Extra: map[string]string{ColFideLast: "1210"}}, tournament.Player{}, 1199, "fide-floor", true},
		{"RTF 4.2.4: the list in force", &registers.Player{Category: "3N", EloItalia: 1523},
			tournament.Player{NationalRating: 1600}, 1523, "list", true},
	}
	r := settings(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := SeedFor(fsi.Standard, c.row, &c.p, r)
			if s.Rating != c.rating || s.Source != c.source || s.Rated != c.rated {
				t.Errorf("seed %+v; want %d %s rated %v", s, c.rating, c.source, c.rated)
			}
		})
	}
}

func TestRAPID_6_1_EntryAndK(t *testing.T) {
	cases := []struct {
		name      string
		row       *registers.Player
		p         tournament.Player
		rating, k int
		source    string
	}{
		{"RAPID 6.1: in the rapid list", &registers.Player{EloRapid: 1700, EloItalia: 1500}, tournament.Player{}, 1700, 30, "list"},
		{"RAPID 6.1: not in the rapid list, enters with Elo Italia", &registers.Player{EloItalia: 1650, Federation: "ITA"}, tournament.Player{}, 1650, 30, "elo_italia"},
		{"RAPID 6.1: with FIDE standard", &registers.Player{FideStandard: 1900, Federation: "ITA"}, tournament.Player{}, 1900, 30, "fide_standard"},
		{"RAPID 6.1: a foreigner with FIDE rapid first", &registers.Player{FideRapid: 2010, FideStandard: 2100, Federation: "FRA"}, tournament.Player{}, 2010, 30, "fide_rapid"},
		{"RAPID 6.1: a foreigner with FIDE standard only", &registers.Player{FideStandard: 2100, Federation: "FRA"}, tournament.Player{}, 2100, 30, "fide_standard"},
		{"RAPID 6.1: everyone else 1440 with K 30", &registers.Player{Federation: "ITA"}, tournament.Player{}, 1440, 30, "entry"},
		{"RAPID 6.8: unlisted foreigner with the arbiter's rating", nil, tournament.Player{Federation: "ESP", NationalRating: 1600}, 1600, 30, "file"},
		{"RAPID 7.3 b: 2200 at the start of the period gives K 20", &registers.Player{EloRapid: 2200}, tournament.Player{}, 2200, 20, "list"},
		{"RAPID 7.3 a: 2199 gives K 30", &registers.Player{EloRapid: 2199}, tournament.Player{}, 2199, 30, "list"},
		{"RAPID 7.3: once 2200 was reached K stays 20", &registers.Player{EloRapid: 2150, RapidK20: true}, tournament.Player{}, 2150, 20, "list"},
	}
	r := settings(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := SeedFor(fsi.Rapid, c.row, &c.p, r)
			if s.Rating != c.rating || s.K != c.k || s.Source != c.source || !s.Rated {
				t.Errorf("seed %+v; want %d K %d %s", s, c.rating, c.k, c.source)
			}
		})
	}
}

func TestRTF_4_4_1_5_Norms(t *testing.T) {
	// Player 1 (2150) in a 9-round tournament against nine opponents:
	// 2300 2300 2250 2250 2200 2200 2150 2100 1800. The lowest (1800) is
	// raised to 1900 (4.4.1.5.3): sum 19650... computed below: average
	// (2300+2300+2250+2250+2200+2200+2150+2100+1900)/9 = 19650/9 =
	// 2183.3 → 2183, band 2176–2200 (60 %): 9 games need 5.5.
	// He scores 6: a long norm. The same with 5.0 is none.
	mk := func(results string) (*registers.Players, *tournament.Tournament) {
		return normTournament(t, 2150, results)
	}
	r := settings(t)
	for _, c := range []struct {
		name, results string
		norm          bool
	}{
		{"RTF 4.4.1.5.1: 6/9 at average 2183 is a norm", "11==1=1=0", true},
		{"RTF 4.4.1.5.1: 5/9 is not", "1=0=1=1=0", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			list, tt := mk(c.results)
			lines := Rate(tt, Seeds(fsi.Standard, tt, NewIndex(list, true), r), OptionsFor(fsi.Standard, r))
			n := lines[0].Norm
			if (n != nil) != c.norm {
				t.Fatalf("norm %+v, want %v", n, c.norm)
			}
			if n != nil && (n.Average != 2183 || n.Needed != 5.5 || !n.Long || n.Played != 9) {
				t.Errorf("norm %+v; want average 2183, needed 5.5, long, 9 played", n)
			}
		})
	}
}

// eachGame must see exactly the games of tournament.Tournament.Games.
func TestRTF_4_2_13_EachGameAgreesWithGames(t *testing.T) {
	c := synth.Default()
	c.Players, c.Tournaments, c.ForfeitRate, c.HalfByeRate = 500, 40, 0.05, 0.05
	for _, tt := range synth.Generate(c).Tournaments {
		// Break one game's symmetry: neither side may count it.
		tt.Players[0].Rounds[0].Code = tournament.CodeWin
		if o := tt.Players[0].Rounds[0].Opponent; o > 0 {
			tt.Players[o-1].Rounds[0].Code = tournament.CodeWin
		}
		want := tt.Games()
		var got []tournament.Game
		eachGame(tt, tt.Rounds(), positions(tt), func(round, a, b, ah int) {
			got = append(got, tournament.Game{Round: round, White: tt.Players[a].Start, Black: tt.Players[b].Start})
		})
		if len(got) != len(want) {
			t.Fatalf("%s: %d games, Games() %d", tt.Name, len(got), len(want))
		}
		for i := range got {
			w := want[i]
			lo, hi := min(w.White, w.Black), max(w.White, w.Black)
			if got[i].Round != w.Round || got[i].White != lo || got[i].Black != hi {
				t.Errorf("%s: game %d %+v, Games() %+v", tt.Name, i, got[i], w)
			}
		}
	}
}

// normTournament: player 1 (CM, rating) against nine opponents rated
// 2300 2300 2250 2250 2200 2200 2150 2100 1800 (Maestri), with his
// results in order ('1', '=', '0').
func normTournament(t *testing.T, rating int, results string) (*registers.Players, *tournament.Tournament) {
	opp := []int{2300, 2300, 2250, 2250, 2200, 2200, 2150, 2100, 1800}
	rows := []registers.Player{reg("1", "Candidato", "", "CM", rating, 0, 0)}
	ps := []tp{{name: "Candidato", fsi: "1"}}
	for i, r := range opp {
		id := strconv.Itoa(i + 2)
		rows = append(rows, reg(id, "Avv"+id, "", "M", r, 0, 0))
		res := results[i]
		mine, theirs := string(res), map[byte]string{'1': "0", '=': "=", '0': "1"}[res]
		ps[0].rounds += " " + id + "w" + mine
		pad := ""
		for range i {
			pad += ". "
		}
		ps = append(ps, tp{name: "Avv" + id, fsi: id, rounds: pad + "1b" + theirs})
	}
	return &registers.Players{Rows: rows}, build(t, "norm", ps...)
}
