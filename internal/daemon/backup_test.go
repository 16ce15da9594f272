package daemon

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// Issue 32: omologa watch makes the scheduled backup at the configured
// minute of the office's clock (pinned here by clock:, two seconds
// before it), verified and recorded; none before.
func TestScheduledBackupAtTheMinute(t *testing.T) {
	dir := t.TempDir()
	cfg, err := config.Load(pipelinetest.Config(t, dir, "100ms",
		"clock: \"2026-12-07T02:29:58+01:00\"\nbackup:\n  at: \"02:30\"\n  folder: backups\n  keep_daily: 2"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := Start(ctx, cfg, slog.New(slog.DiscardHandler), false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, io.Discard) }()
	st := d.app.Office.Queries()
	if b, _ := st.BackupState(ctx); b.Last != nil {
		t.Fatalf("a backup before its time: %+v", b.Last)
	}
	deadline := time.Now().Add(20 * time.Second)
	var last *store.BackupRecord
	for last == nil {
		if time.Now().After(deadline) {
			t.Fatal("no backup at 02:30")
		}
		time.Sleep(50 * time.Millisecond)
		b, err := st.BackupState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last = b.Last
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !last.OK || filepath.Base(last.Path) != "omologa-20261207-0230.db" || last.StartedAt.Before(time.Date(2026, 12, 7, 1, 30, 0, 0, time.UTC)) {
		t.Fatalf("backup %+v", last)
	}
	if _, err := store.Verify(context.Background(), last.Path); err != nil {
		t.Fatal(err)
	}
	if v := d.app.Vitals.Now(); v.Delivery {
		t.Error("the delivery loop still counts as running after the stop")
	}
}
