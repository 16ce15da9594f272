package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// The demo's seeded samples are received at drop.seed_received, so that
// their verdicts do not change with the calendar (RAPID 5.2's 8 days
// count from it); a file dropped by anyone else gets the real drop time.
func TestWatchSeedReceivedPinsOnlyTheSeededFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	seed := filepath.Join(dir, "seed")
	drop := filepath.Join(dir, "drop")
	os.MkdirAll(seed, 0o755)
	os.MkdirAll(drop, 0o755)
	const pinned = "2026-11-23T10:00:00+01:00"
	b, _ := os.ReadFile(cfg)
	os.WriteFile(cfg, []byte(strings.Replace(string(b), "  folder: drop\n",
		"  folder: drop\n  seed: [seed]\n  seed_received: \""+pinned+"\"\n", 1)), 0o644)

	start := time.Now().AddDate(0, 0, -3).Format("2006/01/02")
	os.WriteFile(filepath.Join(seed, "sample.trf"), pipelinetest.TRF("Open Seme", "Lecce", start), 0o644)
	os.WriteFile(filepath.Join(drop, "live.trf"), pipelinetest.TRF("Open Vivo", "Lecce", start), 0o644)
	before := time.Now()
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	_, out, _ := runCmd(t, "status", "--config", cfg, "--json")
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("%v\n%s", err, out)
	}
	want, _ := time.Parse(time.RFC3339, pinned)
	for _, r := range rows {
		switch {
		case strings.HasSuffix(r.Source, "sample.trf"):
			if !r.ReceivedAt.Equal(want) {
				t.Errorf("seeded sample received %v, want %v", r.ReceivedAt, want)
			}
		case strings.HasSuffix(r.Source, "live.trf"):
			if r.ReceivedAt.Before(before.Add(-time.Second)) {
				t.Errorf("live file received %v: the real drop time (after %v) expected", r.ReceivedAt, before)
			}
		default:
			t.Errorf("unexpected submission %s", r.Source)
		}
	}

	b, _ = os.ReadFile(cfg)
	os.WriteFile(cfg, []byte(strings.Replace(string(b), pinned, "23/11/2026", 1)), 0o644)
	if code, _, errs := runCmd(t, "watch", "--config", cfg, "--once"); code != exitUsage || !strings.Contains(errs, "seed_received") {
		t.Errorf("a malformed seed_received: exit %d, %s", code, errs)
	}
}
