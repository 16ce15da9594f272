package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/testkit/pipelinetest"
)

// TestWrongUsage runs each wrong usage measured on the demo (issue 10)
// and checks that the command says what is wrong in one line naming the
// file, flag or value, with exit 2; that -h exits 0 everywhere; and that
// exit 1 is kept for rejections.
func TestWrongUsage(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	root := pipelinetest.RepoRoot()
	players := filepath.Join(root, "samples", "registers", "players.csv")
	rulesPath := filepath.Join(root, "rules.yaml")
	start := time.Now().AddDate(0, 0, -3).Format("2006/01/02")
	good := filepath.Join(dir, "good.trf")
	if err := os.WriteFile(good, pipelinetest.TRF("Open di Prova", "Siena", start, "102 Rossi, Mario", `122 90'+30"`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Recorded once, so that the table's second ingest is a duplicate.
	if code, _, errs := runCmd(t, "ingest", "--config", cfg, good); code == exitUsage {
		t.Fatalf("first ingest: %s", errs)
	}

	for _, c := range []struct {
		name string
		args []string
		code int
		want string // in the one line on stderr
	}{
		{"report of an unknown submission", []string{"report", "--config", cfg, "--submission", "999", "--out", filepath.Join(dir, "r")}, exitUsage, "no submission 999"},
		{"report without --out", []string{"report", good}, exitUsage, "--out is required"},
		{"report without files", []string{"report", "--out", filepath.Join(dir, "r")}, exitUsage, "no result file given"},
		{"check --received with a bad date", []string{"check", "--rules", rulesPath, "--received", "26/11/2026", good}, exitUsage, `--received "26/11/2026": not a date or time`},
		{"check without files", []string{"check"}, exitUsage, "no result file given"},
		{"check --lang", []string{"check", "--lang", "fr", good}, exitUsage, `--lang "fr"`},
		{"list run on a CSV as config", []string{"list", "run", "--config", players, "--kind", "rapid", "--period", "2026-12"}, exitUsage, "not a YAML settings file"},
		{"list run without --kind", []string{"list", "run", "--config", cfg, "--period", "2026-12"}, exitUsage, "--kind is required"},
		{"rate without --players", []string{"rate", "--kind", "standard", good}, exitUsage, "--players is required"},
		{"rate with two files", []string{"rate", "--kind", "standard", "--players", players, good, good}, exitUsage, "at most 1 result file expected, 2 given"},
		{"gen with negative tournaments", []string{"gen", "--out", filepath.Join(dir, "g"), "--tournaments", "-5"}, exitUsage, "--tournaments -5"},
		{"gen with a 13th month", []string{"gen", "--out", filepath.Join(dir, "g"), "--start", "2026-13-01"}, exitUsage, `--start "2026-13-01": not a date`},
		{"gen with byes as a count", []string{"gen", "--out", filepath.Join(dir, "g"), "--byes", "2"}, exitUsage, "--byes 2: a share"},
		{"gen without --out", []string{"gen"}, exitUsage, "--out is required"},
		{"gen with a word for a number", []string{"gen", "--out", filepath.Join(dir, "g"), "--rounds", "nine"}, exitUsage, `invalid value "nine" for flag -rounds`},
		{"ingest of a folder", []string{"ingest", "--config", cfg, dir}, exitUsage, "is a folder"},
		{"ingest of a missing file", []string{"ingest", "--config", cfg, filepath.Join(dir, "missing.trf")}, exitUsage, "missing.trf: no such file"},
		{"duplicate ingest is not a rejection", []string{"ingest", "--config", cfg, good}, exitOK, "already recorded"},
		{"list close with a missing file", []string{"list", "close", "--kind", "rapid", "--period", "2026-12", "--players", players,
			"--received", filepath.Join(dir, "r.csv"), "--out", filepath.Join(dir, "l.csv"), filepath.Join(dir, "missing.trf")}, exitUsage, "missing.trf: no such file"},
		{"list close without --received", []string{"list", "close", "--kind", "rapid", "--period", "2026-12", "--players", players, good}, exitUsage, "--received is required"},
		{"list publish without --players", []string{"list", "publish", "--kind", "rapid", "--out", dir}, exitUsage, "--players is required"},
		{"list publish with a bad period", []string{"list", "publish", "--kind", "rapid", "--players", players, "--out", filepath.Join(dir, "p"), "--period", "2026-13"}, exitUsage, `--period "2026-13"`},
		{"list without a command", []string{"list"}, exitUsage, "close, publish or run expected"},
		{"list with an unknown command", []string{"list", "open"}, exitUsage, `unknown list command "open"`},
		{"unknown flag", []string{"status", "--config", cfg, "--bogus"}, exitUsage, "flag provided but not defined: -bogus"},
		{"parse without files", []string{"parse"}, exitUsage, "no file given"},
		{"no command", nil, exitUsage, "a command is expected"},
		{"status -n negative", []string{"status", "--config", cfg, "-n", "-3"}, exitUsage, "-n -3"},
		{"status with an argument", []string{"status", "--config", cfg, "7"}, exitUsage, `unexpected argument "7"`},
		{"unknown command", []string{"omologa"}, exitUsage, `unknown command "omologa"`},
		{"fide export without --period", []string{"fide", "export", "--config", cfg}, exitUsage, "--period is required"},
		{"fide export with an argument", []string{"fide", "export", "--config", cfg, "--period", "2027-01", "x"}, exitUsage, `unexpected argument "x"`},
		{"fide preview without a file", []string{"fide", "preview"}, exitUsage, "no result file given"},
		{"audit with an argument", []string{"audit", "--config", cfg, "x"}, exitUsage, `unexpected argument "x"`},
		{"audit --since a 13th month", []string{"audit", "--config", cfg, "--since", "2026-13-01"}, exitUsage, `--since "2026-13-01": want a day`},
		{"tournament show without an id", []string{"tournament", "show", "--config", cfg}, exitUsage, "show: one ID expected, 0 given"},
		{"user add with an unknown role", []string{"user", "add", "--config", cfg, "--role", "boss", "x"}, exitUsage, `--role "boss": clerk, officer or admin`},
		{"user add without a role", []string{"user", "add", "--config", cfg, "x"}, exitUsage, `--role "": clerk, officer or admin`},
		{"tournament link with a file name", []string{"tournament", "link", "--config", cfg, "x.trf", "3"}, exitUsage, `file "x.trf": a file's number N.M expected`},
		{"tournament show with a name", []string{"tournament", "show", "--config", cfg, "Novara"}, exitUsage, `ID "Novara": a tournament's number expected`},
		{"tournament link with one argument", []string{"tournament", "link", "--config", cfg, "3"}, exitUsage, "link: FILE and ID expected, 1 given"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runCmd(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d\n%s", code, c.code, errs)
			}
			first, _, _ := strings.Cut(errs, "\n")
			if !strings.Contains(first, c.want) {
				t.Errorf("first line %q lacks %q\n%s", first, c.want, errs)
			}
			if c.code == exitUsage && strings.Contains(errs, "usage:") {
				t.Errorf("the whole usage printed instead of the reason:\n%s", errs)
			}
		})
	}
}

// TestHelpExitsZero: -h is a question, not a mistake.
func TestHelpExitsZero(t *testing.T) {
	for name := range commands {
		args := []string{name, "-h"}
		if code, _, errs := runCmd(t, args...); code != exitOK || !strings.Contains(errs, "usage") {
			t.Errorf("omologa %s -h: exit %d\n%s", name, code, errs)
		}
	}
	for _, args := range [][]string{{"-h"}, {"list", "-h"}, {"list", "close", "-h"}, {"list", "publish", "-h"}, {"list", "run", "-h"}} {
		if code, _, _ := runCmd(t, args...); code != exitOK {
			t.Errorf("omologa %s: exit %d, want 0", strings.Join(args, " "), code)
		}
	}
}
