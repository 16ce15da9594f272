package rating

import (
	"slices"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// maestro reads a row's state columns as a close does.
func maestro(row *registers.Player, s *rules.StandardRating) bool {
	st := readState(row)
	return maestroOf(row, st.norms, st.fideGames, s)
}

func TestRTF_4_4_1_5_Maestro(t *testing.T) {
	s := &settings(t).Standard
	cases := []struct {
		name  string
		row   registers.Player
		title bool
	}{
		{"RTF 4.4.1.5 b: 2200 Elo Italia and a long norm", registers.Player{EloItalia: 2200,
			Extra: map[string]string{ColNorms: "2025-05-01:L"}}, true},
		{"RTF 4.4.1.5 b: 2199 is not enough", registers.Player{EloItalia: 2199,
			Extra: map[string]string{ColNorms: "2025-05-01:L"}}, false},
		{"RTF 4.4.1.5.2: two short norms within 4 years", registers.Player{EloItalia: 2210,
			Extra: map[string]string{ColNorms: "2022-05-01:S;2026-05-01:S"}}, true},
		{"RTF 4.4.1.5.2: two short norms 4 years and a day apart", registers.Player{EloItalia: 2210,
			Extra: map[string]string{ColNorms: "2022-05-01:S;2026-05-02:S"}}, false},
		{"RTF 4.4.1.5.2: one short norm is not enough", registers.Player{EloItalia: 2210,
			Extra: map[string]string{ColNorms: "2026-05-01:S"}}, false},
		{"RTF 4.4.1.5 a: FIDE 2200 with 24 games", registers.Player{FideStandard: 2230,
			Extra: map[string]string{ColNorms: "2025-05-01:L", ColFideGames: "24"}}, true},
		{"RTF 4.4.1.5 a: FIDE 2200 with 23 games", registers.Player{FideStandard: 2230,
			Extra: map[string]string{ColNorms: "2025-05-01:L", ColFideGames: "23"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := maestro(&c.row, s); got != c.title {
				t.Errorf("maestro = %v, want %v", got, c.title)
			}
		})
	}
}

func TestRTF_4_2_6_FideRatedPlayers(t *testing.T) {
	fide := reg("1", "Fide", "Ora", "1N", 1850, 1870, 0)
	dropped := reg("2", "Fuori", "Fide", "3N", 0, 0, 0)
	dropped.Extra = map[string]string{ColFideLast: "1201"}
	res := closeOne(t, fsi.Standard, "2026-03", &registers.Players{Rows: []registers.Player{fide, dropped}})
	if r := row(res.List, "1"); r.EloItalia != 0 || len(res.Report.Removed) != 1 || r.Extra[ColFideLast] != "1870" {
		t.Errorf("RTF 4.2.6: FIDE-rated player keeps Elo Italia %d; removed %+v", r.EloItalia, res.Report.Removed)
	}
	if r := row(res.List, "2"); r.EloItalia != 1199 || len(res.Report.Reentered) != 1 || r.Extra[ColFideLast] != "" {
		t.Errorf("RTF 4.2.6: dropped player at %d, want 1199 (FIDE-RR 0.6: 1200 − 1); %+v", r.EloItalia, res.Report.Reentered)
	}
}

func TestRTF_4_4_1_5_MaestroAtClose(t *testing.T) {
	// The candidate (CM, 2200) earns a long norm (6/9 against 2183 after
	// raising 1800 to 1900) and keeps at least 2200: Maestro at the
	// close. For the rating the 1800 opponent counts as 1800:
	// 2300 2300 2250 2250 2200 2200 2150 2100 1800 give 36 36 43 43 50
	// 50 57 64 92 = 471 → PA 4.7; P 6; V = 30 × 1.3 = +39.0 → 2239.
	list, tt := normTournament(t, 2200, "11==1=1=0")
	res := closeOne(t, fsi.Standard, "2026-03", list, received("norm.trf", tt, tournament.NewDate(2026, 1, 20)))
	r := row(res.List, "1")
	if r.EloItalia != 2239 || r.Category != "M" || r.Extra[ColNorms] != "2026-01-17:L" {
		t.Errorf("candidate: %d %s norms %q", r.EloItalia, r.Category, r.Extra[ColNorms])
	}
	want := CategoryChange{FSIID: "1", Name: "Candidato", From: "CM", To: "M", Rating: 2239, Article: "RTF 4.4.1.5"}
	if !slices.Contains(res.Report.Promotions, want) || len(res.Report.Norms) != 1 {
		t.Errorf("promotions %+v norms %+v", res.Report.Promotions, res.Report.Norms)
	}
}

func TestRTF_7_5_3_WithdrawalWithholdsPromotion(t *testing.T) {
	// Player 1 (NC, 1495) beats 2 (1495) in T-a: 50 % → PA 0.5,
	// V = +15.0. In T-b he beats 3 then loses the last round by forfeit
	// against a paired opponent: +15.0 zeroed (RTF 7.5.3). Sum +15.0 →
	// 1510, enough for 3N (RTF 4.4.1.1), but the promotion is lost too.
	rows := []registers.Player{reg("1", "Uno", "", "NC", 1495, 0, 0), reg("2", "Due", "", "NC", 1495, 0, 0),
		reg("3", "Tre", "", "NC", 1495, 0, 0), reg("4", "Quattro", "", "NC", 1495, 0, 0)}
	ta := build(t, "T-a", tp{name: "Uno", fsi: "1", rounds: "2w1"}, tp{name: "Due", fsi: "2", rounds: "1b0"})
	tb := build(t, "T-b",
		tp{name: "Uno", fsi: "1", rounds: "2w1 3b-"},
		tp{name: "Tre", fsi: "3", rounds: "1b0"},
		tp{name: "Quattro", fsi: "4", rounds: ". 1w+"},
	)
	res := closeOne(t, fsi.Standard, "2026-03", &registers.Players{Rows: rows},
		received("a.trf", ta, tournament.NewDate(2026, 1, 10)), received("b.trf", tb, tournament.NewDate(2026, 1, 20)))
	r := row(res.List, "1")
	if r.EloItalia != 1510 || r.Category != "NC" {
		t.Errorf("player 1: %d %s; want 1510 NC", r.EloItalia, r.Category)
	}
	if len(res.Report.Withheld) != 1 || res.Report.Withheld[0].To != "3N" || len(res.Report.Promotions) != 0 {
		t.Errorf("withheld %+v promotions %+v", res.Report.Withheld, res.Report.Promotions)
	}
}

func TestClosePeriodRefusesATournamentTwice(t *testing.T) {
	r := settings(t)
	p, _ := r.Schedule(fsi.Standard).Parse("2026-03")
	tt := build(t, "x", tp{name: "Uno", fsi: "1", rounds: "2w1"}, tp{name: "Due", fsi: "2", rounds: "1b0"})
	rc := received("x.trf", tt, tournament.NewDate(2026, 1, 10))
	if _, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, Settings: r, Tournaments: []Received{rc, rc}}); err == nil {
		t.Error("RTF 4.2.3: a tournament's variations would be summed twice")
	}
}

// TestClosePeriodWithoutFromIsAnError: a period without its first
// receipt day would take the tournaments of every earlier period.
func TestClosePeriodWithoutFromIsAnError(t *testing.T) {
	r := settings(t)
	p, _ := r.Schedule(fsi.Standard).Parse("2026-03")
	p.From = tournament.Date{}
	tt := build(t, "x", tp{name: "Uno", fsi: "1", rounds: "2w1"}, tp{name: "Due", fsi: "2", rounds: "1b0"})
	rc := received("x.trf", tt, tournament.NewDate(2025, 6, 10))
	_, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, Settings: r, Tournaments: []Received{rc}})
	if err == nil || !strings.Contains(err.Error(), "From") {
		t.Errorf("got %v, want an error naming From", err)
	}
}
