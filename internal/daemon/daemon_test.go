package daemon

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/store"
	"omologa/internal/store/lock"
	"omologa/internal/testkit/pipelinetest"
)

func load(t *testing.T) *config.Config {
	t.Helper()
	dir := t.TempDir()
	cfg, err := config.Load(pipelinetest.Config(t, dir, "100ms"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// One daemon per store: a second is refused; a one-shot command (OneShot)
// finds the daemon there and only writes the store.
func TestOneDaemonPerStore(t *testing.T) {
	ctx := context.Background()
	cfg := load(t)
	log := slog.New(slog.DiscardHandler)
	d, err := Start(ctx, cfg, log, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var held *lock.HeldError
	if _, err := Start(ctx, cfg, log, false); !errors.As(err, &held) {
		t.Fatalf("a second daemon: %v, want a *lock.HeldError", err)
	}
	a, daemonRuns, done, err := OneShot(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if !daemonRuns || a.Store == nil {
		t.Errorf("one-shot beside a daemon: daemon %v", daemonRuns)
	}
	o, done2, err := OpenOffice(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer done2()
	if !o.DaemonElsewhere {
		t.Error("the office beside a daemon must leave judging and delivery to it")
	}
}

// Once takes what the drop folder holds, judges it and answers; a file
// is recorded once.
func TestOnce(t *testing.T) {
	ctx := context.Background()
	cfg := load(t)
	if err := os.MkdirAll(cfg.Drop.Folder, 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now().AddDate(0, 0, -3).Format("2006/01/02")
	if err := os.WriteFile(filepath.Join(cfg.Drop.Folder, "open.trf"), pipelinetest.TRF("Open di Prova", "Lecce", start), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(cfg.Drop.Folder, "open.trf"), old, old)
	d, err := Start(ctx, cfg, slog.New(slog.DiscardHandler), true)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Once(ctx, func(err error) { t.Errorf("intake failed: %v", err) }); err != nil {
		t.Fatal(err)
	}
	d.Close()
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := st.Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if c["submissions."+store.StateJudged] != 1 {
		t.Errorf("counts after one pass: %v, want one submission judged", c)
	}
}
