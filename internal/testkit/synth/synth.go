// Package synth generates synthetic seasons: a players' register and
// plausible Swiss and round-robin crosstables whose results are drawn
// from the players' strengths, with byes, half-point byes and forfeits.
// It feeds the rating benchmarks and the pipeline's load tests. The
// output is deterministic for a given seed.
package synth

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// Config sizes a season.
type Config struct {
	Seed        uint64
	Players     int // players in the register
	Tournaments int
	// PlayersPerTournament is the mean field size (± half of it);
	// Rounds the number of Swiss rounds. Fields of RoundRobinMax or
	// fewer players play a round robin instead.
	PlayersPerTournament int
	Rounds               int
	RoundRobinMax        int
	// ForfeitRate is the share of games lost by forfeit; HalfByeRate
	// the share of player-rounds taken as a half-point bye.
	ForfeitRate float64
	HalfByeRate float64
	// FideShare is the share of players with a FIDE standard rating.
	FideShare float64
	// Start is the first tournament's start; Days spreads the season.
	Start tournament.Date
	Days  int
	// Rapid makes the file ratings Elo Rapid instead of Elo Italia.
	Rapid bool
}

// Default is a season of the size of the rating benchmark: 3,000
// tournaments, 30,000 players, about 300,000 games.
func Default() Config {
	return Config{Seed: 1, Players: 30000, Tournaments: 3000, PlayersPerTournament: 22, Rounds: 10,
		RoundRobinMax: 10, ForfeitRate: 0.01, HalfByeRate: 0.01, FideShare: 0.25,
		Start: tournament.NewDate(2026, 1, 3), Days: 360}
}

// Season is a generated register and its tournaments, each with the day
// it was received.
type Season struct {
	Players     *registers.Players
	Tournaments []*tournament.Tournament
	Received    []tournament.Date
	// Strength is each register row's true playing strength.
	Strength []float64
}

// Games counts the games actually played in the season.
func (s *Season) Games() int {
	n := 0
	for _, t := range s.Tournaments {
		n += len(t.Games())
	}
	return n
}

var (
	surnames = []string{"Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
		"Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo",
		"Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara"}
	names = []string{"Marco", "Luca", "Giulia", "Francesca", "Alessandro", "Sara", "Andrea", "Chiara",
		"Matteo", "Elena", "Lorenzo", "Anna", "Davide", "Martina", "Simone", "Paola", "Federico", "Laura"}
	provinces = []string{"MI", "RM", "TO", "NA", "FI", "BO", "GE", "PA", "BA", "VE", "PD", "VR"}
)

// categoryMin is the lowest rating of each of fsi.Categories but the
// last (NC), in its order: M to 3N are rules.yaml's promotion minimums
// (rating.standard.maestro.min_rating and promotions; synth_test checks
// they agree), 1S and 2S a plausible split of the social players.
var categoryMin = []int{2200, 2000, 1800, 1600, 1500, 1470, 1450}

// category gives a plausible national category for a rating.
func category(r int) string {
	for i, m := range categoryMin {
		if r >= m {
			return fsi.Categories[i]
		}
	}
	return fsi.Categories[len(fsi.Categories)-1]
}

// Generate builds a season.
func Generate(c Config) *Season {
	s, next := generate(c)
	for {
		t, received, ok := next()
		if !ok {
			return s
		}
		s.Tournaments = append(s.Tournaments, t)
		s.Received = append(s.Received, received)
	}
}

// generate builds a season's register, and gives its tournaments one by
// one through next, in order (the same random draws as one after the
// other: the same season), so that a writer need not hold them all.
func generate(c Config) (s *Season, next func() (*tournament.Tournament, tournament.Date, bool)) {
	rng := rand.New(rand.NewPCG(c.Seed, c.Seed^0x9e3779b97f4a7c15))
	s = &Season{Players: &registers.Players{Rows: make([]registers.Player, c.Players)},
		Strength: make([]float64, c.Players)}
	for i := range s.Players.Rows {
		st := 1550 + rng.NormFloat64()*250
		st = math.Max(1000, math.Min(2700, st))
		s.Strength[i] = st
		r := int(st + rng.NormFloat64()*40)
		row := registers.Player{FSIID: strconv.Itoa(100000 + i), Surname: surnames[rng.IntN(len(surnames))],
			Name: names[rng.IntN(len(names))] + " " + strconv.Itoa(i), Sex: "M", Federation: "ITA",
			Province: provinces[rng.IntN(len(provinces))], MembershipYear: c.Start.Year,
			BirthDate: tournament.NewDate(1950+rng.IntN(60), time.Month(1+rng.IntN(12)), 1+rng.IntN(28))}
		if i%3 == 0 {
			row.Sex = "F"
		}
		row.Category = category(r)
		if rng.Float64() < c.FideShare && r >= 1400 {
			row.FideID = strconv.Itoa(2000000 + i)
			row.FideStandard = r
		} else {
			row.EloItalia = r
		}
		row.EloRapid = int(st + rng.NormFloat64()*60)
		if row.EloRapid >= 2200 {
			row.RapidK20 = true
		}
		s.Players.Rows[i] = row
	}
	k := 0
	return s, func() (*tournament.Tournament, tournament.Date, bool) {
		if k >= c.Tournaments {
			return nil, tournament.Date{}, false
		}
		day := c.Start.AddDays(k * max(c.Days, 1) / max(c.Tournaments, 1))
		t := s.tournament(rng, &c, k, day)
		k++
		return t, t.End.AddDays(1 + rng.IntN(7)), true
	}
}

func (s *Season) tournament(rng *rand.Rand, c *Config, k int, start tournament.Date) *tournament.Tournament {
	n := c.PlayersPerTournament/2 + rng.IntN(c.PlayersPerTournament+1)
	n = max(4, min(n, len(s.Players.Rows)))
	picked := make([]int, 0, n)
	seen := make(map[int]bool, n)
	for len(picked) < n {
		i := rng.IntN(len(s.Players.Rows))
		if !seen[i] {
			seen[i] = true
			picked = append(picked, i)
		}
	}
	// Starting order by rating, as pairing programs do.
	slices.SortFunc(picked, func(a, b int) int { return fileRating(&s.Players.Rows[b], c) - fileRating(&s.Players.Rows[a], c) })
	rr := n <= c.RoundRobinMax
	rounds := c.Rounds
	system := "Swiss"
	if rr {
		rounds = n - 1 + n%2
		system = "Round robin"
	}
	t := &tournament.Tournament{Name: fmt.Sprintf("Torneo sintetico %d", k+1), City: "Sintesi", Federation: "ITA",
		Start: start, End: start.AddDays(rounds/2 + 1), Type: system, ChiefArbiter: "Arbitro Sintetico",
		RateOfPlayText: "90'+30\"", Scoring: tournament.DefaultScoring(), PairingSystem: system}
	if c.Rapid {
		t.RateOfPlayText = "15'+10\""
		t.End = start
	}
	for i, row := range picked {
		r := &s.Players.Rows[row]
		p := tournament.Player{Start: i + 1, Sex: trfSex(r.Sex),
			Category: r.Category, Name: r.Surname + ", " + r.Name, Rating: r.FideStandard, Federation: "ITA",
			FideID: r.FideID, NationalID: r.FSIID, NationalFed: "ITA", BirthDate: r.BirthDate,
			Rounds: make([]tournament.RoundEntry, rounds)}
		if c.Rapid {
			p.NationalRating = r.EloRapid
		} else {
			p.NationalRating = r.EloItalia
		}
		for j := range p.Rounds {
			p.Rounds[j] = tournament.RoundEntry{Code: tournament.CodeNone, Colour: tournament.ColourNone}
		}
		t.Players = append(t.Players, p)
	}
	g := &gen{rng: rng, c: c, t: t, str: make([]float64, n), score: make([]float64, n)}
	for i, row := range picked {
		g.str[i] = s.Strength[row]
	}
	if rr {
		g.roundRobin()
	} else {
		g.swiss()
	}
	for i := range t.Players {
		p := &t.Players[i]
		p.Points, p.PointsGiven = t.Score(p), true
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := t.Players[a].Points, t.Players[b].Points
		switch {
		case pa > pb:
			return -1
		case pa < pb:
			return 1
		}
		return 0
	})
	for rank, i := range order {
		t.Players[i].Rank = rank + 1
	}
	t.DeclaredPlayers, t.DeclaredRounds = n, rounds
	return t
}

// trfSex is the register's sex as the files write it ("" for another).
func trfSex(sex string) string {
	switch sex {
	case "M":
		return "m"
	case "F":
		return "f"
	}
	return ""
}

func fileRating(r *registers.Player, c *Config) int {
	if c.Rapid {
		return r.EloRapid
	}
	return max(r.EloItalia, r.FideStandard)
}

type gen struct {
	rng   *rand.Rand
	c     *Config
	t     *tournament.Tournament
	str   []float64
	score []float64
}

// play records a game between positions a (White) and b in round r.
func (g *gen) play(r, a, b int) {
	pa, pb := &g.t.Players[a], &g.t.Players[b]
	ea, eb := tournament.RoundEntry{Opponent: b + 1, Colour: tournament.ColourWhite},
		tournament.RoundEntry{Opponent: a + 1, Colour: tournament.ColourBlack}
	if g.rng.Float64() < g.c.ForfeitRate {
		ea.Code, eb.Code = tournament.CodeForfeitWin, tournament.CodeForfeitLoss
		if g.rng.IntN(2) == 0 {
			ea.Code, eb.Code = eb.Code, ea.Code
		}
	} else {
		e := 1 / (1 + math.Pow(10, (g.str[b]-g.str[a])/400))
		draw := 0.32 * (1 - math.Abs(2*e-1))
		x := g.rng.Float64()
		switch {
		case x < e-draw/2:
			ea.Code, eb.Code = tournament.CodeWin, tournament.CodeLoss
		case x < e+draw/2:
			ea.Code, eb.Code = tournament.CodeDraw, tournament.CodeDraw
		default:
			ea.Code, eb.Code = tournament.CodeLoss, tournament.CodeWin
		}
	}
	pa.Rounds[r], pb.Rounds[r] = ea, eb
	g.score[a] += g.t.Scoring.Points(ea)
	g.score[b] += g.t.Scoring.Points(eb)
}

// roundRobin pairs by the circle method (the Berger tables of FIDE-GR
// Annex 1 up to the order of rounds); with an odd field the player
// paired with the phantom is not paired that round.
func (g *gen) roundRobin() {
	n := len(g.t.Players)
	m := n + n%2
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	for r := 0; r < m-1; r++ {
		for k := 0; k < m/2; k++ {
			a, b := idx[k], idx[m-1-k]
			if a >= n || b >= n {
				continue
			}
			if (r+k)%2 == 1 {
				a, b = b, a
			}
			g.play(r, a, b)
		}
		// Rotate all but the first.
		last := idx[m-1]
		copy(idx[2:], idx[1:m-1])
		idx[1] = last
	}
}

// swiss pairs each round top-down by score and rating, avoiding
// rematches where it can; the odd player out gets a pairing-allocated
// bye, and a few players take a half-point bye.
func (g *gen) swiss() {
	n := len(g.t.Players)
	met := make([][]int, n)
	order := make([]int, n)
	for r := range g.t.Players[0].Rounds {
		order = order[:0]
		for i := 0; i < n; i++ {
			if r < len(g.t.Players[i].Rounds)-1 && g.rng.Float64() < g.c.HalfByeRate {
				g.t.Players[i].Rounds[r] = tournament.RoundEntry{Code: tournament.CodeHalfBye, Colour: tournament.ColourNone}
				g.score[i] += g.t.Scoring.HalfBye
				continue
			}
			order = append(order, i)
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case g.score[a] > g.score[b]:
				return -1
			case g.score[a] < g.score[b]:
				return 1
			}
			return a - b
		})
		if len(order)%2 == 1 {
			bye := order[len(order)-1]
			order = order[:len(order)-1]
			g.t.Players[bye].Rounds[r] = tournament.RoundEntry{Code: tournament.CodePairingBye, Colour: tournament.ColourNone}
			g.score[bye] += g.t.Scoring.PairingBye
		}
		used := make([]bool, len(order))
		for i := range order {
			if used[i] {
				continue
			}
			used[i] = true
			j := -1
			for k := i + 1; k < len(order); k++ {
				if !used[k] && !slices.Contains(met[order[i]], order[k]) {
					j = k
					break
				}
			}
			if j < 0 {
				for k := i + 1; k < len(order); k++ {
					if !used[k] {
						j = k
						break
					}
				}
			}
			if j < 0 {
				break
			}
			used[j] = true
			a, b := order[i], order[j]
			met[a], met[b] = append(met[a], b), append(met[b], a)
			if (r+i/2)%2 == 1 {
				a, b = b, a
			}
			g.play(r, a, b)
		}
	}
}

// ListCSV is the season's register as a stored list of month m of year
// y would hold it (registers.WritePlayers): every rating moved a little,
// differently each period, so that benchmarks seed a store with lists
// that differ.
func (s *Season) ListCSV(y, m int) ([]byte, error) {
	ps := &registers.Players{Rows: slices.Clone(s.Players.Rows), ExtraHeader: s.Players.ExtraHeader}
	for i := range ps.Rows {
		d := (i*7+m*13+y)%41 - 20
		ps.Rows[i].EloItalia += d
		ps.Rows[i].EloRapid = ps.Rows[i].EloItalia - 30 + d
	}
	var buf bytes.Buffer
	err := registers.WritePlayers(&buf, ps)
	return buf.Bytes(), err
}
