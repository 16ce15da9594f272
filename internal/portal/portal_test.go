package portal_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/store"
	"omologa/internal/testkit/browsertest"
	"omologa/internal/web"
)

var (
	cet             = time.FixedZone("CET", 3600)
	samplesReceived = time.Date(2026, 11, 23, 10, 0, 0, 0, cet)
)

// The people of the tests, from samples/registers.
const (
	casadei  = "mirko.casadei@arbitri.example"       // arbiter of the Rimini open in the calendar (AR)
	ferretti = "marco.ferretti@arbitri.example"      // another arbiter (Novara)
	unknown  = "ignoto@esempio.example"              // in no register
	rimini   = "scacchirimini@scacchirimini.example" // the Rimini organiser
)

// fixture is the office's web application, portal included, over a
// store holding the demo's drop folder (received on the day the samples
// were written for), with a clock the test moves.
type fixture struct {
	o      *office.Office
	srv    *web.Server
	ts     *httptest.Server
	outbox string
	root   string
	mu     sync.Mutex
	now    time.Time
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) set(t time.Time) {
	f.mu.Lock()
	f.now = t
	f.mu.Unlock()
}

func newFixture(t testing.TB) *fixture { t.Helper(); return newFixtureWith(t, "") }

// newFixtureWith is newFixture with more of omologa.yaml (a portal
// section).
func newFixtureWith(t testing.TB, more string) *fixture {
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
web:
  listen: 127.0.0.1:0
  session: 2000h
`, root) + more
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
	es, err := os.ReadDir(filepath.Join(root, "samples/drop"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		b, err := os.ReadFile(filepath.Join(root, "samples/drop", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cfg.Drop.Folder, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o, err := office.OpenWith(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	f := &fixture{o: o, outbox: cfg.Outbox, root: root, now: samplesReceived}
	pipe, err := office.NewPipeline(ctx, cfg, o.Rules, o.Store, log)
	if err != nil {
		t.Fatal(err)
	}
	o.Pipeline = pipe
	o.Now = f.clock
	drop, err := ingest.NewDrop(ingest.DropOptions{Folder: cfg.Drop.Folder, Archive: cfg.ArchiveDir(), Rejected: cfg.RejectedDir(),
		Logger: log, ReceivedAt: func(string) (time.Time, bool) { return samplesReceived, true }})
	if err != nil {
		t.Fatal(err)
	}
	if err := drop.Once(ctx, pipe.Handle); err != nil {
		t.Fatal(err)
	}
	if _, err := pipe.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if err := o.AddUser(ctx, office.CLIActor(), "admin", office.Admin, "admin-password"); err != nil {
		t.Fatal(err)
	}
	// The arbiters use the portal on the afternoon of the same day.
	f.set(time.Date(2026, 11, 23, 15, 0, 0, 0, cet))
	f.srv, err = web.New(web.Options{Office: o, Accounts: accounts.New(o.Store, time.Hour, f.clock), Web: cfg.Web, Log: log, Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	f.ts = httptest.NewServer(f.srv.Handler())
	t.Cleanup(f.ts.Close)
	return f
}

var linkRE = regexp.MustCompile(`http://[^\s]+/portale/accesso/[A-Za-z0-9_-]+`)

// messages returns the outbox's messages.
func (f *fixture) messages(t testing.TB) []string {
	t.Helper()
	f.srv.Portal().Portal().Wait()
	es, err := os.ReadDir(f.outbox)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		b, err := os.ReadFile(filepath.Join(f.outbox, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

const linkKind = "X-Omologa-Kind: portal-link"

// links returns the sign-in links the outbox holds for an address.
func (f *fixture) links(t testing.TB, to string) []string {
	t.Helper()
	var out []string
	for _, body := range f.linkTexts(t, to) {
		out = append(out, linkRE.FindString(body))
	}
	return out
}

// linkTexts returns the texts of the sign-in messages the outbox holds
// for an address.
func (f *fixture) linkTexts(t testing.TB, to string) []string {
	t.Helper()
	var out []string
	for _, m := range f.messages(t) {
		if !strings.Contains(m, linkKind) || !strings.Contains(m, "<"+to+">") {
			continue
		}
		msg, err := mail.ReadMessage(strings.NewReader(m))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(body))
	}
	return out
}

// notices returns the outbox's notices (not links) to an address.
func (f *fixture) notices(t *testing.T, to string) []string {
	t.Helper()
	var out []string
	for _, m := range f.messages(t) {
		if !strings.Contains(m, linkKind) && strings.Contains(m, to) {
			out = append(out, m)
		}
	}
	return out
}

// browser is the tests' one headless Chromium (testkit/browsertest), in
// Italian, with the portal's sign-in.
type browser struct{ *browsertest.Browser }

func newBrowser(t *testing.T, base string) *browser {
	return &browser{browsertest.New(t, base, browsertest.Options{Lang: "it-IT", Life: 3 * time.Minute,
		Step: 20 * time.Second, ShotPrefix: "portal-"})}
}

// click clicks a button that loads another page, waiting for marker.
func (b *browser) click(t *testing.T, button, marker string) {
	t.Helper()
	b.Submit(t, "click "+button, button, marker)
}

// askLink asks for a link for an address and returns the page's text.
func (b *browser) askLink(t *testing.T, email string) string {
	t.Helper()
	b.Open(t, "/portale/entra")
	b.Do(t, "type the address", chromedp.SetValue(chromedp.CSS("#email"), email))
	b.click(t, "#ask", "#asked")
	return b.Text(t, "main")
}

func (b *browser) signIn(t *testing.T, f *fixture, email string) {
	t.Helper()
	b.askLink(t, email)
	links := f.links(t, email)
	if len(links) == 0 {
		t.Fatalf("no sign-in link in the outbox for %s", email)
	}
	b.Open(t, links[len(links)-1])
	b.click(t, "#enter", "#tournaments, main p.note")
}

func (b *browser) signOut(t *testing.T) {
	t.Helper()
	b.click(t, `form[action="/portale/esci"] button`, "#ask")
}

func TestBrowserPortal(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.ts.URL)
	riminiFile := filepath.Join(f.root, "samples/drop/open_ognissanti_rimini.trf")
	corrected, err := filepath.Abs("testdata/open_ognissanti_rimini_corretto.trf")
	if err != nil {
		t.Fatal(err)
	}
	var link string
	var asked string

	t.Run("an arbiter asks for a link, an unknown address gets none", func(t *testing.T) {
		b.Open(t, "/portale/")
		b.Shot(t, "sign-in")
		asked = b.askLink(t, casadei)
		b.Shot(t, "link-asked")
		links := f.links(t, casadei)
		if len(links) != 1 || links[0] == "" {
			t.Fatalf("links for %s in the outbox: %q", casadei, links)
		}
		link = links[0]
		if got := b.askLink(t, unknown); got != asked {
			t.Errorf("the page for an unknown address differs:\n%s\n---\n%s", got, asked)
		}
		if l := f.links(t, unknown); len(l) != 0 {
			t.Errorf("an unknown address got a link: %q", l)
		}
	})

	t.Run("the link signs in once", func(t *testing.T) {
		b.Open(t, link)
		b.Shot(t, "link")
		b.click(t, "#enter", "#tournaments")
		if who := b.Text(t, "#who"); !strings.Contains(who, "Casadei Mirko") {
			t.Errorf("signed in as %q", who)
		}
		if got := b.Text(t, "#tournaments"); !strings.Contains(got, "Open di Ognissanti") || strings.Contains(got, "Novara") {
			t.Errorf("the arbiter's tournaments: %q", got)
		}
		b.Shot(t, "home")
		b.Open(t, link)
		b.click(t, "#enter", "#error")
		if got := b.Text(t, "#error"); !strings.Contains(got, "già stato usato") {
			t.Errorf("a second use of the link says %q", got)
		}
		b.Shot(t, "link-used")
	})

	t.Run("pre-check of the Rimini file shows its seven errors", func(t *testing.T) {
		b.Open(t, "/portale/verifica")
		b.Shot(t, "check-form")
		b.Do(t, "choose the file", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{riminiFile}))
		b.click(t, "#check", "#result")
		if n := b.Count(t, "#findings tr.sev-error"); n != 7 {
			t.Errorf("the pre-check shows %d errors, want 7: %s", n, b.Text(t, "#findings"))
		}
		if v := b.Text(t, "#verdict"); !strings.Contains(v, "sarebbe respinto") || !strings.Contains(v, "7 errori") {
			t.Errorf("the verdict says %q", v)
		}
		for _, want := range []string{"RTF 5.3.1 a", "RTF 6.2.2", "giocatore", "3,5"} {
			if !strings.Contains(b.Text(t, "main"), want) {
				t.Errorf("the pre-check page lacks %q", want)
			}
		}
		b.Shot(t, "check-rimini")
		// Nothing stored, nothing the office sees.
		if ids, err := f.o.Store.SubmissionsBy(context.Background(), casadei); err != nil || len(ids) != 0 {
			t.Errorf("the pre-check stored submissions %v (%v)", ids, err)
		}
	})

	var subID string
	t.Run("the correction is checked and submitted from the tournament's page", func(t *testing.T) {
		b.Open(t, "/portale/")
		b.Do(t, "open the tournament", chromedp.Click(chromedp.CSS(`#tournaments a`)), chromedp.WaitVisible(chromedp.CSS("#versions")))
		b.Shot(t, "tournament-before")
		b.Do(t, "choose the corrected file", chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{corrected}))
		b.click(t, "#check", "#result")
		if v := b.Text(t, "#verdict"); !strings.Contains(v, "sarebbe omologato") {
			t.Errorf("the corrected file: %q", v)
		}
		// The body fields of RAPID 5.2 are proposed: the venue and the
		// organiser from the calendar, the dates and the arbiter from
		// the file; the arbiter confirms them as they are.
		for sel, want := range map[string]string{"#f-venue": "Rimini", "#f-organiser": "A.S.D. Scacchi Rimini",
			"#f-arbiter": "Esposito Gennaro", "#f-date": "dal 31/10/2026 al 15/11/2026"} {
			if v, err := chromedp.Run(b.Ctx, chromedp.Value(chromedp.CSS(sel))); err != nil || v != want {
				t.Errorf("%s proposed: %q (%v), want %q", sel, v, err, want)
			}
		}
		if n := b.Count(t, "#findings tr"); n != 0 {
			t.Errorf("the corrected file has %d errors or warnings: %s", n, b.Text(t, "#findings"))
		}
		b.Shot(t, "check-corrected")
		b.click(t, "#submit", "#sent")
		if v := b.Text(t, "#file-verdict"); v != "omologato" {
			t.Errorf("the submission's verdict: %q", v)
		}
		if n := b.Text(t, "#notice"); !strings.Contains(n, "Open di Ognissanti") {
			t.Errorf("the notice shown: %q", n)
		}
		if l := b.Text(t, "#list"); !strings.Contains(l, "Elo Italia di gennaio 2027") {
			t.Errorf("the list: %q", l)
		}
		loc, _ := chromedp.Run(b.Ctx, chromedp.Location())
		u, _ := url.Parse(loc)
		subID = strings.TrimPrefix(u.Path, "/portale/invii/")
		b.Shot(t, "submitted")
		if ns := f.notices(t, casadei); len(ns) != 1 || !strings.Contains(ns[0], "Open di Ognissanti") {
			t.Errorf("notices e-mailed to the arbiter: %d", len(ns))
		}
		// The receipt is the upload time, the submission the portal's.
		sts, err := f.o.Store.StatusesOf(context.Background(), mustID(t, subID))
		if err != nil || len(sts) != 1 || sts[0].Channel != "portal" || !sts[0].ReceivedAt.Equal(time.Date(2026, 11, 23, 15, 0, 0, 0, cet)) {
			t.Errorf("the submission recorded: %+v (%v)", sts, err)
		}
	})

	t.Run("the tournament counted in its list", func(t *testing.T) {
		// The office closes the standard list of January 2027.
		f.set(time.Date(2026, 12, 28, 10, 0, 0, 0, cet))
		if _, err := f.o.ListRun(context.Background(), office.CLIActor(), office.ListRunRequest{Kind: "standard", Period: "2027-01",
			Out: t.TempDir()}); err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/portale/")
		if got := b.Text(t, "#tournaments"); !strings.Contains(got, "contato nella lista Elo Italia di gennaio 2027") {
			t.Errorf("the tournaments: %q", got)
		}
		b.Shot(t, "home-counted")
		b.Do(t, "open the tournament", chromedp.Click(chromedp.CSS(`#tournaments a`)), chromedp.WaitVisible(chromedp.CSS("#versions")))
		if got := b.Text(t, "#versions"); !strings.Contains(got, "in vigore") || !strings.Contains(got, "dal portale") {
			t.Errorf("the versions: %q", got)
		}
		b.Shot(t, "tournament-after")
		b.Open(t, "/portale/password")
		b.Shot(t, "password")
	})

	t.Run("another arbiter sees nothing of it", func(t *testing.T) {
		b.signOut(t)
		b.signIn(t, f, ferretti)
		if got := b.Text(t, "main"); strings.Contains(got, "Ognissanti") || !strings.Contains(got, "Novara") {
			t.Errorf("another arbiter's tournaments: %q", got)
		}
		b.Shot(t, "other-home")
		b.Open(t, "/portale/invii/"+subID)
		if got := b.Text(t, "#error"); !strings.Contains(got, "non trovato") {
			t.Errorf("another arbiter opening the submission: %q", got)
		}
		b.Shot(t, "other-denied")
	})

	t.Run("the office disables a portal account", func(t *testing.T) {
		b.Open(t, "/login")
		b.Do(t, "log in", chromedp.SetValue(chromedp.CSS("#name"), "admin"), chromedp.SetValue(chromedp.CSS("#password"), "admin-password"))
		b.click(t, "#login", "nav.site")
		b.Open(t, "/users/portal")
		if got := b.Text(t, "#portal-accounts"); !strings.Contains(got, casadei) || !strings.Contains(got, ferretti) {
			t.Errorf("the portal accounts: %q", got)
		}
		b.Shot(t, "office-portal-accounts")
		b.Open(t, "/audit")
		if got := b.Text(t, "main"); !strings.Contains(got, "portale: invio") {
			t.Errorf("the audit trail lacks the portal's submission: %q", got)
		}
		b.Shot(t, "office-audit")
		if err := f.o.SetPortalDisabled(context.Background(), office.CLIActor(), ferretti, true); err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/portale/")
		if loc, _ := chromedp.Run(b.Ctx, chromedp.Location()); !strings.HasSuffix(loc, "/portale/entra") {
			t.Errorf("a disabled account's session still opens %s", loc)
		}
	})
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	var id int64
	if _, err := fmt.Sscan(s, &id); err != nil {
		t.Fatalf("submission id %q: %v", s, err)
	}
	return id
}

// TestPortalHTTP checks what a browser test cannot: the link bound to
// the browser that asked, cross-site posts refused, the audit trail.
func TestPortalHTTP(t *testing.T) {
	f := newFixture(t)
	client := func() *http.Client {
		jar, _ := cookiejar.New(nil)
		return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	asker, other := client(), client()
	resp, err := asker.PostForm(f.ts.URL+"/portale/entra", url.Values{"email": {casadei}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	links := f.links(t, casadei)
	if len(links) != 1 {
		t.Fatalf("links: %q", links)
	}
	// Another browser cannot use the link; the right one still can.
	resp, err = other.PostForm(links[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(body), "stesso browser") {
		t.Errorf("the link from another browser: %s %s", resp.Status, body)
	}
	resp, err = asker.PostForm(links[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/portale/" {
		t.Errorf("the link from the asking browser: %s", resp.Status)
	}
	// A cross-site post is refused by the application's protection.
	req, _ := http.NewRequest(http.MethodPost, f.ts.URL+"/portale/entra", strings.NewReader("email="+url.QueryEscape(casadei)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err = asker.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site post: %s", resp.Status)
	}
	// A request naming another host gets no link pointing there.
	req, _ = http.NewRequest(http.MethodPost, f.ts.URL+"/portale/entra", strings.NewReader("email="+url.QueryEscape(ferretti)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Host = "evil.example"
	resp, err = asker.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || len(f.links(t, ferretti)) != 0 {
		t.Errorf("a link asked through another host: %s, %q", resp.Status, f.links(t, ferretti))
	}
	// The links sent are bounded per address and hour.
	for range 10 {
		resp, err := asker.PostForm(f.ts.URL+"/portale/entra", url.Values{"email": {casadei}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if n := len(f.links(t, casadei)); n != 5 {
		t.Errorf("links sent in an hour: %d, want 5", n)
	}
	// Every act in the audit trail, with where from.
	es, err := f.o.Audit(context.Background(), store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, e := range es {
		if e.Via == office.PortalVia {
			acts = append(acts, e.Action+" "+e.User+" "+e.Details)
		}
	}
	if len(acts) != 6 || !strings.Contains(strings.Join(acts, "\n"), "portal-sign-in "+casadei+" signed in with a one-time link from 127.0.0.1") {
		t.Errorf("the portal's audit trail:\n%s", strings.Join(acts, "\n"))
	}
}

// TestPortalTrust: the portal takes only the person's own tournaments,
// holds a file that would replace another sender's for the office (as
// an authenticated e-mail), and bounds uploads in size and rate.
func TestPortalTrust(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	p := f.srv.Portal().Portal()
	per, ok, err := p.Person(ctx, ferretti)
	if err != nil || !ok {
		t.Fatalf("Ferretti is not a person of the registers: %v", err)
	}
	if _, ok, _ := p.Person(ctx, unknown); ok {
		t.Error("an unknown address is a person")
	}
	corrected, err := os.ReadFile("testdata/open_ognissanti_rimini_corretto.trf")
	if err != nil {
		t.Fatal(err)
	}
	at := f.clock()
	if _, _, err := p.Submit(ctx, per, "rimini.trf", corrected, at, nil, "127.0.0.1"); office.KindOf(err) != office.Forbidden {
		t.Errorf("another arbiter's tournament submitted: %v", err)
	}
	// Ferretti's own Novara open, accepted from the drop folder: a new
	// version from the portal would replace a file he did not send.
	novara, err := os.ReadFile(filepath.Join(f.root, "samples/drop/open_novara_2026.trf"))
	if err != nil {
		t.Fatal(err)
	}
	novara = append(novara, "\r\n"...)
	id, _, err := p.Submit(ctx, per, "open_novara_2026.trf", novara, at, map[string]string{"venue": "Novara"}, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	sts, err := f.o.Store.StatusesOf(ctx, id)
	if err != nil || len(sts) != 1 || sts[0].State != store.StateQuarantined || sts[0].Channel != "portal" {
		t.Errorf("a portal file replacing another sender's: %+v (%v)", sts, err)
	}

	// A password the person sets: the right one opens a session, a
	// wrong one and an unknown address are the same refusal.
	if err := p.SetPassword(ctx, per, "corta", "127.0.0.1"); office.KindOf(err) != office.Invalid {
		t.Errorf("a short password: %v", err)
	}
	if err := p.SetPassword(ctx, per, "scacco-matto-2026", "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	if tok, who, err := p.PasswordSignIn(ctx, "Marco.Ferretti@arbitri.example", "scacco-matto-2026", "127.0.0.1"); err != nil || tok == "" || who.Email != ferretti {
		t.Errorf("sign-in with the password: %v", err)
	}
	for _, c := range [][2]string{{ferretti, "sbagliata-2026"}, {unknown, "scacco-matto-2026"}, {casadei, "scacco-matto-2026"}} {
		if _, _, err := p.PasswordSignIn(ctx, c[0], c[1], "127.0.0.1"); office.KindOf(err) != office.Forbidden {
			t.Errorf("sign-in of %s with a wrong password: %v", c[0], err)
		}
	}

	small := office.NewPortal(f.o, office.PortalOptions{MaxUploads: 2, MaxBytes: 4000})
	if _, err := small.PreCheck(ctx, per, "big.trf", make([]byte, 4001), at, nil); office.KindOf(err) != office.Invalid {
		t.Errorf("an upload over the size bound: %v", err)
	}
	tiny := []byte("012 Prova\n")
	for i := range 3 {
		_, err := small.PreCheck(ctx, per, "t.trf", tiny, at, nil)
		if want := i == 2; (office.KindOf(err) == office.Refused) != want {
			t.Errorf("upload %d: %v", i+1, err)
		}
	}
}

// TestPortalConfiguredBounds: omologa.yaml's portal section bounds the
// portal: here 2 sign-in links an hour per address (a third ask gets the
// same answer as the others, and no link) and links that work 30
// minutes, as the message and the page say and the clock keeps.
func TestPortalConfiguredBounds(t *testing.T) {
	f := newFixtureWith(t, "portal:\n  link_lifetime: 30m\n  links_per_hour: 2\n")
	if got := f.srv.Portal().Portal().Options(); got.LinkValid != 30*time.Minute || got.MaxLinks != 2 || got.MaxUploads != 30 {
		t.Fatalf("the portal's bounds: %+v", got)
	}
	jar, _ := cookiejar.New(nil)
	asker := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(u string, v url.Values) (*http.Response, string) {
		t.Helper()
		resp, err := asker.PostForm(u, v)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(body)
	}
	ask := func() {
		t.Helper()
		resp, _ := post(f.ts.URL+"/portale/entra", url.Values{"email": {casadei}})
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/portale/entra?inviato=1" {
			t.Errorf("asking a link: %s to %q, want the same answer whatever happens", resp.Status, resp.Header.Get("Location"))
		}
	}
	for range 3 {
		ask()
	}
	texts := f.linkTexts(t, casadei)
	if len(texts) != 2 {
		t.Fatalf("links sent for 3 asks with links_per_hour 2: %d, want 2", len(texts))
	}
	for _, body := range texts {
		if !strings.Contains(body, "entro 30 minuti (fino alle 15:30)") {
			t.Errorf("the message does not say the configured 30 minutes:\n%s", body)
		}
	}
	resp, err := asker.Get(f.ts.URL + "/portale/entra?inviato=1")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "Il collegamento vale 30 minuti") {
		t.Errorf("the page does not say the configured 30 minutes:\n%s", page)
	}
	links := f.links(t, casadei)
	// 29 minutes on (past the default 15) the first link still works;
	// 31 minutes on the second has expired.
	f.set(time.Date(2026, 11, 23, 15, 29, 0, 0, cet))
	if resp, body := post(links[0], nil); resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/portale/" {
		t.Errorf("a link used after 29 of its 30 minutes: %s %s", resp.Status, body)
	}
	f.set(time.Date(2026, 11, 23, 15, 31, 0, 0, cet))
	if resp, body := post(links[1], nil); resp.StatusCode == http.StatusSeeOther || !strings.Contains(body, "Il collegamento è scaduto") {
		t.Errorf("a link used after 31 minutes: %s %s", resp.Status, body)
	}
	// An hour after the first asks the address may have a link again.
	f.set(time.Date(2026, 11, 23, 16, 1, 0, 0, cet))
	ask()
	if texts := f.linkTexts(t, casadei); len(texts) != 3 || !strings.Contains(strings.Join(texts, "\n"), "entro 30 minuti (fino alle 16:31)") {
		t.Errorf("a link asked an hour later: %d messages", len(texts))
	}
	// A link of one minute says so in the singular.
	one := office.NewPortal(f.o, office.PortalOptions{LinkValid: time.Minute})
	if err := one.RequestLink(context.Background(), ferretti, "browser-token", f.ts.URL+"/portale", "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	one.Wait()
	if texts := f.linkTexts(t, ferretti); len(texts) != 1 || !strings.Contains(texts[0], "entro 1 minuto (fino alle 16:02)") {
		t.Errorf("a one-minute link's message: %q", texts)
	}
}
