package web

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/office/accounts"
)

// The attacks of issue 22 that had succeeded, each tried again against
// the web application: every one must now be held.

// proxied is the fixture's application as if behind a TLS-terminating
// proxy (web.https: proxy): each request says its client's address in
// X-Forwarded-For, so that a test can speak from many addresses.
type proxied struct {
	ts  *httptest.Server
	acc *accounts.Accounts
	log *bytes.Buffer
	mu  *sync.Mutex
}

func newProxied(t *testing.T, f *fixture) *proxied {
	t.Helper()
	p := &proxied{log: &bytes.Buffer{}, mu: &sync.Mutex{}}
	p.acc = accounts.New(f.o.Store, time.Hour, slowClock())
	log := slog.New(slog.NewTextHandler(lockedWriter{p.mu, p.log}, nil))
	srv, err := New(Options{Office: f.o, Accounts: p.acc, Log: log,
		Web: &config.Web{Listen: "127.0.0.1:0", HTTPS: "proxy", Language: "it"}})
	if err != nil {
		t.Fatal(err)
	}
	p.ts = httptest.NewServer(srv.Handler())
	t.Cleanup(p.ts.Close)
	return p
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// login posts a login from a client address; it returns the status and
// the answer.
func (p *proxied) login(t *testing.T, name, pw, from string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, p.ts.URL+"/login", strings.NewReader(url.Values{"name": {name}, "password": {pw}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", "10.9.9.9, "+from) // the first is the client's to write, the last the proxy's
	resp, err := noRedirect().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func noRedirect() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func TestAttacksHeld(t *testing.T) {
	f := newFixture(t)

	t.Run("1: concurrent guesses check at most the free ones", func(t *testing.T) {
		p := newProxied(t, f)
		var wg sync.WaitGroup
		codes := make([]int, 60)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pw := fmt.Sprintf("guess-%02d-guess", i)
				if i == 59 {
					pw = password("victim")
				}
				codes[i] = p.login(t, "victim", pw, fmt.Sprintf("198.51.100.%d", i)).StatusCode
			}()
		}
		wg.Wait()
		if n := p.acc.Checks(); n > accounts.FreeUser {
			t.Errorf("60 concurrent guesses checked %d passwords, want at most %d", n, accounts.FreeUser)
		}
		n429 := 0
		for _, c := range codes {
			if c == http.StatusTooManyRequests {
				n429++
			}
		}
		if n429 < 60-accounts.FreeUser {
			t.Errorf("%d of 60 guesses answered 429: %v", n429, codes)
		}
	})

	t.Run("1: one address is slowed whatever names it tries", func(t *testing.T) {
		p := newProxied(t, f)
		var last *http.Response
		for i := range 40 {
			last = p.login(t, fmt.Sprintf("nome%02d", i), "guess-guess-guess", "203.0.113.50")
		}
		if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
			t.Errorf("the 40th failed login from one address: %s, Retry-After %q", last.Status, last.Header.Get("Retry-After"))
		}
		if n := p.acc.Checks(); n > accounts.FreeAddr {
			t.Errorf("40 guesses from one address checked %d passwords", n)
		}
	})

	t.Run("2: the real user at a known address gets in during an attack", func(t *testing.T) {
		p := newProxied(t, f)
		if r := p.login(t, "clerk", password("clerk"), "192.0.2.10"); r.StatusCode != http.StatusSeeOther {
			t.Fatalf("first login: %s", r.Status)
		}
		for range 20 {
			p.login(t, "clerk", "guess-guess-guess", "203.0.113.9")
		}
		if r := p.login(t, "clerk", "guess-guess-guess", "203.0.113.9"); r.StatusCode != http.StatusTooManyRequests {
			t.Errorf("the attacker after 20 guesses: %s", r.Status)
		}
		if r := p.login(t, "clerk", password("clerk"), "192.0.2.10"); r.StatusCode != http.StatusSeeOther {
			t.Errorf("the real user at his known address during the attack: %s", r.Status)
		}
	})

	t.Run("3: long names are neither kept nor logged, bodies are bounded", func(t *testing.T) {
		p := newProxied(t, f)
		long := strings.Repeat("n", 3000) // within the login form's limit
		for i := range 10 {
			if r := p.login(t, fmt.Sprint(i)+long, "guess-guess-guess", "203.0.113.77"); r.StatusCode != http.StatusUnauthorized {
				t.Errorf("a long name: %s", r.Status)
			}
		}
		if n := p.acc.Checks(); n != 0 {
			t.Errorf("long names checked %d passwords", n)
		}
		p.mu.Lock()
		logged := p.log.String()
		p.mu.Unlock()
		if strings.Contains(logged, long[:200]) || len(logged) > 10*400 {
			t.Errorf("long names reached the log (%d bytes)", len(logged))
		}
		for _, path := range []string{"/login", "/lang"} {
			big := "name=" + strings.Repeat("x", 10<<20)
			resp, err := http.Post(p.ts.URL+path, "application/x-www-form-urlencoded", strings.NewReader(big))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("POST %s of 10 MB: %s, want 413", path, resp.Status)
			}
		}
	})

	t.Run("5: a query of 50,000 characters is refused with a reason", func(t *testing.T) {
		c := f.client(t, "clerk")
		code, page := get(t, c, f.ts.URL+"/players?q="+strings.Repeat("a", 50000))
		if code != http.StatusOK || !strings.Contains(page, "Una ricerca è lunga al più") || strings.Contains(page, strings.Repeat("a", 1000)) {
			t.Errorf("a long query: %d", code)
		}
		if _, page := get(t, c, f.ts.URL+"/players?q=a+b"); !strings.Contains(page, "almeno 2 lettere") {
			t.Error("one-letter words are not refused")
		}
	})

	t.Run("6: a next with a control character stays on the site", func(t *testing.T) {
		for _, next := range []string{"/\t/evil.example", "/%09/evil.example", "//evil.example", "/\\evil.example",
			"https://evil.example/", "/\r\n/evil.example", "/%2F/evil.example", "/%5Cevil.example"} {
			if got := safeNext(next); got != "/" {
				t.Errorf("safeNext(%q) = %q", next, got)
			}
		}
		for _, next := range []string{"/submissions?state=quarantined", "/players/159640", "/lists/rapid/2026-11"} {
			if got := safeNext(next); got != next {
				t.Errorf("safeNext(%q) = %q", next, got)
			}
		}
		c := f.client(t, "")
		code, _ := post(t, c, f.ts.URL+"/login", url.Values{"name": {"clerk"}, "password": {password("clerk")},
			"next": {"/\t/evil.example"}}, nil)
		if code != http.StatusSeeOther {
			t.Fatalf("login: %d", code)
		}
		req, _ := http.NewRequest(http.MethodPost, f.ts.URL+"/login", strings.NewReader("name=clerk&password="+password("clerk")+"&next=%2F%09%2Fevil.example"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := noRedirect().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); loc != "/" {
			t.Errorf("next=/%%09/evil.example: Location %q", loc)
		}
	})

	t.Run("6: behind a TLS proxy the cookie is Secure and __Host-, with HSTS", func(t *testing.T) {
		p := newProxied(t, f)
		resp := p.login(t, "officer", password("officer"), "192.0.2.44")
		var ck *http.Cookie
		for _, x := range resp.Cookies() {
			ck = x
		}
		if ck == nil || ck.Name != "__Host-omologa" || !ck.Secure {
			t.Errorf("cookie behind a TLS proxy: %+v", ck)
		}
		if h := resp.Header.Get("Strict-Transport-Security"); !strings.Contains(h, "max-age=") {
			t.Errorf("no HSTS behind a TLS proxy: %q", h)
		}
		// Plain HTTP on loopback: no HSTS (it would lock the browser out).
		r, err := http.Get(f.ts.URL + "/login")
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.Header.Get("Strict-Transport-Security") != "" {
			t.Error("HSTS over plain HTTP")
		}
		if rp := r.Header.Get("Referrer-Policy"); rp != "same-origin" {
			t.Errorf("Referrer-Policy %q, want same-origin (no-referrer makes the app's own posts send Origin: null)", rp)
		}
	})
}

// Every private answer (pages, downloads, reports, charts, FIDE files)
// says no-store; the assets may be cached.
func TestNoStoreOnPrivateAnswers(t *testing.T) {
	f := newFixture(t)
	acc := f.accepted(t)
	c := f.client(t, "officer")
	fs, err := f.o.Store.FileVerdicts(t.Context(), acc)
	if err != nil || len(fs) == 0 {
		t.Fatal(err)
	}
	id := fs[0].FileID
	for _, p := range []string{"/", "/login", fmt.Sprintf("/files/%d", id), fmt.Sprintf("/files/%d/report", id),
		fmt.Sprintf("/files/%d/chart", id), fmt.Sprintf("/submissions/%d/original", acc), "/lists/rapid/2026-11/distribution.png",
		"/players/159640/chart/rapid", "/lists/rapid/2026-11/changes", "/nonexistent"} {
		resp, err := c.Get(f.ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("GET %s (%s): Cache-Control %q, want no-store", p, resp.Status, cc)
		}
	}
	resp, err := c.Get(f.ts.URL + "/assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cc := resp.Header.Get("Cache-Control"); cc == "no-store" {
		t.Error("the stylesheet is no-store")
	}
}

// An unknown id is a 404 on every route that takes one, for a page as
// for an act.
func TestUnknownIDsAre404(t *testing.T) {
	f := newFixture(t)
	c := f.client(t, "admin")
	for _, p := range []string{"/submissions/999999", "/submissions/999999/original", "/files/999999", "/files/999999/report",
		"/files/999999/chart", "/lists/rapid/1999-01", "/lists/rapid/1999-01/changes", "/lists/rapid/1999-01/distribution.png",
		"/players/999999999", "/players/999999999/chart/rapid", "/fide/files/999999", "/submissions/x", "/files/x"} {
		if code, _ := get(t, c, f.ts.URL+p); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, code)
		}
	}
	for _, p := range []struct {
		path string
		form url.Values
	}{
		{"/submissions/999999/release", nil},
		{"/submissions/999999/discard", nil},
		{"/submissions/999999/resend", nil},
		{"/submissions/999999/decide", url.Values{"start": {"1"}, "what": {"clear"}}},
		{"/tournaments/nessuno/revoke", url.Values{"reason": {"prova"}}},
		{"/tournaments/nessuno/reinstate", url.Values{"reason": {"prova"}}},
		{"/users/nessuno/disable", nil},
		{"/users/nessuno/password", url.Values{"password": {"una-password-lunga"}}},
	} {
		if code, body := post(t, c, f.ts.URL+p.path, p.form, nil); code != http.StatusNotFound {
			t.Errorf("POST %s: %d, want 404\n%s", p.path, code, body[strings.Index(body, "<main"):])
		}
	}
}

// Users: names in a safe alphabet, the last admin kept, every user his
// own password.
func TestUserRules(t *testing.T) {
	f := newFixture(t)
	admin := f.client(t, "admin")
	for _, name := range []string{"evil\r\nadmin", "rossi ", "rоssi", "a b", strings.Repeat("a", 40)} {
		code, _ := post(t, admin, f.ts.URL+"/users", url.Values{"name": {name}, "role": {"clerk"}, "password": {"una-password-lunga"}}, nil)
		if code != http.StatusBadRequest {
			t.Errorf("add user %q: %d, want 400", name, code)
		}
	}
	if code, body := post(t, admin, f.ts.URL+"/users/admin/disable", nil, nil); code != http.StatusUnprocessableEntity ||
		!strings.Contains(body, "ultimo amministratore") {
		t.Errorf("the last admin disables himself: %d", code)
	}
	if code, _ := get(t, admin, f.ts.URL+"/"); code != http.StatusOK {
		t.Errorf("the last admin after trying to disable himself: %d", code)
	}
	// A clerk changes his own password: the wrong current one is refused,
	// the right one changes it and he stays logged in.
	clerk := f.client(t, "clerk")
	if code, _ := get(t, clerk, f.ts.URL+"/account"); code != http.StatusOK {
		t.Errorf("GET /account as clerk: %d", code)
	}
	if code, _ := post(t, clerk, f.ts.URL+"/account/password", url.Values{"current": {"sbagliata-sbagliata"},
		"password": {"nuova-password-1"}, "again": {"nuova-password-1"}}, nil); code != http.StatusUnprocessableEntity {
		t.Errorf("own password with a wrong current one: %d", code)
	}
	if code, _ := post(t, clerk, f.ts.URL+"/account/password", url.Values{"current": {password("clerk")},
		"password": {"nuova-password-1"}, "again": {"nuova-password-1"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("own password: %d", code)
	}
	if code, _ := get(t, clerk, f.ts.URL+"/"); code != http.StatusOK {
		t.Errorf("after changing his password the clerk is logged out: %d", code)
	}
	c := f.client(t, "")
	if code, _ := post(t, c, f.ts.URL+"/login", url.Values{"name": {"clerk"}, "password": {"nuova-password-1"}}, nil); code != http.StatusSeeOther {
		t.Errorf("login with the new password: %d", code)
	}
}

// Attack 5: each register preview held its file for 30 minutes, with no
// limit on how many. Now one a user, stageMax and stageBytes in all,
// released when replaced, confirmed or at logout.
func TestPreviewsAreBounded(t *testing.T) {
	var st stage
	file := make([]byte, maxUpload/2)
	for i := range 3 {
		if _, err := st.put(staged{user: "officer", data: file, at: time.Now()}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if n, _ := st.held(); n != 1 {
			t.Fatalf("preview %d of one user: %d held, want 1 (the latest)", i+1, n)
		}
	}
	var err error
	users := 1
	for ; err == nil && users < 100; users++ {
		_, err = st.put(staged{user: fmt.Sprint("u", users), data: file, at: time.Now()}, time.Now())
	}
	if err == nil {
		t.Fatal("100 users' previews all held")
	}
	if n, b := st.held(); n > stageMax || b > stageBytes {
		t.Errorf("%d previews of %d bytes held, want at most %d and %d", n, b, stageMax, stageBytes)
	}
	st.drop("officer")
	tok, err := st.put(staged{user: "officer2", data: []byte("x"), at: time.Now()}, time.Now())
	if err != nil {
		t.Fatalf("after a logout released one: %v", err)
	}
	if _, ok := st.take(tok, "someone-else", time.Now()); ok {
		t.Error("another user took a preview")
	}
	if _, ok := st.take(tok, "officer2", time.Now()); !ok {
		t.Error("the user cannot take his preview")
	}
	old := staged{user: "late", data: []byte("x"), at: time.Now().Add(-stageFor - time.Second)}
	st.m["old"] = old
	if _, ok := st.take("old", "late", time.Now()); ok {
		t.Error("an expired preview was taken")
	}
}

// The cache holds at most cacheLists parsed lists, whatever the number
// of lists a clerk opens.
func TestCacheBoundsParsedLists(t *testing.T) {
	var c cache
	for i := range 50 {
		c.put(fmt.Sprint("list ", i), &listRead{})
		c.put(fmt.Sprint("chart ", i), []byte("png"))
	}
	n := 0
	for _, v := range c.m {
		if _, ok := v.(*listRead); ok {
			n++
		}
	}
	if n != cacheLists {
		t.Errorf("%d parsed lists cached, want %d", n, cacheLists)
	}
	if _, ok := c.get("list 49"); !ok {
		t.Error("the latest list is not cached")
	}
}

// TestBackToStaysOnTheSite: an act's "back" field is a redirect's
// target, kept on the site as a login's next is (safeNext): a tab the
// browser drops would make "/\t/evil.example" "//evil.example".
func TestBackToStaysOnTheSite(t *testing.T) {
	for back, want := range map[string]string{
		"/tournaments/7": "/tournaments/7", "/submissions/3?done=x#decide-4": "/submissions/3", "": "/fallback",
		"/\t/evil.example": "/fallback", "/%09/evil.example": "/fallback", "//evil.example": "/fallback",
		"/\\evil.example": "/fallback", "https://evil.example/": "/fallback", "/\r\n/evil.example": "/fallback",
	} {
		r := httptest.NewRequest(http.MethodPost, "/x", strings.NewReader(url.Values{"back": {back}}.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if got := backTo(r, "/fallback"); got != want {
			t.Errorf("backTo(%q) = %q, want %q", back, got, want)
		}
	}
}
