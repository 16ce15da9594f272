package imap

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	goimap "github.com/emersion/go-imap/v2"

	"omologa/internal/intake/ingest"
	"omologa/internal/testkit/imaptest"
)

func message(n int) []byte {
	return []byte(strings.ReplaceAll(fmt.Sprintf(`From: arbitro%d@example.it
Subject: torneo %d
Message-ID: <m%d@example.it>
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: text/plain

Luogo: Roma
Data: 1 novembre 2026
--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=t%d.trf

012 Torneo %d
--B--
`, n, n, n, n, n), "\n", "\r\n"))
}

// collector is a Handler recording what it is given; fail makes it
// refuse (not record) the next calls.
type collector struct {
	mu   sync.Mutex
	got  []*ingest.Submission
	fail int
	ch   chan *ingest.Submission
	// inMemory counts the submissions handed over with bytes in memory
	// rather than in the spool.
	inMemory int
}

func newCollector() *collector { return &collector{ch: make(chan *ingest.Submission, 100)} }

func (c *collector) handle(_ context.Context, s *ingest.Submission) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail > 0 {
		c.fail--
		return errors.New("store unavailable")
	}
	spooled := s.Original.Spooled()
	for _, f := range s.Files {
		spooled = spooled && f.Content.Spooled()
	}
	if !spooled {
		c.inMemory++
	}
	// A copy in memory, as the store keeps its own: the spool files go
	// once the handler returns.
	s = memoryCopy(s)
	c.got = append(c.got, s)
	c.ch <- s
	return nil
}

// memoryCopy is a copy of s with its bytes in memory.
func memoryCopy(s *ingest.Submission) *ingest.Submission {
	c := *s
	c.Original = inMemory(s.Original)
	c.Files = nil
	for _, f := range s.Files {
		f.Content = inMemory(f.Content)
		c.Files = append(c.Files, f)
	}
	return &c
}

func inMemory(c ingest.Content) ingest.Content {
	if c.IsZero() {
		return c
	}
	b, err := c.ReadAll()
	if err != nil {
		panic(err) // the spool file is gone before the handler returned
	}
	return ingest.Bytes(b)
}

func (c *collector) next(t *testing.T) *ingest.Submission {
	t.Helper()
	select {
	case s := <-c.ch:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("no submission within 10 s")
		return nil
	}
}

func (c *collector) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.got)
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func watcher(t *testing.T, srv *imaptest.Server, o Options) *Watcher {
	t.Helper()
	o.Host, o.Port, o.TLS = srv.Host(), srv.Port(), "none"
	o.User, o.Password = imaptest.User, imaptest.Password
	o.Logger = quiet()
	if os.Getenv("IMAP_DEBUG") != "" {
		o.Debug = os.Stderr
	}
	if o.BackoffMin == 0 {
		o.BackoffMin, o.BackoffMax = 20*time.Millisecond, 200*time.Millisecond
	}
	if o.Spool == nil {
		// A real spool, empty once the test is over (checked after the
		// test's own deferred stop).
		dir := filepath.Join(t.TempDir(), "incoming")
		sp, err := ingest.NewSpool(dir)
		if err != nil {
			t.Fatal(err)
		}
		o.Spool = sp
		t.Cleanup(func() {
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Errorf("%d spool files left", len(ents))
			}
		})
	}
	w, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func run(t *testing.T, w *Watcher, h ingest.Handler) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx, h) }()
	return func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run = %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Run did not return after cancel")
		}
	}
}

func TestWatcher_TakesMovesAndIdles(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	at := time.Date(2026, 11, 20, 18, 4, 5, 0, time.UTC)
	imaptest.Append(t, c, "INBOX", message(1), at)
	imaptest.Append(t, c, "INBOX", message(2), at.Add(time.Minute))

	col := newCollector()
	stop := run(t, watcher(t, srv, Options{Processed: "Omologa/Processed"}), col.handle)
	defer stop()

	s1, s2 := col.next(t), col.next(t)
	if s1.MessageID != "m1@example.it" || s2.MessageID != "m2@example.it" {
		t.Errorf("order: %q %q", s1.MessageID, s2.MessageID)
	}
	if !s1.ReceivedAt.Equal(at) {
		t.Errorf("ReceivedAt = %v, want the INTERNALDATE %v", s1.ReceivedAt, at)
	}
	if s1.Channel != ingest.ChannelIMAP || !strings.HasPrefix(s1.Source, "INBOX/") || !strings.HasSuffix(s1.Source, "/1") {
		t.Errorf("channel %q source %q", s1.Channel, s1.Source)
	}
	if len(s1.Files) != 1 || s1.Files[0].Name != "t1.trf" || s1.Fields["venue"] != "Roma" {
		t.Errorf("parsed: files %+v fields %v", s1.Files, s1.Fields)
	}
	if b, _ := s1.Files[0].Content.ReadAll(); string(b) != "012 Torneo 1" {
		t.Errorf("attachment %q", b)
	}
	if b, _ := s1.Original.ReadAll(); string(b) != string(message(1)) {
		t.Errorf("original not kept as fetched: %d bytes, want %d", len(b), len(message(1)))
	}
	col.mu.Lock()
	if col.inMemory != 0 {
		t.Errorf("%d messages handed over in memory, not spooled", col.inMemory)
	}
	col.mu.Unlock()

	// Arriving while the watcher idles.
	imaptest.Append(t, c, "INBOX", message(3), at)
	if s := col.next(t); s.MessageID != "m3@example.it" {
		t.Errorf("idle: got %q", s.MessageID)
	}
	waitFor(t, func() bool {
		return imaptest.Count(t, c, "INBOX") == 0 && imaptest.Count(t, c, "Omologa/Processed") == 3
	})
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within 10 s")
}

// A message the handler could not record stays in the mailbox and is
// offered again after the backoff, never skipped.
func TestWatcher_HandlerFailureRetried(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", message(1), time.Now())

	col := newCollector()
	col.fail = 2
	stop := run(t, watcher(t, srv, Options{Processed: "Done"}), col.handle)
	defer stop()
	if s := col.next(t); s.MessageID != "m1@example.it" {
		t.Errorf("got %q", s.MessageID)
	}
	waitFor(t, func() bool { return imaptest.Count(t, c, "Done") == 1 })
	if n := col.count(); n != 1 {
		t.Errorf("recorded %d times", n)
	}
}

// With \Seen flagging (no processed folder) the messages stay; the
// persisted mark keeps a restart from taking them again.
func TestWatcher_RestartResumesFromState(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	state := &FileState{Path: filepath.Join(t.TempDir(), "imap.json")}
	for i := 1; i <= 3; i++ {
		imaptest.Append(t, c, "INBOX", message(i), time.Now())
	}
	col := newCollector()
	ctx := context.Background()
	if err := watcher(t, srv, Options{State: state}).Once(ctx, col.handle); err != nil {
		t.Fatal(err)
	}
	if err := watcher(t, srv, Options{State: state}).Once(ctx, col.handle); err != nil {
		t.Fatal(err)
	}
	if n := col.count(); n != 3 {
		t.Fatalf("taken %d, want 3", n)
	}
	imaptest.Append(t, c, "INBOX", message(4), time.Now())
	if err := watcher(t, srv, Options{State: state}).Once(ctx, col.handle); err != nil {
		t.Fatal(err)
	}
	if n := col.count(); n != 4 || col.got[3].MessageID != "m4@example.it" {
		t.Fatalf("after restart: %d taken", n)
	}
	if v, last, _ := state.Load(ctx, "INBOX"); v == 0 || last != 4 {
		t.Errorf("state = %d/%d", v, last)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := c.UIDSearch(&goimap.SearchCriteria{}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(data.AllUIDs()); n != 4 {
		t.Errorf("%d left in INBOX, want 4 flagged in place", n)
	}
}

// A state whose UIDVALIDITY differs from the server's is stale: the
// mailbox is read from the start.
func TestWatcher_UIDValidityChange(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", message(1), time.Now())
	state := &MemState{}
	state.Save(context.Background(), "INBOX", 999999, 50)
	col := newCollector()
	if err := watcher(t, srv, Options{State: state}).Once(context.Background(), col.handle); err != nil {
		t.Fatal(err)
	}
	if col.count() != 1 {
		t.Errorf("taken %d, want 1", col.count())
	}
}

func TestWatcher_ReconnectsWhenServerGoesAway(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	imaptest.Append(t, c, "INBOX", message(1), time.Now())
	c.Close()
	col := newCollector()
	stop := run(t, watcher(t, srv, Options{Processed: "Done"}), col.handle)
	defer stop()
	col.next(t)

	srv.Stop()
	time.Sleep(100 * time.Millisecond) // a few failed reconnections
	srv.Start()
	c = srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", message(2), time.Now())
	if s := col.next(t); s.MessageID != "m2@example.it" {
		t.Errorf("after reconnect got %q", s.MessageID)
	}
}

func TestWatcher_OversizedMessageTakenByHeader(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	big := append(message(1), []byte(strings.Repeat("x", 5000)+"\r\n")...)
	imaptest.Append(t, c, "INBOX", big, time.Now())
	col := newCollector()
	if err := watcher(t, srv, Options{MaxMessage: 1000}).Once(context.Background(), col.handle); err != nil {
		t.Fatal(err)
	}
	s := col.next(t)
	if s.Sender != "arbitro1@example.it" || len(s.Files) != 0 || s.Original.Size() > 1000 {
		t.Errorf("sender %q files %d raw %d", s.Sender, len(s.Files), s.Original.Size())
	}
	found := false
	for _, p := range s.Problems {
		found = found || strings.Contains(p, "troppo grande")
	}
	if !found {
		t.Errorf("problems = %q", s.Problems)
	}
}

func TestWatcher_CancelWhileConnecting(t *testing.T) {
	srv := imaptest.Start(t)
	srv.Stop()
	w := watcher(t, srv, Options{BackoffMin: time.Hour, BackoffMax: time.Hour})
	stop := run(t, w, newCollector().handle)
	time.Sleep(50 * time.Millisecond)
	stop()
}

func TestNew_Options(t *testing.T) {
	for _, o := range []Options{{}, {Host: "h", Port: 143, TLS: "none"}, {Host: "h", Port: 143, TLS: "ssl", User: "u"}} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
}

// The same intake against a real Dovecot (started privately on a free
// loopback port): MOVE, IDLE, UIDs as a production server gives them.
func TestWatcher_Dovecot(t *testing.T) {
	d := imaptest.StartDovecot(t)
	c := d.Client(t)
	defer c.Close()
	at := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	imaptest.Append(t, c, "INBOX", message(1), at)

	state := &FileState{Path: filepath.Join(t.TempDir(), "imap.json")}
	w, err := New(Options{Host: d.Host, Port: d.Port, TLS: "none", User: d.User, Password: d.Password,
		Processed: "Omologa", State: state, Logger: quiet(), BackoffMin: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	col := newCollector()
	stop := run(t, w, col.handle)
	s := col.next(t)
	if s.MessageID != "m1@example.it" || !s.ReceivedAt.Equal(at) || len(s.Files) != 1 {
		t.Errorf("got %q at %v with %d files", s.MessageID, s.ReceivedAt, len(s.Files))
	}
	imaptest.Append(t, c, "INBOX", message(2), at)
	if s := col.next(t); s.MessageID != "m2@example.it" {
		t.Errorf("idle: got %q", s.MessageID)
	}
	stop()

	// Restart: nothing again, then only the new one.
	imaptest.Append(t, c, "INBOX", message(3), at)
	if err := w.Once(context.Background(), col.handle); err != nil {
		t.Fatal(err)
	}
	if n := col.count(); n != 3 || col.got[2].MessageID != "m3@example.it" {
		t.Errorf("after restart: %d taken", n)
	}
	waitFor(t, func() bool { return imaptest.Count(t, c, "INBOX") == 0 && imaptest.Count(t, c, "Omologa") == 3 })
}

func TestWatcher_TLSModes(t *testing.T) {
	for _, tc := range []struct {
		mode     string
		implicit bool
	}{{"starttls", false}, {"implicit", true}} {
		t.Run(tc.mode, func(t *testing.T) {
			srv := imaptest.StartTLS(t, tc.implicit)
			c := srv.Client()
			defer c.Close()
			imaptest.Append(t, c, "INBOX", message(1), time.Now())
			w, err := New(Options{Host: srv.Host(), Port: srv.Port(), TLS: tc.mode, User: imaptest.User,
				Password: imaptest.Password, InsecureSkipVerify: true, Logger: quiet()})
			if err != nil {
				t.Fatal(err)
			}
			col := newCollector()
			if err := w.Once(context.Background(), col.handle); err != nil {
				t.Fatal(err)
			}
			if col.count() != 1 {
				t.Errorf("taken %d", col.count())
			}
			// Without skipping verification the self-signed certificate
			// is refused.
			w, _ = New(Options{Host: srv.Host(), Port: srv.Port(), TLS: tc.mode, User: imaptest.User,
				Password: imaptest.Password, Logger: quiet()})
			if err := w.Once(context.Background(), col.handle); err == nil {
				t.Error("self-signed certificate accepted")
			}
		})
	}
}

// A spool that fails (disk full, its folder gone) records nothing: the
// message stays in the mailbox and is taken once the spool works again.
func TestWatcher_SpoolFailureRetried(t *testing.T) {
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", message(1), time.Now())
	dir := filepath.Join(t.TempDir(), "incoming")
	sp, err := ingest.NewSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
	col := newCollector()
	stop := sync.OnceFunc(run(t, watcher(t, srv, Options{Processed: "Done", Spool: sp}), col.handle))
	defer stop()
	time.Sleep(300 * time.Millisecond) // several sessions
	if n := col.count(); n != 0 {
		t.Fatalf("%d recorded with the spool failing", n)
	}
	os.MkdirAll(dir, 0o700)
	if s := col.next(t); s.MessageID != "m1@example.it" || len(s.Files) != 1 {
		t.Errorf("got %q with %d files", s.MessageID, len(s.Files))
	}
	waitFor(t, func() bool { return imaptest.Count(t, c, "Done") == 1 })
	stop()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d spool files left", len(ents))
	}
}
