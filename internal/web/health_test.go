package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/testkit/pipelinetest"
)

// healthServer is the application over an empty office, in a daemon
// whose vitals the test sets.
func healthServer(t *testing.T, extra ...string) (*Server, *office.Office, *office.Vitals) {
	t.Helper()
	dir := t.TempDir()
	cfg, err := config.Load(pipelinetest.Config(t, dir, "100ms", extra...))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	o, err := office.OpenWith(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	v := &office.Vitals{}
	srv, err := New(Options{Office: o, Accounts: accounts.New(o.Store, time.Hour, nil), Log: log, Vitals: v})
	if err != nil {
		t.Fatal(err)
	}
	return srv, o, v
}

func do(h http.Handler, path, remote string, header ...string) (int, string) {
	r := httptest.NewRequest("GET", path, nil)
	r.RemoteAddr = remote
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	b, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(b)
}

// Issue 32: /healthz and /readyz answer without login, from anywhere;
// /readyz names each check, and fails while the delivery loop or the
// mailbox is down.
func TestHealthAndReadiness(t *testing.T) {
	srv, o, v := healthServer(t)
	h := srv.Handler()
	if code, body := do(h, "/healthz", "192.0.2.7:4000"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	code, body := do(h, "/readyz", "192.0.2.7:4000")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "ok store\n") || !strings.Contains(body, "FAIL delivery: the delivery loop is not running") ||
		!strings.Contains(body, "ok disk\n") || strings.Contains(body, "imap") {
		t.Errorf("/readyz before the delivery loop runs: %d\n%s", code, body)
	}
	v.Delivering(true, o.Now())
	if code, body := do(h, "/readyz", "192.0.2.7:4000"); code != 200 {
		t.Errorf("/readyz with the loop running: %d\n%s", code, body)
	}
	v.WatchesIMAP()
	if code, body := do(h, "/readyz", "192.0.2.7:4000"); code != 503 || !strings.Contains(body, "FAIL imap: the mailbox is not connected") {
		t.Errorf("/readyz with the mailbox down: %d\n%s", code, body)
	}
	v.IMAPConnected(true)
	if code, body := do(h, "/readyz", "192.0.2.7:4000"); code != 200 || !strings.Contains(body, "ok imap") {
		t.Errorf("/readyz with the mailbox up: %d\n%s", code, body)
	}
	// A loop that has not passed for long is stuck.
	v.Delivering(true, o.Now().Add(-time.Hour))
	if code, body := do(h, "/readyz", "192.0.2.7:4000"); code != 503 || !strings.Contains(body, "FAIL delivery: no delivery pass for 1h0m0s") {
		t.Errorf("/readyz with a stuck loop: %d\n%s", code, body)
	}
}

// Issue 32: a disk fuller than the threshold is not ready.
func TestReadinessDisk(t *testing.T) {
	srv, _, _ := healthServer(t, "metrics:\n  ready_disk_free_percent: 99")
	if code, body := do(srv.Handler(), "/readyz", "127.0.0.1:1"); code != 503 || !strings.Contains(body, "FAIL disk: ") || !strings.Contains(body, "under 99%") {
		t.Errorf("/readyz: %d\n%s", code, body)
	}
}

// Issue 32: /metrics in the Prometheus text format, from loopback; from
// elsewhere (or through a proxy on the machine) only with the token.
func TestMetrics(t *testing.T) {
	dir := t.TempDir()
	tok := filepath.Join(dir, "token")
	os.WriteFile(tok, []byte("s3cret-token\n"), 0o600)
	srv, o, v := healthServer(t, "metrics:\n  token_file: "+tok)
	h := srv.Handler()
	ctx := context.Background()
	o.Store.RecordBackup(ctx, office.BackupRecord{StartedAt: time.Unix(1796000000, 0), FinishedAt: time.Unix(1796000005, 0), Path: "/b/x.db", Bytes: 4096, OK: true})
	v.Delivering(true, o.Now())
	v.WatchesIMAP()
	v.IMAPConnected(true)
	v.IMAPPolled(time.Unix(1796000100, 0))
	v.Judged(30 * time.Millisecond)
	v.Judged(2 * time.Second)
	// A wrong password is counted.
	r := httptest.NewRequest("POST", "/login", strings.NewReader("name=nobody&password=wrong"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusUnauthorized {
		t.Errorf("a wrong login: %d", w.Code)
	}
	code, body := do(h, "/metrics", "127.0.0.1:5555")
	if code != 200 {
		t.Fatalf("/metrics from loopback: %d\n%s", code, body)
	}
	for _, want := range []string{
		`omologa_submissions{state="received"} 0`,
		`omologa_notices{status="failing"} 0`,
		`omologa_notices{status="failed"} 0`,
		`omologa_notices{status="pending"} 0`,
		"omologa_imap_connected 1",
		"omologa_imap_last_poll_timestamp_seconds 1.7960001e+09",
		"omologa_delivery_running 1",
		"omologa_backup_last_success_timestamp_seconds 1.796e+09",
		"omologa_backup_last_success_bytes 4096",
		"omologa_backup_last_failed 0",
		"omologa_store_bytes ",
		"omologa_disk_free_bytes ",
		"omologa_login_failures_total 1",
		"omologa_portal_uploads_total 0",
		`omologa_judgement_duration_seconds_bucket{le="0.05"} 1`,
		`omologa_judgement_duration_seconds_bucket{le="2.5"} 2`,
		"omologa_judgement_duration_seconds_count 2",
		"# TYPE omologa_judgement_duration_seconds histogram",
		"go_goroutines ",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	for _, tc := range []struct {
		name, remote string
		header       []string
		want         int
	}{
		{"another machine", "192.0.2.7:4000", nil, 401},
		{"another machine, a wrong token", "192.0.2.7:4000", []string{"Authorization", "Bearer nope"}, 401},
		{"another machine, the token", "192.0.2.7:4000", []string{"Authorization", "Bearer s3cret-token"}, 200},
		{"a reverse proxy on the machine", "127.0.0.1:4000", []string{"X-Forwarded-For", "192.0.2.7"}, 401},
		{"IPv6 loopback", "[::1]:4000", nil, 200},
	} {
		if code, _ := do(h, "/metrics", tc.remote, tc.header...); code != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, code, tc.want)
		}
	}
}

// Issue 32: an empty or missing token file is an error at start, not a
// door left open.
func TestMetricsTokenFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, []byte("\n"), 0o600)
	for _, f := range []string{empty, filepath.Join(dir, "missing")} {
		cfg, err := config.Load(pipelinetest.Config(t, t.TempDir(), "100ms", "metrics:\n  token_file: "+f))
		if err != nil {
			t.Fatal(err)
		}
		o, err := office.OpenWith(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		_, err = New(Options{Office: o, Accounts: accounts.New(o.Store, time.Hour, nil)})
		o.Close()
		if err == nil || !strings.Contains(err.Error(), "metrics.token_file") {
			t.Errorf("%s: %v", f, err)
		}
	}
}
