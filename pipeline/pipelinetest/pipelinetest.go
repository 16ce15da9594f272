// Package pipelinetest makes what tests of the intake need: small,
// well-formed TRF files (distinct per name, so that each is a new
// submission) and a configuration on a temporary folder.
package pipelinetest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TRF returns an eight-player, seven-round round robin in FIDE TRF16,
// named name, held in city from start (YYYY/MM/DD), one round a day. The
// crosstable is consistent (the higher seed always wins, colours
// alternate by the Berger tables). Header lines extra (e.g. "102 Rossi,
// Mario") are added after the dates.
func TRF(name, city, start string, extra ...string) []byte {
	const n = 8
	day, err := time.Parse("2006/01/02", start)
	if err != nil {
		panic("pipelinetest: start " + start + ": want YYYY/MM/DD")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "012 %s\n022 %s\n032 ITA\n042 %s\n052 %s\n062 %d\n072 %d\n092 Individual: Round robin\n",
		name, city, start, day.AddDate(0, 0, n-2).Format("2006/01/02"), n, n)
	for _, x := range extra {
		b.WriteString(x + "\n")
	}
	type game struct {
		opp    int
		colour string
		result string
	}
	games := make([][]game, n+1)
	// Circle method: player n stays, the others rotate.
	for r := 0; r < n-1; r++ {
		for i := 0; i < n/2; i++ {
			a := (r+i)%(n-1) + 1
			c := n
			if i > 0 {
				c = (r+n-1-i)%(n-1) + 1
			}
			white, black := a, c
			if (r+i)%2 == 1 {
				white, black = c, a
			}
			wr, br := "0", "1"
			if white < black {
				wr, br = "1", "0"
			}
			games[white] = append(games[white], game{black, "w", wr})
			games[black] = append(games[black], game{white, "b", br})
		}
	}
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque",
		"Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "001 %4d %1s%3s %-33s %4d %3s %11s %10s %4.1f %4d", i, "m", "", names[i-1], 2100-50*i, "ITA",
			fmt.Sprint(1000000+i), "1990/01/01", float64(n-i), i)
		for _, g := range games[i] {
			fmt.Fprintf(&b, "  %4d %1s %1s", g.opp, g.colour, g.result)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// RepoRoot is the module's root folder, found from this file.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// Config writes an omologa.yaml for a temporary folder dir (drop folder
// dir/drop, spool dir/spool, store dir/omologa.db, outbox dir/outbox,
// the repository's rules.yaml) with the given settle time, plus any
// extra YAML lines, and returns its path.
func Config(t testing.TB, dir, settle string, extra ...string) string {
	t.Helper()
	cfg := fmt.Sprintf(`drop:
  folder: drop
  settle: %s
spool: spool
store:
  path: omologa.db
outbox: outbox
rules: %s
notices:
  from: omologazioni@federscacchi.example
  office: ufficio@federscacchi.example
  retry_base: 50ms
  retry_max: 1s
%s
`, settle, filepath.Join(RepoRoot(), "rules.yaml"), strings.Join(extra, "\n"))
	path := filepath.Join(dir, "omologa.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
