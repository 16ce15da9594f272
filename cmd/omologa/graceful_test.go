package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/store/lock"
	"omologa/internal/testkit/pipelinetest"
)

// Issue 32: SIGTERM ends `omologa watch` cleanly, tested on the real
// binary: it exits 0, every file dropped is judged (a judgement begun
// finishes; none is cut short), the notice being sent to a mail server
// that does not answer is claimed no longer (the next start sends it at
// once, with the same Message-ID), and the store's lock is free.
func TestGracefulStop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := pipelinetest.BuildBinary(t)
	port := pipelinetest.SilentSMTP(t)
	cfg := pipelinetest.Config(t, dir, "100ms", fmt.Sprintf("smtp:\n  host: 127.0.0.1\n  port: %d\n  tls: none", port))
	drop := filepath.Join(dir, "drop")
	os.MkdirAll(drop, 0o755)
	d := pipelinetest.StartDaemon(t, bin, cfg)
	waitWatching(t, d)
	startDay := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	const n = 12
	for i := range n {
		data := pipelinetest.TRF(fmt.Sprintf("Graceful Open %d", i), "Torino", startDay, "102 Rossi, Mario")
		tmp := filepath.Join(drop, fmt.Sprintf(".g%d.tmp", i))
		os.WriteFile(tmp, data, 0o644)
		os.Rename(tmp, filepath.Join(drop, fmt.Sprintf("g%d.trf", i)))
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "omologa.db")+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	count := func(q string) int {
		var c int
		if err := db.QueryRow(q).Scan(&c); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return c
	}
	// SIGTERM once a notice is in flight (claimed, its server silent)
	// and every file is recorded.
	deadline := time.Now().Add(30 * time.Second)
	for count(`SELECT count(*) FROM notices WHERE claimed_at IS NOT NULL`) == 0 || count(`SELECT count(*) FROM submissions`) < n {
		if time.Now().After(deadline) {
			t.Fatalf("no notice in flight with every file recorded:\n%s", d.Logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := d.Stop(); err != nil {
		t.Fatalf("SIGTERM: %v\n%s", err, d.Logs())
	}
	logs := d.Logs()
	if !strings.Contains(logs, "omologa stopped") || !strings.Contains(logs, "notices being sent when stopped: released") {
		t.Errorf("the daemon does not say it stopped and released the notice in flight:\n%s", logs)
	}
	if strings.Contains(logs, "not judged") {
		t.Errorf("a judgement was cut short:\n%s", logs)
	}
	if c := count(`SELECT count(*) FROM notices WHERE claimed_at IS NOT NULL`); c != 0 {
		t.Errorf("%d notices still claimed after the stop", c)
	}
	judged := count(`SELECT count(*) FROM submissions WHERE state = 'judged'`)
	received := count(`SELECT count(*) FROM submissions WHERE state = 'received'`)
	if judged+received != n || count(`SELECT count(*) FROM notices`) != judged {
		t.Errorf("%d judged and %d waiting of %d, %d notices: something was lost", judged, received, n, count(`SELECT count(*) FROM notices`))
	}
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	lk, err := lock.Acquire(filepath.Join(dir, "omologa.db"), "test")
	if err != nil {
		t.Fatalf("the lock was not freed: %v", err)
	}
	lk.Release()
}
