package validate

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"omologa/internal/tournament"
)

// Tie-break checks: the final standings are recomputed by RTF 7.3.1
// (points, then Sonneborn-Berger for a round robin, Buchholz Cut 1 for a
// Swiss, as configured) with unplayed games handled as FIDE C.07 (2023)
// art. 16 says, or by the older virtual-opponent rule when the rule set
// asks for it, and compared with the ranks the file declares.

func init() {
	register(&Check{
		Name: "tiebreak.standings",
		Rules: []string{"tiebreak.computed", "tiebreak.declared", "tiebreak.rank-differs",
			"tiebreak.not-compared", "tiebreak.no-declared-ranks"},
		Article: "RTF 7.3.1; RAPID 4.6; FIDE C.07",
		Doc:     "final standings with BH, BH-C1 and SB recomputed, compared with the declared ranks",
		Run:     checkStandings,
	})
}

// contribution is one round's share of a player's Buchholz (score) and
// Sonneborn-Berger (sb).
type contribution struct {
	round     int
	score, sb float64
	// vur: a voluntary unplayed round (C.07 16.2.3–16.2.5: requested
	// byes, forfeit losses, absences), cut first.
	vur bool
}

// tieBreaks computes BH, BH-C1 and SB for every player (indexed as
// t.Players) over the rounds of the crosstable, with unplayed games
// handled as unplayed says (UnplayedFIDE2023 or
// UnplayedVirtual2009). rr selects the round-robin treatment; the
// games against the players of out (starting numbers) do not count
// (FIDE-GR 6.6.2.1). score is each player's points as they count for the
// standings.
func tieBreaks(t *tournament.Tournament, unplayed string, rr bool, out map[int]bool) (bh, bhc1, sb, score []float64) {
	n := t.Rounds()
	s := t.Scoring
	idx := t.Index()
	np := len(t.Players)
	pts := make([][]float64, np)
	score = make([]float64, np)
	played := make([][]bool, np)
	// void marks the rounds of games against a player out of the
	// standings: for the others they are as if never paired.
	void := func(i, r int) bool {
		pl := &t.Players[i]
		return out[pl.Entry(r).Opponent] && !out[pl.Start]
	}
	for i := range t.Players {
		pl := &t.Players[i]
		pts[i] = make([]float64, n+1)
		played[i] = make([]bool, n+1)
		for r := 1; r <= n; r++ {
			e := pl.Entry(r)
			if void(i, r) {
				continue
			}
			pts[i][r] = s.Points(e)
			score[i] += pts[i][r]
			if j, ok := idx[e.Opponent]; ok && e.Opponent != pl.Start && isGameCode(e.Code) {
				oe := t.Players[j].Entry(r)
				played[i][r] = oe.Opponent == pl.Start && isGameCode(oe.Code)
			}
		}
	}

	// adj is each player's score as it counts in his opponents'
	// tie-breaks.
	adj := make([]float64, np)
	for i := range t.Players {
		pl := &t.Players[i]
		switch unplayed {
		case UnplayedVirtual2009:
			// Every unplayed result of an opponent counts as a draw;
			// in a round robin unplayed games count as played.
			for r := 1; r <= n; r++ {
				if played[i][r] || rr {
					adj[i] += pts[i][r]
				} else {
					adj[i] += s.Draw
				}
			}
		default:
			if rr {
				// In a round robin an unplayed game counts as played
				// with its result (FIDE's reference does so by default
				// for round robins).
				for r := 1; r <= n; r++ {
					adj[i] += pts[i][r]
				}
				continue
			}
			// C.07 16.2.5, 16.3.2: the requested byes and absences
			// followed only by voluntary unplayed rounds (or in the last
			// round) count as draws; the run ends at the last round that
			// is not a VUR. A forfeit loss against an opponent keeps its
			// score, as in FIDE's reference.
			last := 0
			for r := 1; r <= n; r++ {
				if !voluntary(pl.Entry(r)) || played[i][r] {
					last = r
				}
			}
			for r := 1; r <= n; r++ {
				if e := pl.Entry(r); r > last && (e.Opponent <= 0 || e.Opponent == pl.Start) {
					adj[i] += s.Draw
				} else {
					adj[i] += pts[i][r]
				}
			}
		}
	}

	bh = make([]float64, np)
	bhc1 = make([]float64, np)
	sb = make([]float64, np)
	cs := make([]contribution, 0, n)
	for i := range t.Players {
		pl := &t.Players[i]
		cs = cs[:0]
		before := 0.0 // the player's score before round r
		for r := 1; r <= n; r++ {
			e := pl.Entry(r)
			if void(i, r) {
				continue
			}
			c := contribution{round: r}
			switch {
			case played[i][r]:
				c.score = adj[idx[e.Opponent]]
			case rr:
				// In a round robin a forfeit counts as the game it
				// replaced: the winner scores the loser's points (Held,
				// exercise 14); a round without an opponent counts
				// nothing.
				j, ok := idx[e.Opponent]
				if !ok || e.Opponent == pl.Start {
					before += pts[i][r]
					continue
				}
				c.score = adj[j]
			case unplayed == UnplayedVirtual2009:
				// Svon = SPR + (1 − SfPR) + ½ (n − R).
				c.score = before + (s.Win - pts[i][r]) + s.Draw*float64(n-r)
				c.vur = voluntary(e)
			default:
				// C.07 16.4: a dummy opponent with the participant's own
				// final score.
				c.score = score[i]
				c.vur = voluntary(e)
			}
			c.sb = c.score * pts[i][r]
			cs = append(cs, c)
			before += pts[i][r]
		}
		for _, c := range cs {
			bh[i] += c.score
			sb[i] += c.sb
		}
		bhc1[i] = bh[i] - cutOne(cs, unplayed)
	}
	return bh, bhc1, sb, score
}

// voluntary reports whether an unplayed round is voluntary (C.07 2023,
// 16.2): a requested half- or zero-point bye, a forfeit loss, an
// absence. Pairing-allocated byes, full-point byes (16.2.1 groups them
// with the pairing-allocated ones) and forfeit wins are not; callers
// rule out played games first.
func voluntary(e tournament.RoundEntry) bool {
	switch e.Code {
	case tournament.CodePairingBye, tournament.CodeFullBye, tournament.CodeForfeitWin:
		return false
	}
	return true
}

// cutOne returns the contribution Cut 1 removes: the lowest; under C.07
// 2023 a voluntary unplayed round is cut before a lower played one
// unless that would leave a higher value.
func cutOne(cs []contribution, unplayed string) float64 {
	if len(cs) == 0 {
		return 0
	}
	low := cs[0]
	for _, c := range cs[1:] {
		if c.score < low.score {
			low = c
		}
	}
	if unplayed == UnplayedVirtual2009 {
		return low.score
	}
	var vur *contribution
	for k := range cs {
		if c := &cs[k]; c.vur && (vur == nil || c.score < vur.score) {
			vur = c
		}
	}
	if vur == nil || low.score > vur.score {
		return low.score
	}
	return vur.score
}

// standings orders the players by points, then the tie-breaks named in
// order; players equal on all share a rank. The players of out (a round
// robin's early withdrawals, FIDE-GR 6.6.2.1) come last with rank 0, and
// the games against them do not count for the others.
func standings(t *tournament.Tournament, ts TiebreakParams, rr bool, out map[int]bool) []Standing {
	bh, bhc1, sb, score := tieBreaks(t, ts.Unplayed, rr, out)
	order := ts.Swiss
	if rr {
		order = ts.RoundRobin
	}
	list := make([]Standing, len(t.Players))
	keys := make([][]float64, len(t.Players))
	for i := range t.Players {
		pl := &t.Players[i]
		st := Standing{Start: pl.Start, Name: pl.Name, Points: round2(score[i]),
			BH: round2(bh[i]), BHC1: round2(bhc1[i]), SB: round2(sb[i])}
		list[i] = st
		k := []float64{st.Points}
		for _, name := range order {
			switch name {
			case TieBreakBH:
				k = append(k, st.BH)
			case TieBreakBHC1:
				k = append(k, st.BHC1)
			case TieBreakSB:
				k = append(k, st.SB)
			}
		}
		keys[i] = k
	}
	perm := make([]int, len(list))
	for i := range perm {
		perm[i] = i
	}
	cmp := func(a, b int) int {
		for k := range keys[a] {
			if keys[a][k] != keys[b][k] {
				if keys[a][k] > keys[b][k] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	sort.SliceStable(perm, func(x, y int) bool {
		if ox, oy := out[list[perm[x]].Start], out[list[perm[y]].Start]; ox != oy {
			return oy
		}
		if c := cmp(perm[x], perm[y]); c != 0 {
			return c < 0
		}
		return list[perm[x]].Start < list[perm[y]].Start
	})
	sorted := make([]Standing, len(list))
	for pos, i := range perm {
		st := list[i]
		switch {
		case out[st.Start]:
			st.Rank = 0
		case pos > 0 && cmp(perm[pos-1], i) == 0:
			st.Rank = sorted[pos-1].Rank
		default:
			st.Rank = pos + 1
		}
		sorted[pos] = st
	}
	return sorted
}

// round2 keeps tie-break values to hundredths, so that sums of halves and
// quarters compare exactly.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func checkStandings(p *Pass) {
	t := p.Tournament
	ts := p.Set.Params.Tiebreak
	rr := p.roundRobin()
	p.Standings = standings(t, ts, rr, p.outOfStandings())
	order := ts.Swiss
	system := word("swiss")
	if rr {
		order, system = ts.RoundRobin, word("round-robin")
	}
	handling := word("unplayed-fide-2023")
	if ts.Unplayed == UnplayedVirtual2009 {
		handling = word("unplayed-virtual-2009")
	}
	tbs := strings.Join(order, ", ")
	p.Report("tiebreak.computed", At{}, Args{"system": system, "tiebreaks": tbs, "handling": handling})
	if len(t.TieBreaks) > 0 {
		line := p.tagLine("202")
		p.Report("tiebreak.declared", At{Line: line}, Args{"declared": strings.Join(t.TieBreaks, ", "), "tiebreaks": tbs})
	}

	anyRank := false
	for i := range t.Players {
		anyRank = anyRank || t.Players[i].Rank > 0
	}
	if !anyRank {
		p.Report("tiebreak.no-declared-ranks", At{}, Args{})
		return
	}
	if ok, _ := ranksMeaningful(t); !ok {
		// crosstable.ranks says why.
		return
	}
	tol := p.Set.Params.Crosstable.PointsTolerance
	for _, st := range p.Standings {
		pl := t.Player(st.Start)
		if pl != nil && pl.PointsGiven && math.Abs(pl.Points-t.Score(pl)) > tol+1e-9 && math.Abs(pl.Points-st.Points) > tol+1e-9 {
			p.Report("tiebreak.not-compared", At{}, Args{"player": pl.Start, "name": pl.Name})
			return
		}
	}
	// A declared rank agrees when it falls within the places the
	// player's group of equals occupies.
	group := map[int]int{}
	for _, st := range p.Standings {
		group[st.Rank]++
	}
	var differ []string
	first := At{}
	for _, st := range p.Standings {
		pl := t.Player(st.Start)
		if pl == nil || pl.Rank == 0 || st.Rank == 0 {
			continue
		}
		if pl.Rank < st.Rank || pl.Rank > st.Rank+group[st.Rank]-1 {
			differ = append(differ, fmt.Sprintf("%d (%d→%d)", pl.Start, pl.Rank, st.Rank))
			if first.Line == 0 {
				first = At{Line: pl.Line, Player: pl.Start}
			}
		}
	}
	if len(differ) > 0 {
		players := same(strings.Join(differ, ", "))
		if len(differ) > 8 {
			players = say("validate.rank-differs.more", strings.Join(differ[:8], ", "), len(differ)-8)
		}
		p.Report("tiebreak.rank-differs", first, Args{"count": len(differ), "tiebreaks": tbs,
			"players": players, "system": system, "total": strconv.Itoa(len(p.Standings))})
	}
}
