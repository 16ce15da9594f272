package trf

import (
	"testing"

	"omologa/internal/tournament"
)

// TestReadTeamStandings: a TRF26 310 record gives the team's number,
// federation, rating, match points, game points and rank besides its
// name and members; a record without them leaves the team unranked, and
// 013 records carry none.
func TestReadTeamStandings(t *testing.T) {
	players := line(1, "A", "   2 w 1") + "\n" + line(2, "B", "   1 b 0") + "\n"
	tests := []struct {
		name string
		recs string
		want []tournament.Team
	}{
		{"310 with standings",
			"310   1 Alfa                             ITA     1800    6     5.0    1     1\n" +
				"310   2 Beta                             ITA     1750    4     4,5    2     2\n",
			[]tournament.Team{
				{Number: 1, Name: "Alfa", Federation: "ITA", Rating: 1800, MatchPoints: 6, GamePoints: 5, Rank: 1, Ranked: true, Members: []int{1}, Line: 3},
				{Number: 2, Name: "Beta", Federation: "ITA", Rating: 1750, MatchPoints: 4, GamePoints: 4.5, Rank: 2, Ranked: true, Members: []int{2}, Line: 4},
			}},
		{"310 with a decimal average rating",
			"310   1 Alfa                             ITA   1800.5    6     5.0    1     1\n",
			[]tournament.Team{{Number: 1, Name: "Alfa", Federation: "ITA", Rating: 1801, MatchPoints: 6, GamePoints: 5, Rank: 1, Ranked: true, Members: []int{1}, Line: 3}}},
		{"310 without points",
			"310   1 Alfa                             ITA                                1\n",
			[]tournament.Team{{Number: 1, Name: "Alfa", Federation: "ITA", Members: []int{1}, Line: 3}}},
		{"310 with rank 0",
			"310   1 Alfa                             ITA     1800    6     5.0    0     1\n",
			[]tournament.Team{{Number: 1, Name: "Alfa", Federation: "ITA", Rating: 1800, Members: []int{1}, Line: 3}}},
		{"013",
			"013 Alfa                                   1\n",
			[]tournament.Team{{Name: "Alfa", Members: []int{1}, Line: 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, _, err := Read("t.trf", players+tc.recs)
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.Teams) != len(tc.want) {
				t.Fatalf("teams %+v, want %+v", tt.Teams, tc.want)
			}
			for i, w := range tc.want {
				g := tt.Teams[i]
				if g.Number != w.Number || g.Name != w.Name || g.Federation != w.Federation || g.Rating != w.Rating ||
					g.MatchPoints != w.MatchPoints || g.GamePoints != w.GamePoints || g.Rank != w.Rank || g.Ranked != w.Ranked ||
					g.Line != w.Line || len(g.Members) != len(w.Members) || (len(w.Members) > 0 && g.Members[0] != w.Members[0]) {
					t.Errorf("team %d: %+v, want %+v", i, g, w)
				}
			}
		})
	}
}
