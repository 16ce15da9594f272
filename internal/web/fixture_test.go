package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/store"
)

// fixture is the web application over a store filled from the demo's
// samples (received on the day they were written for), plus one e-mail
// from an unknown sender, quarantined; with a clerk, an officer and an
// admin.
type fixture struct {
	o   *office.Office
	srv *Server
	ts  *httptest.Server
	dir string
	eml []byte // the quarantined e-mail as received
}

// The fixture's accounts; each password is the name and "-password".
var fixtureUsers = map[string]office.Role{"clerk": office.Clerk, "officer": office.Officer, "admin": office.Admin,
	"victim": office.Clerk}

func password(name string) string { return name + "-password" }

// samplesReceived is when the samples count as received; officeDay is
// when the office works on them.
var (
	samplesReceived = time.Date(2026, 11, 23, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	officeDay       = time.Date(2026, 11, 28, 10, 0, 0, 0, time.FixedZone("CET", 3600))
)

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	yaml := fmt.Sprintf(`drop:
  folder: drop
spool: spool
store:
  path: omologa.db
outbox: outbox
rules: %[1]s/rules.yaml
registers:
  players: %[1]s/samples/registers/players.csv
  arbiters: %[1]s/samples/registers/arbiters.csv
  calendar: %[1]s/samples/registers/calendar.csv
notices:
  from: omologazioni@federscacchi.example
  office: omologazioni@federscacchi.example
allowed_senders:
  enabled: true
  authenticate: false
web:
  listen: 127.0.0.1:0
`, root)
	cfgPath := filepath.Join(dir, "omologa.yaml")
	if err := os.WriteFile(cfgPath, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cfg.Drop.Folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"samples/drop", "samples/mail"} {
		es, err := os.ReadDir(filepath.Join(root, src))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			b, err := os.ReadFile(filepath.Join(root, src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(cfg.Drop.Folder, e.Name()), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// An e-mail from someone who is neither arbiter nor organiser.
	eml, err := os.ReadFile(filepath.Join(root, "samples/mail/open_novara_2026.eml"))
	if err != nil {
		t.Fatal(err)
	}
	eml = bytes.Replace(eml, []byte("Marco Ferretti <marco.ferretti@arbitri.example>"), []byte("Ignoto <ignoto@esempio.example>"), 1)
	eml = bytes.Replace(eml, []byte("<a1b2c3d4.19112026@arbitri.example>"), []byte("<ignoto.1@esempio.example>"), 1)

	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o, err := office.OpenWith(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	pipe, err := office.NewPipeline(ctx, cfg, o.Rules, o.Store, log)
	if err != nil {
		t.Fatal(err)
	}
	o.Pipeline = pipe
	// The office works on 28 November 2026: the rapid list of December
	// (cut-off 25 November) may be closed, the standard one of January
	// not yet.
	o.Now = func() time.Time { return officeDay }
	drop, err := ingest.NewDrop(ingest.DropOptions{Folder: cfg.Drop.Folder, Archive: cfg.ArchiveDir(), Rejected: cfg.RejectedDir(),
		Logger: log, ReceivedAt: func(string) (time.Time, bool) { return samplesReceived, true },
		Message: func(orig ingest.Content, at time.Time) (*ingest.Submission, error) {
			return email.Read(orig, at, email.DefaultLimits, nil)
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := drop.Once(ctx, pipe.Handle); err != nil {
		t.Fatal(err)
	}
	// The unknown sender's e-mail comes by IMAP, the channel quarantined.
	sub, err := email.ParseWithLimits(eml, samplesReceived, email.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := pipe.Handle(ctx, sub); err != nil {
		t.Fatal(err)
	}
	if _, err := pipe.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	// The rapid list of November 2026, closed: the players' history then
	// has a point before the list the tests close.
	if _, err := o.ListRun(ctx, office.CLIActor(), office.ListRunRequest{Kind: "rapid", Period: "2026-11",
		Out: filepath.Join(dir, "publish")}); err != nil {
		t.Fatal(err)
	}
	for name, role := range fixtureUsers {
		if err := o.AddUser(ctx, office.CLIActor(), name, role, password(name)); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := New(Options{Office: o, Accounts: accounts.New(o.Store, time.Hour, slowClock()), Web: cfg.Web, Log: log,
		Now: func() time.Time { return officeDay }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &fixture{o: o, srv: srv, ts: ts, dir: dir, eml: eml}
}

// quarantined returns the id of the quarantined submission.
func (f *fixture) quarantined(t testing.TB) int64 {
	t.Helper()
	rows, _, err := f.o.Store.BrowseSubmissions(context.Background(), store.SubmissionFilter{State: store.StateQuarantined}, 0, 10)
	if err != nil || len(rows) == 0 {
		t.Fatalf("no quarantined submission (%v)", err)
	}
	return rows[0].ID
}

// accepted returns the id of an accepted submission with rated players:
// the rapid of Vercelli.
func (f *fixture) accepted(t testing.TB) int64 {
	t.Helper()
	rows, _, err := f.o.Store.BrowseSubmissions(context.Background(),
		store.SubmissionFilter{Verdict: "accepted", Text: "vercelli"}, 0, 10)
	if err != nil || len(rows) == 0 {
		t.Fatalf("no accepted submission (%v)", err)
	}
	return rows[0].ID
}

// client is a logged-in HTTP client (no redirects followed, so that a
// test sees them).
func (f *fixture) client(t testing.TB, name string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if name == "" {
		return c
	}
	resp, err := c.PostForm(f.ts.URL+"/login", url.Values{"name": {name}, "password": {password(name)}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("login %s: %s", name, resp.Status)
	}
	return c
}

func get(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func post(t testing.TB, c *http.Client, u string, form url.Values, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// slowClock is the logins' clock in the tests: it moves a thousand
// times slower than the wall clock, so that the throttle's back-off (a
// second after the free attempts) outlasts the next attempt however slow
// the machine (under -race a bcrypt takes seconds, and a real second
// would let the next guess through), while sessions still see time pass.
func slowClock() func() time.Time {
	start := time.Now()
	return func() time.Time { return start.Add(time.Since(start) / 1000) }
}
