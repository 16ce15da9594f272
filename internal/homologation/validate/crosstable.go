package validate

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"omologa/internal/tournament"
)

// Crosstable checks: the file must agree with itself before anything is
// judged on it. Each game is written twice, once on each player's line,
// and the two must mirror each other; byes have no opponent and games
// have one; the declared points, ranks, counts and dates must agree with
// the crosstable. A file that fails here cannot be rated, because the
// program that wrote it and the office would not agree on what happened.

func init() {
	register(&Check{
		Name: "crosstable.pairings",
		Rules: []string{"crosstable.self-pairing", "crosstable.opponent-missing", "crosstable.mirror-missing",
			"crosstable.colour-conflict", "crosstable.colour-missing", "crosstable.result-conflict",
			"crosstable.result-missing", "crosstable.bye-with-opponent", "crosstable.game-without-opponent"},
		Article: "FIDE TRF; RTF 6.2.2",
		Doc:     "every pairing written on both lines: same round, each other's number, opposite colours, complementary results; byes have no opponent",
		Run:     checkPairings,
	})
	register(&Check{
		Name:    "crosstable.byes",
		Rules:   []string{"crosstable.pairing-byes"},
		Article: "FIDE C.04.1 c",
		Doc:     "at most one pairing-allocated bye per round",
		Run:     checkPairingByes,
	})
	register(&Check{
		Name:    "crosstable.repeats",
		Rules:   []string{"crosstable.repeated-pairing"},
		Article: "FIDE C.04.1 b",
		Doc:     "in a Swiss tournament two players meet once",
		Run:     checkRepeats,
	})
	register(&Check{
		Name: "crosstable.points",
		Rules: []string{"crosstable.points-mismatch", "crosstable.points-blank-entries", "crosstable.points-missing",
			"crosstable.points-without-withdrawn"},
		Article: "FIDE TRF; LAWS 10.1",
		Doc:     "declared points equal the score under the declared scoring system",
		Run:     checkPoints,
	})
	register(&Check{
		Name:    "crosstable.ranks",
		Rules:   []string{"crosstable.rank-order", "crosstable.ranks-not-compared"},
		Article: "RTF 7.3.1",
		Doc:     "declared ranks follow the points",
		Run:     checkRankOrder,
	})
	register(&Check{
		Name: "crosstable.counts",
		Rules: []string{"crosstable.players-count", "crosstable.rounds-exceeded",
			"crosstable.round-date-outside", "crosstable.round-dates-order"},
		Article: "FIDE TRF 062, 132, 142, XXR",
		Doc:     "number of players and rounds as declared; round dates inside start–end and in order",
		Run:     checkCounts,
	})
}

// complement gives the result the opponent's entry must show.
var complement = map[tournament.Code]tournament.Code{
	tournament.CodeWin: tournament.CodeLoss, tournament.CodeLoss: tournament.CodeWin,
	tournament.CodeDraw:       tournament.CodeDraw,
	tournament.CodeForfeitWin: tournament.CodeForfeitLoss, tournament.CodeForfeitLoss: tournament.CodeForfeitWin,
	tournament.CodeUnratedWin: tournament.CodeUnratedLoss, tournament.CodeUnratedLoss: tournament.CodeUnratedWin,
	tournament.CodeUnratedDraw: tournament.CodeUnratedDraw,
	tournament.CodeNone:        tournament.CodeNone,
}

// resultsAgree reports whether a and b can be the two sides of one
// pairing. A double forfeit ('-' on both lines) is a pairing that
// neither player turned up to.
func resultsAgree(a, b tournament.Code) bool {
	if a == tournament.CodeForfeitLoss && b == tournament.CodeForfeitLoss {
		return true
	}
	c, ok := complement[a]
	return ok && c == b
}

func isGameCode(c tournament.Code) bool {
	switch c {
	case tournament.CodeWin, tournament.CodeDraw, tournament.CodeLoss,
		tournament.CodeUnratedWin, tournament.CodeUnratedDraw, tournament.CodeUnratedLoss:
		return true
	}
	return false
}

func isByeCode(c tournament.Code) bool {
	switch c {
	case tournament.CodeHalfBye, tournament.CodeFullBye, tournament.CodePairingBye, tournament.CodeZeroBye:
		return true
	}
	return false
}

// isPairingBye: U, or '+' with no opponent, which several programs write
// for the pairing-allocated bye.
func isPairingBye(e tournament.RoundEntry) bool {
	return e.Opponent == 0 && (e.Code == tournament.CodePairingBye || e.Code == tournament.CodeForfeitWin)
}

func checkPairings(p *Pass) {
	t := p.Tournament
	idx := t.Index()
	rounds := t.Rounds()
	// A round paired without any result is eligibility.unfinished's, not
	// one result-missing per game.
	_, pending := progress(t)
	for i := range t.Players {
		pl := &t.Players[i]
		for r := 1; r <= rounds; r++ {
			e := pl.Entry(r)
			var op *tournament.Player
			var oe tournament.RoundEntry
			// report builds the message arguments only for a finding:
			// most entries are sound, and this check sees every one.
			report := func(rule string) {
				args := Args{"player": pl.Start, "name": pl.Name, "round": r, "opponent": e.Opponent,
					"code": string(rune(e.Code)), "colour": e.Colour.String(), "entry": entryText(e)}
				if op != nil {
					args["opponent_name"], args["opponent_entry"] = op.Name, entryText(oe)
				}
				p.Report(rule, At{Line: pl.Line, Player: pl.Start, Round: r}, args)
			}
			if e.Opponent == 0 {
				if isGameCode(e.Code) {
					report("crosstable.game-without-opponent")
				}
				continue
			}
			if e.Opponent == pl.Start {
				report("crosstable.self-pairing")
				continue
			}
			if isByeCode(e.Code) {
				report("crosstable.bye-with-opponent")
			}
			j, ok := idx[e.Opponent]
			if !ok {
				report("crosstable.opponent-missing")
				continue
			}
			op = &t.Players[j]
			oe = op.Entry(r)
			if oe.Opponent != pl.Start {
				report("crosstable.mirror-missing")
				continue
			}
			if !resultsAgree(e.Code, oe.Code) {
				report("crosstable.result-conflict")
			} else if e.Code == tournament.CodeNone && pl.Start < op.Start && r != pending {
				report("crosstable.result-missing")
			}
			switch {
			case e.Colour != tournament.ColourNone && e.Colour == oe.Colour:
				report("crosstable.colour-conflict")
			case e.Colour == tournament.ColourNone && isGameCode(e.Code):
				// A game was played, so it had a colour; a forfeit may
				// have none.
				report("crosstable.colour-missing")
			}
		}
	}
}

// entryText writes an entry as the TRF does: "12 w 1", "0000 - H".
func entryText(e tournament.RoundEntry) string {
	opp := "0000"
	if e.Opponent > 0 {
		opp = strconv.Itoa(e.Opponent)
	}
	return fmt.Sprintf("%s %s %s", opp, e.Colour, strings.TrimSpace(e.Code.String()))
}

func checkPairingByes(p *Pass) {
	t := p.Tournament
	if len(t.Teams) > 0 {
		// Teams are paired, not players: a team's bye gives every
		// member a bye.
		return
	}
	max := p.Set.Params.Crosstable.MaxPairingByesPerRound
	for r := 1; r <= t.Rounds(); r++ {
		var who []string
		first := 0
		for i := range t.Players {
			pl := &t.Players[i]
			if isPairingBye(pl.Entry(r)) {
				who = append(who, strconv.Itoa(pl.Start))
				if first == 0 {
					first = pl.Line
				}
			}
		}
		if len(who) > max {
			p.Report("crosstable.pairing-byes", At{Line: first, Round: r}, Args{"round": r, "count": len(who),
				"limit": max, "players": strings.Join(who, ", ")})
		}
	}
}

// roundRobin reports whether the tournament is a round robin: as the
// file declares (192, 092), else when every player met every other, or
// when the number of rounds is a round robin's and no two players met
// twice.
func (p *Pass) roundRobin() bool {
	if p.rrDone {
		return p.rr
	}
	p.rrDone = true
	t := p.Tournament
	sys := recognise(t.PairingSystem, p.Set.Params.Eligibility.Pairing.Systems)
	if sys == "" {
		sys = recognise(t.Type, p.Set.Params.Eligibility.Pairing.Systems)
	}
	switch sys {
	case "round-robin":
		p.rr = true
		return true
	case "":
	default:
		return false
	}
	n := len(t.Players)
	if n < 3 {
		return false
	}
	met := p.meetings()
	if len(met) >= n*(n-1)/2 {
		p.rr = true
		return true
	}
	rounds := t.DeclaredRounds
	if rounds == 0 {
		rounds = t.Rounds()
	}
	if rounds == n-1 || rounds == n {
		for _, m := range met {
			if len(m.rounds) > 1 {
				return false
			}
		}
		p.rr = true
	}
	return p.rr
}

// meeting is a pair of players (lower starting number first) and the
// rounds they were paired in, forfeits included.
type meeting struct {
	a, b   int
	rounds []int
}

// meetings lists every pair that was paired, in order of the pair. A
// pairing is counted from the lower number's line, or from the higher
// number's when the lower's line lacks it (crosstable.pairings reports
// that).
func (p *Pass) meetings() []meeting {
	if p.meetDone {
		return p.meet
	}
	p.meetDone = true
	t := p.Tournament
	type game struct{ a, b, round int }
	var gs []game
	for i := range t.Players {
		pl := &t.Players[i]
		for r, e := range pl.Rounds {
			switch {
			case e.Opponent > pl.Start:
				gs = append(gs, game{pl.Start, e.Opponent, r + 1})
			case e.Opponent > 0 && e.Opponent < pl.Start:
				if o := t.Player(e.Opponent); o == nil || o.Entry(r+1).Opponent != pl.Start {
					gs = append(gs, game{e.Opponent, pl.Start, r + 1})
				}
			}
		}
	}
	sort.Slice(gs, func(i, j int) bool {
		if gs[i].a != gs[j].a {
			return gs[i].a < gs[j].a
		}
		if gs[i].b != gs[j].b {
			return gs[i].b < gs[j].b
		}
		return gs[i].round < gs[j].round
	})
	for k, g := range gs {
		if k > 0 && gs[k-1].a == g.a && gs[k-1].b == g.b {
			m := &p.meet[len(p.meet)-1]
			m.rounds = append(m.rounds, g.round)
			continue
		}
		p.meet = append(p.meet, meeting{a: g.a, b: g.b, rounds: []int{g.round}})
	}
	return p.meet
}

func checkRepeats(p *Pass) {
	t := p.Tournament
	if p.roundRobin() || len(t.Teams) > 0 {
		// A round robin may be played twice; in a team tournament the
		// teams are paired.
		return
	}
	cfg := p.Set.Params.Crosstable
	for _, m := range p.meetings() {
		rounds := m.rounds
		if !cfg.RepeatedPairingsCountUnplayed {
			rounds = playedRounds(t, m)
		}
		if len(rounds) <= cfg.RepeatedPairingsAllowed {
			continue
		}
		pl, op := t.Player(m.a), t.Player(m.b)
		p.Report("crosstable.repeated-pairing", At{Line: pl.Line, Player: pl.Start, Round: rounds[cfg.RepeatedPairingsAllowed]},
			Args{"player": pl.Start, "name": pl.Name, "opponent": op.Start, "opponent_name": op.Name,
				"round_list": roundList(rounds), "times": len(rounds)})
	}
}

// playedRounds keeps the rounds of a meeting in which the game was
// played: a forfeit, written on either line, was not.
func playedRounds(t *tournament.Tournament, m meeting) []int {
	var out []int
	a, b := t.Player(m.a), t.Player(m.b)
	for _, r := range m.rounds {
		if a != nil && a.Entry(r).Opponent == m.b && !isGameCode(a.Entry(r).Code) {
			continue
		}
		if b != nil && b.Entry(r).Opponent == m.a && !isGameCode(b.Entry(r).Code) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func checkPoints(p *Pass) {
	t := p.Tournament
	cfg := p.Set.Params.Crosstable
	rounds := t.Rounds()
	missing := 0
	for i := range t.Players {
		pl := &t.Players[i]
		if !pl.PointsGiven {
			missing++
			continue
		}
		computed := t.Score(pl)
		diff := pl.Points - computed
		if math.Abs(diff) <= cfg.PointsTolerance+1e-9 {
			continue
		}
		at := At{Line: pl.Line, Player: pl.Start}
		args := Args{"player": pl.Start, "name": pl.Name, "declared": pl.Points, "computed": computed,
			"scoring": scoringText(t.Scoring)}
		blanks := 0
		for r := 1; r <= rounds; r++ {
			if e := pl.Entry(r); e.Opponent == 0 && e.Code == tournament.CodeNone {
				blanks++
			}
		}
		if w, ok := withoutWithdrawn(p, pl); ok && math.Abs(pl.Points-w) <= cfg.PointsTolerance+1e-9 {
			// The program already left out the games against a
			// player withdrawn from a round robin (FIDE-GR 6.6).
			args["computed"] = w
			args["crosstable"] = computed
			p.Report("crosstable.points-without-withdrawn", at, args)
			continue
		}
		if k, v, ok := explainByBlanks(diff, blanks, cfg.BlankEntryValues, cfg.PointsTolerance); ok {
			args["blanks"], args["value"] = k, v
			p.Report("crosstable.points-blank-entries", at, args)
			continue
		}
		p.Report("crosstable.points-mismatch", at, args)
	}
	if missing > 0 {
		p.Report("crosstable.points-missing", At{}, Args{"missing": missing, "players": len(t.Players)})
	}
}

// explainByBlanks finds k blank entries (1 ≤ k ≤ blanks) worth v each
// that make up diff.
func explainByBlanks(diff float64, blanks int, values []float64, tol float64) (int, float64, bool) {
	for _, v := range values {
		for k := 1; k <= blanks; k++ {
			if math.Abs(diff-float64(k)*v) <= tol+1e-9 {
				return k, v, true
			}
		}
	}
	return 0, 0, false
}

// pointsOf is what the file says a player scored, else the crosstable's
// score.
func pointsOf(t *tournament.Tournament, pl *tournament.Player) float64 {
	if pl.PointsGiven {
		return pl.Points
	}
	return t.Score(pl)
}

// ranksMeaningful tells whether the file's rank column is a final
// ranking of individuals: pairing programs' input files write the
// starting number there, and in a team tournament the players' ranks are
// not an individual standing. reason says why not.
func ranksMeaningful(t *tournament.Tournament) (ok bool, reason Text) {
	if len(t.Teams) > 0 {
		return false, say("validate.ranks.team")
	}
	ranked, same := 0, 0
	for i := range t.Players {
		if r := t.Players[i].Rank; r > 0 {
			ranked++
			if r == t.Players[i].Start {
				same++
			}
		}
	}
	if ranked > 2 && same == ranked {
		// Every rank equals the starting number: the program wrote the
		// pairing order, not a standing, unless the standing happens to
		// follow it, which the points tell.
		for i := 1; i < len(t.Players); i++ {
			if pointsOf(t, &t.Players[i]) > pointsOf(t, &t.Players[i-1])+1e-9 {
				return false, say("validate.ranks.starting-numbers")
			}
		}
	}
	return true, Text{}
}

func checkRankOrder(p *Pass) {
	t := p.Tournament
	if ok, reason := ranksMeaningful(t); !ok {
		p.Report("crosstable.ranks-not-compared", At{}, Args{"reason": reason})
		return
	}
	var ranked []*tournament.Player
	for i := range t.Players {
		// Rank 0 is how programs write a player left out of the
		// standings (withdrawn): nothing to compare.
		if t.Players[i].Rank > 0 {
			ranked = append(ranked, &t.Players[i])
		}
	}
	slices.SortStableFunc(ranked, func(a, b *tournament.Player) int { return a.Rank - b.Rank })
	for i := 1; i < len(ranked); i++ {
		prev, pl := ranked[i-1], ranked[i]
		if pl.Rank > prev.Rank && pointsOf(t, pl) > pointsOf(t, prev)+1e-9 {
			p.Report("crosstable.rank-order", At{Line: pl.Line, Player: pl.Start}, Args{"player": pl.Start,
				"name": pl.Name, "rank": pl.Rank, "points": pointsOf(t, pl), "other": prev.Start,
				"other_name": prev.Name, "other_rank": prev.Rank, "other_points": pointsOf(t, prev)})
		}
	}
}

func checkCounts(p *Pass) {
	t := p.Tournament
	if n := t.DeclaredPlayers; n > 0 && n != len(t.Players) {
		p.Report("crosstable.players-count", At{Line: p.tagLine("062")}, Args{"declared": n, "players": len(t.Players)})
	}
	played := t.Rounds()
	if d := t.DeclaredRounds; d > 0 {
		line := p.tagLine("XXR")
		if line == 0 {
			line = p.tagLine("142")
		}
		// Fewer rounds than declared is eligibility.unfinished's: the
		// crosstable is consistent, the tournament is not over.
		if played > d {
			p.Report("crosstable.rounds-exceeded", At{Line: line}, Args{"declared": d, "rounds": played})
		}
	}
	line := p.tagLine("132")
	var prev tournament.Date
	for r := 1; r <= played && r <= len(t.RoundDates); r++ {
		d := t.RoundDates[r-1]
		if !d.IsFull() {
			continue
		}
		if t.Start.IsFull() && t.End.IsFull() && (d.Before(t.Start) || t.End.Before(d)) {
			p.Report("crosstable.round-date-outside", At{Line: line, Round: r}, Args{"round": r, "date": d,
				"start": t.Start, "end": t.End})
		}
		if !prev.IsZero() && d.Before(prev) {
			p.Report("crosstable.round-dates-order", At{Line: line, Round: r}, Args{"round": r, "date": d,
				"previous": prev})
		}
		prev = d
	}
}

// scoringText names the scoring system the points were computed under.
func scoringText(s tournament.Scoring) Text {
	if s.Source == "" || s.Source == "default" {
		return word("scoring-fide")
	}
	return say("validate.scoring-declared", s.Source)
}

// withoutWithdrawn is the player's score without the games against the
// players out of a round robin's standings; false when there are none.
func withoutWithdrawn(p *Pass, pl *tournament.Player) (float64, bool) {
	out := p.outOfStandings()
	if len(out) == 0 || out[pl.Start] {
		return 0, false
	}
	total := 0.0
	for _, e := range pl.Rounds {
		if !out[e.Opponent] {
			total += p.Tournament.Scoring.Points(e)
		}
	}
	return total, true
}
