package validate

import (
	"slices"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

// TestFIDE_TRF_001_Pairings: each game written twice, mirrored.
func TestFIDE_TRF_001_Pairings(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want []string
	}{
		{"TRF 001: a sound round", []string{"2w1", "1b0", "0-U"}, nil},
		{"TRF 001: double forfeit is consistent", []string{"2w-", "1b-"}, nil},
		{"TRF 001: forfeit without colours", []string{"2--", "1-+"}, nil},
		{"TRF 001: self-pairing", []string{"1w1", "0-U"}, []string{"crosstable.self-pairing"}},
		{"TRF 001: opponent missing", []string{"5w1", "0-U"}, []string{"crosstable.opponent-missing"}},
		// 1 says he met 2, but 2 met 3.
		{"TRF 001: not mirrored", []string{"2w1", "3b0", "2w1"}, []string{"crosstable.mirror-missing"}},
		{"TRF 001: same colour (py4swiss incompatible_color)", []string{"2b1", "1b0"},
			[]string{"crosstable.colour-conflict", "crosstable.colour-conflict"}},
		{"TRF 001: results not complementary", []string{"2w1", "1b1"},
			[]string{"crosstable.result-conflict", "crosstable.result-conflict"}},
		{"TRF 001: draw against forfeit", []string{"2w=", "1b+"},
			[]string{"crosstable.result-conflict", "crosstable.result-conflict"}},
		{"TRF 001: played game without colour", []string{"2-1", "1-0"},
			[]string{"crosstable.colour-missing", "crosstable.colour-missing"}},
		{"TRF 001: paired, no result, while the round's other game has one", []string{"2w_", "1b_", "4w1", "3b0"},
			[]string{"crosstable.result-missing"}},
		// A whole round paired without results is eligibility.unfinished's.
		{"TRF 001: a last round paired, no result yet", []string{"2w1 2b_", "1b0 1w_"}, nil},
		{"TRF 001: bye with an opponent", []string{"2-H", "1-H"},
			[]string{"crosstable.bye-with-opponent", "crosstable.result-conflict", "crosstable.bye-with-opponent", "crosstable.result-conflict"}},
		{"TRF 001: game result without opponent", []string{"0-1", "0-U"}, []string{"crosstable.game-without-opponent"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := rulesOf(run(t, "crosstable.pairings", fsi.Standard, xt(t, c.rows...)))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestFIDE_C04_1_PairingByesAndRepeats(t *testing.T) {
	t.Run("C.04.1 c: two pairing byes in a round", func(t *testing.T) {
		fs := run(t, "crosstable.byes", fsi.Standard, xt(t, "0-U", "0-+", "4w1", "3b0"))
		if got := rulesOf(fs); !slices.Equal(got, []string{"crosstable.pairing-byes"}) || fs[0].Round != 1 {
			t.Errorf("got %v", fs)
		}
	})
	t.Run("C.04.1 c: one requested and one pairing bye", func(t *testing.T) {
		if got := rulesOf(run(t, "crosstable.byes", fsi.Standard, xt(t, "0-U", "0-H", "4w1", "3b0"))); got != nil {
			t.Errorf("got %v", got)
		}
	})
	// Five players, three rounds: 1 and 2 meet in rounds 1 and 3.
	swiss := xt(t, "2w1 3b1 2b=", "1b0 4w1 1w=", "4w1 1w0 5b1", "3b0 2b0 0-U", "0-U 0-U 3w0")
	t.Run("C.04.1 b: repeated pairing in a Swiss", func(t *testing.T) {
		fs := run(t, "crosstable.repeats", fsi.Standard, swiss)
		if len(fs) != 1 || fs[0].Rule != "crosstable.repeated-pairing" || fs[0].Round != 3 || fs[0].Player != 1 {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("C.04.1 b: a forfeited pairing was not played, so the two may meet again", func(t *testing.T) {
		// 1 and 2 are paired in round 1, 2 does not turn up; they play
		// in round 3 (bbpPairings issue_15, players 4 and 18).
		ff := xt(t, "2w+ 3b1 2b=", "1b- 4w1 1w=", "4w1 1w0 5b1", "3b0 2b0 0-U", "0-U 0-U 3w0")
		if fs := run(t, "crosstable.repeats", fsi.Standard, ff); len(fs) != 0 {
			t.Errorf("got %+v", fs)
		}
		set := *ruleSet(t, fsi.Standard)
		set.Params.Crosstable.RepeatedPairingsCountUnplayed = true
		p := &Pass{Input: Input{Tournament: ff}, Set: &set}
		checkRepeats(p)
		if got := rulesOf(p.findings); !slices.Equal(got, []string{"crosstable.repeated-pairing"}) {
			t.Errorf("counting forfeits: got %v", got)
		}
	})
	t.Run("C.04.1 b: a double round robin repeats by design", func(t *testing.T) {
		dbl := xt(t, "2w1 2b=", "1b0 1w=")
		dbl.PairingSystem = "Round Robin (double)"
		if fs := run(t, "crosstable.repeats", fsi.Standard, dbl); len(fs) != 0 {
			t.Errorf("got %+v", fs)
		}
	})
}

func TestFIDE_TRF_001_DeclaredPoints(t *testing.T) {
	t.Run("TRF 001: incorrect points (py4swiss incorrect_points)", func(t *testing.T) {
		tr := xt(t, "2w1 0-U", "1b0 3w1", "0-U 2b0")
		tr.Players[1].Points = 2
		fs := run(t, "crosstable.points", fsi.Standard, tr)
		if len(fs) != 1 || fs[0].Rule != "crosstable.points-mismatch" || fs[0].Line != tr.Players[1].Line {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("TRF 001: blank-result bye counted half a point (ICU files)", func(t *testing.T) {
		tr := xt(t, "2w1 .", "1b0 0-U")
		tr.Players[0].Points = 1.5
		fs := run(t, "crosstable.points", fsi.Standard, tr)
		if got := rulesOf(fs); !slices.Equal(got, []string{"crosstable.points-blank-entries"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("TRF 001: declared scoring system (BBU 0.5)", func(t *testing.T) {
		tr := xt(t, "2w1 0-U", "1b0 0-U")
		tr.Scoring.PairingBye, tr.Scoring.Source = 0.5, "BBU"
		tr.Players[0].Points, tr.Players[1].Points = 1.5, 0.5
		if fs := run(t, "crosstable.points", fsi.Standard, tr); len(fs) != 0 {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("TRF 001: points not given", func(t *testing.T) {
		tr := xt(t, "2w1", "1b0")
		tr.Players[0].PointsGiven = false
		if got := rulesOf(run(t, "crosstable.points", fsi.Standard, tr)); !slices.Equal(got, []string{"crosstable.points-missing"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestRTF_7_3_1_DeclaredRanks(t *testing.T) {
	ranked := func(ranks ...int) *tournament.Tournament {
		tr := xt(t, "2w1 3b1", "1b0 0-U", "0-U 1w0")
		for i, r := range ranks {
			tr.Players[i].Rank = r
		}
		return tr
	}
	cases := []struct {
		name  string
		ranks []int
		want  []string
	}{
		{"RTF 7.3.1: ranks follow points", []int{1, 2, 3}, nil},
		{"RTF 7.3.1: equal points in either order", []int{1, 3, 2}, nil},
		{"RTF 7.3.1: withdrawn player ranked 0", []int{1, 0, 2}, nil},
		{"RTF 7.3.1: a lower rank with more points", []int{2, 1, 3}, []string{"crosstable.rank-order"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rulesOf(run(t, "crosstable.ranks", fsi.Standard, ranked(c.ranks...))); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 7.3.1: ranks that are the starting numbers (pairing input)", func(t *testing.T) {
		tr := xt(t, "2w0", "1b1")
		tr.Players[0].Rank, tr.Players[1].Rank = 1, 2
		tr.Players = append(tr.Players, tournament.Player{Start: 3, Rank: 3, Line: 12, Rounds: []tournament.RoundEntry{{Code: tournament.CodePairingBye}}, Points: 1, PointsGiven: true})
		if got := rulesOf(run(t, "crosstable.ranks", fsi.Standard, tr)); !slices.Equal(got, []string{"crosstable.ranks-not-compared"}) {
			t.Errorf("got %v", got)
		}
	})
}

func TestFIDE_TRF_Counts(t *testing.T) {
	base := func() *tournament.Tournament { return xt(t, "2w1 0-U", "1b0 0-U") }
	cases := []struct {
		name string
		edit func(*tournament.Tournament)
		want []string
	}{
		{"TRF 062/XXR: as declared", func(tr *tournament.Tournament) { tr.DeclaredPlayers, tr.DeclaredRounds = 2, 2 }, nil},
		{"TRF 062: players differ", func(tr *tournament.Tournament) { tr.DeclaredPlayers = 3 }, []string{"crosstable.players-count"}},
		// Fewer rounds than declared is eligibility.unfinished's (see
		// TestRTF_6_2_2_UnfinishedFile): the crosstable itself is sound.
		{"TRF XXR: file written before the end", func(tr *tournament.Tournament) { tr.DeclaredRounds = 9 }, nil},
		{"TRF 142: more rounds than declared", func(tr *tournament.Tournament) { tr.DeclaredRounds = 1 }, []string{"crosstable.rounds-exceeded"}},
		{"TRF 132: round dates in order inside start–end", func(tr *tournament.Tournament) {
			tr.Start, tr.End = tournament.NewDate(2025, 3, 1), tournament.NewDate(2025, 3, 2)
			tr.RoundDates = []tournament.Date{tr.Start, tr.End}
		}, nil},
		{"TRF 132: round date outside and out of order", func(tr *tournament.Tournament) {
			tr.Start, tr.End = tournament.NewDate(2025, 3, 1), tournament.NewDate(2025, 3, 2)
			tr.RoundDates = []tournament.Date{tr.End, tournament.NewDate(2025, 2, 28)}
		}, []string{"crosstable.round-date-outside", "crosstable.round-dates-order"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := base()
			c.edit(tr)
			if got := rulesOf(run(t, "crosstable.counts", fsi.Standard, tr)); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
