package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// updateGolden rewrites the golden files (go test -run Golden -update).
// The flag may be defined by another test of the package: use it then.
var updateGolden = func() func() bool {
	if f := flag.Lookup("update"); f != nil {
		return func() bool { return f.Value.String() == "true" }
	}
	b := flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	return func() bool { return *b }
}()

// goldenReceived is the receipt time of every golden file: the day the
// samples assume (samples/README.md).
var goldenReceived = time.Date(2026, 11, 23, 10, 0, 0, 0, time.FixedZone("CET", 3600))

func repoRoot() string { return filepath.Join("..", "..") }

func loadCheckRules(t testing.TB) *rules.File {
	t.Helper()
	f, err := rules.Load(filepath.Join(repoRoot(), "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := validate.CheckRules(&f.Rulebook); err != nil {
		t.Fatal(err)
	}
	return f
}

func corpusDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(repoRoot(), "..", "shared", "trf-corpus")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "corpus not found at %s: %v", dir, err)
	}
	return dir
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// golden compares got with testdata/golden/check/<name>.json, or writes
// it with -update.
func golden(t *testing.T, name string, got checked) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join("testdata", "golden", "check", unsafeName.ReplaceAllString(name, "_")+".json")
	if updateGolden() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to write it)", err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("%s differs from %s; run go test -run Golden -update and review the diff\n%s", name, path, firstDiff(string(want), string(b)))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if wl[i] != gl[i] {
			return "line " + itoa(i+1) + ":\n  want " + wl[i] + "\n  got  " + gl[i]
		}
	}
	return "lengths differ"
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestCheckGoldenCorpus(t *testing.T) {
	dir := corpusDir(t)
	opts := checkOptions{Rules: loadCheckRules(t), Received: goldenReceived, Registers: &registers.Set{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if name == "MANIFEST.md" || e.IsDir() {
			continue
		}
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			// Received two days after the tournament's end, so that the
			// golden shows what the office would say of a file sent in
			// time, not a deadline missed by years.
			opts := opts
			opts.Received = receivedAfterEnd(name, data)
			golden(t, "corpus-"+name, checked{Report: checkData(opts, name, data), Received: opts.Received})
		})
	}
}

// receivedAfterEnd is 10:00 in Rome two days after the tournament's end
// (052, else its last round date); goldenReceived when neither is known.
func receivedAfterEnd(name string, data []byte) time.Time {
	t, _, err := codec.Read(name, data)
	if err != nil || t == nil {
		return goldenReceived
	}
	end := t.End
	if !end.IsFull() {
		end = tournament.Date{}
		for _, d := range t.RoundDates {
			if d.IsFull() && (end.IsZero() || end.Before(d)) {
				end = d
			}
		}
	}
	if end.IsZero() {
		return goldenReceived
	}
	rome, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		return goldenReceived
	}
	return time.Date(end.Year, end.Month, end.Day+2, 10, 0, 0, 0, rome)
}

func TestCheckGoldenSamples(t *testing.T) {
	root := repoRoot()
	files, _ := filepath.Glob(filepath.Join(root, "samples", "drop", "*"))
	if len(files) == 0 {
		t.Skip("no samples in samples/drop")
	}
	reg, err := registers.Load(filepath.Join(root, "samples", "registers", "players.csv"),
		filepath.Join(root, "samples", "registers", "arbiters.csv"),
		filepath.Join(root, "samples", "registers", "calendar.csv"))
	if err != nil {
		t.Fatal(err)
	}
	opts := checkOptions{Rules: loadCheckRules(t), Received: goldenReceived, Registers: reg}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "sample-"+name, checked{Report: checkData(opts, "samples/drop/"+name, data), Received: goldenReceived})
		})
	}
}

// TestCheckExitCodes: 0 accepted, 1 rejected, 2 unreadable input or bad
// usage.
func TestCheckExitCodes(t *testing.T) {
	root := repoRoot()
	rulesPath := filepath.Join(root, "rules.yaml")
	drop := filepath.Join(root, "samples", "drop")
	if _, err := os.Stat(filepath.Join(drop, "open_novara_2026.trf")); err != nil {
		t.Skip("samples not present")
	}
	reg := []string{"--players", filepath.Join(root, "samples", "registers", "players.csv"),
		"--arbiters", filepath.Join(root, "samples", "registers", "arbiters.csv"),
		"--calendar", filepath.Join(root, "samples", "registers", "calendar.csv")}
	base := append([]string{"--rules", rulesPath, "--received", "2026-11-23T10:00:00+01:00"}, reg...)
	cases := []struct {
		name string
		args []string
		want int
	}{
		{"accepted", append(append([]string{}, base...), filepath.Join(drop, "open_novara_2026.trf")), exitOK},
		{"rejected", append(append([]string{}, base...), filepath.Join(drop, "open_ognissanti_rimini.trf")), exitRejected},
		{"refused file", append(append([]string{}, base...), filepath.Join(drop, "torneo.vegz")), exitUsage},
		{"missing file", append(append([]string{}, base...), filepath.Join(drop, "no-such-file.trf")), exitUsage},
		{"no file", []string{"--rules", rulesPath}, exitUsage},
		{"bad kind", append([]string{"--kind", "blitz"}, base...), exitUsage},
		{"bad received", []string{"--rules", rulesPath, "--received", "yesterday", "x.trf"}, exitUsage},
		{"json, several files", append(append([]string{"--json"}, base...), filepath.Join(drop, "open_novara_2026.trf"),
			filepath.Join(drop, "sociale_bologna_2026.tdf")), exitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if got := runMain(t.Context(), append([]string{"check"}, c.args...), &out, &errb); got != c.want {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", got, c.want, out.String(), errb.String())
			}
			if strings.HasPrefix(c.name, "json") {
				var reps []checked
				if err := json.Unmarshal(out.Bytes(), &reps); err != nil || len(reps) != 2 {
					t.Errorf("--json with two files: %v, %d objects", err, len(reps))
				}
			}
		})
	}
}

// BenchmarkCheck judges the largest corpus file (read, checks,
// standings); the goal is the whole corpus in a few milliseconds.
func BenchmarkCheck(b *testing.B) {
	dir := corpusDir(b)
	name := "echecsjs__trf__src___tests___fixtures_grandmommyscup.trf"
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		b.Fatal(err)
	}
	opts := checkOptions{Rules: loadCheckRules(b), Received: goldenReceived, Registers: &registers.Set{}}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		checkData(opts, name, data)
	}
}

// BenchmarkCheckCorpus judges every corpus file once per iteration.
func BenchmarkCheckCorpus(b *testing.B) {
	dir := corpusDir(b)
	entries, _ := os.ReadDir(dir)
	var names []string
	var datas [][]byte
	for _, e := range entries {
		if e.Name() == "MANIFEST.md" {
			continue
		}
		d, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			b.Fatal(err)
		}
		names, datas = append(names, e.Name()), append(datas, d)
	}
	opts := checkOptions{Rules: loadCheckRules(b), Received: goldenReceived, Registers: &registers.Set{}}
	for b.Loop() {
		for i := range names {
			checkData(opts, names[i], datas[i])
		}
	}
}
