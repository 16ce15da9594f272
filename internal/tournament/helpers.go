package tournament

import (
	"strconv"
	"strings"
)

// Rounds returns the number of rounds the crosstable holds: the highest
// round in which any player has something written.
func (t *Tournament) Rounds() int {
	n := 0
	for i := range t.Players {
		r := t.Players[i].Rounds
		for j := len(r) - 1; j >= n; j-- {
			if !r[j].IsEmpty() {
				n = j + 1
				break
			}
		}
	}
	return n
}

// Index maps starting numbers to positions in Players.
func (t *Tournament) Index() map[int]int {
	m := make(map[int]int, len(t.Players))
	for i := range t.Players {
		m[t.Players[i].Start] = i
	}
	return m
}

// Player returns the player with starting number start, or nil.
func (t *Tournament) Player(start int) *Player {
	// Files list players in starting order almost always: try the obvious
	// position before scanning.
	if start >= 1 && start <= len(t.Players) && t.Players[start-1].Start == start {
		return &t.Players[start-1]
	}
	for i := range t.Players {
		if t.Players[i].Start == start {
			return &t.Players[i]
		}
	}
	return nil
}

// Entry returns the player's entry for round (1-based), or an empty entry
// when the round is beyond what the file wrote.
func (p *Player) Entry(round int) RoundEntry {
	if round < 1 || round > len(p.Rounds) {
		return RoundEntry{Code: CodeNone, Colour: ColourNone}
	}
	return p.Rounds[round-1]
}

// Score returns the player's points under s, from the crosstable.
func (p *Player) Score(s Scoring) float64 {
	total := 0.0
	for _, e := range p.Rounds {
		total += s.Points(e)
	}
	return total
}

// Played counts the games the player actually played (RTF 4.2.13).
func (p *Player) Played() int {
	n := 0
	for _, e := range p.Rounds {
		if e.IsPlayed() {
			n++
		}
	}
	return n
}

// Shown is the player's title and rating as a standings table shows them:
// the FIDE title, else the Italian category; the rating of the file, else
// the national one, else "" (unrated).
func (p *Player) Shown() (title, rating string) {
	title = strings.TrimSpace(p.Title)
	if title == "" {
		title = p.Category
	}
	switch {
	case p.Rating > 0:
		rating = strconv.Itoa(p.Rating)
	case p.NationalRating > 0:
		rating = strconv.Itoa(p.NationalRating)
	}
	return title, rating
}

// Score returns the player's points under the tournament's scoring system.
func (t *Tournament) Score(p *Player) float64 { return p.Score(t.Scoring) }

// Game is a game actually played (RTF 4.2.13): result 1, = or 0 between two
// players, recorded once.
type Game struct {
	Round int `json:"round"`
	// White and Black are starting numbers. When the file gives no colour
	// White is the lower number and ColoursKnown is false.
	White        int     `json:"white"`
	Black        int     `json:"black"`
	WhiteScore   float64 `json:"white_score"` // 1, 0.5 or 0
	ColoursKnown bool    `json:"colours_known"`
}

// BlackScore is 1 − WhiteScore.
func (g Game) BlackScore() float64 { return 1 - g.WhiteScore }

// Games returns the games actually played, in round order, each once. A
// game is taken from the entry of the player with the lower starting
// number; entries whose opponent does not exist are left out (the
// validator reports them), and so are entries contradicted by the
// opponent's line, whose inconsistency the validator reports too.
func (t *Tournament) Games() []Game {
	idx := t.Index()
	pos := func(start int) int {
		if j, ok := idx[start]; ok {
			return j
		}
		return -1
	}
	var games []Game
	t.EachGame(t.Rounds(), pos, func(r, i, _ int, e RoundEntry, s float64) {
		p := &t.Players[i]
		g := Game{Round: r, White: p.Start, Black: e.Opponent, WhiteScore: s, ColoursKnown: true}
		switch {
		case e.Colour == ColourBlack:
			g.White, g.Black, g.WhiteScore = e.Opponent, p.Start, 1-s
		case e.Colour != ColourWhite:
			g.ColoursKnown = false
		}
		games = append(games, g)
	})
	return games
}

// EachGame calls fn for every game actually played in rounds 1 to
// rounds, once, in round order, as Games lists them: i is the position in
// Players of the player with the lower starting number, e his entry and
// s his score (1, 0.5 or 0), j his opponent's position. pos maps a
// starting number to a position, -1 when there is none. An entry counts
// when the opponent's entry agrees with it and the two scores make 1.
// It allocates nothing: the rating stage runs it for every tournament of
// a season.
func (t *Tournament) EachGame(rounds int, pos func(start int) int, fn func(r, i, j int, e RoundEntry, s float64)) {
	for r := 1; r <= rounds; r++ {
		for i := range t.Players {
			p := &t.Players[i]
			if r > len(p.Rounds) {
				continue
			}
			e := p.Rounds[r-1]
			if !e.IsPlayed() || e.Opponent <= p.Start {
				continue
			}
			j := pos(e.Opponent)
			if j < 0 {
				continue
			}
			oe := t.Players[j].Entry(r)
			if !oe.IsPlayed() || oe.Opponent != p.Start {
				continue
			}
			s, _ := e.GameScore()
			os, _ := oe.GameScore()
			if s+os != 1 {
				continue
			}
			fn(r, i, j, e, s)
		}
	}
}

// AllPaired reports whether every two players of t were paired at least
// once, forfeits included: the crosstable of a round robin, where a
// withdrawn player's remaining games are still written against the
// scheduled opponents (FIDE-GR 6.6).
func (t *Tournament) AllPaired() bool {
	n := len(t.Players)
	if n < 3 {
		return false
	}
	idx := t.Index()
	met := make([]bool, n*n)
	pairs := 0
	for i := range t.Players {
		for _, e := range t.Players[i].Rounds {
			j, ok := idx[e.Opponent]
			if !ok || j == i {
				continue
			}
			a, b := min(i, j), max(i, j)
			if !met[a*n+b] {
				met[a*n+b] = true
				pairs++
			}
		}
	}
	return pairs == n*(n-1)/2
}
