package rating

import (
	"slices"

	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// Seed is what one participant carries into the period: the rating used
// for him and against him (frozen for the period, RTF 4.2.3, RAPID 6.3),
// whether his own rating changes, and his K.
type Seed struct {
	Rating int `json:"rating"`
	// Source says where Rating comes from: "list" (the list in force),
	// "fide" (FIDE standard: the player is FIDE-rated, RTF 4.2.10–11),
	// "fide-floor" (dropped by FIDE, RTF 4.2.6), "entry:CAT" (by
	// category, RTF 4.2.5/4.2.16), "theoretical" (the chief arbiter's
	// theoretical rating as recorded by the office, RTF 4.2.7, RAPID
	// 6.8), "file" (the file's national rating, taken as the arbiter's
	// theoretical rating), "elo_italia", "fide_standard", "fide_rapid"
	// (rapid entry, RAPID 6.1), "entry" (1440).
	Source string `json:"source"`
	// Rated is false when the player's rating does not change with the
	// tournament (standard: FIDE-rated, RTF 4.2.10–4.2.11).
	Rated bool `json:"rated"`
	K     int  `json:"k"`
	// Category is the player's national category (standard) at the start.
	Category string `json:"category,omitempty"`
	// Row is the player's row in the list in force, -1 when missing.
	Row int `json:"-"`
	// Wanted: a foreign player without any rating the articles take
	// (no FIDE rating, no Elo Italia or Elo Rapid, none in the file)
	// entered at the entry rating; the chief arbiter's theoretical
	// rating is missing and the office has to give one (RTF 4.2.7,
	// RAPID 6.8).
	Wanted bool `json:"-"`
}

// Options are the per-tournament settings of one kind of list.
type Options struct {
	Kind       fsi.Kind
	DiffCap    int
	FirstPlace string // "score" or "rank"
	// WinnerProtection applies RTF 4.2.15 / RAPID 6.7.
	WinnerProtection bool
	Withdrawal       rules.Withdrawal
	// Withdrawals overrides the reading of the crosstable by starting
	// number: true is an unjustified withdrawal, false a justified one
	// (the office's decision, RTF 7.5.2).
	Withdrawals map[int]bool
	// Maestro, when not nil, checks the norms of RTF 4.4.1.5 (standard).
	Maestro *rules.Maestro
	// Detail keeps every game's line in the result.
	Detail bool
}

// OptionsFor returns the per-tournament options of kind from the
// settings.
func OptionsFor(kind fsi.Kind, r *rules.Rating) Options {
	o := Options{Kind: kind, DiffCap: r.DiffCap, FirstPlace: r.FirstPlace}
	if kind == fsi.Rapid {
		o.WinnerProtection, o.Withdrawal = r.Rapid.WinnerProtection, r.Rapid.Withdrawal
	} else {
		o.WinnerProtection, o.Withdrawal = r.Standard.WinnerProtection, r.Standard.Withdrawal
		m := r.Standard.Maestro
		o.Maestro = &m
	}
	return o
}

// GameLine is one game of a player as the calculation sees it.
type GameLine struct {
	Round          int     `json:"round"`
	Opponent       int     `json:"opponent"`
	OpponentRating int     `json:"opponent_rating"`
	Percent        int     `json:"percent"` // expected, RTF 4.3.4
	Score          float64 `json:"score"`
}

// Line is one player's result in one tournament.
type Line struct {
	Start  int    `json:"start"`
	Name   string `json:"name"`
	FSIID  string `json:"fsi_id"`
	Rating int    `json:"rating"`
	Source string `json:"source"`
	Rated  bool   `json:"rated"`
	// Games and Score count games actually played (RTF 4.2.13).
	Games int     `json:"games"`
	Score float64 `json:"score"`
	// Percent is the sum S of the expected percentages; Expected is PA.
	Percent  int    `json:"percent"`
	Expected Tenths `json:"expected"`
	K        int    `json:"k"`
	// Delta is K(P − PA); Applied is what counts after the articles
	// listed in Articles (winner protection, withdrawal).
	Delta    Tenths   `json:"delta"`
	Applied  Tenths   `json:"applied"`
	Articles []string `json:"articles"`
	// First: top of the standings (ex aequo included); Withdrew: an
	// unjustified withdrawal (RTF 7.5.2). Undecided: a round robin's
	// withdrawal the office has not judged yet (regs §4c), so nothing is
	// zeroed.
	First     bool `json:"first"`
	Withdrew  bool `json:"withdrew"`
	Undecided bool `json:"withdrawal_undecided,omitempty"`
	// TheoreticalWanted: the office has to give the player a theoretical
	// rating (Seed.Wanted, RTF 4.2.7, RAPID 6.8); the work queue lists
	// him until it does.
	TheoreticalWanted bool       `json:"theoretical_wanted,omitempty"`
	Norm              *Norm      `json:"norm,omitempty"`
	Detail            []GameLine `json:"detail,omitempty"`

	scoreHalves int
}

// Articles cited when applied differs from delta.
const (
	ArtWinnerStandard = "RTF 4.2.15"
	ArtWinnerRapid    = "RAPID 6.7"
	ArtWithdrawal     = "RTF 7.5.3"
)

// Rate computes every player's variation in t (RTF 4.3.1, RAPID 7.1)
// from the seeds (one per t.Players entry, same order).
func Rate(t *tournament.Tournament, seeds []Seed, o Options) []Line {
	return rateInto(nil, t, seeds, o)
}

// rateInto is Rate into lines, grown as needed: a close rates thousands
// of tournaments one after the other and needs one tournament's lines
// at a time. Every line is written whole (lines[i] = Line{...}), so
// that nothing of the tournament before is left in it.
func rateInto(lines []Line, t *tournament.Tournament, seeds []Seed, o Options) []Line {
	lines = slices.Grow(lines[:0], len(t.Players))[:len(t.Players)]
	pos := positions(t)
	top := topScore(t)
	lastRound := t.Rounds()
	rr := o.Withdrawal.RoundRobinAsksOffice && t.AllPaired()
	for i := range t.Players {
		p := &t.Players[i]
		s := seeds[i]
		lines[i] = Line{Start: p.Start, Name: p.Name, FSIID: p.NationalID, Rating: s.Rating,
			Source: s.Source, Rated: s.Rated, TheoreticalWanted: s.Wanted, Articles: []string{}}
		if s.Rated {
			lines[i].K = s.K
		}
		switch o.FirstPlace {
		case "rank":
			lines[i].First = p.Rank == 1
		default:
			lines[i].First = score(t, p) == top
		}
		lines[i].Withdrew = withdrew(p, lastRound, o)
		if _, decided := o.Withdrawals[p.Start]; rr && lines[i].Withdrew && !decided {
			// FIDE-GR 6.6, regs §4c: in a round robin the remaining
			// games of a withdrawn player are forfeits by the schedule,
			// and whether he gave notice is the office's decision.
			lines[i].Withdrew, lines[i].Undecided = false, true
		}
	}
	eachGame(t, lastRound, pos, func(round, wi, bi, ws int) {
		add(&lines[wi], seeds[wi], seeds[bi], ws, round, t.Players[bi].Start, o)
		add(&lines[bi], seeds[bi], seeds[wi], 2-ws, round, t.Players[wi].Start, o)
	})
	for i := range lines {
		l := &lines[i]
		l.Score = float64(l.scoreHalves) / 2
		if !l.Rated {
			l.Percent = 0
			continue
		}
		l.Expected = Tenths(PATenths(l.Percent))
		l.Delta = Delta(l.K, l.scoreHalves, int(l.Expected))
		l.Applied = l.Delta
		if l.First && o.WinnerProtection && l.Applied < 0 {
			l.Applied = 0
			if o.Kind == fsi.Rapid {
				l.Articles = append(l.Articles, ArtWinnerRapid)
			} else {
				l.Articles = append(l.Articles, ArtWinnerStandard)
			}
		}
		if l.Withdrew && o.Withdrawal.ZeroPositive && l.Applied > 0 {
			l.Applied = 0
			l.Articles = append(l.Articles, ArtWithdrawal)
		}
	}
	if o.Maestro != nil {
		for i := range lines {
			if seeds[i].Category != "M" {
				lines[i].Norm = checkNorm(t, i, seeds, pos, o.Maestro)
			}
		}
	}
	return lines
}

func add(l *Line, me, opp Seed, halves, round, oppStart int, o Options) {
	l.Games++
	l.scoreHalves += halves
	pct := Expected(me.Rating-opp.Rating, o.DiffCap)
	l.Percent += pct
	if o.Detail {
		l.Detail = append(l.Detail, GameLine{Round: round, Opponent: oppStart, OpponentRating: opp.Rating,
			Percent: pct, Score: float64(halves) / 2})
	}
}

// withdrew reads RTF 7.5.2: a forfeit loss in the last round, without
// notice (against a paired opponent when the settings say so), unless
// the office decided otherwise.
func withdrew(p *tournament.Player, lastRound int, o Options) bool {
	if v, ok := o.Withdrawals[p.Start]; ok {
		return v
	}
	if lastRound == 0 {
		return false
	}
	e := p.Entry(lastRound)
	return e.Code == tournament.CodeForfeitLoss && (e.Opponent > 0 || !o.Withdrawal.RequirePairedOpponent)
}

// topScore is the highest score in the standings, under the
// tournament's scoring (byes and forfeits included: they are points).
func topScore(t *tournament.Tournament) float64 {
	top := -1.0
	for i := range t.Players {
		if s := score(t, &t.Players[i]); s > top {
			top = s
		}
	}
	return top
}

// score is the player's points; a tournament built without a scoring
// system (all zero) is scored as FIDE's default, or everyone would tie
// for first.
func score(t *tournament.Tournament, p *tournament.Player) float64 {
	if t.Scoring.Win == 0 {
		return p.Score(tournament.DefaultScoring())
	}
	return t.Score(p)
}

// positions maps starting numbers to indexes in t.Players, without a
// map when the players are in starting order (the usual case).
func positions(t *tournament.Tournament) func(start int) int {
	ordered := true
	for i := range t.Players {
		if t.Players[i].Start != i+1 {
			ordered = false
			break
		}
	}
	n := len(t.Players)
	if ordered {
		return func(s int) int {
			if s < 1 || s > n {
				return -1
			}
			return s - 1
		}
	}
	idx := t.Index()
	return func(s int) int {
		if i, ok := idx[s]; ok {
			return i
		}
		return -1
	}
}

// eachGame calls fn for every game actually played, once, in round
// order, with the positions of the two players and the first one's score
// in half points (tournament.Tournament.EachGame, which Games uses too).
func eachGame(t *tournament.Tournament, rounds int, pos func(int) int, fn func(round, a, b, aHalves int)) {
	t.EachGame(rounds, pos, func(r, i, j int, _ tournament.RoundEntry, s float64) { fn(r, i, j, int(s*2)) })
}
