package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"omologa/internal/testkit/browsertest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser is the tests' one headless Chromium (testkit/browsertest),
// with the office's login.
type browser struct{ *browsertest.Browser }

func newBrowser(t *testing.T, base string) *browser {
	return &browser{browsertest.New(t, base, browsertest.Options{})}
}

func (b *browser) login(t *testing.T, name, pw string) {
	t.Helper()
	b.Do(t, "log out", chromedp.Navigate(b.Base+"/login"), chromedp.WaitReady(chromedp.CSS("footer")))
	if loc, _ := chromedp.Run(b.Ctx, chromedp.Location()); !strings.HasSuffix(loc, "/login") {
		// Still logged in as someone else: log out first.
		b.Submit(t, "log out", `form[action="/logout"] button`, "#login")
	}
	b.Do(t, "log in as "+name,
		chromedp.SetValue(chromedp.CSS("#name"), name), chromedp.SetValue(chromedp.CSS("#password"), pw))
	b.Submit(t, "log in as "+name, "#login", "nav.site")
}

func TestBrowser(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.ts.URL)
	q, acc := f.quarantined(t), f.accepted(t)
	// The notice of the accepted submission could not be delivered: the
	// overview lists it, and a clerk sends it again.
	f.failNotice(t, acc, time.Date(2026, 11, 28, 16, 30, 0, 0, rome))

	t.Run("log in and see the queue", func(t *testing.T) {
		b.Open(t, "/")
		b.Shot(t, "login")
		b.login(t, "clerk", password("clerk"))
		if h := b.Text(t, "main h1"); !strings.Contains(h, "Riepilogo") {
			t.Fatalf("after login the page is %q, want the overview", h)
		}
		if got := b.Text(t, "main table.subs"); !strings.Contains(got, "in quarantena") {
			t.Errorf("the overview shows no quarantined submission: %q", got)
		}
		b.Shot(t, "dashboard")
		b.Open(t, "/submissions")
		b.Shot(t, "submissions")
		b.Open(t, "/submissions?verdict=rejected")
		b.Shot(t, "submissions-rejected")
		b.Open(t, "/tournaments")
		b.Shot(t, "tournaments")
		b.Open(t, "/tournaments?province=NO")
		if got := b.Text(t, "main table"); !strings.Contains(got, "Novara") || strings.Contains(got, "Lucca") {
			t.Errorf("the tournaments of the province of Novara: %q", got)
		}
		b.Shot(t, "tournaments-province")
	})

	t.Run("send an undelivered notice again", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", acc))
		b.Shot(t, "submission-notice-failing")
		b.Do(t, "resend", chromedp.Click(chromedp.CSS("#resend")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if st := b.Text(t, "#notice-status"); !strings.Contains(st, "inviato") {
			t.Errorf("after the resend the notice is %q", st)
		}
		b.Shot(t, "submission-resent")
	})

	t.Run("release a quarantined submission and see its notice", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", q))
		if l := b.Text(t, "#original"); !strings.Contains(l, "messaggio") {
			t.Errorf("the link to the original message says %q", l)
		}
		b.Shot(t, "submission-quarantined")
		b.Do(t, "release", chromedp.Click(chromedp.CSS("#release")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if n := b.Text(t, "#notice"); !strings.Contains(n, "Novara") {
			t.Errorf("the notice shown does not name the tournament: %q", n)
		}
		b.Shot(t, "submission-released")
	})

	t.Run("a clerk is refused an officer's act", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", acc))
		if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS("#decide"), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("the clerk sees the decision form")
		}
		b.Open(t, "/preview?kind=rapid&period=2026-12")
		if msg := b.Text(t, ".flash.error"); !strings.Contains(msg, "ruolo non consente") {
			t.Errorf("the clerk's preview of a list says %q, want a refusal", msg)
		}
		b.Shot(t, "clerk-refused")
	})

	t.Run("record a withdrawal decision", func(t *testing.T) {
		b.login(t, "officer", password("officer"))
		b.Open(t, fmt.Sprintf("/submissions/%d", acc))
		b.Shot(t, "submission-accepted")
		b.Do(t, "decide", chromedp.SetValue(chromedp.CSS("#decide-what"), "unjustified"),
			chromedp.Click(chromedp.CSS("#decide")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if d := b.Text(t, "#decisions + ul, #decisions ~ ul"); !strings.Contains(d, "ingiustificato") {
			t.Errorf("the decisions shown: %q", d)
		}
		b.Shot(t, "submission-decided")
	})

	t.Run("a refused decision says why in the office's words, an unknown submission is not found", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", acc))
		b.Do(t, "decide a theoretical rating", chromedp.SetValue(chromedp.CSS("#decide-what"), "theoretical"),
			chromedp.SetValue(chromedp.CSS(`input[name="rating"]`), "1800"),
			chromedp.Click(chromedp.CSS("#decide")), chromedp.WaitVisible(chromedp.CSS(".flash.error")))
		msg := b.Text(t, ".flash.error")
		if !strings.Contains(msg, "punteggio teorico") || strings.Contains(msg, "--") || strings.Contains(msg, "omologa ") {
			t.Errorf("the refusal says %q: the office's words, no command line's", msg)
		}
		b.Shot(t, "decision-refused")
		b.Open(t, "/submissions/999999")
		if msg := b.Text(t, ".flash.error"); !strings.Contains(msg, "inesistente") {
			t.Errorf("an unknown submission's page says %q", msg)
		}
		b.Shot(t, "submission-unknown")
	})

	t.Run("preview and close a list", func(t *testing.T) {
		b.Open(t, "/lists")
		b.Shot(t, "lists")
		// The rapid list of December 2026: its cut-off has passed.
		b.Submit(t, "preview", `a[href="/preview?kind=rapid&period=2026-12"]`, "#close-list")
		b.Shot(t, "list-preview")
		b.Do(t, "close", chromedp.Click(chromedp.CSS("#close-list")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if h := b.Text(t, "main h1"); !strings.Contains(h, "dicembre 2026") {
			t.Errorf("after the close the page is %q", h)
		}
		b.Shot(t, "list-closed")
	})

	t.Run("forward a FIDE list", func(t *testing.T) {
		// December 2026 (FIDE-RR 7.3: monthly lists): Firenze and Novara
		// are ready (the registers give their FIDE ids); Bologna's chief
		// arbiter has no FIDE id, so the export holds it and lists the
		// nine players FIDE must register.
		b.Open(t, "/fide?period=2026-12")
		b.Shot(t, "fide")
		b.Submit(t, "preview", "#fide-preview", "#fide-export")
		if got := b.Text(t, "#fide-export"); got != "Invia alla FIDE (2 tornei)" {
			t.Errorf("the export button says %q", got)
		}
		b.Shot(t, "fide-preview")
		b.Do(t, "export", chromedp.Click(chromedp.CSS("#fide-export")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if got := b.Text(t, "#forwarded + div table"); strings.Count(got, "officer") != 2 {
			t.Errorf("the forwarded tournaments: %q", got)
		}
		if got := b.Text(t, "#held + p + div table"); strings.Count(got, "officer") != 1 || !strings.Contains(got, "Campionato Sociale 2026") ||
			!strings.Contains(got, "Arbitro Zanetti Paola: manca il codice FIDE") || !strings.Contains(got, "Silvestri Enrico (M, 1959, ITA, FSI 152080)") {
			t.Errorf("the held tournaments: %q", got)
		}
		if got := b.Text(t, "#fide-registration"); got != "Scarica il file di registrazione FIDE (9)" {
			t.Errorf("the registration file's link says %q", got)
		}
		b.Shot(t, "fide-forwarded-held")
		fw, err := f.o.Store.Forwardings(context.Background(), "2026-12")
		if err != nil || len(fw) == 0 {
			t.Fatalf("no forwarding (%v)", err)
		}
		b.Open(t, fmt.Sprintf("/submissions/%d", fw[0].SubmissionID))
		if got := b.Text(t, "p.fide"); !strings.Contains(got, "dicembre 2026") {
			t.Errorf("the submission says %q about FIDE", got)
		}
		b.Shot(t, "submission-forwarded")
	})

	t.Run("search a player without accents and see his history", func(t *testing.T) {
		b.Open(t, "/players")
		b.Do(t, "search", chromedp.SetValue(chromedp.CSS("#q"), "nicolo santoro"), chromedp.Click(chromedp.CSS("#search")),
			chromedp.WaitVisible(chromedp.CSS(`a[href="/players/159640"]`)))
		b.Shot(t, "players-search")
		b.Do(t, "open the player", chromedp.Click(chromedp.CSS(`a[href="/players/159640"]`)),
			chromedp.WaitVisible(chromedp.CSS("#chart-rapid")))
		if h := b.Text(t, "main h1"); h != "Santoro Nicolò" {
			t.Errorf("player page title %q", h)
		}
		w, err := chromedp.Run(b.Ctx, chromedp.Poll[int](`document.querySelector("#chart-rapid").naturalWidth`))
		if err != nil || w == 0 {
			t.Errorf("the history chart did not load (width %d, %v)", w, err)
		}
		b.Shot(t, "player")
		b.Open(t, "/players/112000")
		if got := b.Text(t, "#milestones + ul"); !strings.Contains(got, "novembre 2026") {
			t.Errorf("the player's milestones: %q", got)
		}
		b.Shot(t, "player-milestones")
	})

	t.Run("registers and audit", func(t *testing.T) {
		b.Open(t, "/registers")
		b.Shot(t, "registers")
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
		b.Do(t, "choose the arbiters' register", chromedp.SetValue(chromedp.CSS(`select[name="kind"]`), "arbiters"),
			chromedp.SetUploadFiles(chromedp.CSS(`input[name="file"]`), []string{csvPath}))
		b.Submit(t, "preview", `form[action="/registers/preview"] button`, "#import-preview")
		if got := b.Text(t, "#import-preview"); !strings.Contains(got, "208311 Galli Sara: fide_id 853120 → 853121") {
			t.Errorf("the preview does not show the changed FIDE id: %q", got)
		}
		b.Shot(t, "registers-preview")
		b.Open(t, "/audit")
		if a := b.Text(t, "main table"); !strings.Contains(a, "officer") || !strings.Contains(a, "chiusura di una lista") {
			t.Errorf("the audit trail lacks the officer's close: %q", a)
		}
		b.Shot(t, "audit")
	})

	t.Run("the pages in English, and the users for the admin", func(t *testing.T) {
		b.Open(t, "/")
		b.Do(t, "switch to English", chromedp.Click(chromedp.CSS(`button[name="lang"][value="en"]`)))
		b.Until(t, `document.querySelector("main h1") !== null && document.querySelector("main h1").innerText === "Office overview"`)
		b.Shot(t, "dashboard-en")
		b.Do(t, "back to Italian", chromedp.Click(chromedp.CSS(`button[name="lang"][value="it"]`)))
		b.Until(t, `document.querySelector("main h1") !== null && document.querySelector("main h1").innerText === "Riepilogo dell'ufficio"`)
		b.login(t, "admin", password("admin"))
		b.Open(t, "/users")
		if u := b.Text(t, "main table"); !strings.Contains(u, "victim") {
			t.Errorf("the users page lacks a user: %q", u)
		}
		b.Shot(t, "users")
	})

	t.Run("a form posted from another site is refused", func(t *testing.T) {
		// The other site: localhost, not 127.0.0.1, so another site to the
		// browser; its form posts a release to the application.
		evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `<!DOCTYPE html><html><body><form method="post" action="%s/submissions/%d/discard">`+
				`<button id="go" type="submit">Vinci un premio</button></form></body></html>`, f.ts.URL, q)
		}))
		defer evil.Close()
		b.Do(t, "open the other site", chromedp.Navigate(strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)),
			chromedp.WaitVisible(chromedp.CSS("#go")), chromedp.Click(chromedp.CSS("#go")))
		b.WaitLocation(t, "/discard")
		if body := b.Text(t, "body"); !strings.Contains(body, "rifiutata") {
			t.Errorf("the application answered the other site's form with %q, want a refusal", body)
		}
		b.Shot(t, "cross-site-refused")
		sub, err := f.o.Store.Load(context.Background(), q)
		if err != nil || sub.State == "discarded" {
			t.Errorf("the cross-site form discarded the submission (%v)", err)
		}
	})

	t.Run("a clerk changes his own password; a search too short is explained", func(t *testing.T) {
		b.login(t, "clerk", password("clerk"))
		b.Do(t, "open his page", chromedp.Click(chromedp.CSS(`a[href="/account"]`)), chromedp.WaitVisible(chromedp.CSS("#current")))
		b.Shot(t, "account")
		b.Do(t, "change the password", chromedp.SetValue(chromedp.CSS("#current"), password("clerk")),
			chromedp.SetValue(chromedp.CSS("#password"), "nuova-password-clerk"), chromedp.SetValue(chromedp.CSS("#again"), "nuova-password-clerk"))
		b.Submit(t, "change the password", `form[action="/account/password"] button`, ".flash")
		if msg := b.Text(t, ".flash"); !strings.Contains(msg, "Password cambiata") {
			t.Errorf("after changing his password the page says %q", msg)
		}
		b.Shot(t, "account-changed")
		b.Open(t, "/players?q=r")
		if msg := b.Text(t, ".flash.error"); !strings.Contains(msg, "almeno 2 lettere") {
			t.Errorf("a one-letter search says %q", msg)
		}
		b.Shot(t, "players-short-query")
	})

	t.Run("five wrong passwords throttle the login", func(t *testing.T) {
		b.Do(t, "log out", chromedp.Navigate(b.Base+"/"), chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
			chromedp.WaitVisible(chromedp.CSS("#login")))
		try := func(pw string) {
			b.Do(t, "log in as victim", chromedp.SetValue(chromedp.CSS("#name"), "victim"),
				chromedp.SetValue(chromedp.CSS("#password"), pw), chromedp.Click(chromedp.CSS("#login")))
			// The answer is a new login page: its password field is empty.
			b.Until(t, `document.readyState === "complete" && document.querySelector(".flash.error") !== null && `+
				`document.querySelector("#password").value === ""`)
		}
		for i := range 5 {
			try(fmt.Sprintf("wrong-%d-password", i))
		}
		try(password("victim"))
		if msg := b.Text(t, ".flash.error"); !strings.Contains(msg, "Troppi tentativi") {
			t.Errorf("after five wrong passwords the login says %q", msg)
		}
		b.Shot(t, "login-throttled")
	})
}
