package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/platform/zone"
	"omologa/internal/testkit/pipelinetest"
)

// omologa verdict: a late file accepted with a reason, then judged
// again (the decision withdrawn), by its number N.M; usage errors exit 2.
func TestVerdictCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	late := filepath.Join(dir, "late.trf")
	os.WriteFile(late, pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -30).Format("2006/01/02"),
		"102 Rossi, Mario", `122 90'+30"`), 0o644)
	if code, _, errs := runCmd(t, "ingest", "--config", cfg, late); code != exitRejected {
		t.Fatalf("ingest of a late file: exit %d\n%s", code, errs)
	}
	code, out, errs := runCmd(t, "verdict", "accept-late", "1.1", "--config", cfg, "--reason", "guasto del server della società")
	if code != exitOK || !strings.Contains(out, "file 1.1 late.trf: rejected -> homologated by the office's decision") ||
		!strings.Contains(out, "overruled notice queued") {
		t.Errorf("accept-late: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "verdict", "rejudge", "--config", cfg, "1.1")
	if code != exitOK || !strings.Contains(out, "-> rejected") {
		t.Errorf("rejudge: exit %d\n%s%s", code, out, errs)
	}
	// The period is of the office's days (Europe/Rome): past 23:00 UTC
	// the office's today is the UTC tomorrow.
	today := time.Now().In(zone.Of("Europe/Rome")).Format("2006-01-02")
	code, out, _ = runCmd(t, "verdict", "rejudge", "--config", cfg, "--json", "--from", today, "--to", today)
	if code != exitOK || !strings.Contains(out, `"number": "1.1"`) {
		t.Errorf("rejudge of a period: exit %d\n%s", code, out)
	}
	if code, _, errs := runCmd(t, "verdict", "accept", "1.1", "--config", cfg, "--rule", "eligibility.min-rounds", "--reason", "x"); code == exitOK ||
		!strings.Contains(errs, "errors not named") {
		t.Errorf("accepting without naming the deadline: exit %d\n%s", code, errs)
	}
	for _, args := range [][]string{
		{"verdict"},
		{"verdict", "frobnicate", "1.1"},
		{"verdict", "accept", "1.1", "--reason", "x"},
		{"verdict", "reject", "--reason", "x"},
		{"verdict", "rejudge"},
		{"verdict", "rejudge", "1.1", "--from", "2026-11-01", "--to", "2026-11-30"},
	} {
		if code, _, _ := runCmd(t, append(args, "--config", cfg)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, errs := runCmd(t, "verdict", "reject", "9.9", "--config", cfg, "--reason", "x"); code == exitOK || !strings.Contains(errs, "no file 9.9") {
		t.Errorf("no such file: exit %d %s", code, errs)
	}
}
