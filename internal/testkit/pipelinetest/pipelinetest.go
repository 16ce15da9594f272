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
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque",
		"Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	ps := make([]Player, len(names))
	for i, n := range names {
		ps[i] = Player{Name: n, ID: fmt.Sprint(1000000 + i + 1), Rating: 2100 - 50*(i+1)}
	}
	return RoundRobin(RR{Name: name, City: city, Start: start, Players: ps, Extra: extra})
}

// Player is a player of RoundRobin: "Surname, Name", the id written in
// the FIDE-id column (Italian programs put the FSI id there) and the
// rating column (0: none).
type Player struct {
	Name   string
	ID     string
	Rating int
}

// RR describes a round robin: Players in starting order (an even
// number), one round a day from Start (YYYY/MM/DD). The higher seed wins
// every game unless Upset names the pair of starting numbers {winner,
// loser} whose result is turned round.
type RR struct {
	Name, City, Start string
	Players           []Player
	Extra             []string
	Upsets            [][2]int
}

// RoundRobin writes the round robin rr in FIDE TRF16, its crosstable
// consistent (colours by the circle method, the declared points the sum
// of the results, ranks by points).
func RoundRobin(rr RR) []byte {
	n := len(rr.Players)
	day, err := time.Parse("2006/01/02", rr.Start)
	if err != nil {
		panic("pipelinetest: start " + rr.Start + ": want YYYY/MM/DD")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "012 %s\n022 %s\n032 ITA\n042 %s\n052 %s\n062 %d\n072 %d\n092 Individual: Round robin\n",
		rr.Name, rr.City, rr.Start, day.AddDate(0, 0, n-2).Format("2006/01/02"), n, n)
	for _, x := range rr.Extra {
		b.WriteString(x + "\n")
	}
	type game struct {
		opp    int
		colour string
		result string
	}
	upset := map[[2]int]bool{}
	for _, u := range rr.Upsets {
		upset[u] = true
	}
	games := make([][]game, n+1)
	points := make([]float64, n+1)
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
			wins := white < black
			if upset[[2]int{white, black}] || upset[[2]int{black, white}] {
				wins = !wins
			}
			wr, br := "0", "1"
			if wins {
				wr, br = "1", "0"
				points[white]++
			} else {
				points[black]++
			}
			games[white] = append(games[white], game{black, "w", wr})
			games[black] = append(games[black], game{white, "b", br})
		}
	}
	for i := 1; i <= n; i++ {
		rank := 1
		for j := 1; j <= n; j++ {
			if points[j] > points[i] || (points[j] == points[i] && j < i) {
				rank++
			}
		}
		p := rr.Players[i-1]
		fmt.Fprintf(&b, "001 %4d %1s%3s %-33s %4d %3s %11s %10s %4.1f %4d", i, "m", "", p.Name, p.Rating, "ITA",
			p.ID, "1990/01/01", points[i], rank)
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
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
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
