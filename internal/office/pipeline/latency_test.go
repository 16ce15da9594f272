package pipeline_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"omologa/internal/intake/ingest"
	"omologa/internal/testkit/pipelinetest"

	"github.com/fsnotify/fsnotify"
)

// watching runs a drop folder and the pipeline until the test ends, and
// returns the drop folder and a watcher on the outbox.
func watching(tb testing.TB, e *env) (drop string, outbox *fsnotify.Watcher) {
	tb.Helper()
	drop = filepath.Join(e.dir, "drop")
	d, err := ingest.NewDrop(ingest.DropOptions{Folder: drop, Archive: filepath.Join(e.dir, "spool", "archive"),
		Rejected: filepath.Join(e.dir, "spool", "rejected"), Settle: time.Hour, Logger: quiet})
	if err != nil {
		tb.Fatal(err)
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		tb.Fatal(err)
	}
	if err := w.Add(e.outbox); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); e.pipe.Run(ctx) }()
	go func() { defer wg.Done(); d.Run(ctx, e.pipe.Handle) }()
	tb.Cleanup(func() { cancel(); wg.Wait(); w.Close() })
	<-d.Watching()
	return drop, w
}

// dropFile writes a file into the drop folder the way a well-behaved
// client does: a temporary name, then a rename.
func dropFile(tb testing.TB, dir, name string, data []byte) {
	tmp := filepath.Join(dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		tb.Fatal(err)
	}
}

func awaitNotice(tb testing.TB, w *fsnotify.Watcher) {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-w.Events:
			// The outbox renames a temporary file into place.
			if ev.Has(fsnotify.Create) && filepath.Ext(ev.Name) == ".eml" && filepath.Base(ev.Name)[0] != '.' {
				return
			}
		case err := <-w.Errors:
			tb.Fatal(err)
		case <-timeout:
			tb.Fatal("no notice in the outbox")
		}
	}
}

func TestDropFolderToOutbox(t *testing.T) {
	e := newEnv(t, nil)
	drop, w := watching(t, e)
	dropFile(t, drop, "open.trf", pipelinetest.TRF("Open", "Como", recent(), "102 Rossi, Mario"))
	awaitNotice(t, w)
	// The notice is marked sent just after the file appears.
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, _ := e.store.Statuses(context.Background(), 0)
		if len(st) == 1 && st[0].Notice != nil && st[0].Notice.Status == "sent" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%+v", st)
		}
		time.Sleep(5 * time.Millisecond)
	}
	es, _ := os.ReadDir(filepath.Join(e.dir, "spool", "archive"))
	if len(es) != 1 {
		t.Fatalf("archive holds %d files", len(es))
	}
}

// BenchmarkDropToOutbox measures intake latency: a file renamed into the
// drop folder until its notice is in the outbox (recorded, read, judged,
// composed, saved and delivered, each state change committed to SQLite
// with synchronous=FULL). The target is under 200 ms.
func BenchmarkDropToOutbox(b *testing.B) {
	e := newEnv(b, nil)
	drop, w := watching(b, e)
	start := recent()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		dropFile(b, drop, fmt.Sprintf("t%d.trf", i), pipelinetest.TRF(fmt.Sprintf("Open %d", i), "Como", start, "102 Rossi, Mario"))
		awaitNotice(b, w)
	}
}
