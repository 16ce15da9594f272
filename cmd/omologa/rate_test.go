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

const ratingSettings = "../../rating/testdata/rating.yaml"

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
