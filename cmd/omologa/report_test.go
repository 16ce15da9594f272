package main

import (
	"context"
	"encoding/json"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/testkit/pipelinetest"
)

// samplesReceived is the receipt time the samples assume (samples/README.md).
var samplesReceived = time.Date(2026, 11, 23, 10, 0, 0, 0, time.FixedZone("CET", 3600))

func sampleRegisterArgs() []string {
	reg := filepath.Join(repoRoot(), "samples", "registers")
	return []string{"--players", filepath.Join(reg, "players.csv"), "--arbiters", filepath.Join(reg, "arbiters.csv"),
		"--calendar", filepath.Join(reg, "calendar.csv")}
}

func checkPNG(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("%s: not a PNG: %v", path, err)
	}
}

func readReports(t *testing.T, out string) []reportWritten {
	t.Helper()
	var ws []reportWritten
	if err := json.Unmarshal([]byte(out), &ws); err != nil {
		t.Fatalf("report --json: %v\n%s", err, out)
	}
	return ws
}

func TestReportFiles(t *testing.T) {
	dir := t.TempDir()
	drop := filepath.Join(repoRoot(), "samples", "drop")
	args := append([]string{"report", "--json", "--rules", filepath.Join(repoRoot(), "rules.yaml"),
		"--received", samplesReceived.Format(time.RFC3339), "--out", dir}, sampleRegisterArgs()...)
	args = append(args, filepath.Join(drop, "open_novara_2026.trf"), filepath.Join(drop, "open_ognissanti_rimini.trf"),
		filepath.Join(drop, "torneo.vegz"))
	code, out, errs := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	ws := readReports(t, out)
	if len(ws) != 3 {
		t.Fatalf("%d reports, want 3\n%s", len(ws), out)
	}
	novara, rimini, vegz := ws[0], ws[1], ws[2]
	if novara.Verdict != "accepted" || novara.Rated != "standard" || novara.RatingsBy != "computed" ||
		novara.Chart != "variation" || novara.Period != "2027-01" {
		t.Errorf("novara: %+v", novara)
	}
	if rimini.Verdict != "rejected" || rimini.Rated != "" || rimini.Chart != "rating-vs-score" || rimini.Findings["error"] == 0 {
		t.Errorf("rimini: %+v", rimini)
	}
	if vegz.Verdict != "rejected" || vegz.PNG != "" {
		t.Errorf("the refused archive: %+v", vegz)
	}
	for _, w := range ws {
		page, err := os.ReadFile(w.HTML)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(page), "<!DOCTYPE html>") {
			t.Errorf("%s: not a page", w.HTML)
		}
		if w.PNG != "" {
			checkPNG(t, w.PNG)
			if !strings.Contains(string(page), `src="`+filepath.Base(w.PNG)+`"`) {
				t.Errorf("%s does not show its chart", w.HTML)
			}
		}
	}
	page, _ := os.ReadFile(novara.HTML)
	for _, s := range []string{"Città di Novara", "Tabellone", "Variazioni Elo Italia", "RESPINTO"} {
		if want := s != "RESPINTO"; strings.Contains(string(page), s) != want {
			t.Errorf("novara page: contains %q = %v", s, !want)
		}
	}
	if filepath.Base(novara.HTML) != "open_novara_2026.html" || filepath.Base(vegz.HTML) != "torneo.html" {
		t.Errorf("names: %s, %s", novara.HTML, vegz.HTML)
	}

	// English, and the human output.
	code, out, _ = runCmd(t, "report", "--lang", "en", "--rules", filepath.Join(repoRoot(), "rules.yaml"),
		"--received", samplesReceived.Format(time.RFC3339), "--out", dir, filepath.Join(drop, "rapid_vercelli_2026.trf"))
	if code != exitOK || !strings.Contains(out, "rapid_vercelli_2026.html") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	page, _ = os.ReadFile(filepath.Join(dir, "rapid_vercelli_2026.html"))
	if !strings.Contains(string(page), `<html lang="en">`) || strings.Contains(string(page), "variations (provisional)") {
		t.Error("English page, unrated without --players: wrong")
	}
}

func TestReportUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"report", "x.trf"},      // no --out
		{"report", "--out", dir}, // nothing to report
		{"report", "--out", dir, "--submission", "1", "x.trf"}, // both
		{"report", "--out", dir, "--lang", "fr", "x.trf"},
		{"report", "--out", dir, "--rules", filepath.Join(repoRoot(), "rules.yaml"), filepath.Join(dir, "missing.trf")},
	} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// recordSubmission records a result file in the store of cfgPath as
// received at when, and judges it as the daemon does.
func recordSubmission(t *testing.T, cfgPath, name string, data []byte, when time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	a, err := openApp(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	id, _, err := a.pipe.Record(ctx, &ingest.Submission{Channel: ingest.ChannelCLI, ReceivedAt: when,
		Subject: name, Source: name, Original: ingest.Bytes(data), Files: []ingest.File{{Name: name, Content: ingest.Bytes(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.pipe.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	return id
}

// sampleConfig writes a configuration on dir with the samples' registers.
func sampleConfig(t *testing.T, dir string) string {
	reg := filepath.Join(repoRoot(), "samples", "registers")
	abs, err := filepath.Abs(reg)
	if err != nil {
		t.Fatal(err)
	}
	return pipelinetest.Config(t, dir, "100ms", "registers:",
		"  players: "+filepath.Join(abs, "players.csv"),
		"  arbiters: "+filepath.Join(abs, "arbiters.csv"),
		"  calendar: "+filepath.Join(abs, "calendar.csv"))
}

func TestReportSubmission(t *testing.T) {
	dir := t.TempDir()
	cfg := sampleConfig(t, dir)
	data, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "drop", "open_novara_2026.trf"))
	if err != nil {
		t.Skip("samples missing:", err)
	}
	id := recordSubmission(t, cfg, "open_novara_2026.trf", data, samplesReceived)
	out := filepath.Join(dir, "reports")
	code, stdout, errs := runCmd(t, "report", "--json", "--config", cfg, "--submission", itoa(int(id)), "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	ws := readReports(t, stdout)
	if len(ws) != 1 {
		t.Fatalf("%s", stdout)
	}
	w := ws[0]
	if w.Submission != id || w.Verdict != "accepted" || w.Recorded != "accepted" || w.RatingsBy != "store" ||
		w.Rated != "standard" || len(w.Warnings) > 0 || filepath.Base(w.HTML) != itoa(int(id))+"-open_novara_2026.html" {
		t.Errorf("%+v", w)
	}
	checkPNG(t, w.PNG)
	page, _ := os.ReadFile(w.HTML)
	// The receipt time is the recorded one, shown in the office's zone.
	if !strings.Contains(string(page), "23/11/2026 10:00") {
		t.Errorf("the page does not show the recorded receipt time")
	}
	// The same file reported from the command line, with the same
	// registers and receipt time, gives the same page: the variations the
	// pipeline recorded are the ones the report computes.
	direct := filepath.Join(dir, "direct")
	args := append([]string{"report", "--rules", filepath.Join(repoRoot(), "rules.yaml"),
		"--received", samplesReceived.Format(time.RFC3339), "--out", direct}, sampleRegisterArgs()...)
	if code, _, errs := runCmd(t, append(args, filepath.Join(repoRoot(), "samples", "drop", "open_novara_2026.trf"))...); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	want, _ := os.ReadFile(filepath.Join(direct, "open_novara_2026.html"))
	got := strings.ReplaceAll(string(page), itoa(int(id))+"-open_novara_2026.png", "open_novara_2026.png")
	if got != string(want) {
		t.Errorf("the report from the store differs from the report of the file\n%s", firstDiff(string(want), got))
	}
	if code, _, _ := runCmd(t, "report", "--config", cfg, "--submission", "99", "--out", out); code != exitUsage {
		t.Error("an unknown submission is not an error")
	}
}
