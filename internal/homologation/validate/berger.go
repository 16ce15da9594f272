package validate

import (
	"fmt"

	"omologa/internal/tournament"
)

// The Berger tables (FIDE-GR 5.1, Annex 1): a round robin of 3 to 16
// players should be paired by them, on the starting numbers drawn by lot.
// The check compares each round's games (who met whom, who had white)
// with the table for the file's starting numbers; an odd number of
// players plays the table of one more, the highest number being the bye.
// A game the file does not have (a withdrawal, FIDE-GR 6.6) is not a
// difference: only the games written are compared.

func init() {
	register(&Check{
		Name:    "crosstable.berger",
		Rules:   []string{"crosstable.berger-table"},
		Article: "FIDE-GR 5.1, Annex 1",
		Doc:     "a round robin of 3–16 players paired and coloured by the Berger tables",
		Run:     checkBerger,
	})
}

// BergerGame is one game of a Berger table: White plays Black.
type BergerGame struct{ White, Black int }

// Berger returns the Berger table for n players (3–16; nil otherwise):
// one slice of games per round, in the printed board order, for the
// table of n rounded up to even (FIDE-GR Annex 1). The standard
// construction: with N players (even), round r pairs a and b among 1 to
// N−1 when a + b ≡ r + 1 (mod N−1); the player a with 2a ≡ r + 1 plays
// N on the first board, N having white in the even rounds; then board k
// has a+k with white against a−k.
func Berger(n int) [][]BergerGame {
	if n < 3 || n > 16 {
		return nil
	}
	N := n + n%2
	m := N - 1
	rounds := make([][]BergerGame, m)
	for r := 1; r <= m; r++ {
		// The player who meets N: 2a ≡ r+1 (mod m), m odd.
		var a int
		for a = 1; a <= m; a++ {
			if (2*a)%m == (r+1)%m {
				break
			}
		}
		var g []BergerGame
		if r%2 == 1 {
			g = append(g, BergerGame{a, N})
		} else {
			g = append(g, BergerGame{N, a})
		}
		// The others, board by board going out from a: a+k (white)
		// meets a−k, counting around 1 … N−1.
		for k := 1; k < N/2; k++ {
			g = append(g, BergerGame{(a-1+k)%m + 1, ((a-1-k)%m+m)%m + 1})
		}
		rounds[r-1] = g
	}
	return rounds
}

// bergerSchedules returns the schedules a round robin of n players and
// the given number of rounds may follow: the table; for a double round
// robin the table then the table with colours reversed, with or without
// the last two rounds of the first cycle exchanged (FIDE-GR Annex 1: "it
// is recommended to reverse the order of the last two rounds of the
// first cycle").
func bergerSchedules(n, rounds int) [][][]BergerGame {
	table := Berger(n)
	if table == nil {
		return nil
	}
	m := len(table)
	switch rounds {
	case m:
		return [][][]BergerGame{table}
	case 2 * m:
	default:
		return nil
	}
	reversed := make([][]BergerGame, m)
	for i, g := range table {
		for _, x := range g {
			reversed[i] = append(reversed[i], BergerGame{x.Black, x.White})
		}
	}
	swapped := append([][]BergerGame(nil), table...)
	swapped[m-1], swapped[m-2] = swapped[m-2], swapped[m-1]
	swappedRev := append([][]BergerGame(nil), reversed...)
	swappedRev[m-1], swappedRev[m-2] = swappedRev[m-2], swappedRev[m-1]
	return [][][]BergerGame{
		append(append([][]BergerGame(nil), table...), reversed...),
		append(append([][]BergerGame(nil), swapped...), reversed...),
		append(append([][]BergerGame(nil), swapped...), swappedRev...),
	}
}

// roundDiff is one round that differs from the table: the file's games
// not in the table and the table's games for the same players.
type roundDiff struct {
	round       int
	file, table []BergerGame
}

func checkBerger(p *Pass) {
	t := p.Tournament
	n := len(t.Players)
	if n < 3 || n > 16 || !p.roundRobin() {
		return
	}
	// The table is for the starting numbers 1…n.
	for i := range t.Players {
		if s := t.Players[i].Start; s < 1 || s > n {
			return
		}
	}
	rounds := t.Rounds()
	var best []roundDiff
	for k, sched := range bergerSchedules(n, rounds) {
		if d := bergerDiffs(t, sched); k == 0 || len(d) < len(best) {
			best = d
		}
	}
	bye := 0
	if n%2 == 1 {
		bye = n + 1
	}
	for _, d := range best {
		args := Args{"round": d.round, "players": n, "file": gameList(d.file, 0), "table": gameList(d.table, bye)}
		p.Report("crosstable.berger-table", At{Line: bergerLine(t, d), Round: d.round}, args)
	}
}

// bergerDiffs compares every round of the file with the schedule.
func bergerDiffs(t *tournament.Tournament, sched [][]BergerGame) []roundDiff {
	var out []roundDiff
	for r := 1; r <= len(sched); r++ {
		want := map[BergerGame]bool{}
		partner := map[int]BergerGame{}
		for _, g := range sched[r-1] {
			want[g] = true
			partner[g.White], partner[g.Black] = g, g
		}
		var d roundDiff
		involved := map[BergerGame]bool{}
		for i := range t.Players {
			pl := &t.Players[i]
			e := pl.Entry(r)
			if e.Opponent <= 0 || e.Colour != tournament.ColourWhite {
				continue
			}
			g := BergerGame{pl.Start, e.Opponent}
			if want[g] {
				continue
			}
			d.file = append(d.file, g)
			involved[partner[g.White]], involved[partner[g.Black]] = true, true
		}
		// The table's games of those players, in its board order.
		for _, g := range sched[r-1] {
			if involved[g] {
				d.table = append(d.table, g)
			}
		}
		if len(d.file) > 0 {
			d.round = r
			out = append(out, d)
		}
	}
	return out
}

// bergerLine is the line of the first player of the round's first
// differing game.
func bergerLine(t *tournament.Tournament, d roundDiff) int {
	for i := range t.Players {
		if t.Players[i].Start == d.file[0].White {
			return t.Players[i].Line
		}
	}
	return 0
}

// gameList writes games as the tables do, "1-6, 2-5"; a game with the
// bye number says who rests.
func gameList(g []BergerGame, bye int) Text {
	games := make([]Text, len(g))
	for i, x := range g {
		switch bye {
		case x.White:
			games[i] = say("validate.bye", x.Black)
		case x.Black:
			games[i] = say("validate.bye", x.White)
		default:
			games[i] = same(fmt.Sprintf("%d-%d", x.White, x.Black))
		}
	}
	return join(games, ", ")
}
