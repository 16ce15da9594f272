package pipeline_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// switchMailer fails every send while down, else counts the sends.
type switchMailer struct {
	mu    sync.Mutex
	down  bool
	tries int
	sent  int
}

func (m *switchMailer) Send(context.Context, mailer.Envelope, []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tries++
	if m.down {
		return errors.New("421 service not available")
	}
	m.sent++
	return nil
}

// clock is a settable time for the pipeline.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// A notice whose fast attempts are spent is not given up: it is failing,
// retried slowly with its next attempt shown, given up only after
// SlowFor, and omologa resend puts it back (measured before: failed
// after max_attempts and never retried, not even after a restart).
func TestSpentAttemptsRetrySlowlyThenResend(t *testing.T) {
	m := &switchMailer{down: true}
	c := &clock{t: time.Now()}
	e := newEnv(t, func(o *pipeline.Options) {
		o.Mailer, o.Now = m, c.now
		o.RetryBase, o.RetryMax, o.MaxAttempts = time.Second, time.Second, 2
		o.SlowRetry, o.SlowFor = time.Hour, 7*24*time.Hour
	})
	ctx := context.Background()
	id, _, err := e.pipe.Record(ctx, dropSub("f.trf", pipelinetest.TRF("Open", "Pisa", recent())))
	if err != nil {
		t.Fatal(err)
	}
	notice := func() *store.NoticeStatus {
		t.Helper()
		st, err := e.store.Statuses(ctx, 1)
		if err != nil || len(st) != 1 || st[0].Notice == nil {
			t.Fatalf("status %+v %v", st, err)
		}
		return st[0].Notice
	}
	e.pipe.Drain(ctx)
	if n := notice(); n.Status != store.NoticePending || n.Attempts != 1 {
		t.Fatalf("after one attempt: %+v", n)
	}
	c.add(2 * time.Second)
	e.pipe.Drain(ctx)
	n := notice()
	if n.Status != store.NoticeFailing || !n.NextAttempt.Equal(c.now().Add(time.Hour)) || n.FailingSince.IsZero() {
		t.Fatalf("attempts spent: %+v, want failing with the next attempt in an hour", n)
	}
	if fs, err := e.store.FailingNotices(ctx); err != nil || len(fs) != 1 || fs[0].SubmissionID != id || fs[0].NextAttempt.IsZero() {
		t.Fatalf("failing notices %+v %v", fs, err)
	}
	// Not before its slow retry...
	c.add(30 * time.Minute)
	tries := m.tries
	e.pipe.Drain(ctx)
	if m.tries != tries {
		t.Fatal("a failing notice was retried before its slow retry")
	}
	// ...but at it, and after a restart too.
	c.add(31 * time.Minute)
	p2, err := pipeline.New(e.opts)
	if err != nil {
		t.Fatal(err)
	}
	p2.Drain(ctx)
	if m.tries != tries+1 || notice().Status != store.NoticeFailing {
		t.Fatalf("slow retry: tries %d→%d, %+v", tries, m.tries, notice())
	}
	// Given up after a week.
	c.add(8 * 24 * time.Hour)
	p2.Drain(ctx)
	if n := notice(); n.Status != store.NoticeFailed || !n.NextAttempt.IsZero() {
		t.Fatalf("after a week: %+v, want failed", n)
	}
	// The office puts it back once the server is up again.
	m.mu.Lock()
	m.down = false
	m.mu.Unlock()
	if err := p2.Resend(ctx, id); err != nil {
		t.Fatal(err)
	}
	p2.Drain(ctx)
	if n := notice(); n.Status != store.NoticeSent || m.sent != 1 {
		t.Fatalf("after resend: %+v, %d sent", n, m.sent)
	}
	var ne *store.NoticeError
	if err := p2.Resend(ctx, id); !errors.As(err, &ne) {
		t.Fatalf("resending a sent notice: %v", err)
	}
	if ids, err := p2.ResendFailed(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("resend --failed with none failed: %v %v", ids, err)
	}
}

// A mail server that accepts and never greets does not hold up judging
// (measured before: a file dropped 3 s after was judged 27 s later).
func TestSilentSMTPDoesNotBlockJudging(t *testing.T) {
	port := pipelinetest.SilentSMTP(t)
	m, err := mailer.NewSMTP(mailer.SMTPOptions{Host: "127.0.0.1", Port: port, TLS: "none", GreetingTimeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(o *pipeline.Options) { o.Mailer = m })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.pipe.Run(ctx); close(done) }()
	judged := func(want int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			c, _ := e.store.Counts(context.Background())
			if c["submissions."+store.StateJudged] == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d judged, want %d: judging waits for the mail server", c["submissions."+store.StateJudged], want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	e.pipe.Handle(ctx, dropSub("a.trf", pipelinetest.TRF("Silent A", "Pisa", recent())))
	judged(1)
	e.pipe.Handle(ctx, dropSub("b.trf", pipelinetest.TRF("Silent B", "Pisa", recent())))
	judged(2)
	cancel()
	<-done // the stuck greeting ends with the context
}

// A judgement that fails (the disk full) is retried with backoff, not
// only when another submission arrives (measured before: it stayed
// received until the next event or an hour).
func TestFailedJudgementRetried(t *testing.T) {
	e := newEnv(t, func(o *pipeline.Options) {
		o.JudgeRetryBase, o.JudgeRetryMax = 20*time.Millisecond, 100*time.Millisecond
		o.Poll = time.Hour // no polling: only the retry can judge it
	})
	db, err := sql.Open("sqlite", "file:"+filepath.Join(e.dir, "omologa.db")+"?_pragma=busy_timeout(10000)") // the pipeline writes meanwhile
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	full := `CREATE TRIGGER disk_full BEFORE INSERT ON verdicts BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`
	if _, err := db.Exec(full); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { e.pipe.Run(ctx); close(done) }()
	e.pipe.Handle(ctx, dropSub("d.trf", pipelinetest.TRF("Full Open", "Pisa", recent())))
	time.Sleep(200 * time.Millisecond)
	if c, _ := e.store.Counts(ctx); c["submissions."+store.StateReceived] != 1 {
		t.Fatalf("judged with the disk full? %v", c)
	}
	if _, err := db.Exec(`DROP TRIGGER disk_full`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, _ := e.store.Counts(ctx)
		if c["submissions."+store.StateJudged] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not judged again once the disk had room: %v", c)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
}

// After a crash between recording and archiving the store names an
// archive path not on disk (measured: 3 of 1,400 crash runs): start-up
// restores it from the bytes kept, so the record and the disk agree.
func TestReconcileArchiveRestoresMissingOriginal(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	archive := filepath.Join(e.dir, "spool", "archive")
	data := pipelinetest.TRF("Open", "Pisa", recent())
	s := dropSub("x.trf", data)
	s.Source = filepath.Join(archive, "20261123T100000.000000000Z-x.trf")
	if _, _, err := e.pipe.Record(ctx, s); err != nil {
		t.Fatal(err)
	}
	// An original of several of the store's chunks comes back whole.
	bigData := bytes.Repeat(data, (5<<19)/len(data)+1)
	big := dropSub("big.trf", bigData)
	big.Source = filepath.Join(archive, "20261123T100001.000000000Z-big.trf")
	if _, _, err := e.pipe.Record(ctx, big); err != nil {
		t.Fatal(err)
	}
	outside := dropSub("y.trf", []byte("012 Other"))
	outside.Source = filepath.Join(e.dir, "elsewhere", "y.trf")
	if _, _, err := e.pipe.Record(ctx, outside); err != nil {
		t.Fatal(err)
	}
	n, err := e.pipe.ReconcileArchive(ctx, archive)
	if err != nil || n != 2 {
		t.Fatalf("restored %d, %v; want 2", n, err)
	}
	if b, err := os.ReadFile(s.Source); err != nil || string(b) != string(data) {
		t.Fatalf("restored original: %v", err)
	}
	if b, err := os.ReadFile(big.Source); err != nil || !bytes.Equal(b, bigData) {
		t.Fatalf("restored large original: %d bytes of %d, %v", len(b), len(bigData), err)
	}
	if _, err := os.Stat(outside.Source); err == nil {
		t.Fatal("a source outside the archive was written")
	}
	if n, _ := e.pipe.ReconcileArchive(ctx, archive); n != 0 {
		t.Fatalf("restored again: %d", n)
	}
}
