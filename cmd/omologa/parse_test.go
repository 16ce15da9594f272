package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/testkit/testenv"
)

// parseUpdate reports -update (defined here or by another test file).
var parseUpdate = func() func() bool {
	if f := flag.Lookup("update"); f != nil {
		return func() bool { return f.Value.String() == "true" }
	}
	b := flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	return func() bool { return *b }
}()

func parseCorpus(t *testing.T) string {
	dir := filepath.Join("..", "..", "..", "shared", "trf-corpus")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "corpus not found at %s: %v", dir, err)
	}
	return dir
}

// TestParseGolden runs 'omologa parse' on corpus files without a rate of
// play (whose reading belongs to another package) and compares the output
// with testdata/golden/parse.
func TestParseGolden(t *testing.T) {
	dir := parseCorpus(t)
	tests := []struct {
		golden string
		args   []string
	}{
		{"held_round_robin.json", []string{"--json", "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf"}},
		{"two_files.json", []string{"--json", "Moritz72__py4swiss__tests_data_incompatible_color.trf", "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf"}},
		{"held_round_robin.txt", []string{"OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf"}},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			args := append([]string(nil), tc.args...)
			for i, a := range args {
				if !strings.HasPrefix(a, "-") {
					args[i] = filepath.Join(dir, a)
				}
			}
			var stdout, stderr bytes.Buffer
			if code := runMain(context.Background(), append([]string{"parse"}, args...), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			got := strings.ReplaceAll(stdout.String(), dir+string(filepath.Separator), "")
			path := filepath.Join("testdata", "golden", "parse", tc.golden)
			if parseUpdate() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run with -update to accept):\n%s", path, got)
			}
		})
	}
}

// TestParseJSONShape checks the fields scripts rely on and the exit codes.
func TestParseJSONShape(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "ok.trf")
	os.WriteFile(good, []byte("012 Prova\r\n001    1 m    Rossi, Mario                      1500 ITA     1234567 1980/01/01  1.0    1     2 w 1\r\n"+
		"001    2 m    Bianchi, Luigi                    1400 ITA     7654321 1981/01/01  0.0    2     1 b 0\r\n"), 0o644)
	pdf := filepath.Join(dir, "torneo.pdf")
	os.WriteFile(pdf, []byte("%PDF-1.7\n"), 0o644)

	var stdout, stderr bytes.Buffer
	if code := runMain(context.Background(), []string{"parse", "--json", good}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var one map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &one); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"file", "format", "rounds", "players", "diagnostics"} {
		if _, ok := one[k]; !ok {
			t.Errorf("no %q in %s", k, stdout.String())
		}
	}
	p := one["players"].([]any)[0].(map[string]any)
	for _, k := range []string{"start", "name", "rating", "points", "rank", "rounds"} {
		if _, ok := p[k]; !ok {
			t.Errorf("player has no %q", k)
		}
	}
	if one["format"] != "trf16" || one["rounds"] != 1.0 {
		t.Errorf("format %v rounds %v", one["format"], one["rounds"])
	}

	stdout.Reset()
	if code := runMain(context.Background(), []string{"parse", "--json", good, pdf}, &stdout, &stderr); code != exitUsage {
		t.Errorf("a refused file must exit %d, got %d", exitUsage, code)
	}
	var many []map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &many); err != nil || len(many) != 2 {
		t.Fatalf("two files: %v %s", err, stdout.String())
	}
	if many[1]["refused"] != "pdf" || many[1]["error"] == nil {
		t.Errorf("pdf entry: %v", many[1])
	}
}

// Issue 22: raw terminal escape codes from a file's contents reached the
// terminal. Every command prints through termsafe.
func TestNoEscapeCodesFromFiles(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "esc.trf")
	os.WriteFile(f, []byte("012 Prova \x1b[2J\x1b]8;;http://evil.example\x07Torneo\r\n"+
		"001    1 m    Rossi\x1b[31m, Mario                  1500 ITA     1234567 1980/01/01  1.0    1     2 w 1\r\n"+
		"001    2 m    Bianchi, Luigi                    1400 ITA     7654321 1981/01/01  0.0    2     1 b 0\r\n"), 0o644)
	for _, args := range [][]string{{"parse", f}, {"parse", "--json", f}} {
		var stdout, stderr bytes.Buffer
		runMain(context.Background(), args, &stdout, &stderr)
		if bytes.ContainsAny(stdout.Bytes(), "\x1b\x07\r") {
			t.Errorf("%v printed a control character: %q", args, stdout.String())
		}
		if !strings.Contains(stdout.String(), "Rossi") {
			t.Errorf("%v: %q", args, stdout.String())
		}
	}
}
