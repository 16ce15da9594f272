package daemon

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/office"
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

// Files given on the command line are taken the drop folder's way, each
// recorded once: one sent again is a repeat of the first, one that cannot
// be read is said by its name and the others are still taken.
func TestIngest(t *testing.T) {
	ctx := context.Background()
	cfg := load(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.trf")
	start := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	if err := os.WriteFile(good, pipelinetest.TRF("Open di Prova", "Siena", start, "102 Rossi, Mario", `122 90'+30"`), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.trf")
	a, err := Open(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	taken, err := a.Ingest(ctx, []string{good, missing, good})
	if err != nil {
		t.Fatal(err)
	}
	if len(taken) != 3 {
		t.Fatalf("%d taken, want 3: %+v", len(taken), taken)
	}
	first, lost, again := taken[0], taken[1], taken[2]
	if first.Err != nil || first.ID == 0 || first.Repeat {
		t.Errorf("the file: %+v, want recorded", first)
	}
	if lost.Err == nil || lost.ID != 0 || !strings.Contains(lost.Err.Error(), missing) {
		t.Errorf("a missing file: %+v, want an error naming it", lost)
	}
	if again.Err != nil || again.ID != first.ID || !again.Repeat {
		t.Errorf("the file again: %+v, want a repeat of submission %d", again, first.ID)
	}
}

// The web application the daemon serves carries the portal with the
// bounds of omologa.yaml's portal section.
func TestWebPortalBounds(t *testing.T) {
	ctx := context.Background()
	cfg, err := config.Load(pipelinetest.Config(t, t.TempDir(), "100ms",
		"web:\n  listen: 127.0.0.1:0\n  session: 3h\nportal:\n  link_lifetime: 45m\n  links_per_hour: 2\n  uploads_per_hour: 7\n  max_upload_bytes: 65536\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, done, err := OpenOffice(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	opt := webOptions(o, cfg.Web, slog.New(slog.DiscardHandler))
	if opt.Portal == nil {
		t.Fatal("no portal in the web application's options")
	}
	want := office.PortalOptions{LinkValid: 45 * time.Minute, Session: 3 * time.Hour, MaxLinks: 2, MaxUploads: 7, MaxBytes: 65536,
		Judging: 2, JudgeWait: 15 * time.Second} // the judging slots: their defaults
	if got := opt.Portal.Options(); got != want {
		t.Errorf("the portal's bounds %+v, want %+v", got, want)
	}
}
