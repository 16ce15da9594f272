package fide

import (
	"os"
	"testing"
	"time"

	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// setOn returns the FIDE rule set of rules.yaml in force on a day.
func setOn(t *testing.T, y int, m time.Month, d int) *rules.Fide {
	t.Helper()
	f, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	s := f.SelectFide(tournament.NewDate(y, m, d))
	if s == nil {
		t.Fatal("rules.yaml has no fide rule set")
	}
	return s
}

// TestFIDE_RR_0_1_SetsByDate: each version of the regulations applies
// to the tournaments starting from its date (0.1), and the lists are
// monthly from July 2012 (7.3), bimonthly before (7.11).
func TestFIDE_RR_0_1_SetsByDate(t *testing.T) {
	cases := []struct {
		y       int
		m       time.Month
		d       int
		id      string
		monthly bool
	}{
		{2011, 5, 10, "fide-rr-2010", false},
		{2012, 6, 30, "fide-rr-2010", false},
		{2012, 7, 1, "fide-rr-2010-monthly", true},
		{2014, 6, 30, "fide-rr-2010-monthly", true},
		{2014, 7, 1, "fide-rr-2014", true},
		{2024, 2, 29, "fide-rr-2014", true},
		{2024, 3, 1, "fide-rr-2024", true},
		{2025, 9, 30, "fide-rr-2024", true},
		{2025, 10, 1, "fide-rr-2024-2025", true},
		{2026, 11, 12, "fide-rr-2024-2025", true},
	}
	for _, c := range cases {
		s := setOn(t, c.y, c.m, c.d)
		if s.ID != c.id || s.Name == "" {
			t.Errorf("%d-%02d-%02d: set %s (%q), want %s", c.y, c.m, c.d, s.ID, s.Name, c.id)
		}
		// FIDE-RR 7.3 / 7.11: a tournament ending on the 10th of a
		// month goes into the next month's list when lists are monthly.
		end := tournament.NewDate(c.y, c.m, 10)
		next := end.Time(time.UTC).AddDate(0, 1, 0)
		got := List(s, end).Issue
		if c.monthly && (got.Year != next.Year() || int(got.Month) != int(next.Month())) {
			t.Errorf("%s: a tournament ending %s goes into list %s, want the next month's", s.ID, end, got)
		}
	}
	// FIDE-RR 7.3: the December 2026 list is issued, with its cut-off 7
	// days before (7.13).
	s := setOn(t, 2026, 11, 1)
	p, err := s.List.Parse("2026-12")
	if err != nil || p.Cutoff != tournament.NewDate(2026, 11, 24) {
		t.Errorf("FIDE-RR 7.3: list 2026-12: %v, cut-off %v; want 24/11/2026", err, p.Cutoff)
	}
	if _, err := setOn(t, 2011, 1, 1).List.Parse("2011-12"); err == nil {
		t.Error("FIDE-RR 7.11: no list in December 2011 (bimonthly lists)")
	}
}

// TestFIDE_RR_2014_8_56_K: K 40 new, 20 under 2400, 10 from 2400, 40 for
// a junior under 2300 (until his 18th birthday); 2010: 30/15/10, no
// junior K.
func TestFIDE_RR_2014_8_56_K(t *testing.T) {
	s10, s14, s24 := setOn(t, 2013, 1, 1), setOn(t, 2015, 1, 1), setOn(t, 2026, 1, 1)
	cases := []struct {
		name   string
		s      *rules.Fide
		rating int
		games  int
		high   bool
		junior bool
		want   int
	}{
		{"2010 8.56: new player", s10, 1900, 10, false, false, 30},
		{"2010 8.56: under 2400", s10, 1900, 40, false, false, 15},
		{"2010 8.56: no junior K", s10, 1900, 40, false, true, 15},
		{"2010 8.56: 2400 reached", s10, 2350, 40, true, false, 10},
		{"2014 8.56: new player", s14, 1900, 10, false, false, 40},
		{"2014 8.56: under 2400", s14, 1900, 40, false, false, 20},
		{"2014 8.56: junior under 2300", s14, 2250, 40, false, true, 40},
		{"2014 8.56: junior at 2300", s14, 2300, 40, false, true, 20},
		{"2014 8.56: from 2400", s14, 2400, 40, false, false, 10},
		{"2024 8.3.3: junior under 2300", s24, 1996, 40, false, true, 40},
		{"2024 8.3.3: 2400 reached once", s24, 2380, 40, true, true, 10},
	}
	for _, c := range cases {
		if got := c.s.KFor(c.rating, c.games, c.high, c.junior); got != c.want {
			t.Errorf("%s: K = %d, want %d", c.name, got, c.want)
		}
	}
	// Who is a junior on 18/11/2026.
	day := tournament.NewDate(2026, 11, 18)
	juniors := []struct {
		name  string
		s     *rules.Fide
		birth tournament.Date
		want  bool
	}{
		{"2024 8.3.3: born 2008, to the end of the year of his 18th birthday", s24, tournament.NewDate(2008, 9, 9), true},
		{"2024 8.3.3: born in 2008, the year only", s24, tournament.Date{Year: 2008}, true},
		{"2024 8.3.3: born 2007", s24, tournament.NewDate(2007, 12, 31), false},
		{"2014 8.56: 18 on 9/9/2026, no longer", s14, tournament.NewDate(2008, 9, 9), false},
		{"2014 8.56: 18 on 30/11/2026, still", s14, tournament.NewDate(2008, 11, 30), true},
		{"2010: no junior", s10, tournament.NewDate(2012, 1, 1), false},
		{"unknown birth date", s24, tournament.Date{}, false},
	}
	for _, c := range juniors {
		if got := c.s.Junior(c.birth, day); got != c.want {
			t.Errorf("%s: junior %v, want %v", c.name, got, c.want)
		}
	}
	// 2024 8.3.3: K × games at most 700.
	for _, c := range []struct{ k, games, want int }{{40, 17, 40}, {40, 18, 38}, {20, 35, 20}, {20, 36, 19}, {10, 71, 9}} {
		if got := s24.KCapped(c.k, c.games); got != c.want {
			t.Errorf("2024 8.3.3: K %d over %d games: %d, want %d", c.k, c.games, got, c.want)
		}
	}
	if got := s14.KCapped(40, 30); got != 40 {
		t.Errorf("2014: no K × games limit, got %d", got)
	}
}

// TestFIDE_RR_2024_8_3_Firenze: the demo's round robin of November 2026
// under the regulations of 1 March 2024: only the games against rated
// opponents count (8.1, 8.3.1), so Coppola has 8 games, 6 points,
// W_e 5.42 and with K 20 +11.6 (not 2010's +2.9 over 9 games).
func TestFIDE_RR_2024_8_3_Firenze(t *testing.T) {
	data, err := os.ReadFile("../../../samples/drop/magistrale_firenze_2026.trf")
	if err != nil {
		t.Fatal(err)
	}
	tour, _, err := codec.Read("magistrale_firenze_2026.trf", data)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := loadRules()
	pv, ok := PreviewOf(f, tour, nil)
	if !ok || pv.Set != "fide-rr-2024-2025" || !pv.OnlyRated || pv.SetName == "" {
		t.Fatalf("set %s (%q), only rated %v; want fide-rr-2024-2025, true", pv.Set, pv.SetName, pv.OnlyRated)
	}
	c := pv.Players[0]
	if c.Name != "Coppola, Filippo" || c.Games != 8 || c.Points != 6 || c.Expected != 542 || c.K != 20 || c.Change != 11.6 || c.NewValue != 2200 {
		t.Errorf("2024 8.3: Coppola %d games, %v points, W_e %d, K %d, %+v, new %d; want 8, 6, 542, 20, +11.6, 2200",
			c.Games, c.Points, c.Expected, c.K, c.Change, c.NewValue)
	}
	// 8.2: Bernardi, unrated, 2 points in 9 games against rated players:
	// with two hypothetical draws at 1800, 3/11 = .27 (dp −175), Ra
	// (sum + 3600)/11.
	b := pv.Players[4]
	sum := 0
	for _, p := range tour.Players {
		if p.Rating > 0 {
			sum += p.Rating
		}
	}
	ra := roundHalfUp(float64(sum+3600) / 11)
	if b.Rc != ra || b.Ru != ra-175 || !b.Counts || !b.Published {
		t.Errorf("2024 8.2: Bernardi Rc %d Ru %d counts %v published %v; want %d, %d, true, true", b.Rc, b.Ru, b.Counts, b.Published, ra, ra-175)
	}
	// Under the 2010 text the same crosstable rates his games in the
	// round robin (8.52) and the change is 2010's.
	pv10 := Rate(setOn(t, 2011, 1, 1), Input{Tournament: tour, RoundRobin: true})
	if c := pv10.Players[0]; c.Games != 9 || c.K != 15 {
		t.Errorf("2010 8.52: Coppola %d games K %d; want 9, 15", c.Games, c.K)
	}
}

// TestFIDE_RR_2024_8_2_Initial: a first rating from games against rated
// opponents with two hypothetical draws at 1800 (8.2), at most 2200,
// published after 5 games (7.1.4) when at least 1400 (7.1).
func TestFIDE_RR_2024_8_2_Initial(t *testing.T) {
	s := setOn(t, 2026, 1, 1)
	cases := []struct {
		name string
		tr   []Tranche
		rn   int
		ok   bool
	}{
		// 5 games at 1800 with 2.5: 3.5/7 = .50, Ra 1800.
		{"8.2: 50 % with the draws gives Ra", []Tranche{{5, 2.5, 1800}}, 1800, true},
		// 5 games at 2000 with 4: Ra (10000+3600)/7 = 1943, 5/7 = .71, dp 158.
		{"8.2: above 50 % by table 8.1.1", []Tranche{{5, 4, 2000}}, 1943 + 158, true},
		// 5 games at 2400 with 5: Ra 2229, 6/7 = .86, dp 296 -> 2525, capped.
		{"8.2: at most 2200", []Tranche{{5, 5, 2400}}, 2200, true},
		{"7.1.4: 4 games are not published", []Tranche{{4, 2, 1800}}, 1800, false},
		// 6 games at 1500 with 1: Ra (9000+3600)/8 = 1575, 2/8 = .25, dp −193.
		{"7.1: below 1400 is not published", []Tranche{{6, 1, 1500}}, 1575 - 193, false},
	}
	for _, c := range cases {
		rn, ok := Initial(s, c.tr)
		if rn != c.rn || ok != c.ok {
			t.Errorf("%s: Initial = %d, %v; want %d, %v", c.name, rn, ok, c.rn, c.ok)
		}
	}
}

// TestFIDE_RR_2024_8_3_1_Cap2650: the 400-point rule for every game of a
// player rated below 2650; from 2650 the real difference, from the
// amendment of 1 October 2025 on.
func TestFIDE_RR_2024_8_3_1_Cap2650(t *testing.T) {
	before, after := setOn(t, 2025, 9, 1), setOn(t, 2025, 10, 1)
	// 2700 against 1800: 900 apart. Capped: 0.92; not: the table's end.
	if got := expected(before, 2700, 1800); got != 92 {
		t.Errorf("2024 8.3.1 before the amendment: 2700 v 1800 expects %d, want 92", got)
	}
	if got := expected(after, 2700, 1800); got <= 92 {
		t.Errorf("2024 8.3.1 amended: 2700 v 1800 expects %d, want above 92 (no cap from 2650)", got)
	}
	if got := expected(after, 2649, 1800); got != 92 {
		t.Errorf("2024 8.3.1 amended: 2649 v 1800 expects %d, want 92 (capped below 2650)", got)
	}
	// The lower rated player keeps the cap: 1800 v 2700.
	if got := expected(after, 1800, 2700); got != 8 {
		t.Errorf("2024 8.3.1 amended: 1800 v 2700 expects %d, want 8", got)
	}
}

// TestFIDE_RR_2010_Faults: the two faults of issue 23 Why 8 under the
// 2010 text: 6.1 (a round robin's unrated player with ½ point or less
// has his games ignored, for his opponents too) and 8.57 (the change is
// summed, then Rn rounded: 1884 + 18.45 is 1902, not 1903).
func TestFIDE_RR_2010_Faults(t *testing.T) {
	s := setOn(t, 2011, 1, 1)
	// Four players: A B C rated, D unrated with ½ point.
	tour := roundRobin("ABCD", []int{2000, 1900, 1800, 0}, []string{
		"x1=1",
		"0x1=",
		"=0x1",
		"0=0x",
	})
	pv := Rate(s, Input{Tournament: tour, RoundRobin: true})
	d := pv.Players[3]
	if d.NotCounted != "6.1" || d.Games != 3 || d.Points != 0.5 {
		t.Errorf("FIDE-RR 6.1: D %+v; want not counted by 6.1 over 3 games, ½ point", d)
	}
	for _, p := range pv.Players[:3] {
		if p.Games != 2 {
			t.Errorf("FIDE-RR 6.1: %s rated over %d games, want 2 (the game with D ignored)", p.Name, p.Games)
		}
	}
	// A: 1.5 of 2 against 1900 and 1800: W_e .64 + .76 = 1.40; K 15:
	// (1.5 − 1.40) × 15 = +1.5.
	if a := pv.Players[0]; a.Expected != 140 || a.Change != 1.5 || a.NewValue != 2002 {
		t.Errorf("FIDE-RR 6.1: A W_e %d change %v new %d; want 140, +1.5, 2002", a.Expected, a.Change, a.NewValue)
	}

	// 8.57 (2010) and 8.3.4 (2024): the change is summed over the
	// games, shown to one decimal, and rounded once: 1884 + 18.45 is
	// 1902 (rounding the shown +18.5 would give 1903).
	s24 := setOn(t, 2026, 1, 1)
	rounding := []struct {
		name   string
		s      *rules.Fide
		rating int
		sum    int // hundredths
		change float64
		rn     int
	}{
		{"8.57: 1884 + 18.45", s, 1884, 1845, 18.5, 1902},
		{"8.57: 1884 + 18.50, 0.5 up", s, 1884, 1850, 18.5, 1903},
		{"8.57: 1884 − 18.50, 0.5 up", s, 1884, -1850, -18.5, 1866},
		{"8.57: 1884 − 18.45", s, 1884, -1845, -18.5, 1866},
		{"2024 8.3.4: +18.45", s24, 1884, 1845, 18.5, 1902},
		{"2024 8.3.4: −18.50, away from zero", s24, 1884, -1850, -18.5, 1865},
		{"2024 8.3.4: +11.60", s24, 2188, 1160, 11.6, 2200},
	}
	for _, c := range rounding {
		change, rn := newRating(c.s, c.rating, c.sum)
		if change != c.change || rn != c.rn {
			t.Errorf("%s: change %v, Rn %d; want %v, %d", c.name, change, rn, c.change, c.rn)
		}
	}
}
