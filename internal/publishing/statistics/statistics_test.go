package statistics

import (
	"bytes"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
	"omologa/internal/testkit/synth"
)

// Napoli's sign "NA" is a province, not a missing value, and a club's
// "_" does not merge groups.
func TestProvinceNAAndUnderscores(t *testing.T) {
	in := Input{
		Tournaments: []Tournament{{Key: "a", Province: "NA", Month: "2026-03", Games: 10}, {Key: "b", Province: "MI", Month: "2026-03", Games: 4},
			{Key: "c", Province: "NA", Month: "2026-04", Games: 1}},
		Participations: []Participation{{Tournament: "a", FSIID: "1", Games: 5}, {Tournament: "a", FSIID: "2", Games: 5},
			{Tournament: "b", FSIID: "1", Games: 4}, {Tournament: "c", FSIID: "3", Games: 1}, {Tournament: "c", FSIID: "", Games: 1}},
		Players: []Player{{FSIID: "1", Club: "a_b"}, {FSIID: "2", Club: "a"}, {FSIID: "3", Club: "b_c"}},
	}
	r, err := Compute(in, 2026)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Table("province")
	if len(p.Rows) != 2 || p.Rows[0][0] != "NA" || p.Rows[0][1] != 2 || p.Rows[0][2] != 11 || p.Rows[0][3] != 3 {
		t.Errorf("provinces %v", p.Rows)
	}
	if p.Total[1] != 3 || p.Total[2] != 15 || p.Total[3] != 3 {
		t.Errorf("total %v", p.Total)
	}
	pm := r.Table("province-mesi")
	if len(pm.Rows) != 3 || pm.Rows[0][0] != "MI" || pm.Rows[1][0] != "NA" || pm.Rows[1][1] != "marzo 2026" || pm.Rows[1][4] != 2 || pm.Rows[2][2] != 1 {
		t.Errorf("provinces by month %v", pm.Rows)
	}
	c := r.Table("societa")
	if len(c.Rows) != 3 {
		t.Errorf("clubs %v", c.Rows)
	}
	m := r.Table("mesi")
	if len(m.Rows) != 2 || m.Rows[0][0] != "marzo 2026" || m.Rows[0][3] != 2 {
		t.Errorf("months %v", m.Rows)
	}
}

func TestCSVForExcel(t *testing.T) {
	tab := &Table{Name: "x", Columns: []string{"Società", "Media"}, Rows: [][]any{{"=HYPERLINK(1)", 1520.5}, {"+39", 3}, {"@x", 0.4},
		{"-1", 2}, {"\tx", 1}, {"Ok", 7}}, Total: []any{"Totale", 9}}
	var b bytes.Buffer
	if err := WriteCSV(&b, tab); err != nil {
		t.Fatal(err)
	}
	want := "\uFEFFSocietà;Media\r\n'=HYPERLINK(1);1520,5\r\n'+39;3\r\n'@x;0,4\r\n'-1;2\r\n'\tx;1\r\nOk;7\r\nTotale;9\r\n"
	if got := b.String(); got != want {
		t.Errorf("CSV\n%q\nwant\n%q", got, want)
	}
}

// TestSyntheticSeasonTotals: on a synthetic season, the year's totals
// are the season's: every tournament, every game, every player who
// played, by month, by province and by club alike.
func TestSyntheticSeasonTotals(t *testing.T) {
	c := synth.Default()
	c.Players, c.Tournaments = 2000, 60
	s := synth.Generate(c)
	var in Input
	played := map[string]bool{}
	for i, tt := range s.Tournaments {
		key := string(rune('A'+i%26)) + tt.Name
		month := tt.End.String()[:7]
		in.Tournaments = append(in.Tournaments, Tournament{Key: key, Province: []string{"NA", "MI", "TO"}[i%3], Month: month, Games: len(tt.Games())})
		for j := range tt.Players {
			p := &tt.Players[j]
			n := 0
			for _, e := range p.Rounds {
				if e.IsPlayed() {
					n++
				}
			}
			in.Participations = append(in.Participations, Participation{Tournament: key, FSIID: p.NationalID, Games: n})
			played[p.NationalID] = true
		}
	}
	for _, r := range s.Players.Rows {
		in.Players = append(in.Players, Player{FSIID: r.FSIID, Sex: r.Sex, BirthYear: r.BirthDate.Year, Club: r.Province + " club", Province: r.Province,
			Category: r.Category, Rating: r.EloItalia})
	}
	in.Lists = []List{{Kind: fsi.Standard, Period: "2026-12", Players: in.Players, Base: in.Players, Added: 7}}
	year := c.Start.Year
	r, err := Compute(in, year)
	if err != nil {
		t.Fatal(err)
	}
	games := s.Games()
	for _, name := range []string{"mesi", "province"} {
		tot := r.Table(name).Total
		if tot[1] != len(s.Tournaments) || tot[2] != games || tot[3] != len(played) {
			t.Errorf("%s total %v, season %d tournaments, %d games, %d players", name, tot, len(s.Tournaments), games, len(played))
		}
	}
	tn, gn := 0, 0
	for _, row := range r.Table("province-mesi").Rows {
		tn += row[2].(int)
		gn += row[3].(int)
	}
	if tn != len(s.Tournaments) || gn != games {
		t.Errorf("provinces by month: %d tournaments, %d games", tn, gn)
	}
	players, clubGames := 0, 0
	for _, row := range r.Table("societa").Rows {
		players += row[1].(int)
		clubGames += row[2].(int)
	}
	// Each game is played by two players, each counted in his club.
	if players != len(played) || clubGames != 2*games {
		t.Errorf("clubs: %d players, %d games; season %d, %d", players, clubGames, len(played), 2*games)
	}
	if tot := r.Table("categorie").Total; tot[1] != len(s.Players.Rows) {
		t.Errorf("categories total %v, %d players", tot, len(s.Players.Rows))
	}
	n := 0
	for _, row := range r.Table("elo-sesso-eta").Rows {
		n += row[2].(int)
	}
	rated := 0
	for _, p := range in.Players {
		if p.Rating > 0 {
			rated++
		}
	}
	if n != rated {
		t.Errorf("by sex and age: %d players, %d rated", n, rated)
	}
	for _, row := range r.Table("elo-sesso-eta").Rows {
		if n := row[2].(int); (n < MinGroup) != (row[3] == nil) || len(row) != 5 {
			t.Errorf("a group of %d players shows its ratings %v (regs §4b: fewer than %d, none)", n, row[3:], MinGroup)
		}
	}
	if len(r.Table("flussi").Rows) != 0 {
		t.Errorf("a flow between a list and itself: %v", r.Table("flussi").Rows)
	}
	if !strings.Contains(r.Table("nuovi").Rows[0][0].(string), "Elo Italia") || r.Table("nuovi").Total[2] != 7 {
		t.Errorf("new players %v", r.Table("nuovi").Rows)
	}
}

// TestSmallGroupsShowNoRating: a group of fewer than MinGroup players
// shows its count only (regs §4b: its mean would be a published rating,
// telling the player's sex and age).
func TestSmallGroupsShowNoRating(t *testing.T) {
	var ps []Player
	for i := range 6 {
		ps = append(ps, Player{FSIID: string(rune('a' + i)), Sex: "F", BirthYear: 1990, Rating: 1500 + 10*i})
	}
	ps = append(ps, Player{FSIID: "z", Sex: "M", BirthYear: 1950, Rating: 2201})
	r, err := Compute(Input{Lists: []List{{Kind: fsi.Standard, Period: "2026-12", Players: ps}}}, 2026)
	if err != nil {
		t.Fatal(err)
	}
	rows := r.Table("elo-sesso-eta").Rows
	if len(rows) != 2 || rows[0][2] != 6 || rows[0][3] != 1525.0 || rows[1][2] != 1 || rows[1][3] != nil || rows[1][4] != nil {
		t.Errorf("rows %v", rows)
	}
}

// A member who played before any list or register had him (his FSI id
// from the tournament) counts under the unknown club, as one the
// register has without a club; the statistics are computed (gota's
// missing value in the club column made the grouping fail, and the
// public site with it).
func TestMemberNotInRegisterHasNoClub(t *testing.T) {
	in := Input{
		Tournaments:    []Tournament{{Key: "a", Province: "NA", Month: "2026-03", Games: 2}},
		Participations: []Participation{{Tournament: "a", FSIID: "1", Games: 1}, {Tournament: "a", FSIID: "9", Games: 1}, {Tournament: "a", FSIID: "", Games: 0}},
		Players:        []Player{{FSIID: "1", Club: "Scacchi"}, {FSIID: "2"}},
	}
	r, err := Compute(in, 2026)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Table("societa")
	if len(c.Rows) != 2 || c.Rows[0][0] != catalogue.IT.T("stats.unknown") || c.Rows[0][1] != 1 || c.Rows[0][2] != 1 || c.Rows[1][0] != "Scacchi" {
		t.Errorf("clubs %v", c.Rows)
	}
	if tot := r.Table("mesi").Total; tot[3] != 2 {
		t.Errorf("months total %v, want 2 players", tot)
	}
}
