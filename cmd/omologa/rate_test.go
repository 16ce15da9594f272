package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusFile returns a file of ../shared/trf-corpus or skips.
func corpusFile(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "trf-corpus", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus file %s not available: %v", name, err)
	}
	return p
}

const ratingSettings = "../../internal/rating/testdata/rating.yaml"

// TestRate_CorpusRoundRobin rates FIDE's C.07 round-robin exercise with
// a register written for it (testdata/rating): Elo Italia 2200 (M, K 20),
// 2150, 2100, 2050, 1950, 2000 (K 30). By hand, RTF 4.3.1 and 4.3.4:
//
//	1 Alyx 2200:  vs 1950 81, 2150 57, 2100 64, 2050 70, 2000 76
//	              S 348 → PA 3.5; P 3.5; V = 20 × 0.0 =   0.0
//	2 Bruno 2150: vs 2000 70, 2200 43, 1950 76, 2100 57, 2050 64
//	              S 310 → PA 3.1; P 3.5; V = 30 × 0.4 = +12.0
//	3 Charline:   vs 2050 57, 2000 64, 2200 36, 2150 43, 1950 70
//	              S 270 → PA 2.7; P 3.5; V = 30 × 0.8 = +24.0
//	4 David 2050: vs 2100 43, 1950 64, 2000 57, 2200 30, 2150 36
//	              S 230 → PA 2.3; P 1.5; V = 30 × −0.8 = −24.0
//	5 Franck 1950: vs 2200 19, 2050 36, 2150 24, (round 4 forfeit), 2100 30
//	              S 109 → PA 1.1; P 1.5; V = 30 × 0.4 = +12.0
//	6 Helene 2000: vs 2150 30, 2100 36, 2050 43, (forfeit win), 2200 24
//	              S 133 → PA 1.3; P 0.5; V = 30 × −0.8 = −24.0
func TestRate_CorpusRoundRobin(t *testing.T) {
	f := corpusFile(t, "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf")
	var out, errb bytes.Buffer
	code := runMain(context.Background(), []string{"rate", "--json", "--rules", ratingSettings, "--kind", "standard",
		"--players", "testdata/rating/held_round_robin_players.csv", f}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Players []struct {
			Start    int
			Rating   int
			Rated    bool
			Games    int
			Score    float64
			Percent  int
			Expected float64
			K        int
			Delta    float64
			Applied  float64
		}
		Unmatched []string
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Unmatched) > 0 {
		t.Errorf("players not found in the register: %v", got.Unmatched)
	}
	want := []struct {
		rating, games int
		score         float64
		s             int
		pa            float64
		k             int
		v             float64
	}{
		{2200, 5, 3.5, 348, 3.5, 20, 0},
		{2150, 5, 3.5, 310, 3.1, 30, 12},
		{2100, 5, 3.5, 270, 2.7, 30, 24},
		{2050, 5, 1.5, 230, 2.3, 30, -24},
		{1950, 4, 1.5, 109, 1.1, 30, 12},
		{2000, 4, 0.5, 133, 1.3, 30, -24},
	}
	if len(got.Players) != len(want) {
		t.Fatalf("%d players", len(got.Players))
	}
	for i, w := range want {
		p := got.Players[i]
		if p.Rating != w.rating || p.Games != w.games || p.Score != w.score || p.Percent != w.s ||
			p.Expected != w.pa || p.K != w.k || p.Delta != w.v || p.Applied != w.v || !p.Rated {
			t.Errorf("player %d: %+v; want %+v", i+1, p, w)
		}
	}
}

func TestRate_TextAndUsage(t *testing.T) {
	f := corpusFile(t, "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf")
	var out, errb bytes.Buffer
	code := runMain(context.Background(), []string{"rate", "--rules", ratingSettings, "--kind", "standard",
		"--players", "testdata/rating/held_round_robin_players.csv", f}, &out, &errb)
	if code != exitOK || !strings.Contains(out.String(), "Charline") || !strings.Contains(out.String(), "+24.0") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := runMain(context.Background(), []string{"rate", "--kind", "blitz", "x"}, &out, &errb); code != exitUsage {
		t.Errorf("--kind blitz: exit %d", code)
	}
}

// TestRate_SampleRapid rates samples/drop/rapid_vercelli_2026.trf with
// samples/registers/players.csv (Elo Italia Rapid from the list). By
// hand, RTF 4.3.4 via RAPID 7.1:
//
//	2 Giordano 1808: vs 1692 (+116) 66, 1761 (+47) 57, 1734 (+74) 60,
//	  1787 (+21) 53, 1859 (−51) 43, 1639 (+169) 72: S 351 → PA 3.5;
//	  P 6; V = 30 × 2.5 = +75.0
//	1 Costa 1859: vs 1662 (+197) 75, 1734 (+125) 67, 1692 (+167) 72,
//	  1711 (+148) 70, 1808 (+51) 57, 1761 (+98) 63: S 404 → PA 4.0;
//	  P 3; V = 30 × −1.0 = −30.0
func TestRate_SampleRapid(t *testing.T) {
	trf := filepath.Join("..", "..", "samples", "drop", "rapid_vercelli_2026.trf")
	reg := filepath.Join("..", "..", "samples", "registers", "players.csv")
	for _, p := range []string{trf, reg} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("sample %s not available", p)
		}
	}
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"rate", "--json", "--rules", ratingSettings, "--kind", "rapid",
		"--players", reg, trf}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Players []struct {
			Start                  int
			Rating, Percent, K     int
			Score, Expected, Delta float64
			Applied                float64
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := map[int][6]float64{2: {1808, 351, 3.5, 6, 75, 30}, 1: {1859, 404, 4.0, 3, -30, 30}}
	for _, p := range got.Players {
		w, ok := want[p.Start]
		if !ok {
			continue
		}
		if float64(p.Rating) != w[0] || float64(p.Percent) != w[1] || p.Expected != w[2] || p.Score != w[3] ||
			p.Delta != w[4] || p.Applied != w[4] || float64(p.K) != w[5] {
			t.Errorf("player %d: %+v; want rating, S, PA, P, V, K = %v", p.Start, p, w)
		}
	}
}

// TestRate_CorpusSwissWithByes rates FIDE's C.07 nine-round Swiss (every
// kind of bye and forfeits) with a register giving the file's ratings as
// Elo Italia (2200 is M, K 20). By hand:
//
//	3 Charline 2200 (M): vs 1810 91, 2090 65, 1930 83, 2110 62, 2130 60,
//	  1910 84, 2150 57, 1850 89, 1870 88: S 679 → PA 6.8; P 6.5;
//	  V = 20 × −0.3 = −6.0, not applied: alone first (RTF 4.2.15)
//	9 Jessica 1790: H, '-' and U do not count (RTF 4.2.13); vs 2150 10,
//	  1870 39, 1750 56, 1890 36, 1950 29, 1770 53: S 223 → PA 2.2;
//	  P 1.5; V = 30 × −0.7 = −21.0
//	12 Nick 1770: U, '+', Z, Z do not count; vs 2110 12, 1830 42,
//	  1870 36, 1750 53, 1790 47: S 190 → PA 1.9; P 1.0; V = −27.0
func TestRate_CorpusSwissWithByes(t *testing.T) {
	f := corpusFile(t, "OttoMilvang__TieBreakServer__tests_fixtures_held_swiss_9.trf")
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"rate", "--json", "--rules", ratingSettings, "--kind", "standard",
		"--players", "testdata/rating/held_swiss_9_players.csv", f}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Players []struct {
			Start, Games, Percent, K        int
			Score, Expected, Delta, Applied float64
			Articles                        []string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	type want struct {
		games, s, k       int
		p, pa, v, applied float64
		articles          string
	}
	for start, w := range map[int]want{
		3:  {9, 679, 20, 6.5, 6.8, -6, 0, "RTF 4.2.15"},
		9:  {6, 223, 30, 1.5, 2.2, -21, -21, ""},
		12: {5, 190, 30, 1.0, 1.9, -27, -27, ""},
	} {
		p := got.Players[start-1]
		if p.Games != w.games || p.Percent != w.s || p.K != w.k || p.Score != w.p || p.Expected != w.pa ||
			p.Delta != w.v || p.Applied != w.applied || strings.Join(p.Articles, " ") != w.articles {
			t.Errorf("player %d: %+v; want %+v", start, p, w)
		}
	}
}

// TestRate_SampleStandard rates samples/drop/open_novara_2026.trf (an
// open with FIDE-rated players) with samples/registers/players.csv. By
// hand (RTF 4.2.11: FIDE-rated opponents at their FIDE rating):
//
//	15 Moretti 1742: vs 1440 85, 1996 19, 1487 81, 1958 22, 1597 69,
//	  1862 34, 1815 40, 2164 (−422 → −400) 8, 2057 14: S 372 → PA 3.7;
//	  P 5; V = 30 × 1.3 = +39.0
//	22 Ferrara 1575: round 3 forfeit win left out (RTF 4.2.13); vs 1958
//	  9, 1440 68, 1884 14, 2057 8, 1839 18, 1790 23, 1458 66, 1622 43:
//	  S 249 → PA 2.5; P 1.5; V = 30 × −1.0 = −30.0
//	1 Colombo: FIDE-rated, not rated here (RTF 4.2.10)
func TestRate_SampleStandard(t *testing.T) {
	trf := filepath.Join("..", "..", "samples", "drop", "open_novara_2026.trf")
	reg := filepath.Join("..", "..", "samples", "registers", "players.csv")
	for _, p := range []string{trf, reg} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("sample %s not available", p)
		}
	}
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"rate", "--json", "--rules", ratingSettings, "--kind", "standard",
		"--players", reg, trf}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Players []struct {
			Start, Rating, Percent, K, Games int
			Rated                            bool
			Score, Expected, Delta, Applied  float64
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, p := range got.Players {
		switch p.Start {
		case 15:
			if p.Rating != 1742 || p.Games != 9 || p.Percent != 372 || p.Expected != 3.7 || p.Score != 5 || p.Delta != 39 || p.Applied != 39 {
				t.Errorf("player 15: %+v", p)
			}
		case 22:
			if p.Rating != 1575 || p.Games != 8 || p.Percent != 249 || p.Expected != 2.5 || p.Score != 1.5 || p.Delta != -30 || p.Applied != -30 {
				t.Errorf("player 22: %+v", p)
			}
		case 1:
			if p.Rated || p.Delta != 0 || p.Applied != 0 || p.Games != 9 {
				t.Errorf("player 1 (FIDE-rated): %+v", p)
			}
		}
	}
}

// rateJSON runs `omologa rate --json` on the theoretical/withdrawal test
// tournament with extra flags.
func rateJSON(t *testing.T, flags ...string) (code int, players map[int]rateLine, warnings []string, stderr string) {
	t.Helper()
	args := append([]string{"rate", "--json", "--rules", ratingSettings, "--kind", "standard",
		"--players", "testdata/rating/theoretical_withdrawal_players.csv"}, flags...)
	args = append(args, "testdata/rating/theoretical_withdrawal.trf")
	var out, errb bytes.Buffer
	code = runMain(context.Background(), args, &out, &errb)
	if code != exitOK {
		return code, nil, nil, errb.String()
	}
	var got struct {
		Players  []rateLine
		Warnings []string
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	players = map[int]rateLine{}
	for _, p := range got.Players {
		players[p.Start] = p
	}
	return code, players, got.Warnings, errb.String()
}

type rateLine struct {
	Start, Rating, Games, Percent int
	Source                        string
	Expected, Delta, Applied      float64
	Articles                      []string
}

// TestRate_TheoreticalAndWithdrawal: testdata/rating/theoretical_withdrawal.trf,
// a four-player round robin. Rossi (1600), Verdi (1500) and Neri (1550)
// are in the register; Dupont (FRA) is not and has no FIDE rating. R1
// Rossi–Dupont 1-0, Verdi–Neri ½; R2 Verdi–Rossi 1-0, Dupont–Neri 0-1;
// R3 Verdi loses by forfeit to Dupont (in a round robin the schedule
// pairs him anyway, so the crosstable cannot say whether he gave notice:
// regs §4c, the office decides, and until it does nothing is zeroed),
// Rossi–Neri ½. By hand:
//
//	--theoretical 2=1700 (RTF 4.2.7):
//	  Rossi 1600: vs 1700 36, 1500 64, 1550 57: S 157 → PA 1.6; P 1.5;
//	    V = 30 × −0.1 = −3.0 (without it, Dupont at 1440: 71 + 64 + 57
//	    = 192 → PA 1.9; V = −12.0)
//	  Dupont 1700: vs 1600 64, 1550 70: S 134 → PA 1.3; P 0; V = −39.0
//	  Neri 1550: vs 1500 57, 1700 30, 1600 43: S 130 → PA 1.3; P 2;
//	    V = +21.0 (without it: vs 1440 65, S 165 → PA 1.6; V = +12.0)
//	  Verdi 1500: vs 1550 43, 1600 36: S 79 → PA 0.8; P 1.5; V = +21.0,
//	    kept until the office decides; zeroed by RTF 7.5.3 when it judges
//	    the withdrawal unjustified (it was zeroed by default before §4c).
func TestRate_TheoreticalAndWithdrawal(t *testing.T) {
	cases := []struct {
		name    string
		flags   []string
		applied map[int]float64
		delta   map[int]float64
		rating2 int
		arts    map[int]string
	}{
		{"RTF 4.2.5 c, FIDE-GR 6.6: no overrides: Dupont at 1440, Verdi's +21.0 kept until the office decides", nil,
			map[int]float64{1: -12, 2: -18, 3: 21, 4: 12}, map[int]float64{1: -12, 2: -18, 3: 21, 4: 12}, 1440,
			map[int]string{}},
		{"RTF 4.2.7: --theoretical 2=1700", []string{"--theoretical", "2=1700"},
			map[int]float64{1: -3, 2: -39, 3: 21, 4: 21}, map[int]float64{1: -3, 2: -39, 3: 21, 4: 21}, 1700,
			map[int]string{}},
		{"RTF 7.5.3: --withdrawal-unjustified 3 zeroes Verdi's +21.0", []string{"--theoretical", "2=1700", "--withdrawal-unjustified", "3"},
			map[int]float64{3: 0}, map[int]float64{3: 21}, 1700, map[int]string{3: "RTF 7.5.3"}},
		{"RTF 7.5.2: --withdrawal-justified 3 keeps Verdi's +21.0", []string{"--theoretical", "2=1700", "--withdrawal-justified", "3"},
			map[int]float64{1: -3, 2: -39, 3: 21, 4: 21}, map[int]float64{3: 21}, 1700, map[int]string{}},
		{"RTF 7.5.2–7.5.3: --withdrawal-unjustified 4 zeroes Neri's +21.0", []string{"--theoretical", "2=1700",
			"--withdrawal-justified", "3", "--withdrawal-unjustified", "4"},
			map[int]float64{3: 21, 4: 0}, map[int]float64{4: 21}, 1700, map[int]string{4: "RTF 7.5.3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, ps, _, stderr := rateJSON(t, c.flags...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if ps[2].Rating != c.rating2 {
				t.Errorf("Dupont rated at %d (%s), want %d", ps[2].Rating, ps[2].Source, c.rating2)
			}
			for s, v := range c.applied {
				if ps[s].Applied != v {
					t.Errorf("player %d: applied %v, want %v (%+v)", s, ps[s].Applied, v, ps[s])
				}
			}
			for s, v := range c.delta {
				if ps[s].Delta != v {
					t.Errorf("player %d: delta %v, want %v", s, ps[s].Delta, v)
				}
			}
			for s := 1; s <= 4; s++ {
				if got := strings.Join(ps[s].Articles, " "); got != c.arts[s] {
					t.Errorf("player %d: articles %q, want %q", s, got, c.arts[s])
				}
			}
		})
	}
	t.Run("RTF 4.2.7: a theoretical rating for a home player is not used, and said so", func(t *testing.T) {
		code, ps, warnings, stderr := rateJSON(t, "--theoretical", "3=1800")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if ps[3].Rating != 1500 || len(warnings) != 1 || !strings.Contains(warnings[0], "theoretical rating of 3") {
			t.Errorf("Verdi %+v, warnings %q", ps[3], warnings)
		}
	})
	t.Run("RTF 4.2.7: by id, id:90001 is Rossi, an Italian: not used", func(t *testing.T) {
		code, ps, warnings, stderr := rateJSON(t, "--theoretical", "id:90001=1900")
		if code != exitOK || ps[1].Rating != 1600 || len(warnings) != 1 {
			t.Errorf("exit %d %s; Rossi %+v; warnings %q", code, stderr, ps[1], warnings)
		}
	})
	for _, bad := range []struct {
		name  string
		flags []string
		want  string
	}{
		{"unknown starting number", []string{"--theoretical", "9=1700"}, "--theoretical 9: no player"},
		{"unknown id", []string{"--theoretical", "id:123=1700"}, "--theoretical id:123: no player"},
		{"no rating", []string{"--theoretical", "2"}, "START=RATING"},
		{"rating not a number", []string{"--theoretical", "2=abc"}, "whole number"},
		{"withdrawal of an unknown player", []string{"--withdrawal-unjustified", "7"}, "--withdrawal-unjustified 7: no player"},
		{"both justified and unjustified", []string{"--withdrawal-justified", "3", "--withdrawal-unjustified", "3"}, "both justified and unjustified"},
		{"not a starting number", []string{"--withdrawal-justified", "x"}, "not a starting number"},
	} {
		t.Run("usage: "+bad.name, func(t *testing.T) {
			code, _, _, stderr := rateJSON(t, bad.flags...)
			if code != exitUsage || !strings.Contains(stderr, bad.want) {
				t.Errorf("exit %d, stderr %q; want usage error with %q", code, stderr, bad.want)
			}
		})
	}
	t.Run("text output names the office's decisions", func(t *testing.T) {
		var out, errb bytes.Buffer
		code := runMain(context.Background(), []string{"rate", "--rules", ratingSettings, "--kind", "standard",
			"--players", "testdata/rating/theoretical_withdrawal_players.csv", "--theoretical", "2=1700",
			"--withdrawal-justified", "3", "testdata/rating/theoretical_withdrawal.trf"}, &out, &errb)
		for _, want := range []string{"office: 2 has the theoretical rating 1700 (RTF 4.2.7)",
			"office: 3 withdrew with justification", "theoretical"} {
			if code != exitOK || !strings.Contains(out.String(), want) {
				t.Errorf("exit %d; output lacks %q:\n%s%s", code, want, out.String(), errb.String())
			}
		}
	})
}

// TestRate_TheoreticalWanted: Dupont (FRA, no rating of any kind) counts
// at the entry rating, and the output says the office has to give the
// chief arbiter's theoretical rating (RTF 4.2.7) until it does.
func TestRate_TheoreticalWanted(t *testing.T) {
	args := []string{"rate", "--rules", ratingSettings, "--kind", "standard",
		"--players", "testdata/rating/theoretical_withdrawal_players.csv"}
	for _, c := range []struct {
		flags []string
		want  bool
	}{{nil, true}, {[]string{"--theoretical", "2=1700"}, false}} {
		var out, errb bytes.Buffer
		if code := runMain(context.Background(), append(append(args, c.flags...), "testdata/rating/theoretical_withdrawal.trf"), &out, &errb); code != exitOK {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		line := "wanted: 2 Dupont, Jean is a foreign player without any rating; he counts at the entry rating until the office gives the chief arbiter's theoretical rating (RTF 4.2.7: --theoretical 2=RATING)"
		if got := strings.Contains(out.String(), line); got != c.want {
			t.Errorf("%v: the wanted line shown %v, want %v:\n%s", c.flags, got, c.want, out.String())
		}
	}
}
