package validate

import (
	"slices"
	"testing"

	"omologa/internal/fsi"
)

// heldSwiss5 is the five-round Swiss of IA Mario Held's "Exercises in
// Tie-Breaking" (C.07-2023), with every kind of unplayed round: H, U, Z,
// forfeits.
var heldSwiss5 = []string{
	"9w1 13b= 2w= 15b1 4w=",
	"10b1 7w1 1b= 16w1 3b=",
	"11w= 6b1 8w1 4b= 2w=",
	"12b1 0-H 13w1 3w= 1b=",
	"13w0 15b0 11w1 7b= 10w1",
	"14b0 3w0 0-U 10w1 8b1",
	"15w1 2b0 16b0 5w= 11b0",
	"16b= 14w1 3b0 13w1 6w0",
	"1b0 10w0 0-H 11b- 0-U",
	"2w0 9b1 15w0 6b0 5b0",
	"3b= 16w0 5b0 9w+ 7w1",
	"4w0 0-U 14w+ 0-Z 0-Z",
	"5b1 1w= 4b0 8b0 14w0",
	"6w1 8b0 12b- 0-Z 13b1",
	"7b0 5w1 10b1 1w0 16b0",
	"8w= 11b1 7w1 2b0 15w1",
}

// TestFIDE_C07_16_HeldSwissExercises checks BH, BH-C1 and SB against the
// published answers of Held's exercises 1–13 (C.07 2023, art. 16 as first
// applied: the "V1" answers).
func TestFIDE_C07_16_HeldSwissExercises(t *testing.T) {
	bhWant := []float64{12.5, 13.0, 15.5, 15.0, 8.5, 12.0, 14.5, 13.5, 9.0, 13.0, 13.5, 11.5, 14.0, 11.0, 12.0, 12.5}
	bhc1Want := []float64{11.0, 12.0, 13.0, 11.5, 7.5, 11.0, 12.5, 12.0, 7.5, 11.5, 12.0, 9.5, 12.0, 9.0, 11.0, 11.0}
	sbWant := []float64{8.00, 9.50, 10.50, 9.75, 4.25, 6.50, 3.25, 5.25, 2.25, 1.50, 5.75, 4.00, 4.25, 4.50, 3.50, 7.25}
	tr := xt(t, heldSwiss5...)
	bh, bhc1, sb, _ := tieBreaks(tr, UnplayedFIDE2023, false, nil)
	for i := range tr.Players {
		n := i + 1
		if round2(bh[i]) != bhWant[i] {
			t.Errorf("player %d: BH %g, want %g", n, bh[i], bhWant[i])
		}
		if round2(bhc1[i]) != bhc1Want[i] {
			t.Errorf("player %d: BH-C1 %g, want %g", n, bhc1[i], bhc1Want[i])
		}
		if round2(sb[i]) != sbWant[i] {
			t.Errorf("player %d: SB %g, want %g", n, sb[i], sbWant[i])
		}
	}
}

// TestFIDE_C07_16_HeldRoundRobinSB is Held's exercise 14: Sonneborn-Berger
// of a round robin with one forfeit (5–6), which scores nothing.
func TestFIDE_C07_16_HeldRoundRobinSB(t *testing.T) {
	tr := xt(t,
		"5w= 2w1 3b1 4w0 6b1",
		"6w1 1b0 5w1 3w= 4b1",
		"4w1 6b1 1w0 2b= 5w1",
		"3b0 5b0 6w= 1b1 2w0",
		"1b= 4w1 2b0 6w- 3b0",
		"2b0 3w0 4b= 5b+ 1w0",
	)
	want := []float64{9.25, 6.25, 6.25, 4.25, 3.25, 2.25}
	_, _, sb, _ := tieBreaks(tr, UnplayedFIDE2023, true, nil)
	for i, w := range want {
		if round2(sb[i]) != w {
			t.Errorf("player %d: SB %g, want %g", i+1, sb[i], w)
		}
	}
}

// TestFIDE_C02_13_15_VirtualOpponent checks the older handling with the
// worked examples of the 2009 rule: a player absent in round 3 of 9 with
// 1.5 points before it gets a virtual opponent of 1.5 + 1 + 0.5 × 6 =
// 5.5; his forfeit counts as a draw in his opponents' Buchholz.
func TestFIDE_C02_13_15_VirtualOpponent(t *testing.T) {
	// Player 1: wins round 1 against 2, draws round 2 against 3, absent
	// (forfeit loss against 4) in round 3.
	tr := xt(t,
		"2w1 3b= 4w-",
		"1b0 4w1 3b1",
		"4w= 1w= 2w0",
		"3b= 2b0 1b+",
	)
	bh, _, _, _ := tieBreaks(tr, UnplayedVirtual2009, false, nil)
	// Scores: 1 has 1.5, 2 has 2, 3 has 1, 4 has 1.5. In others'
	// Buchholz the forfeits count as draws: 1 counts 2, 4 counts 1.
	// Player 1: opponents 2 (2) and 3 (1), then the virtual opponent
	// 1.5 + (1 − 0) + 0.5 × (3 − 3) = 2.5.
	if got, want := bh[0], 2+1+2.5; got != want {
		t.Errorf("player 1 BH %g, want %g", got, want)
	}
	// Player 4: opponents 3 (1) and 2 (2), then for his forfeit win the
	// virtual opponent 0.5 + (1 − 1) + 0 = 0.5.
	if got, want := bh[3], 1+2+0.5; got != want {
		t.Errorf("player 4 BH %g, want %g", got, want)
	}
	// Player 2 met 1 (counted 2), 4 (counted 1) and 3 (1).
	if got, want := bh[1], 2+1+1.0; got != want {
		t.Errorf("player 2 BH %g, want %g", got, want)
	}
}

// TestRTF_7_3_1_Standings: points first, then BH-C1 for a Swiss, SB for
// a round robin; equal players share a rank.
func TestRTF_7_3_1_Standings(t *testing.T) {
	tr := xt(t, heldSwiss5...)
	ts := ruleSet(t, fsi.Standard).Params.Tiebreak
	st := standings(tr, ts, false, nil)
	if st[0].Start != 2 || st[0].Rank != 1 || st[0].Points != 4 {
		t.Errorf("first: %+v, want player 2 with 4 points", st[0])
	}
	// 3.5 points: 1 (BH-C1 11), 3 (13), 4 (11.5), 16 (11): 3, 4, then 1
	// and 16 equal on BH-C1 share rank 4.
	got := []int{st[1].Start, st[2].Start, st[3].Start, st[4].Start}
	if got[0] != 3 || got[1] != 4 || st[3].Rank != 4 || st[4].Rank != 4 {
		t.Errorf("3.5-point group: %v ranks %d %d %d %d", got, st[1].Rank, st[2].Rank, st[3].Rank, st[4].Rank)
	}
	rr := standings(xt(t,
		"2w1 3b=",
		"1b0 3w1",
		"2b0 1w=",
	), ts, true, nil)
	if rr[0].Start != 1 || rr[1].Start != 2 {
		t.Errorf("round robin order %v", rr)
	}
}

// TestFIDE_GR_6_6_StandingsWithoutEarlyWithdrawals: a player withdrawn
// from a round robin with under half his games stays in the table but
// not in the standings, and the games against him do not count.
func TestFIDE_GR_6_6_StandingsWithoutEarlyWithdrawals(t *testing.T) {
	// 4 plays (and loses) round 1 only; 2 beat him, 1 and 3 won by
	// forfeit later.
	tr := xt(t,
		"3w= 2b0 4w+",
		"4b1 1w1 3b0",
		"1b= 4w+ 2w1",
		"2w0 3b- 1b-",
	)
	tr.PairingSystem = "Girone all'italiana"
	set := ruleSet(t, fsi.Standard)
	p := &Pass{Input: Input{Tournament: tr}, Set: set, Kind: fsi.Standard}
	if out := p.outOfStandings(); !out[4] || len(out) != 1 {
		t.Fatalf("out of the standings: %v, want player 4", out)
	}
	checkStandings(p)
	st := p.Standings
	last := st[len(st)-1]
	if last.Start != 4 || last.Rank != 0 {
		t.Errorf("player 4: %+v, want last with rank 0", last)
	}
	points := map[int]float64{}
	for _, s := range st {
		points[s.Start] = s.Points
	}
	// Without the games against 4: 1 has 0.5 + 0, 2 has 1 + 0, 3 has
	// 0.5 + 1.
	if points[1] != 0.5 || points[2] != 1 || points[3] != 1.5 {
		t.Errorf("standing points %v", points)
	}
	t.Run("FIDE-GR 6.6: declared points may leave those games out", func(t *testing.T) {
		tr.Players[2].Points = 1.5
		fs := run(t, "crosstable.points", fsi.Standard, tr)
		if got := rulesOf(fs); !slices.Equal(got, []string{"crosstable.points-without-withdrawn"}) {
			t.Errorf("got %v", got)
		}
	})
}

// tbCase is one measured tie-break case: the values today's reading
// gave (before) and the ones C.07 (2023) gives (want), for one player.
type tbCase struct {
	rows                  []string
	rr                    bool
	player                int // starting number
	bh, bhc1, sb          float64
	oldBH, oldBHC1, oldSB float64
}

func checkTB(t *testing.T, c tbCase) {
	t.Helper()
	tr := xt(t, c.rows...)
	bh, bhc1, sb, _ := tieBreaks(tr, UnplayedFIDE2023, c.rr, nil)
	i := c.player - 1
	if round2(bh[i]) != c.bh || round2(bhc1[i]) != c.bhc1 || round2(sb[i]) != c.sb {
		t.Errorf("player %d: BH %g BH-C1 %g SB %g, want %g %g %g (the old reading gave %g %g %g)",
			c.player, bh[i], bhc1[i], sb[i], c.bh, c.bhc1, c.sb, c.oldBH, c.oldBHC1, c.oldSB)
	}
}

// TestFIDE_C07_16_2_5_ZeroByeThenHalfBye: player 1 takes H Z H in the
// last three rounds. 16.2.5 covers requested byes followed only by VURs
// (or in the last round), and 16.3.2 evaluates them as draws, so the Z
// counts ½ in his opponents' tie-breaks. The measured fault: the trailing
// H counted as taking part and the Z stayed 0, leaving player 3 (who drew
// him) BH 0.5 and SB 0.25 low, player 2 (who lost to him) BH 0.5 low.
func TestFIDE_C07_16_2_5_ZeroByeThenHalfBye(t *testing.T) {
	rows := []string{
		"2w1 3b= 0-H 0-Z 0-H",
		"1b0 0-U 3w1 3b= 3w0",
		"0-U 1w= 2b0 2w= 2b1",
	}
	checkTB(t, tbCase{rows: rows, player: 3, bh: 13.5, bhc1: 11, sb: 8.25, oldBH: 13, oldBHC1: 10.5, oldSB: 8})
	checkTB(t, tbCase{rows: rows, player: 2, bh: 14.5, bhc1: 12, sb: 7, oldBH: 14, oldBHC1: 11.5, oldSB: 7})
}

// TestFIDE_C07_16_2_5_ZeroByeThenForfeitLosses: a Z followed only by
// forfeit losses is a requested bye followed only by VURs: it counts as
// a draw for the opponents (16.3.2); the forfeit losses keep their 0.
// Player 3 drew player 1 in round 2.
func TestFIDE_C07_16_2_5_ZeroByeThenForfeitLosses(t *testing.T) {
	checkTB(t, tbCase{rows: []string{
		"2w1 3b= 0-Z 4w- 2b-",
		"1b0 4w1 3w1 3b= 1w+",
		"4w= 1w= 2b0 2w= 4b1",
		"3b= 2b0 0-U 1b+ 3w0",
	}, player: 3, bh: 14, bhc1: 12, sb: 6.5, oldBH: 13.5, oldBHC1: 12, oldSB: 6.25})
}

// TestFIDE_C07_16_2_1_FullPointByeIsNotVUR: a full-point bye is grouped
// with the pairing-allocated byes (16.2.1), not a voluntary unplayed
// round, so Cut 1 removes the lowest opponent (1), not the bye's dummy
// opponent (2).
func TestFIDE_C07_16_2_1_FullPointByeIsNotVUR(t *testing.T) {
	checkTB(t, tbCase{rows: []string{
		"2w1 0-F 3b0",
		"1b0 3w0 0-U",
		"0-U 2b1 1w1",
	}, player: 1, bh: 6, bhc1: 5, sb: 3, oldBH: 6, oldBHC1: 4, oldSB: 3})
}

// TestFIDE_C07_16_RoundRobinUnplayedAsPlayed: in a round robin an
// unplayed game counts as played with its result (FIDE's reference does
// so for round robins), so player 1's forfeit loss to 3 is not cut
// first in BH-C1: the lowest (1.5) is.
func TestFIDE_C07_16_RoundRobinUnplayedAsPlayed(t *testing.T) {
	checkTB(t, tbCase{rows: []string{
		"2w1 3b- 4w0",
		"1b0 4b1 3w=",
		"4w= 1w+ 2b=",
		"3b= 2w0 1b1",
	}, rr: true, player: 1, bh: 5, bhc1: 3.5, sb: 1.5, oldBH: 5, oldBHC1: 3, oldSB: 1.5})
}
