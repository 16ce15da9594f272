package imap

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"log/slog"

	"omologa/internal/testkit/imaptest"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// After repeated outages the backoff starts afresh at every successful
// login, however short the connection (measured before: it reset only
// after a connection had lasted 10 minutes, so after repeated outages
// the daemon reconnected 67.6 s after Dovecot came back).
func TestWatcher_BackoffResetsAfterLogin(t *testing.T) {
	srv := imaptest.Start(t)
	var logs syncBuffer
	w, err := New(Options{Host: srv.Host(), Port: srv.Port(), TLS: "none", User: imaptest.User, Password: imaptest.Password,
		BackoffMin: 20 * time.Millisecond, BackoffMax: 100 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatal(err)
	}
	stop := run(t, w, newCollector().handle)
	connected := func(n int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for strings.Count(logs.String(), "imap connected") < n {
			if time.Now().After(deadline) {
				t.Fatalf("not connected %d times:\n%s", n, logs.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	connected(1)
	for i := 2; i <= 4; i++ {
		srv.Stop()
		time.Sleep(300 * time.Millisecond) // several failures: the backoff reaches its cap
		srv.Start()
		connected(i)
	}
	srv.Stop()
	time.Sleep(50 * time.Millisecond)
	stop()
	// Each end of a session that had logged in is followed by the
	// shortest wait.
	lines := strings.Split(logs.String(), "\n")
	re := regexp.MustCompile(`reconnecting.* in=(\S+)`)
	after, checked := false, 0
	for _, l := range lines {
		if strings.Contains(l, "imap connected") {
			after = true
			continue
		}
		if m := re.FindStringSubmatch(l); m != nil {
			if after {
				checked++
				if m[1] != "20ms" {
					t.Errorf("first wait after a login was %s, want 20ms: %s", m[1], l)
				}
			}
			after = false
		}
	}
	if checked < 4 {
		t.Fatalf("%d sessions checked, want 4:\n%s", checked, logs.String())
	}
	if !strings.Contains(logs.String(), "in=100ms") {
		t.Error("the backoff never reached its cap during the outages")
	}
}

// The default cap lets messages waiting when the server returns be
// taken within 5 s.
func TestWatcher_DefaultBackoffCap(t *testing.T) {
	w, err := New(Options{Host: "127.0.0.1", Port: 143, TLS: "none", User: "u"})
	if err != nil {
		t.Fatal(err)
	}
	if w.o.BackoffMax >= 5*time.Second {
		t.Errorf("default backoff cap %v: a message waiting when the server returns may wait longer than 5 s", w.o.BackoffMax)
	}
}
