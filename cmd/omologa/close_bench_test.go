package main

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"omologa/internal/testkit/testenv"
)

// BenchmarkListClose is `omologa gen` then `omologa list close` of what
// it wrote, in process (issue 31): the season's size comes from
// OMOLOGA_CLOSE_TOURNAMENTS and OMOLOGA_CLOSE_PLAYERS (default a tiny
// one, so that `make test` runs it once and it does not rot). The
// figures the issue sets are for whole processes, measured from outside
// by `make bench-close` (wall and peak memory beside their goals); this
// one reports the close's time and the heap it left in use
// (live-MB).
func BenchmarkListClose(b *testing.B) {
	n := func(env string, def int) string { return strconv.Itoa(testenv.Int(env, def)) }
	tournaments, players := n("OMOLOGA_CLOSE_TOURNAMENTS", 30), n("OMOLOGA_CLOSE_PLAYERS", 300)
	dir := b.TempDir()
	season := filepath.Join(dir, "season")
	ctx := context.Background()
	if code := runMain(ctx, []string{"gen", "--out", season, "--tournaments", tournaments, "--players", players,
		"--days", "20", "--start", "2026-10-03", "--kind", "rapid"}, io.Discard, io.Discard); code != exitOK {
		b.Fatalf("gen: exit %d", code)
	}
	files, err := filepath.Glob(filepath.Join(season, "*.trf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no tournament written: %v", err)
	}
	args := append([]string{"list", "close", "--rules", "../../rules.yaml", "--kind", "rapid", "--period", "2026-11",
		"--players", filepath.Join(season, "players.csv"), "--received", filepath.Join(season, "received.csv"),
		"--out", filepath.Join(dir, "new.csv")}, files...)
	var m runtime.MemStats
	for b.Loop() {
		if code := runMain(ctx, args, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("list close: exit %d", code)
		}
	}
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapInuse)/1e6, "live-MB")
	b.Logf("%s tournaments, %s players", tournaments, players)
}
