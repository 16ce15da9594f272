package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
	"omologa/internal/tournament/trf"
)

// demoConfig writes a configuration like samples/omologa.yaml with its
// var/ under dir.
func demoConfig(t *testing.T, dir string) string {
	t.Helper()
	root, err := filepath.Abs(repoRoot())
	if err != nil {
		t.Fatal(err)
	}
	s := filepath.Join(root, "samples")
	cfg := fmt.Sprintf(`drop:
  folder: %[1]s/drop
  seed: [%[2]s/drop, %[2]s/mail]
  seed_received: "2026-11-23T10:00:00+01:00"
  settle: 1s
spool: %[1]s/spool
store:
  path: %[1]s/omologa.db
outbox: %[1]s/outbox
rules: %[3]s/rules.yaml
registers:
  players: %[2]s/registers/players.csv
  arbiters: %[2]s/registers/arbiters.csv
  calendar: %[2]s/registers/calendar.csv
notices:
  from: omologazioni@federscacchi.example
  office: omologazioni@federscacchi.example
  language: it
  retry_base: 2s
  retry_max: 10m
  max_attempts: 10
allowed_senders:
  enabled: false
limits:
  max_file_bytes: 20971520
  max_archive_bytes: 52428800
  max_archive_files: 100
  max_message_bytes: 62914560
`, dir, s, root)
	path := filepath.Join(dir, "omologa.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func fideExport(t *testing.T, args ...string) (int, fideexport.Result) {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"fide", "export", "--json"}, args...)...)
	var res fideexport.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("exit %d: %v\n%s\n%s", code, err, out, errs)
	}
	return code, res
}

// The demo's FIDE-rated tournaments forwarded for the list of January
// 2027 (FIDE-RR 7.13: they end in November 2026) read back through the
// project's TRF reader with the same players, results and FIDE ids, the
// forwarding shows in status, and a second export needs --again.
func TestFideExportDemo(t *testing.T) {
	dir := t.TempDir()
	cfg := demoConfig(t, dir)
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitOK {
		t.Fatalf("watch: exit %d\n%s", code, errs)
	}
	out := filepath.Join(dir, "fide")
	code, res := fideExport(t, "--config", cfg, "--period", "2027-01", "--out", out)
	if code != exitOK || res.Period.Label != "2027-01" {
		t.Fatalf("exit %d, period %s", code, res.Period.Label)
	}
	arbiters, err := registers.ReadArbiters("arbiters.csv", mustRead(t, filepath.Join(repoRoot(), "samples", "registers", "arbiters.csv")))
	if err != nil {
		t.Fatal(err)
	}
	// The register gives Nardi, Ferretti and Galli a FIDE id, not Zanetti.
	arbiterNotes := map[string][]string{
		"magistrale_firenze_2026.trf": {"fide.arbiter-id-from-register"},
		"open_novara_2026.trf":        {"fide.arbiter-id-from-register", "fide.arbiter-id-from-register"},
		"sociale_bologna_2026.tdf":    {"fide.arbiter-id-missing"},
	}
	var forwarded []string
	for _, it := range res.Items {
		if it.State != fideexport.Forwarded {
			continue
		}
		forwarded = append(forwarded, it.Source)
		orig, _, err := codec.Read(it.Source, mustRead(t, filepath.Join(repoRoot(), "samples", "drop", it.Source)))
		if err != nil {
			t.Fatal(err)
		}
		// TRF-2025 for a TRF26 source, TRF16 otherwise (the .tdf).
		version := 16
		if orig.Format == tournament.FormatTRF26 {
			version = 26
		}
		if it.List != "2027-01" || it.Late || it.Version != version {
			t.Errorf("%s: list %s late %v TRF%d, want 2027-01 on time TRF%d", it.Source, it.List, it.Late, it.Version, version)
		}
		back, _, err := trf.Read(it.Path, string(mustRead(t, it.Path)))
		if err != nil {
			t.Fatalf("%s: the export does not read back: %v", it.Path, err)
		}
		// The arbiters go with the register's FIDE ids (FIDE-RR 9.1):
		// the files name them without.
		fwd := fide.WithArbiterIDs(orig, arbiters)
		if (fwd == orig) != (it.Source == "sociale_bologna_2026.tdf") || !slices.Equal(back.DeputyArbiters, fwd.DeputyArbiters) {
			t.Errorf("%s: arbiters forwarded %q %q, want the register's ids: %q %q", it.Source,
				back.ChiefArbiter, back.DeputyArbiters, fwd.ChiefArbiter, fwd.DeputyArbiters)
		}
		samePlayers(t, it.Source, fwd, back)
		var notes []string
		for _, f := range it.Findings {
			if strings.HasPrefix(f.Rule, "fide.arbiter-") {
				notes = append(notes, f.Rule)
			}
		}
		if want := arbiterNotes[it.Source]; !slices.Equal(notes, want) {
			t.Errorf("%s: arbiter findings %v, want %v", it.Source, notes, want)
		}
	}
	slices.Sort(forwarded)
	if want := []string{"magistrale_firenze_2026.trf", "open_novara_2026.trf", "sociale_bologna_2026.tdf"}; !slices.Equal(forwarded, want) {
		t.Errorf("forwarded %v, want %v", forwarded, want)
	}

	// One act of the office, in the audit trail with who did it.
	if _, text, _ := runCmd(t, "audit", "--config", cfg); !strings.Contains(text, "fide-export") ||
		!strings.Contains(text, "FIDE list 2027-01") || !strings.Contains(text, "3 forwarded, 0 held back") {
		t.Errorf("the audit trail lacks the export:\n%s", text)
	}

	_, sout, _ := runCmd(t, "status", "--config", cfg, "--json")
	var rows []store.Status
	if err := json.Unmarshal([]byte(sout), &rows); err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, r := range rows {
		for _, f := range r.Files {
			if f.Fide != nil {
				shown++
				if f.Fide.Period != "2027-01" || f.Fide.By == "" || f.Fide.At.IsZero() {
					t.Errorf("status of file %d: %+v", f.ID, f.Fide)
				}
			}
		}
	}
	if shown != 3 {
		t.Errorf("status shows %d files forwarded, want 3", shown)
	}
	if _, text, _ := runCmd(t, "status", "--config", cfg); strings.Count(text, "to FIDE for list 2027-01") != 3 {
		t.Errorf("status text does not show the forwardings:\n%s", text)
	}

	code, res = fideExport(t, "--config", cfg, "--period", "2027-01", "--out", out)
	if code != exitOK || res.Count(fideexport.Forwarded) != 0 || res.Count(fideexport.Already) != 3 {
		t.Errorf("second export: exit %d, %d forwarded, %d already", code, res.Count(fideexport.Forwarded), res.Count(fideexport.Already))
	}
	code, res = fideExport(t, "--config", cfg, "--period", "2027-01", "--out", out, "--again")
	if code != exitOK || res.Count(fideexport.Forwarded) != 3 {
		t.Errorf("--again: exit %d, %d forwarded", code, res.Count(fideexport.Forwarded))
	}
	for _, it := range res.Items {
		if it.State == fideexport.Forwarded && it.Previous == nil {
			t.Errorf("--again: %s does not name the earlier forwarding", it.Source)
		}
	}
	// The list before: nothing of the demo ends by 25/10/2026.
	if _, res := fideExport(t, "--config", cfg, "--period", "2026-11", "--out", out); res.Count(fideexport.Forwarded) != 0 {
		t.Errorf("list 2026-11: %+v", res.Items)
	}
	if code, _, errs := runCmd(t, "fide", "export", "--config", cfg, "--period", "2027-02"); code != exitUsage || !strings.Contains(errs, "2027-02") {
		t.Errorf("a month without FIDE list: exit %d, %s", code, errs)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// samePlayers compares what FIDE reads: starting numbers, names, FIDE
// ids, ratings, federations, points and every round's opponent, colour
// and result.
func samePlayers(t *testing.T, name string, a, b *tournament.Tournament) {
	t.Helper()
	if len(a.Players) != len(b.Players) {
		t.Fatalf("%s: %d players, read back %d", name, len(a.Players), len(b.Players))
	}
	for i := range a.Players {
		p, q := &a.Players[i], &b.Players[i]
		if p.Start != q.Start || p.Name != q.Name || p.FideID != q.FideID || p.Rating != q.Rating ||
			p.Federation != q.Federation || p.Points != q.Points {
			t.Errorf("%s: player %d: %s %s %d %s %v; read back %s %s %d %s %v", name, p.Start, p.Name, p.FideID, p.Rating,
				p.Federation, p.Points, q.Name, q.FideID, q.Rating, q.Federation, q.Points)
		}
		n := max(len(p.Rounds), len(q.Rounds))
		for r := 1; r <= n; r++ {
			x, y := p.Entry(r), q.Entry(r)
			if x.Opponent != y.Opponent || x.Code != y.Code || (x.Opponent > 0 && x.Colour != y.Colour) {
				t.Errorf("%s: player %d round %d: %+v, read back %+v", name, p.Start, r, x, y)
			}
		}
	}
	if a.Start != b.Start || a.End != b.End || a.Federation != b.Federation || a.ChiefArbiter != b.ChiefArbiter ||
		a.RateOfPlayText != b.RateOfPlayText {
		t.Errorf("%s: header differs: %v %v %q %q %q / %v %v %q %q %q", name, a.Start, a.End, a.Federation, a.ChiefArbiter,
			a.RateOfPlayText, b.Start, b.End, b.Federation, b.ChiefArbiter, b.RateOfPlayText)
	}
}

// fide preview of the demo's round robin: every player, the round-robin
// averages of FIDE-RR 8.21 b, the unrated player's Ru new; -h exits 0.
func TestFidePreview(t *testing.T) {
	file := filepath.Join(repoRoot(), "samples", "drop", "magistrale_firenze_2026.trf")
	rules := filepath.Join(repoRoot(), "rules.yaml")
	code, out, errs := runCmd(t, "fide", "preview", "--rules", rules, "--json", file)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var pv fide.Preview
	if err := json.Unmarshal([]byte(out), &pv); err != nil {
		t.Fatal(err)
	}
	if !pv.RoundRobin || len(pv.Players) != 10 || pv.Ra == 0 || pv.Games.Fide != 45 {
		t.Errorf("preview: round robin %v, %d players, Ra %d, %d FIDE games", pv.RoundRobin, len(pv.Players), pv.Ra, pv.Games.Fide)
	}
	if p := pv.Players[4]; p.Rated() || p.RuNew == 0 || !p.Counts {
		t.Errorf("the unrated player: %+v", p)
	}
	if code, text, _ := runCmd(t, "fide", "preview", "--rules", rules, file); code != exitOK || !strings.Contains(text, "round robin (FIDE-RR 8.21 b, 8.58)") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
	for _, args := range [][]string{{"fide", "preview", "-h"}, {"fide", "export", "-h"}} {
		if code, _, _ := runCmd(t, args...); code != exitOK {
			t.Errorf("%v: exit %d", args, code)
		}
	}
	for _, args := range [][]string{{"fide"}, {"fide", "preview"}, {"fide", "export"}, {"fide", "preview", "--rules", rules, "/nonexistent.trf"}} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// A homologated tournament with an error FIDE would raise (a player's
// federation missing, FIDE-RR 7.12) is held back: not written, not
// recorded, its finding printed, exit 1.
func TestFideExportHeld(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	startDay := time.Now().AddDate(0, 0, -7)
	trfData := pipelinetest.TRF("Open di Prova", "Siena", startDay.Format("2006/01/02"), "102 Rossi, Mario", `122 90'+30"`)
	// Player 3's federation left blank.
	lines := strings.Split(string(trfData), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "001    3 ") {
			lines[i] = l[:53] + "   " + l[56:]
		}
	}
	file := filepath.Join(dir, "open.trf")
	os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
	if code, out, errs := runCmd(t, "ingest", "--config", cfg, file); code != exitOK {
		t.Fatalf("ingest: exit %d\n%s\n%s", code, out, errs)
	}
	rf := loadCheckRules(t)
	s := rf.SelectFide(tournament.DateOf(startDay))
	list := fide.List(s, tournament.DateOf(startDay.AddDate(0, 0, 6)))
	out := filepath.Join(dir, "fide")
	code, res := fideExport(t, "--config", cfg, "--period", list.Label, "--out", out)
	if code != exitRejected || len(res.Items) != 1 || res.Items[0].State != fideexport.Held || res.Items[0].Path != "" {
		t.Fatalf("exit %d, %+v", code, res.Items)
	}
	if fs := res.Items[0].Findings; len(fs) == 0 || fs[0].Rule != "fide.federation-missing" || fs[0].Player != 3 {
		t.Errorf("findings %+v", fs)
	}
	if _, err := os.Stat(out); err == nil {
		if entries, _ := os.ReadDir(out); len(entries) > 0 {
			t.Errorf("a held tournament was written: %v", entries)
		}
	}
	if _, text, _ := runCmd(t, "status", "--config", cfg); strings.Contains(text, "to FIDE") {
		t.Errorf("a held tournament shows as forwarded:\n%s", text)
	}
	if code, text, _ := runCmd(t, "fide", "export", "--config", cfg, "--period", list.Label, "--out", out); code != exitRejected ||
		!strings.Contains(text, "HELD BACK") || !strings.Contains(text, "fide.federation-missing") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
}
