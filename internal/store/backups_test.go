package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// Issue 32: backups are recorded done or failed; the latest failure is
// what the work queue shows until a later backup succeeds; rotated
// copies are no longer kept.
func TestBackupRecords(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if b, err := st.BackupState(ctx); err != nil || b.Last != nil || b.LastOK != nil || b.Failing() {
		t.Fatalf("empty store: %+v %v", b, err)
	}
	day := time.Date(2026, 12, 1, 1, 30, 0, 0, time.UTC)
	ok1, _ := st.RecordBackup(ctx, BackupRecord{StartedAt: day, FinishedAt: day.Add(time.Second), Path: "/b/1.db", Bytes: 100, OK: true})
	bad, _ := st.RecordBackup(ctx, BackupRecord{StartedAt: day.AddDate(0, 0, 1), FinishedAt: day.AddDate(0, 0, 1), Error: "disk full"})
	b, err := st.BackupState(ctx)
	if err != nil || !b.Failing() || b.Last.ID != bad || b.LastOK.ID != ok1 || b.LastOK.Bytes != 100 {
		t.Fatalf("after a failure: %+v %+v %v", b.Last, b.LastOK, err)
	}
	if err := st.BackupAlerted(ctx, bad, day.AddDate(0, 0, 1)); err != nil {
		t.Fatal(err)
	}
	ok2, _ := st.RecordBackup(ctx, BackupRecord{StartedAt: day.AddDate(0, 0, 2), FinishedAt: day.AddDate(0, 0, 2), Path: "/b/2.db", Bytes: 200, OK: true, Copied: true})
	if b, _ := st.BackupState(ctx); b.Failing() || b.Last.ID != ok2 || !b.Last.Copied {
		t.Fatalf("after a later success: %+v", b.Last)
	}
	if err := st.BackupRemoved(ctx, "/b/1.db", day.AddDate(0, 0, 2)); err != nil {
		t.Fatal(err)
	}
	kept, err := st.KeptBackups(ctx)
	if err != nil || len(kept) != 1 || kept[0].ID != ok2 {
		t.Fatalf("kept %+v %v", kept, err)
	}
	all, _ := st.Backups(ctx, 10)
	if len(all) != 3 || all[0].ID != ok2 || all[1].AlertedAt.IsZero() || all[2].RemovedAt.IsZero() {
		t.Fatalf("backups %+v", all)
	}
	if n, err := st.Size(ctx); err != nil || n <= 0 {
		t.Fatalf("size %d %v", n, err)
	}
}
