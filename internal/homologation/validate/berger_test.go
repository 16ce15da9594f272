package validate

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
	"omologa/internal/tournament/trf"
)

// TestFIDE_GR_Annex1_BergerTables compares the generated tables with the
// tables printed in FIDE-GR Annex 1 (../shared/regs/003_*.txt, English
// part), game by game and board by board, for 3 to 16 players.
func TestFIDE_GR_Annex1_BergerTables(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "regs", "003_71913d2eba9b83cd.txt"))
	if err != nil {
		testenv.Missing(t, "the regulations ../shared/regs are not present: %v", err)
	}
	text := string(b)
	i := strings.Index(text, "Annex 1: Details of Berger Table")
	j := strings.Index(text, "For a double-round tournament")
	if i < 0 || j < i {
		t.Fatal("FIDE-GR Annex 1 not found")
	}
	text = text[i:j]
	// The Italian half of the annex sits between the two English parts
	// of the 13–14 table; drop it.
	if k := strings.Index(text, "C. Regole Generali"); k > 0 {
		if e := strings.Index(text[k:], "\nRd "); e > 0 {
			text = text[:k] + text[k+e:]
		}
	}
	head := regexp.MustCompile(`(\d+) or (\d+) players:`)
	round := regexp.MustCompile(`Rd (\d+):\**\s*((?:\d+-\d+(?:, )?)+)`)
	heads := head.FindAllStringSubmatchIndex(text, -1)
	if len(heads) != 7 {
		t.Fatalf("FIDE-GR Annex 1: %d tables found, want 7 (3–4 to 15–16 players)", len(heads))
	}
	for h, idx := range heads {
		end := len(text)
		if h+1 < len(heads) {
			end = heads[h+1][0]
		}
		even, _ := strconv.Atoi(text[idx[4]:idx[5]])
		var printed [][]BergerGame
		for _, m := range round.FindAllStringSubmatch(text[idx[1]:end], -1) {
			var g []BergerGame
			for _, pair := range strings.Split(m[2], ", ") {
				w, bl, _ := strings.Cut(pair, "-")
				x, _ := strconv.Atoi(w)
				y, _ := strconv.Atoi(bl)
				g = append(g, BergerGame{x, y})
			}
			printed = append(printed, g)
		}
		if len(printed) != even-1 {
			t.Errorf("FIDE-GR Annex 1, %d players: %d rounds read, want %d", even, len(printed), even-1)
			continue
		}
		for _, n := range []int{even - 1, even} {
			got := Berger(n)
			for r := range printed {
				if !slices.Equal(got[r], printed[r]) {
					t.Errorf("FIDE-GR Annex 1, %d players, round %d: generated %v, printed %v", n, r+1, got[r], printed[r])
				}
			}
		}
	}
	if Berger(2) != nil || Berger(17) != nil {
		t.Error("Berger tables exist for 3 to 16 players only")
	}
}

func readTRF(t *testing.T, path string) *tournament.Tournament {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, _, err := trf.Read(path, string(b))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestFIDE_GR_5_1_BergerCheck: round robins paired by the tables pass;
// the same files with two colours reversed or two rounds exchanged get
// crosstable.berger-table at those rounds, naming the table's pairing.
func TestFIDE_GR_5_1_BergerCheck(t *testing.T) {
	cases := []struct {
		name, file string
		rounds     []int
		table      []string // the table's games named in each finding (Italian)
	}{
		{"FIDE-GR 5.1: 6 players by the table", "rr6_berger.trf", nil, nil},
		{"FIDE-GR 5.1: 8 players by the table", "rr8_berger.trf", nil, nil},
		{"FIDE-GR 5.1: 6 players, colours reversed in rounds 2 and 4", "rr6_colours.trf", []int{2, 4}, []string{"la tabella dà 5-3", "la tabella dà 1-4"}},
		{"FIDE-GR 5.1: 8 players, rounds 3 and 6 exchanged", "rr8_rounds.trf", []int{3, 6}, []string{"la tabella dà 2-8, 3-1, 4-7, 5-6", "la tabella dà 8-7, 1-6, 2-5, 3-4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := readTRF(t, filepath.Join("testdata", "berger", c.file))
			var rounds []int
			fs := run(t, "crosstable.berger", "standard", tr)
			for k, f := range fs {
				if f.Rule != "crosstable.berger-table" || f.Severity != SeverityWarning {
					t.Errorf("finding %s %s", f.Rule, f.Severity)
				}
				rounds = append(rounds, f.Round)
				if k < len(c.table) && !strings.Contains(f.MessageIT, c.table[k]) {
					t.Errorf("round %d: %q does not name %q", f.Round, f.MessageIT, c.table[k])
				}
			}
			if !slices.Equal(rounds, c.rounds) {
				t.Errorf("warnings at rounds %v, want %v (%v)", rounds, c.rounds, fs)
			}
		})
	}
}

// TestFIDE_GR_Annex1_BergerOddAndDouble: an odd number of players names
// the bye number's game as a rest; a double round robin takes the second
// cycle with colours reversed, with or without the last two rounds of
// the first exchanged.
func TestFIDE_GR_Annex1_BergerOddAndDouble(t *testing.T) {
	// 3 players, table of 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1. Here
	// round 1 pairs 1-3 (2 rests) and round 3 pairs 2-3 (1 rests).
	odd := xt(t,
		"3w1 2w1 0-U",
		"0-U 1b0 3w1",
		"1b0 0-U 2b0",
	)
	fs := run(t, "crosstable.berger", "standard", odd)
	if len(fs) != 2 || fs[0].Round != 1 || fs[1].Round != 3 || !strings.Contains(fs[0].MessageIT, "la tabella dà 1 riposa, 2-3") ||
		!strings.Contains(fs[1].MessageEN, "the table gives 2 has the bye, 3-1") {
		t.Errorf("FIDE-GR Annex 1, 3 players: %v", fs)
	}
	// 4 players double: cycle 1 by the table with rounds 2 and 3
	// exchanged (the recommendation), cycle 2 the table reversed.
	double := xt(t,
		"4w1 3b1 2w1 4b0 2b0 3w0",
		"3w1 4w1 1b0 3b0 1w1 4b1",
		"2b0 1w0 4b0 2w1 4w0 1b1",
		"1b0 2b0 3w1 1w1 3b1 2w0",
	)
	double.DeclaredRounds = 6
	if fs := run(t, "crosstable.berger", "standard", double); len(fs) != 0 {
		t.Errorf("FIDE-GR Annex 1, double round robin of 4: %v", fs)
	}
}
