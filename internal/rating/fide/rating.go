package fide

import (
	"math"

	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// Input is what the preview reads: the tournament, whether it is a round
// robin (as validate decided it), and what the file cannot say.
type Input struct {
	Tournament *tournament.Tournament
	RoundRobin bool
	// K returns a rated player's K when it is known from elsewhere (the
	// register's count of FIDE games, an office decision); 0 means "by
	// FIDE-RR 8.56 from the rating alone", which cannot tell a new
	// player's K 30 (fewer than 30 games) from 15. Nil: always 0.
	K func(p *tournament.Player) int
}

// Preview is what FIDE will make of one tournament.
type Preview struct {
	Set     string          `json:"rule_set"` // the fide rule set applied
	SetName string          `json:"rule_set_name"`
	SetFrom tournament.Date `json:"rule_set_from"`
	// OnlyRated: only games against rated opponents are rated, a round
	// robin's too (2024 8.1, 8.3.1): the round robin is computed as a
	// Swiss is, without 8.58's iteration.
	OnlyRated bool `json:"only_rated_opponents,omitempty"`
	// Articles are the set's articles for unrated players, MinGames its
	// games for a published first rating (7.14: 9; 2024 7.1.4: 5).
	Articles Articles `json:"-"`
	MinGames int      `json:"min_games_published"`
	// RoundRobin: computed as a round robin (8.21 b, 8.25, 8.52, 8.58);
	// SwissBy643 is true for a round robin with unplayed games, which
	// FIDE rates as a Swiss (6.43).
	RoundRobin bool `json:"round_robin"`
	SwissBy643 bool `json:"swiss_by_6_43,omitempty"`
	// Rar, DPA and Ra are the round robin's averages of 8.21 b (Ra is
	// rounded, as the example of 8.58 does before using it).
	Rar float64 `json:"rar,omitempty"`
	DPA float64 `json:"dpa,omitempty"`
	Ra  int     `json:"ra,omitempty"`
	// Games counts the games: FIDE rates them (at least one player
	// FIDE-rated, RTF 4.2.10–4.2.11), Elo Italia only (neither rated,
	// RTF 4.2.12), not rated (not played, FIDE-RR 5.1).
	Games   GameCounts      `json:"games"`
	Players []PlayerPreview `json:"players"`
}

// GameCounts counts the games of a tournament by who rates them.
type GameCounts struct {
	Fide      int `json:"fide"`
	EloItalia int `json:"elo_italia_only"`
	NotRated  int `json:"not_rated"`
}

// PlayerPreview is one player's line.
type PlayerPreview struct {
	Start  int    `json:"start"`
	Name   string `json:"name"`
	FideID string `json:"fide_id,omitempty"`
	Rating int    `json:"rating"` // the FIDE rating of the 001 record, 0 unrated
	// Games and Points are the games FIDE counts for him and his score
	// in them (W).
	Games  int     `json:"games"`
	Points float64 `json:"points"`

	// Rated players: P and DP are his fractional score in hundredths and
	// its dp (round robin, 8.21 b ii); Expected is W_e in hundredths of
	// a point (8.55 a, with the cap of 8.54); K and Change (8.55 c, one
	// decimal, as shown: the new rating is computed from the unrounded
	// sum, 8.57, 2024 8.3.4); KKnown is false when K came from the
	// rating alone; Junior when K is a junior's (2014 8.56, 2024 8.3.3);
	// KCapped when K × games was above the set's k_games_max (2024
	// 8.3.3: 700).
	P        int     `json:"p,omitempty"`
	DP       int     `json:"dp,omitempty"`
	Expected int     `json:"expected_hundredths,omitempty"`
	K        int     `json:"k,omitempty"`
	KKnown   bool    `json:"k_known,omitempty"`
	Junior   bool    `json:"junior,omitempty"`
	KCapped  bool    `json:"k_capped,omitempty"`
	Change   float64 `json:"change,omitempty"`
	NewValue int     `json:"new_rating,omitempty"` // Rating + the change, rounded as the set says

	// Unrated players: Rc and Ru (8.21–8.25), and in a round robin
	// RcNew and RuNew after the cap against his opponents (8.58). Counts
	// says whether the result counts towards his rating (8.21: in a first
	// event, at least 3 rated opponents and 1 point; 8.31, 8.33: at least
	// the floor); Published whether these games alone give him a
	// published rating (7.14: 9 games).
	RatedOpponents int  `json:"rated_opponents,omitempty"`
	Rc             int  `json:"rc,omitempty"`
	Ru             int  `json:"ru,omitempty"`
	RcNew          int  `json:"rc_new,omitempty"`
	RuNew          int  `json:"ru_new,omitempty"`
	Counts         bool `json:"counts,omitempty"`
	Published      bool `json:"published,omitempty"`
	// NotCounted names the article a result that does not count fails:
	// "8.21" (rated opponents or points; 2024: "8.2"), "8.33" (below the
	// floor; 2024: "7.1"), "6.1" (a round robin's unrated player with ½
	// point or less: his games are ignored for his opponents too).
	NotCounted string `json:"not_counted,omitempty"`
}

// Articles are the articles a set's unrated players are judged by: the
// first event's minimum (2010 8.21; 2024 8.2), the floor (8.33; 7.1) and
// the games for a published rating (7.14; 7.1.4).
type Articles struct{ FirstEvent, Floor, Published string }

// articlesOf returns the articles of a set: the 2024 numbering for a set
// that rates a first result with hypothetical opponents, else 2010's.
func articlesOf(s *rules.Fide) Articles {
	if s.HypotheticalOpponents > 0 {
		return Articles{"8.2", "7.1", "7.1.4"}
	}
	return Articles{"8.21", "8.33", "7.14"}
}

// judge sets whether an unrated player's result counts (8.21, 8.33) and
// gives a published rating (7.14), by his Ru (Ru new in a round robin).
func (pp *PlayerPreview) judge(s *rules.Fide, ru int) {
	a := articlesOf(s)
	switch {
	case pp.RatedOpponents < s.FirstEventMinRated || pp.Points < s.FirstEventMinPoints:
		pp.NotCounted = a.FirstEvent
	case ru < s.Floor:
		pp.NotCounted = a.Floor
	default:
		pp.Counts = true
		pp.Published = pp.Games >= s.MinGamesPublished
	}
}

// Rated reports whether the player had a FIDE rating.
func (p *PlayerPreview) Rated() bool { return p.Rating > 0 }

// game is one game FIDE rates, from one player's side.
type game struct {
	opp   int // index in the players
	score float64
}

// played returns a round entry's score when the game was played (at
// least one move each, FIDE-RR 5.1: W D L are games of less than a move,
// forfeits and byes are not games).
func played(e tournament.RoundEntry) (score float64, ok bool) {
	if e.Opponent <= 0 {
		return 0, false
	}
	switch e.Code {
	case tournament.CodeWin:
		return 1, true
	case tournament.CodeDraw:
		return 0.5, true
	case tournament.CodeLoss:
		return 0, true
	}
	return 0, false
}

// Rate computes the preview of one tournament by the rule set s.
func Rate(s *rules.Fide, in Input) Preview {
	t := in.Tournament
	pv := Preview{Set: s.ID, SetName: s.Name, SetFrom: s.ValidFrom, RoundRobin: in.RoundRobin, OnlyRated: s.RatedOpponentsOnly,
		Articles: articlesOf(s), MinGames: s.MinGamesPublished}
	index := make(map[int]int, len(t.Players))
	for i := range t.Players {
		index[t.Players[i].Start] = i
	}
	n := len(t.Players)
	games := make([][]game, n)
	unplayed := false
	for i := range t.Players {
		p := &t.Players[i]
		for r := range p.Rounds {
			e := p.Rounds[r]
			j, known := index[e.Opponent]
			if e.Opponent <= 0 || !known {
				continue
			}
			score, ok := played(e)
			if !ok {
				unplayed = true
				if i < j {
					pv.Games.NotRated++
				}
				continue
			}
			games[i] = append(games[i], game{opp: j, score: score})
			if i < j {
				if t.Players[i].Rating > 0 || t.Players[j].Rating > 0 {
					pv.Games.Fide++
				} else {
					pv.Games.EloItalia++
				}
			}
		}
	}
	if pv.RoundRobin && unplayed {
		pv.RoundRobin, pv.SwissBy643 = false, true
	}
	pv.Players = make([]PlayerPreview, n)
	for i := range t.Players {
		p := &t.Players[i]
		pv.Players[i] = PlayerPreview{Start: p.Start, Name: p.Name, FideID: p.FideID, Rating: p.Rating}
	}
	switch {
	case pv.RoundRobin && !s.RatedOpponentsOnly:
		kept, ignored := ignoreFirstEvents(s, &pv, games)
		rateRoundRobin(s, &pv, kept, n-ignored)
	default:
		rateSwiss(s, &pv, games)
	}
	day := t.End
	if day.IsZero() {
		day = t.Start
	}
	for i := range pv.Players {
		pp := &pv.Players[i]
		if !pp.Rated() || pp.Games == 0 {
			continue
		}
		pp.Junior = s.Junior(t.Players[i].BirthDate, day)
		pp.K = s.KFor(pp.Rating, s.KNewGames, false, pp.Junior)
		if in.K != nil {
			if k := in.K(&t.Players[i]); k > 0 {
				pp.K, pp.KKnown = k, true
			}
		}
		if k := s.KCapped(pp.K, pp.Games); k != pp.K {
			pp.K, pp.KCapped = k, true
		}
		// The change in hundredths of a point: summed over the games
		// first (8.55 c; 2024 8.3.2 d), rounded only at the end.
		pp.Change, pp.NewValue = newRating(s, pp.Rating, (int(math.Round(pp.Points*100))-pp.Expected)*pp.K)
	}
	return pv
}

// newRating turns a rated player's change, summed over his games in
// hundredths of a point, into the change shown (one decimal) and the
// new rating: Rn = rating + change rounded, 0.5 up (8.57), or rating +
// the change rounded to a whole number, 0.5 away from zero (2024 8.3.4).
// Nothing is rounded before the sum.
func newRating(s *rules.Fide, rating, sum int) (change float64, rn int) {
	change = float64(divRound(sum, 10)) / 10
	if s.ChangeRounding == rules.RoundAwayFromZero {
		return change, rating + divRound(sum, 100)
	}
	return change, floorDiv(rating*100+sum+50, 100)
}

// divRound divides a by b > 0, rounding to nearest, half away from zero.
func divRound(a, b int) int {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

// floorDiv divides a by b > 0, rounding down.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// ignoreFirstEvents applies FIDE-RR 6.1 to a round robin: an unrated
// player with ½ point or less in his first event (below the set's
// first_event_min_points) has his score and his opponents' in his games
// ignored. Those players keep their line, marked "6.1"; the games of the
// others against them are dropped.
func ignoreFirstEvents(s *rules.Fide, pv *Preview, games [][]game) (kept [][]game, count int) {
	ignored := make([]bool, len(games))
	for i := range pv.Players {
		pp := &pv.Players[i]
		if pp.Rated() || len(games[i]) == 0 {
			continue
		}
		pts := 0.0
		for _, g := range games[i] {
			pts += g.score
		}
		if pts < s.FirstEventMinPoints {
			ignored[i] = true
			count++
			pp.Games, pp.Points, pp.NotCounted = len(games[i]), pts, "6.1"
			for _, g := range games[i] {
				if pv.Players[g.opp].Rated() {
					pp.RatedOpponents++
				}
			}
		}
	}
	if count == 0 {
		return games, 0
	}
	out := make([][]game, len(games))
	for i := range games {
		if ignored[i] {
			continue
		}
		for _, g := range games[i] {
			if !ignored[g.opp] {
				out[i] = append(out[i], g)
			}
		}
	}
	return out, count
}

// expected is P_D in hundredths for a player rated own against opp
// (8.55 a), the difference capped (8.54; 2024 8.3.1: not from 2650 on,
// by the amendment of 1 October 2025).
func expected(s *rules.Fide, own, opp int) int { return rating.Expected(own-opp, s.DiffCapFor(own)) }

// ru is a new player's result by 8.22–8.25: base is Ra (round robin) or
// Rc (Swiss); rr scales dp by n/(n+1) (8.25). A set without a half-point
// step (2024 8.2) reads dp from the table above 50 % too.
func ru(s *rules.Fide, base int, points float64, games, n int, rr bool) int {
	half := int(math.Round(points*2)) - games // half points above 50 %
	switch {
	case half == 0:
		return base
	case half > 0 && s.HalfPointStep > 0:
		return base + s.HalfPointStep*half
	}
	dp := float64(DP(Hundredths(points, games)))
	if rr {
		dp = dp * float64(n) / float64(n+1)
	}
	return roundHalfUp(float64(base) + dp)
}

// rateSwiss: rated players count only games against rated opponents
// (6.42, 8.52); unrated players' Rc is the average of their rated
// opponents (8.21 a).
func rateSwiss(s *rules.Fide, pv *Preview, games [][]game) {
	for i := range pv.Players {
		pp := &pv.Players[i]
		sum := 0
		for _, g := range games[i] {
			o := &pv.Players[g.opp]
			if !o.Rated() {
				continue
			}
			pp.Games++
			pp.Points += g.score
			if pp.Rated() {
				pp.Expected += expected(s, pp.Rating, o.Rating)
			} else {
				sum += o.Rating
			}
		}
		if pp.Rated() || pp.Games == 0 {
			continue
		}
		pp.RatedOpponents = pp.Games
		pp.Rc, pp.Ru = initial(s, float64(sum), pp.Points, pp.Games)
		pp.judge(s, pp.Ru)
	}
}

// initial is an unrated player's Rc and Ru from games against rated
// opponents whose ratings add up to sum (8.21 a, 8.22–8.24); with the
// set's hypothetical opponents, each a draw, in both, and Ru capped at
// initial_max (2024 8.2: two at 1800, at most 2200).
func initial(s *rules.Fide, sum, points float64, games int) (rc, ru_ int) {
	h := s.HypotheticalOpponents
	sum += float64(h * s.HypotheticalRating)
	points += float64(h) / 2
	games += h
	rc = roundHalfUp(sum / float64(games))
	ru_ = ru(s, rc, points, games, 0, false)
	if s.InitialMax > 0 && ru_ > s.InitialMax {
		ru_ = s.InitialMax
	}
	return rc, ru_
}

// rateRoundRobin: 8.21 b for the tournament's average Ra, 8.25 for the
// unrated players, the cap of 8.54 against each unrated player's
// opponents (Rc new, Ru new: one step, as the example of 8.58), then the
// rated players' expected score against every opponent, unrated ones
// at their Ru new (8.52).
func rateRoundRobin(s *rules.Fide, pv *Preview, games [][]game, n int) {
	var sumR, sumDP, rated int
	for i := range pv.Players {
		pp := &pv.Players[i]
		for _, g := range games[i] {
			pp.Games++
			pp.Points += g.score
			if pv.Players[g.opp].Rated() {
				pp.RatedOpponents++
			}
		}
		if pp.Rated() && pp.Games > 0 {
			pp.P = Hundredths(pp.Points, pp.Games)
			pp.DP = DP(pp.P)
			sumR += pp.Rating
			sumDP += pp.DP
			rated++
		}
	}
	opps := n - 1 // 8.21 b iii: n is the number of opponents (6.1's ignored players left out)
	if rated > 0 {
		pv.Rar = float64(sumR) / float64(rated)
		pv.DPA = float64(sumDP) / float64(rated)
		pv.Ra = roundHalfUp(pv.Rar - pv.DPA*float64(opps)/float64(opps+1))
	}
	for i := range pv.Players {
		pp := &pv.Players[i]
		if pp.Rated() || pp.Games == 0 || pp.NotCounted != "" {
			continue
		}
		pp.Rc = pv.Ra
		pp.Ru = ru(s, pp.Rc, pp.Points, pp.Games, opps, true)
		// 8.54 against his rated opponents: a rating more than the cap
		// away from his Ru counts as Ru ± cap.
		excess := 0
		for _, g := range games[i] {
			o := &pv.Players[g.opp]
			if !o.Rated() {
				continue
			}
			if d := o.Rating - pp.Ru; d > s.DiffCap {
				excess += d - s.DiffCap
			} else if d < -s.DiffCap {
				excess += d + s.DiffCap
			}
		}
		pp.RcNew = roundHalfUp(float64(pp.Rc) - float64(excess)/float64(pp.Games))
		pp.RuNew = ru(s, pp.RcNew, pp.Points, pp.Games, opps, true)
		pp.judge(s, pp.RuNew)
	}
	for i := range pv.Players {
		pp := &pv.Players[i]
		if !pp.Rated() {
			continue
		}
		for _, g := range games[i] {
			o := &pv.Players[g.opp]
			r := o.Rating
			if !o.Rated() {
				r = o.RuNew
			}
			pp.Expected += expected(s, pp.Rating, r)
		}
	}
}

// Tranche is one event's result of an unrated player against rated
// opponents: games, points and the opponents' average rating.
type Tranche struct {
	Games   int
	Points  float64
	Average float64
}

// Initial returns the rating Rn published for a new player whose results
// are the tranches, taken as one tournament (8.3, 7.14 c, e; 2024 8.2,
// 7.1.4): the opponents' average over all games is Rc, and Ru follows
// 8.22–8.24, rounded half up (8.32), with the set's hypothetical
// opponents and cap. ok is false below the floor (8.33; 2024 7.1) or
// with fewer games than 7.14 (7.1.4) asks.
func Initial(s *rules.Fide, tranches []Tranche) (rn int, ok bool) {
	games, points, sum := 0, 0.0, 0.0
	for _, tr := range tranches {
		games += tr.Games
		points += tr.Points
		sum += tr.Average * float64(tr.Games)
	}
	if games == 0 {
		return 0, false
	}
	_, rn = initial(s, sum, points, games)
	return rn, rn >= s.Floor && games >= s.MinGamesPublished
}

// PreviewOf is the preview of a tournament under the rules file: the
// FIDE rule set in force at its start, and whether it is a round robin
// as the standard homologation rule set decides it. ok is false when the
// file has no FIDE rule set.
func PreviewOf(rf *rules.File, t *tournament.Tournament, k func(*tournament.Player) int) (pv Preview, ok bool) {
	s := rf.SelectFide(t.Start)
	if s == nil {
		return Preview{}, false
	}
	rs, _ := rf.Select(fsi.Standard, t.Start)
	return Rate(s, Input{Tournament: t, RoundRobin: validate.IsRoundRobin(rs, t), K: k}), true
}

// ForReport is the preview a tournament report shows: for a tournament
// of a kind of play FIDE rates (rep.Kind: standard, rapid...) that is
// FIDE-rated (Rated); nil otherwise, or without a tournament.
func ForReport(rf *rules.File, kind fsi.Kind, t *tournament.Tournament) *Preview {
	if t == nil {
		return nil
	}
	s := rf.SelectFide(t.Start)
	if s == nil || !Rated(s, kind, t) {
		return nil
	}
	pv, _ := PreviewOf(rf, t, nil)
	return &pv
}
