package rating

import (
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// normRow is one line of the table of RTF 4.4.1.5.3: an average of the
// opponents from From to To needs Percent, and Points (in half points)
// on 7, 8, 9, 10 and 11 games.
type normRow struct {
	From, To, Percent int
	Halves            [5]int // 7, 8, 9, 10, 11 games
}

// normTable is RTF 4.4.1.5.3 as printed ("(9999)" is the open top).
var normTable = []normRow{
	{2401, 9999, 30, [5]int{5, 5, 6, 6, 7}},
	{2376, 2400, 33, [5]int{5, 6, 6, 7, 8}},
	{2351, 2375, 36, [5]int{6, 6, 7, 8, 8}},
	{2326, 2350, 40, [5]int{6, 7, 8, 8, 9}},
	{2301, 2325, 44, [5]int{7, 8, 8, 9, 10}},
	{2276, 2300, 47, [5]int{7, 8, 9, 10, 11}},
	{2251, 2275, 50, [5]int{7, 8, 9, 10, 11}},
	{2226, 2250, 53, [5]int{8, 9, 10, 11, 12}},
	{2201, 2225, 56, [5]int{8, 9, 11, 12, 13}},
	{2176, 2200, 60, [5]int{9, 10, 11, 12, 14}},
	{2151, 2175, 64, [5]int{9, 11, 12, 13, 14}},
	{2126, 2150, 67, [5]int{10, 11, 12, 14, 15}},
	{2101, 2125, 70, [5]int{10, 12, 13, 14, 16}},
	{2076, 2100, 73, [5]int{11, 12, 14, 15, 16}},
	{2051, 2075, 76, [5]int{11, 13, 14, 16, 17}},
}

// NormHalves returns the half points needed for a norm on games played
// against opponents averaging avg (RTF 4.4.1.5.3), and false when the
// table gives none (average below 2051, fewer than 7 games, or more than
// 11 without extrapolation).
func NormHalves(avg, games int, extrapolate bool) (int, bool) {
	for _, r := range normTable {
		if avg < r.From || avg > r.To {
			continue
		}
		switch {
		case games >= 7 && games <= 11:
			return r.Halves[games-7], true
		case games > 11 && extrapolate:
			// Percent of the games rounded up to the half point: the rule
			// that reproduces every printed cell.
			return (r.Percent*games*2 + 99) / 100, true
		}
		return 0, false
	}
	return 0, false
}

// Norm is a Maestro norm earned in a tournament (RTF 4.4.1.5.1 long, in
// 9 rounds or more; 4.4.1.5.2 short, in 7 or 8).
type Norm struct {
	Long    bool            `json:"long"`
	Rounds  int             `json:"rounds"`
	Played  int             `json:"played"`
	Average int             `json:"average"`
	Needed  float64         `json:"needed"`
	Score   float64         `json:"score"`
	Start   tournament.Date `json:"start"`
}

// checkNorm returns the norm player i earned in t, or nil.
func checkNorm(t *tournament.Tournament, i int, seeds []Seed, pos func(int) int, m *rules.Maestro) *Norm {
	p := &t.Players[i]
	rounds := t.Rounds()
	if t.DeclaredRounds > rounds {
		rounds = t.DeclaredRounds
	}
	long := rounds >= m.LongNormMinRounds
	short := false
	for _, n := range m.ShortNormRounds {
		short = short || rounds == n
	}
	if !long && !short {
		return nil
	}
	// Count, sum and lowest opponent as we go: this runs for every
	// player of every long tournament, and needs no list.
	played, sum, low, halves := 0, 0, 0, 0
	for r := 1; r <= rounds; r++ {
		e := p.Entry(r)
		if e.IsPlayed() {
			j := pos(e.Opponent)
			if j < 0 {
				return nil
			}
			o := seeds[j].Rating
			if played == 0 || o < low {
				low = o
			}
			played++
			sum += o
			s, _ := e.GameScore()
			halves += int(s * 2)
			continue
		}
		// Unplayed games must all be won by forfeit (4.4.1.5.1 a,
		// 4.4.1.5.2).
		if e.Code != tournament.CodeForfeitWin || e.Opponent == 0 {
			return nil
		}
	}
	minPlayed := m.ShortNormMinPlayed
	if long {
		minPlayed = m.LongNormMinPlayed
	}
	if played < minPlayed || played == 0 {
		return nil
	}
	// 4.4.1.5.3: the lowest opponent below the floor is raised to it.
	if m.RaiseLowestTo > 0 && low < m.RaiseLowestTo {
		sum += m.RaiseLowestTo - low
	}
	avg := NormAverage(sum, played, m.AverageRounding)
	need, ok := NormHalves(avg, played, m.ExtrapolateBeyondTable)
	if !ok || halves < need {
		return nil
	}
	return &Norm{Long: long, Rounds: rounds, Played: played, Average: avg,
		Needed: float64(need) / 2, Score: float64(halves) / 2, Start: t.Start}
}

// NormAverage is the opponents' average rating for the table of RTF
// 4.4.1.5.3: sum over n rounded as the settings say (rules.Maestro
// AverageRounding; the article leaves it open). Ratings are positive.
func NormAverage(sum, n int, rounding string) int {
	switch rounding {
	case rules.RoundDown:
		return sum / n
	case rules.RoundUp:
		return (sum + n - 1) / n
	}
	return (2*sum + n) / (2 * n)
}
