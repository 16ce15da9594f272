package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// omologa backup while `omologa watch` takes files in and answers them;
// omologa restore refused over the daemon's store, then into a fresh
// folder: every submission, verdict, notice and file of the backup is
// there as the daemon's store has it.
func TestBackupWhileWatchAndRestore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it for several seconds")
	}
	dir := t.TempDir()
	bin := pipelinetest.BuildBinary(t)
	cfg := pipelinetest.Config(t, dir, "100ms")
	drop := filepath.Join(dir, "drop")
	os.MkdirAll(drop, 0o755)
	d := pipelinetest.StartDaemon(t, bin, cfg)
	startDay := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	put := func(i int) {
		tmp := filepath.Join(drop, fmt.Sprintf(".b%d.tmp", i))
		os.WriteFile(tmp, pipelinetest.TRF(fmt.Sprintf("Backup Open %d", i), "Torino", startDay, "102 Rossi, Mario"), 0o644)
		os.Rename(tmp, filepath.Join(drop, fmt.Sprintf("b%d.trf", i)))
	}
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range 10 {
		put(i)
	}
	waitSent(t, st, 5, "", "before the backup")
	// Under load: files keep arriving while the backup is written.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 10; i < 25; i++ {
			put(i)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	backup := filepath.Join(t.TempDir(), "omologa-backup.db")
	code, out, errs := runCmd(t, "backup", "--config", cfg, "--json", backup)
	var inv store.Inventory
	if err := json.Unmarshal([]byte(out), &inv); code != exitOK || err != nil || inv.Submissions < 5 {
		t.Fatalf("backup: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	<-done
	waitSent(t, st, 25, drop, "after the backup")

	// Refused over the store the daemon holds.
	code, _, errs = runCmd(t, "restore", "--config", cfg, backup)
	if code != exitUsage || !strings.Contains(errs, "omologa watch") || !strings.Contains(errs, "in use") {
		t.Errorf("restore over the daemon's store: exit %d\n%s", code, errs)
	}
	if err := d.Stop(); err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}

	fresh := t.TempDir()
	cfg2 := pipelinetest.Config(t, fresh, "100ms")
	code, out, errs = runCmd(t, "restore", "--config", cfg2, backup)
	if code != exitOK || !strings.Contains(out, fmt.Sprintf("%d submissions", inv.Submissions)) || !strings.Contains(out, "SHA-256 checked") {
		t.Fatalf("restore: exit %d\n%s\n%s", code, out, errs)
	}
	status := func(cfg string) map[int64]store.Status {
		code, out, errs := runCmd(t, "status", "--config", cfg, "--json")
		var rows []store.Status
		if err := json.Unmarshal([]byte(out), &rows); code != exitOK || err != nil {
			t.Fatalf("status: exit %d, %v\n%s", code, err, errs)
		}
		m := map[int64]store.Status{}
		for _, r := range rows {
			m[r.ID] = r
		}
		return m
	}
	live, restored := status(cfg), status(cfg2)
	if len(restored) != inv.Submissions || len(live) != 25 {
		t.Fatalf("%d submissions restored (backup: %d), %d live", len(restored), inv.Submissions, len(live))
	}
	for id, r := range restored {
		l := live[id]
		if r.Source != l.Source || r.Sender != l.Sender || len(r.Files) != len(l.Files) || !r.ReceivedAt.Equal(l.ReceivedAt) {
			t.Errorf("submission %d: restored %+v, live %+v", id, r, l)
			continue
		}
		for i := range r.Files {
			rf, lf := r.Files[i], l.Files[i]
			if rf.SHA256 != lf.SHA256 || rf.Size != lf.Size || rf.Name != lf.Name {
				t.Errorf("submission %d file %d: restored %+v, live %+v", id, i, rf, lf)
			}
			// A verdict in the backup is the verdict the store has (the
			// tournament's name is its latest version's: it moves on).
			if rf.Verdict != "" && (rf.Verdict != lf.Verdict || rf.Errors != lf.Errors || rf.Warnings != lf.Warnings) {
				t.Errorf("submission %d: verdict %s (%q) restored, %s (%q) live", id, rf.Verdict, rf.Tournament, lf.Verdict, lf.Tournament)
			}
		}
		if r.Notice != nil && (l.Notice == nil || r.Notice.MessageID != l.Notice.MessageID || r.Notice.Subject != l.Notice.Subject) {
			t.Errorf("submission %d: notice %+v restored, %+v live", id, r.Notice, l.Notice)
		}
	}
}
