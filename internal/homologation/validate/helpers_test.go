package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
)

// ReadRepoRules reads the repository's rules.yaml through package rules,
// which imports this package: a test of this package cannot import it,
// so the external test package hands the reader in
// (repo_rules_test.go).
var ReadRepoRules func() (*Rulebook, error)

var repoRules *Rulebook

// loadRules reads the repository's rules.yaml once.
func loadRules(t testing.TB) *Rulebook {
	t.Helper()
	if repoRules != nil {
		return repoRules
	}
	f, err := ReadRepoRules()
	if err != nil {
		t.Fatal(err)
	}
	repoRules = f
	return f
}

// ruleSet returns the rule set of kind in force in 2025.
func ruleSet(t testing.TB, kind fsi.Kind) *RuleSet {
	t.Helper()
	rs, _ := loadRules(t).Select(kind, tournament.NewDate(2025, 6, 1))
	if rs == nil {
		t.Fatalf("no %s rule set", kind)
	}
	return rs
}

// xt builds a tournament from a compact crosstable: one string per
// player, rounds separated by spaces, each round "opp colour code"
// written without spaces ("2w1", "3b=", "0-H" for no opponent, "." for
// nothing written). Players are numbered from 1, lines from 10.
func xt(t testing.TB, rows ...string) *tournament.Tournament {
	t.Helper()
	tr := &tournament.Tournament{File: "test.trf", Format: tournament.FormatTRF16, Scoring: tournament.DefaultScoring()}
	for i, row := range rows {
		pl := tournament.Player{Start: i + 1, Name: "Player " + string(rune('A'+i)), Line: 10 + i}
		for _, f := range strings.Fields(row) {
			e := tournament.RoundEntry{Colour: tournament.ColourNone, Code: tournament.CodeNone}
			if f != "." {
				n := 0
				k := 0
				for k < len(f) && f[k] >= '0' && f[k] <= '9' {
					n = n*10 + int(f[k]-'0')
					k++
				}
				if len(f) != k+2 {
					t.Fatalf("bad entry %q", f)
				}
				e.Opponent = n
				switch f[k] {
				case 'w':
					e.Colour = tournament.ColourWhite
				case 'b':
					e.Colour = tournament.ColourBlack
				}
				if f[k+1] != '_' {
					e.Code = tournament.Code(f[k+1])
				}
			}
			pl.Rounds = append(pl.Rounds, e)
		}
		tr.Players = append(tr.Players, pl)
	}
	for i := range tr.Players {
		tr.Players[i].Points = tr.Score(&tr.Players[i])
		tr.Players[i].PointsGiven = true
	}
	return tr
}

// run runs one check on t under the rule set of kind and returns the
// findings.
func run(t testing.TB, check string, kind fsi.Kind, tr *tournament.Tournament) []Finding {
	t.Helper()
	return runSet(t, check, ruleSet(t, kind), Input{Tournament: tr}, Decision{})
}

// rulesOf lists the rule ids of findings, with their round and player.
func rulesOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

func corpusDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "..", "shared", "trf-corpus")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "corpus not found at %s: %v", dir, err)
	}
	return dir
}

// judge runs the whole validator on in with the repository's rules.
func judge(t testing.TB, in Input) Report {
	t.Helper()
	rep := Validate(loadRules(t), in)
	record(t, rep.Findings)
	return rep
}
