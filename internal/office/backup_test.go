package office

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
)

var rome, _ = time.LoadLocation("Europe/Rome")

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, rome)
	if err != nil {
		panic(err)
	}
	return t
}

// Issue 32: when the next backup is due, at 02:30 in Rome.
func TestNextBackup(t *testing.T) {
	since := at("2026-12-07 01:00")
	ok := func(s string) *BackupRecord { return &BackupRecord{StartedAt: at(s), OK: true} }
	failed := func(s string) *BackupRecord { return &BackupRecord{StartedAt: at(s)} }
	for _, tc := range []struct {
		name  string
		now   string
		since time.Time
		last  *BackupRecord
		want  string
	}{
		{"a new office waits for its first time", "2026-12-07 01:10", since, nil, "2026-12-07 02:30"},
		{"a new office started after the time: tomorrow", "2026-12-07 09:00", at("2026-12-07 08:00"), nil, "2026-12-08 02:30"},
		{"the time came while running", "2026-12-07 02:30", since, nil, "2026-12-07 02:30"},
		{"done today: tomorrow", "2026-12-07 02:31", since, ok("2026-12-07 02:30"), "2026-12-08 02:30"},
		{"missed while the daemon was down: at once", "2026-12-07 09:00", since, ok("2026-12-05 02:30"), "2026-12-07 02:30"},
		{"failed: an hour later", "2026-12-07 02:40", since, failed("2026-12-07 02:30"), "2026-12-07 03:30"},
		{"failed late in the day: the retry, not past tomorrow's time", "2026-12-07 23:50", since, failed("2026-12-07 23:40"), "2026-12-08 00:40"},
		{"the last day of March (summer time begins at 02:00)", "2026-03-29 01:00", since, ok("2026-03-28 02:30"), "2026-03-29 03:30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := NextBackup(at(tc.now), tc.since, tc.last, 2, 30, rome)
			if !got.Equal(at(tc.want)) {
				t.Errorf("next %s, want %s", got.In(rome).Format("2006-01-02 15:04"), tc.want)
			}
		})
	}
}

// Issue 32: keep the newest copy of each of the latest N days and the
// first of each of the latest M months.
func TestRotateBackups(t *testing.T) {
	var kept []BackupRecord // newest first
	id := int64(100)
	for d := at("2026-12-07 02:30"); !d.Before(at("2026-09-28 02:30")); d = d.AddDate(0, 0, -1) {
		kept = append(kept, BackupRecord{ID: id, StartedAt: d, OK: true})
		id--
	}
	// A second copy on the latest day: the newer stays.
	kept = append([]BackupRecord{{ID: 101, StartedAt: at("2026-12-07 14:00"), OK: true}}, kept...)
	remove := RotateBackups(kept, 3, 2, rome)
	gone := map[string]bool{}
	for _, b := range remove {
		gone[b.StartedAt.In(rome).Format("2006-01-02 15:04")] = true
	}
	for _, tc := range []struct {
		day  string
		kept bool
	}{
		{"2026-12-07 14:00", true}, {"2026-12-07 02:30", false}, {"2026-12-06 02:30", true}, {"2026-12-05 02:30", true},
		{"2026-12-04 02:30", false}, {"2026-12-01 02:30", true}, {"2026-11-30 02:30", false}, {"2026-11-01 02:30", true},
		{"2026-10-01 02:30", false}, {"2026-09-28 02:30", false},
	} {
		if gone[tc.day] == tc.kept {
			t.Errorf("%s kept %v, want %v", tc.day, !gone[tc.day], tc.kept)
		}
	}
	if n := len(kept) - len(remove); n != 5 {
		t.Errorf("%d kept, want 5 (3 days, 2 months)", n)
	}
	if r := RotateBackups(kept, 3, 0, rome); len(kept)-len(r) != 3 {
		t.Errorf("no monthly: %d kept", len(kept)-len(r))
	}
}

// Issue 32: a scheduled backup is written, verified, copied off by the
// command, recorded and rotated; one whose command fails is recorded as
// failed, e-mailed to the office once, and stays the latest failure
// until a later one succeeds.
func TestScheduledBackup(t *testing.T) {
	dir := t.TempDir()
	copies := filepath.Join(dir, "offsite")
	os.MkdirAll(copies, 0o755)
	script := filepath.Join(dir, "copy.sh")
	os.WriteFile(script, []byte("#!/bin/sh\n[ -f \"$1\" ] && [ \"$1\" = \"$OMOLOGA_BACKUP\" ] && cp \"$1\" "+copies+"/ && echo copied\n"), 0o755)
	o := open(t, dir, "backup:\n  at: \"02:30\"\n  folder: backups\n  keep_daily: 2\n  keep_monthly: 0\n  command: [\""+script+"\"]")
	ctx := context.Background()
	now := at("2026-12-05 02:30")
	o.Now = func() time.Time { return now }
	for range 3 {
		rec, err := o.ScheduledBackup(ctx)
		if err != nil || !rec.OK || !rec.Copied || rec.Bytes == 0 {
			t.Fatalf("backup %+v %v", rec, err)
		}
		if _, err := store.Verify(ctx, rec.Path); err != nil {
			t.Fatal(err)
		}
		if filepath.Base(rec.Path) != BackupName(now, rome) {
			t.Errorf("copy %s", rec.Path)
		}
		now = now.AddDate(0, 0, 1)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "backups", "*.db"))
	if len(left) != 2 || !strings.HasSuffix(left[0], "omologa-20261206-0230.db") {
		t.Errorf("after rotation: %v", left)
	}
	if off, _ := filepath.Glob(filepath.Join(copies, "*.db")); len(off) != 3 {
		t.Errorf("copied off: %v", off)
	}

	// The command fails: a failed backup, the office told once.
	os.WriteFile(script, []byte("#!/bin/sh\necho 'remote: permission denied' >&2\nexit 3\n"), 0o755)
	rec, err := o.ScheduledBackup(ctx)
	if err != nil || rec.OK || !strings.Contains(rec.Error, "permission denied") {
		t.Fatalf("failed backup %+v %v", rec, err)
	}
	st, _ := o.Queries().BackupState(ctx)
	if !st.Failing() || st.Last.AlertedAt.IsZero() || st.LastOK == nil {
		t.Fatalf("state %+v", st)
	}
	mails, _ := filepath.Glob(filepath.Join(dir, "outbox", "*.eml"))
	var alert string
	for _, m := range mails {
		b, _ := os.ReadFile(m)
		if strings.Contains(string(b), "backup-failed") {
			alert = string(b)
		}
	}
	for _, want := range []string{"To: <ufficio@federscacchi.example>", "Auto-Submitted: auto-generated", "08/12/2026 02:30", "permission denied", "07/12/2026 02:30", "alle 03:30"} {
		if !strings.Contains(alert, want) {
			t.Errorf("alert lacks %q:\n%s", want, alert)
		}
	}
	if err := o.AlertBackup(ctx, *st.Last); err != nil {
		t.Fatal(err)
	}
	if again, _ := filepath.Glob(filepath.Join(dir, "outbox", "*.eml")); len(again) != len(mails) {
		t.Error("the alert was sent twice")
	}
	// A later one succeeds: no longer failing.
	os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755)
	now = now.Add(time.Hour)
	if rec, err := o.ScheduledBackup(ctx); err != nil || !rec.OK {
		t.Fatalf("%+v %v", rec, err)
	}
	if st, _ := o.Queries().BackupState(ctx); st.Failing() {
		t.Error("still failing after a success")
	}
}

// Issue 32: a backup cut short by the stop is no failure: nothing is
// recorded nor e-mailed, no copy is left, and its time stays due.
func TestScheduledBackupStopped(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "slow.sh")
	os.WriteFile(script, []byte("#!/bin/sh\nexec sleep 30\n"), 0o755)
	o := open(t, dir, "backup:\n  at: \"02:30\"\n  folder: backups\n  command: [\""+script+"\"]")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			if m, _ := filepath.Glob(filepath.Join(dir, "backups", "*.db")); len(m) > 0 {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	if _, err := o.ScheduledBackup(ctx); err == nil {
		t.Fatal("no error from a backup stopped")
	}
	if st, _ := o.Queries().BackupState(context.Background()); st.Last != nil {
		t.Errorf("recorded: %+v", st.Last)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "backups", "*.db")); len(m) != 0 {
		t.Errorf("copies left: %v", m)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "outbox", "*.eml")); len(m) != 0 {
		t.Errorf("the office was told: %v", m)
	}
}
