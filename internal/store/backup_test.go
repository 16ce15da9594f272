package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"omologa/internal/intake/ingest"
	"omologa/internal/store/lock"
)

// load writes the store as a daemon would until stop is closed: each
// submission recorded (an original and a file, 1.5 MiB for one in ten, so
// that its bytes span chunks), then judged with a verdict and a notice,
// the notice sent; a rating list now and then; a register imported.
func load(t *testing.T, s *Store, stop <-chan struct{}, n *atomic.Int64) {
	ctx := context.Background()
	if err := s.SaveRegister(ctx, "calendar", "calendar.csv", []byte("code,name\nX1,Open\n"), 1, t0); err != nil {
		t.Error(err)
		return
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		body := []byte(fmt.Sprintf("012 Torneo %d\n", i))
		if i%10 == 3 {
			body = append(body, make([]byte, 3<<19)...)
		}
		raw := append([]byte(fmt.Sprintf("Message-ID: <m%d@x>\r\n\r\n", i)), body...)
		id, _, err := s.Record(ctx, &ingest.Submission{Channel: ingest.ChannelIMAP, Message: true, Sender: "a@example.org",
			MessageID: fmt.Sprintf("m%d@x", i), ReceivedAt: t0, Original: ingest.Bytes(raw),
			Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(body)}}}, t0)
		if err != nil {
			t.Error(err)
			return
		}
		sub, err := s.Load(ctx, id)
		if err != nil {
			t.Error(err)
			return
		}
		err = s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged, Verdicts: []Verdict{{FileID: sub.Files[0].ID,
			TournamentKey: fmt.Sprintf("torneo %d|2026-03-01|", i), Name: fmt.Sprintf("Torneo %d", i), Verdict: "accepted", Format: "trf16"}},
			Notice: &NewNotice{Kind: "receipt", From: "o@x", To: []string{"a@example.org"}, Subject: "ricevuta",
				MessageID: fmt.Sprintf("omologa.%d@x", id), Message: []byte("Subject: ricevuta\r\n\r\nok")}}, t0)
		if err != nil {
			t.Error(err)
			return
		}
		ns, err := s.DueNotices(ctx, t0.Add(time.Hour))
		if err != nil {
			t.Error(err)
			return
		}
		for _, nt := range ns {
			s.Claim(ctx, nt.ID, t0)
			s.Sent(ctx, nt.ID, t0)
		}
		if i%7 == 0 {
			if _, err := s.SaveRatingList(ctx, &RatingList{Kind: "standard", Period: fmt.Sprintf("p%04d", i), Issue: "2027-01-01",
				Cutoff: "2026-12-31", List: []byte("fsi_id\n1\n"), Rows: 1, Report: []byte("{}")}, false, t0); err != nil {
				t.Error(err)
				return
			}
		}
		n.Add(1)
	}
}

// A backup taken while the store is written is a consistent snapshot;
// restored into a fresh folder it holds every submission, file, verdict,
// notice, list and register of that snapshot as the store had them.
func TestBackupUnderLoadAndRestore(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	stop := make(chan struct{})
	var n atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); load(t, s, stop, &n) }()
	for n.Load() < 15 {
		time.Sleep(5 * time.Millisecond)
	}
	backup := filepath.Join(t.TempDir(), "omologa-backup.db")
	inv, err := s.Backup(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	for base := n.Load(); n.Load() < base+5; {
		time.Sleep(5 * time.Millisecond) // the load goes on after the backup
	}
	close(stop)
	wg.Wait()
	t.Logf("backup: %+v; %d submissions in the store at the end", inv, n.Load())
	if inv.Submissions == 0 || inv.Blobs == 0 || inv.Lists == 0 || inv.Registers != 1 {
		t.Fatalf("backup inventory %+v", inv)
	}
	if _, err := s.Backup(ctx, backup); err == nil {
		t.Error("a backup overwrote an existing file")
	}

	fresh := filepath.Join(t.TempDir(), "restored", "omologa.db")
	rinv, err := Restore(ctx, backup, fresh, t0)
	if err != nil {
		t.Fatal(err)
	}
	if rinv.Submissions != inv.Submissions || rinv.Blobs != inv.Blobs || rinv.Notices != inv.Notices || rinv.Previous != "" {
		t.Errorf("restored %+v, backed up %+v", rinv, inv)
	}
	r, err := Open(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// Consistent: every judged submission of the snapshot with its
	// verdict and notice (written in one transaction with its state).
	var judged int
	r.db.QueryRow(`SELECT count(*) FROM submissions WHERE state = ?`, StateJudged).Scan(&judged)
	for _, table := range []string{"verdicts", "notices"} {
		var c int
		r.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&c)
		if c != judged || judged < inv.Submissions-1 {
			t.Errorf("%d %s restored for %d judged submissions of %d", c, table, judged, inv.Submissions)
		}
	}
	// Every row restored is the store's own: submissions with their
	// original's bytes, files with theirs, verdicts, notices (sent), lists
	// and the register.
	for _, q := range []string{
		`SELECT id, channel, sender, message_id, content_hash, raw_blob, message, received_at FROM submissions ORDER BY id`,
		`SELECT id, state, note FROM submissions WHERE state <> 'received' ORDER BY id`,
		`SELECT id, submission_id, name, hash, size FROM files ORDER BY id`,
		`SELECT file_id, tournament_key, verdict, format FROM verdicts ORDER BY file_id`,
		`SELECT id, submission_id, message_id, message, env_to FROM notices ORDER BY id`,
		`SELECT id, status, smtp_progress FROM notices WHERE status = 'sent' ORDER BY id`,
		`SELECT id, kind, period, list, rows FROM rating_lists ORDER BY id`,
		`SELECT kind, name, data FROM registers ORDER BY kind`,
		`SELECT key, seq, data FROM blobs ORDER BY key, seq`,
	} {
		got := dump(t, r.db, q, nil)
		want := dump(t, s.db, q, ids(got))
		if got != want {
			t.Errorf("%s: restored rows differ from the store's", q)
		}
	}
	for id := int64(1); id <= int64(inv.Submissions); id++ {
		a, _ := rawString(r, id)
		b, _ := rawString(s, id)
		if a != b || a == "" {
			t.Errorf("submission %d: original %d bytes restored, %d in the store", id, len(a), len(b))
		}
	}
}

func rawString(s *Store, id int64) (string, error) {
	rc, err := s.OpenRaw(context.Background(), id)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	var b strings.Builder
	_, err = io.Copy(&b, rc)
	return b.String(), err
}

// dump renders the rows of q, only those whose first column is in keep
// when keep is given (the rows of the snapshot, in the live store).
func dump(t *testing.T, db *sql.DB, q string, keep map[string]bool) string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%v", vals)
		if keep != nil && !keep[fmt.Sprint(vals[0])] {
			continue
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// ids are the first columns of a dump's rows.
func ids(dump string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(dump), "\n") {
		if f := strings.Fields(strings.TrimPrefix(l, "[")); len(f) > 0 {
			out[strings.TrimSuffix(f[0], "]")] = true
		}
	}
	return out
}

// Restore refuses a store held by a daemon, and a damaged backup; over
// an existing store it keeps that store beside it.
func TestRestoreRefusesAndKeeps(t *testing.T) {
	s, path := open(t)
	ctx := context.Background()
	if _, _, err := s.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: t0, Original: ingest.Bytes([]byte("012 A")),
		Files: []ingest.File{{Name: "a.trf", Content: ingest.Bytes([]byte("012 A"))}}}, t0); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "b.db")
	if _, err := s.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	lk, err := lock.Acquire(path, lock.RoleDaemon)
	if err != nil {
		t.Fatal(err)
	}
	var held *lock.HeldError
	if _, err := Restore(ctx, backup, path, t0); !errors.As(err, &held) || !strings.Contains(err.Error(), "omologa watch") {
		t.Errorf("restore over a daemon's store: %v", err)
	}
	lk.Release()
	inv, err := Restore(ctx, backup, path, t0)
	if err != nil {
		t.Fatal(err)
	}
	if inv.Previous == "" || inv.Submissions != 1 {
		t.Errorf("restore over a store: %+v", inv)
	}
	if _, err := Verify(ctx, inv.Previous); err != nil {
		t.Errorf("the store replaced was not kept: %v", err)
	}

	// A backup whose file bytes were changed does not check.
	bad := filepath.Join(t.TempDir(), "bad.db")
	if _, err := s.Backup(ctx, bad); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE blobs SET data = X'00' WHERE key = ?`, Hash([]byte("012 A"))); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var ie *IntegrityError
	if _, err := Restore(ctx, bad, filepath.Join(t.TempDir(), "x.db"), t0); !errors.As(err, &ie) || !strings.Contains(err.Error(), "other bytes") {
		t.Errorf("a damaged backup: %v", err)
	}
	// Not a store at all.
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte("not a database"), 0o644)
	if _, err := Restore(ctx, junk, filepath.Join(t.TempDir(), "y.db"), t0); err == nil {
		t.Error("restored a file that is not a store")
	}
}
