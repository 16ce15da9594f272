package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's Chromium, which .ci/run installs.
const chromiumPath = "/usr/bin/chromium"

// browser drives one headless Chromium for all the browser tests; each
// step saves a screenshot into $OMOLOGA_SCREENSHOTS when it is set.
type browser struct {
	t    *testing.T
	ctx  context.Context
	base string
	dir  string
	n    int
}

func newBrowser(t *testing.T, base string) *browser {
	path := chromiumPath
	if _, err := os.Stat(path); err != nil {
		if p, err := exec.LookPath("chromium"); err == nil {
			path = p
		} else if os.Getenv("CI") == "true" {
			t.Fatalf("chromium is not installed (%s): the browser tests cannot run in CI", chromiumPath)
		} else {
			t.Skipf("chromium is not installed (%s): browser tests skipped", chromiumPath)
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1200, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	// Start the browser on the long-lived context: the first action's
	// context owns it, and the steps' own timeouts must not close it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	b := &browser{t: t, ctx: ctx, base: base, dir: os.Getenv("OMOLOGA_SCREENSHOTS")}
	if b.dir != "" {
		if err := os.MkdirAll(b.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// do runs steps, failing the test on an error; a step waits 15 s at
// most, so that one failure does not eat the others' time.
func (b *browser) do(t *testing.T, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// submit clicks a button that loads another page and waits for that
// page's marker (an element the page before did not have).
func (b *browser) submit(t *testing.T, what, button, marker string) {
	t.Helper()
	b.do(t, what, chromedp.Click(chromedp.CSS(button)), chromedp.WaitVisible(chromedp.CSS(marker)))
}

// open navigates to a path of the application.
func (b *browser) open(t *testing.T, path string) {
	t.Helper()
	b.do(t, "open "+path, chromedp.Navigate(b.base+path), chromedp.WaitReady(chromedp.CSS("footer")))
}

// text returns the text of the first element sel matches.
func (b *browser) text(t *testing.T, sel string) string {
	t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// until waits until a JavaScript condition holds, across the page
// loads that interrupt its evaluation.
func (b *browser) until(t *testing.T, cond string) {
	t.Helper()
	var err error
	for range 100 {
		var ok bool
		if ok, err = chromedp.Run(b.ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	body, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS("body")))
	loc, _ := chromedp.Run(b.ctx, chromedp.Location())
	t.Fatalf("waiting for %s: %v (at %s: %.300q)", cond, err, loc, body)
}

// waitLocation waits until the page's address ends with suffix.
func (b *browser) waitLocation(t *testing.T, suffix string) {
	t.Helper()
	for range 100 {
		if loc, err := chromedp.Run(b.ctx, chromedp.Location()); err == nil && strings.HasSuffix(loc, suffix) {
			if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`document.readyState === "complete"`)); err == nil {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the browser never reached %s", suffix)
}

// shot saves a screenshot of the whole page as NN-name.png.
func (b *browser) shot(t *testing.T, name string) {
	t.Helper()
	if b.dir == "" {
		return
	}
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	b.n++
	if err := os.WriteFile(filepath.Join(b.dir, fmt.Sprintf("%02d-%s.png", b.n, name)), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (b *browser) login(t *testing.T, name, pw string) {
	t.Helper()
	b.do(t, "log out", chromedp.Navigate(b.base+"/login"), chromedp.WaitReady(chromedp.CSS("footer")))
	if loc, _ := chromedp.Run(b.ctx, chromedp.Location()); !strings.HasSuffix(loc, "/login") {
		// Still logged in as someone else: log out first.
		b.submit(t, "log out", `form[action="/logout"] button`, "#login")
	}
	b.do(t, "log in as "+name,
		chromedp.SetValue(chromedp.CSS("#name"), name), chromedp.SetValue(chromedp.CSS("#password"), pw))
	b.submit(t, "log in as "+name, "#login", "nav.site")
}

func TestBrowser(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.ts.URL)
	q, acc := f.quarantined(t), f.accepted(t)
	// The notice of the accepted submission could not be delivered: the
	// overview lists it, and a clerk sends it again.
	f.failNotice(t, acc, time.Date(2026, 11, 28, 16, 30, 0, 0, rome))

	t.Run("log in and see the queue", func(t *testing.T) {
		b.open(t, "/")
		b.shot(t, "login")
		b.login(t, "clerk", password("clerk"))
		if h := b.text(t, "main h1"); !strings.Contains(h, "Riepilogo") {
			t.Fatalf("after login the page is %q, want the overview", h)
		}
		if got := b.text(t, "main table.subs"); !strings.Contains(got, "in quarantena") {
			t.Errorf("the overview shows no quarantined submission: %q", got)
		}
		b.shot(t, "dashboard")
		b.open(t, "/submissions")
		b.shot(t, "submissions")
		b.open(t, "/submissions?verdict=rejected")
		b.shot(t, "submissions-rejected")
		b.open(t, "/tournaments")
		b.shot(t, "tournaments")
		b.open(t, "/tournaments?province=NO")
		if got := b.text(t, "main table"); !strings.Contains(got, "Novara") || strings.Contains(got, "Lucca") {
			t.Errorf("the tournaments of the province of Novara: %q", got)
		}
		b.shot(t, "tournaments-province")
	})

	t.Run("send an undelivered notice again", func(t *testing.T) {
		b.open(t, fmt.Sprintf("/submissions/%d", acc))
		b.shot(t, "submission-notice-failing")
		b.do(t, "resend", chromedp.Click(chromedp.CSS("#resend")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if st := b.text(t, "#notice-status"); !strings.Contains(st, "inviato") {
			t.Errorf("after the resend the notice is %q", st)
		}
		b.shot(t, "submission-resent")
	})

	t.Run("release a quarantined submission and see its notice", func(t *testing.T) {
		b.open(t, fmt.Sprintf("/submissions/%d", q))
		if l := b.text(t, "#original"); !strings.Contains(l, "messaggio") {
			t.Errorf("the link to the original message says %q", l)
		}
		b.shot(t, "submission-quarantined")
		b.do(t, "release", chromedp.Click(chromedp.CSS("#release")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if n := b.text(t, "#notice"); !strings.Contains(n, "Novara") {
			t.Errorf("the notice shown does not name the tournament: %q", n)
		}
		b.shot(t, "submission-released")
	})

	t.Run("a clerk is refused an officer's act", func(t *testing.T) {
		b.open(t, fmt.Sprintf("/submissions/%d", acc))
		if n, _ := chromedp.Run(b.ctx, chromedp.Nodes(chromedp.CSS("#decide"), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("the clerk sees the decision form")
		}
		b.open(t, "/preview?kind=rapid&period=2026-12")
		if msg := b.text(t, ".flash.error"); !strings.Contains(msg, "ruolo non consente") {
			t.Errorf("the clerk's preview of a list says %q, want a refusal", msg)
		}
		b.shot(t, "clerk-refused")
	})

	t.Run("record a withdrawal decision", func(t *testing.T) {
		b.login(t, "officer", password("officer"))
		b.open(t, fmt.Sprintf("/submissions/%d", acc))
		b.shot(t, "submission-accepted")
		b.do(t, "decide", chromedp.SetValue(chromedp.CSS("#decide-what"), "unjustified"),
			chromedp.Click(chromedp.CSS("#decide")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if d := b.text(t, "#decisions + ul, #decisions ~ ul"); !strings.Contains(d, "ingiustificato") {
			t.Errorf("the decisions shown: %q", d)
		}
		b.shot(t, "submission-decided")
	})

	t.Run("a refused decision says why in the office's words, an unknown submission is not found", func(t *testing.T) {
		b.open(t, fmt.Sprintf("/submissions/%d", acc))
		b.do(t, "decide a theoretical rating", chromedp.SetValue(chromedp.CSS("#decide-what"), "theoretical"),
			chromedp.SetValue(chromedp.CSS(`input[name="rating"]`), "1800"),
			chromedp.Click(chromedp.CSS("#decide")), chromedp.WaitVisible(chromedp.CSS(".flash.error")))
		msg := b.text(t, ".flash.error")
		if !strings.Contains(msg, "punteggio teorico") || strings.Contains(msg, "--") || strings.Contains(msg, "omologa ") {
			t.Errorf("the refusal says %q: the office's words, no command line's", msg)
		}
		b.shot(t, "decision-refused")
		b.open(t, "/submissions/999999")
		if msg := b.text(t, ".flash.error"); !strings.Contains(msg, "inesistente") {
			t.Errorf("an unknown submission's page says %q", msg)
		}
		b.shot(t, "submission-unknown")
	})

	t.Run("preview and close a list", func(t *testing.T) {
		b.open(t, "/lists")
		b.shot(t, "lists")
		// The rapid list of December 2026: its cut-off has passed.
		b.submit(t, "preview", `a[href="/preview?kind=rapid&period=2026-12"]`, "#close-list")
		b.shot(t, "list-preview")
		b.do(t, "close", chromedp.Click(chromedp.CSS("#close-list")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if h := b.text(t, "main h1"); !strings.Contains(h, "dicembre 2026") {
			t.Errorf("after the close the page is %q", h)
		}
		b.shot(t, "list-closed")
	})

	t.Run("forward a FIDE list", func(t *testing.T) {
		// December 2026 (FIDE-RR 7.3: monthly lists): Firenze and Novara
		// are ready (the registers give their FIDE ids); Bologna's chief
		// arbiter has no FIDE id, so the export holds it and lists the
		// nine players FIDE must register.
		b.open(t, "/fide?period=2026-12")
		b.shot(t, "fide")
		b.submit(t, "preview", "#fide-preview", "#fide-export")
		if got := b.text(t, "#fide-export"); got != "Invia alla FIDE (2 tornei)" {
			t.Errorf("the export button says %q", got)
		}
		b.shot(t, "fide-preview")
		b.do(t, "export", chromedp.Click(chromedp.CSS("#fide-export")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if got := b.text(t, "#forwarded + div table"); strings.Count(got, "officer") != 2 {
			t.Errorf("the forwarded tournaments: %q", got)
		}
		if got := b.text(t, "#held + p + div table"); strings.Count(got, "officer") != 1 || !strings.Contains(got, "Campionato Sociale 2026") ||
			!strings.Contains(got, "Arbitro Zanetti Paola: manca il codice FIDE") || !strings.Contains(got, "Silvestri Enrico (M, 1959, ITA, FSI 152080)") {
			t.Errorf("the held tournaments: %q", got)
		}
		if got := b.text(t, "#fide-registration"); got != "Scarica il file di registrazione FIDE (9)" {
			t.Errorf("the registration file's link says %q", got)
		}
		b.shot(t, "fide-forwarded-held")
		fw, err := f.o.Store.Forwardings(context.Background(), "2026-12")
		if err != nil || len(fw) == 0 {
			t.Fatalf("no forwarding (%v)", err)
		}
		b.open(t, fmt.Sprintf("/submissions/%d", fw[0].SubmissionID))
		if got := b.text(t, "p.fide"); !strings.Contains(got, "dicembre 2026") {
			t.Errorf("the submission says %q about FIDE", got)
		}
		b.shot(t, "submission-forwarded")
	})

	t.Run("search a player without accents and see his history", func(t *testing.T) {
		b.open(t, "/players")
		b.do(t, "search", chromedp.SetValue(chromedp.CSS("#q"), "nicolo santoro"), chromedp.Click(chromedp.CSS("#search")),
			chromedp.WaitVisible(chromedp.CSS(`a[href="/players/159640"]`)))
		b.shot(t, "players-search")
		b.do(t, "open the player", chromedp.Click(chromedp.CSS(`a[href="/players/159640"]`)),
			chromedp.WaitVisible(chromedp.CSS("#chart-rapid")))
		if h := b.text(t, "main h1"); h != "Santoro Nicolò" {
			t.Errorf("player page title %q", h)
		}
		w, err := chromedp.Run(b.ctx, chromedp.Poll[int](`document.querySelector("#chart-rapid").naturalWidth`))
		if err != nil || w == 0 {
			t.Errorf("the history chart did not load (width %d, %v)", w, err)
		}
		b.shot(t, "player")
		b.open(t, "/players/112000")
		if got := b.text(t, "#milestones + ul"); !strings.Contains(got, "novembre 2026") {
			t.Errorf("the player's milestones: %q", got)
		}
		b.shot(t, "player-milestones")
	})

	t.Run("registers and audit", func(t *testing.T) {
		b.open(t, "/registers")
		b.shot(t, "registers")
		// The preview of an arbiters' register says what changed in a
		// row, a FIDE id too; cancelled, nothing is imported.
		data, err := os.ReadFile("../../samples/registers/arbiters.csv")
		if err != nil {
			t.Fatal(err)
		}
		csvPath := filepath.Join(t.TempDir(), "arbitri.csv")
		if err := os.WriteFile(csvPath, bytes.Replace(data, []byte(",853120"), []byte(",853121"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		b.do(t, "choose the arbiters' register", chromedp.SetValue(chromedp.CSS(`select[name="kind"]`), "arbiters"),
			chromedp.SetUploadFiles(chromedp.CSS(`input[name="file"]`), []string{csvPath}))
		b.submit(t, "preview", `form[action="/registers/preview"] button`, "#import-preview")
		if got := b.text(t, "#import-preview"); !strings.Contains(got, "208311 Galli Sara: fide_id 853120 → 853121") {
			t.Errorf("the preview does not show the changed FIDE id: %q", got)
		}
		b.shot(t, "registers-preview")
		b.open(t, "/audit")
		if a := b.text(t, "main table"); !strings.Contains(a, "officer") || !strings.Contains(a, "chiusura di una lista") {
			t.Errorf("the audit trail lacks the officer's close: %q", a)
		}
		b.shot(t, "audit")
	})

	t.Run("the pages in English, and the users for the admin", func(t *testing.T) {
		b.open(t, "/")
		b.do(t, "switch to English", chromedp.Click(chromedp.CSS(`button[name="lang"][value="en"]`)))
		b.until(t, `document.querySelector("main h1") !== null && document.querySelector("main h1").innerText === "Office overview"`)
		b.shot(t, "dashboard-en")
		b.do(t, "back to Italian", chromedp.Click(chromedp.CSS(`button[name="lang"][value="it"]`)))
		b.until(t, `document.querySelector("main h1") !== null && document.querySelector("main h1").innerText === "Riepilogo dell'ufficio"`)
		b.login(t, "admin", password("admin"))
		b.open(t, "/users")
		if u := b.text(t, "main table"); !strings.Contains(u, "victim") {
			t.Errorf("the users page lacks a user: %q", u)
		}
		b.shot(t, "users")
	})

	t.Run("a form posted from another site is refused", func(t *testing.T) {
		// The other site: localhost, not 127.0.0.1, so another site to the
		// browser; its form posts a release to the application.
		evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `<!DOCTYPE html><html><body><form method="post" action="%s/submissions/%d/discard">`+
				`<button id="go" type="submit">Vinci un premio</button></form></body></html>`, f.ts.URL, q)
		}))
		defer evil.Close()
		b.do(t, "open the other site", chromedp.Navigate(strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)),
			chromedp.WaitVisible(chromedp.CSS("#go")), chromedp.Click(chromedp.CSS("#go")))
		b.waitLocation(t, "/discard")
		if body := b.text(t, "body"); !strings.Contains(body, "rifiutata") {
			t.Errorf("the application answered the other site's form with %q, want a refusal", body)
		}
		b.shot(t, "cross-site-refused")
		sub, err := f.o.Store.Load(context.Background(), q)
		if err != nil || sub.State == "discarded" {
			t.Errorf("the cross-site form discarded the submission (%v)", err)
		}
	})

	t.Run("a clerk changes his own password; a search too short is explained", func(t *testing.T) {
		b.login(t, "clerk", password("clerk"))
		b.do(t, "open his page", chromedp.Click(chromedp.CSS(`a[href="/account"]`)), chromedp.WaitVisible(chromedp.CSS("#current")))
		b.shot(t, "account")
		b.do(t, "change the password", chromedp.SetValue(chromedp.CSS("#current"), password("clerk")),
			chromedp.SetValue(chromedp.CSS("#password"), "nuova-password-clerk"), chromedp.SetValue(chromedp.CSS("#again"), "nuova-password-clerk"))
		b.submit(t, "change the password", `form[action="/account/password"] button`, ".flash")
		if msg := b.text(t, ".flash"); !strings.Contains(msg, "Password cambiata") {
			t.Errorf("after changing his password the page says %q", msg)
		}
		b.shot(t, "account-changed")
		b.open(t, "/players?q=r")
		if msg := b.text(t, ".flash.error"); !strings.Contains(msg, "almeno 2 lettere") {
			t.Errorf("a one-letter search says %q", msg)
		}
		b.shot(t, "players-short-query")
	})

	t.Run("five wrong passwords throttle the login", func(t *testing.T) {
		b.do(t, "log out", chromedp.Navigate(b.base+"/"), chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
			chromedp.WaitVisible(chromedp.CSS("#login")))
		try := func(pw string) {
			b.do(t, "log in as victim", chromedp.SetValue(chromedp.CSS("#name"), "victim"),
				chromedp.SetValue(chromedp.CSS("#password"), pw), chromedp.Click(chromedp.CSS("#login")))
			// The answer is a new login page: its password field is empty.
			b.until(t, `document.readyState === "complete" && document.querySelector(".flash.error") !== null && `+
				`document.querySelector("#password").value === ""`)
		}
		for i := range 5 {
			try(fmt.Sprintf("wrong-%d-password", i))
		}
		try(password("victim"))
		if msg := b.text(t, ".flash.error"); !strings.Contains(msg, "Troppi tentativi") {
			t.Errorf("after five wrong passwords the login says %q", msg)
		}
		b.shot(t, "login-throttled")
	})
}
