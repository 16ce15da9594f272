package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/store"
)

func TestTextsComplete(t *testing.T) {
	// Every text a template names exists.
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	used := regexp.MustCompile(`\.L\.([A-Za-z]+)|index \$?\.L "([^"]+)"`)
	for _, n := range names {
		b, _ := fs.ReadFile(templateFS, n)
		for _, m := range used.FindAllStringSubmatch(string(b), -1) {
			k := m[1] + m[2]
			if _, ok := texts()["it"][k]; !ok {
				t.Errorf("%s names the text %q, which does not exist", n, k)
			}
		}
	}
	for k := range texts()["it"] {
		if _, ok := texts()["en"][k]; !ok {
			t.Errorf("text %q has no English", k)
		}
	}
	for k := range texts()["en"] {
		if _, ok := texts()["it"][k]; !ok {
			t.Errorf("text %q has no Italian", k)
		}
	}
}

func TestHandlers(t *testing.T) {
	f := newFixture(t)
	q, acc := f.quarantined(t), f.accepted(t)

	t.Run("login required", func(t *testing.T) {
		c := f.client(t, "")
		code, _ := get(t, c, f.ts.URL+"/submissions")
		if code != http.StatusSeeOther {
			t.Errorf("GET /submissions without a session: %d, want a redirect to the login", code)
		}
	})

	t.Run("every page renders, with its security headers", func(t *testing.T) {
		c := f.client(t, "admin")
		pages := []string{"/", "/submissions", "/submissions?state=quarantined", "/submissions?verdict=rejected&q=rimini",
			fmt.Sprintf("/submissions/%d", q), fmt.Sprintf("/submissions/%d", acc), "/tournaments", "/tournaments?kind=rapid",
			"/lists", "/preview?kind=rapid&period=2026-12", "/preview?kind=rapid&period=2026-12&frame=1",
			"/players", "/players?q=santoro", "/players/159640", "/registers", "/audit", "/users", "/fide", "/fide?period=2027-01&preview=1"}
		if fs, err := f.o.Store.FileVerdicts(context.Background(), acc); err == nil && len(fs) > 0 {
			pages = append(pages, fmt.Sprintf("/files/%d/report", fs[0].FileID), fmt.Sprintf("/files/%d/chart", fs[0].FileID),
				fmt.Sprintf("/files/%d", fs[0].FileID))
		}
		for _, p := range pages {
			resp, err := c.Get(f.ts.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("GET %s: %s", p, resp.Status)
			}
			if strings.HasPrefix(p, "/files/") {
				continue // a report in a frame, a chart, a download
			}
			csp := resp.Header.Get("Content-Security-Policy")
			if !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
				t.Errorf("GET %s: Content-Security-Policy %q allows scripts", p, csp)
			}
		}
	})

	t.Run("the original and its files download as received", func(t *testing.T) {
		c := f.client(t, "clerk")
		root := filepath.Join("..", "..", "samples", "drop")
		trf, err := os.ReadFile(filepath.Join(root, "rapid_vercelli_2026.trf"))
		if err != nil {
			t.Fatal(err)
		}
		fs, err := f.o.Store.FileVerdicts(context.Background(), acc)
		if err != nil || len(fs) != 1 {
			t.Fatalf("files of %d: %v %v", acc, fs, err)
		}
		for _, tc := range []struct {
			what, page, url, name, ctype string
			want                         []byte
			length                       bool
		}{
			{"a message", fmt.Sprintf("/submissions/%d", q), fmt.Sprintf("/submissions/%d/original", q),
				fmt.Sprintf("=messaggio-%d.eml", q), "message/rfc822", f.eml, false},
			{"a dropped file", fmt.Sprintf("/submissions/%d", acc), fmt.Sprintf("/submissions/%d/original", acc),
				"Z-rapid_vercelli_2026.trf", "application/octet-stream", trf, false},
			{"a file", fmt.Sprintf("/submissions/%d", acc), fmt.Sprintf("/files/%d", fs[0].FileID),
				"=rapid_vercelli_2026.trf", "application/octet-stream", trf, true},
		} {
			if _, page := get(t, c, f.ts.URL+tc.page); !strings.Contains(page, `href="`+tc.url+`"`) {
				t.Errorf("%s: the page %s has no link to %s", tc.what, tc.page, tc.url)
			}
			resp, err := c.Get(f.ts.URL + tc.url)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK || !bytes.Equal(body, tc.want) {
				t.Errorf("%s: %s, %d bytes, want %d (%v)", tc.what, resp.Status, len(body), len(tc.want), err)
			}
			// A dropped original keeps the name it is archived under
			// (the time of its receipt, then its own).
			if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; filename=") || !strings.HasSuffix(cd, tc.name) {
				t.Errorf("%s: Content-Disposition %q, want the name %s", tc.what, cd, tc.name)
			}
			if ct := resp.Header.Get("Content-Type"); ct != tc.ctype {
				t.Errorf("%s: Content-Type %q, want %s", tc.what, ct, tc.ctype)
			}
			if tc.length && resp.ContentLength != int64(len(tc.want)) {
				t.Errorf("%s: Content-Length %d, want %d", tc.what, resp.ContentLength, len(tc.want))
			}
		}
		if code, _ := get(t, f.client(t, ""), fmt.Sprintf("%s/submissions/%d/original", f.ts.URL, q)); code != http.StatusSeeOther {
			t.Errorf("the original without a session: %d, want a redirect to the login", code)
		}
		if code, _ := get(t, c, f.ts.URL+"/submissions/999999/original"); code != http.StatusNotFound {
			t.Errorf("the original of no submission: %d, want 404", code)
		}
	})

	t.Run("tournaments include the rejected ones", func(t *testing.T) {
		c := f.client(t, "clerk")
		_, page := get(t, c, f.ts.URL+"/tournaments?verdict=rejected")
		if !strings.Contains(page, "Open di Ognissanti") {
			t.Error("the rejected tournament of Rimini is not listed")
		}
	})

	t.Run("session cookie", func(t *testing.T) {
		c := f.client(t, "")
		resp, err := c.PostForm(f.ts.URL+"/login", url.Values{"name": {"clerk"}, "password": {password("clerk")}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		var ck *http.Cookie
		for _, x := range resp.Cookies() {
			if x.Name == "omologa" {
				ck = x
			}
		}
		if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
			t.Fatalf("session cookie %+v: want HttpOnly and SameSite=Strict", ck)
		}
	})

	t.Run("a clerk is refused an officer's act by the server", func(t *testing.T) {
		c := f.client(t, "clerk")
		code, _ := post(t, c, fmt.Sprintf("%s/submissions/%d/decide", f.ts.URL, acc),
			url.Values{"start": {"1"}, "what": {"unjustified"}}, nil)
		if code != http.StatusForbidden {
			t.Errorf("clerk decides: %d, want 403", code)
		}
		code, _ = post(t, c, f.ts.URL+"/lists/close", url.Values{"kind": {"rapid"}, "period": {"2026-12"}}, nil)
		if code != http.StatusForbidden {
			t.Errorf("clerk closes a list: %d, want 403", code)
		}
		code, _ = get(t, c, f.ts.URL+"/users")
		if code != http.StatusForbidden {
			t.Errorf("clerk lists users: %d, want 403", code)
		}
		ds, err := f.o.Store.Decisions(context.Background(), 0)
		if err != nil || len(ds) != 0 {
			t.Errorf("decisions after a refusal: %v %v", ds, err)
		}
		_, page := get(t, c, fmt.Sprintf("%s/submissions/%d", f.ts.URL, acc))
		if strings.Contains(page, `action="/submissions/`+fmt.Sprint(acc)+`/decide"`) {
			t.Error("the clerk's page shows the decision form")
		}
	})

	t.Run("a form posted from another site is refused", func(t *testing.T) {
		c := f.client(t, "clerk")
		code, _ := post(t, c, fmt.Sprintf("%s/submissions/%d/release", f.ts.URL, q), nil,
			map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"})
		if code != http.StatusForbidden {
			t.Errorf("cross-site release: %d, want 403", code)
		}
		code, _ = post(t, c, fmt.Sprintf("%s/submissions/%d/release", f.ts.URL, q), nil,
			map[string]string{"Origin": "http://evil.example"})
		if code != http.StatusForbidden {
			t.Errorf("release from another origin (no Sec-Fetch-Site): %d, want 403", code)
		}
		sub, err := f.o.Store.Load(context.Background(), q)
		if err != nil || sub.State != store.StateQuarantined {
			t.Errorf("after refused releases the submission is %v (%v)", sub.State, err)
		}
	})

	t.Run("five wrong passwords throttle the login", func(t *testing.T) {
		c := f.client(t, "")
		for i := range 5 {
			code, _ := post(t, c, f.ts.URL+"/login", url.Values{"name": {"victim"}, "password": {"wrong-password"}}, nil)
			if code != http.StatusUnauthorized {
				t.Fatalf("wrong password %d: %d, want 401", i+1, code)
			}
		}
		code, body := post(t, c, f.ts.URL+"/login", url.Values{"name": {"victim"}, "password": {password("victim")}}, nil)
		if code != http.StatusTooManyRequests || !strings.Contains(body, "Troppi tentativi") {
			t.Errorf("right password after five wrong ones: %d, want 429 with the reason", code)
		}
	})

	t.Run("release, decide, close, audited", func(t *testing.T) {
		clerk, officer := f.client(t, "clerk"), f.client(t, "officer")
		code, _ := post(t, clerk, fmt.Sprintf("%s/submissions/%d/release", f.ts.URL, q), nil, nil)
		if code != http.StatusSeeOther {
			t.Fatalf("release: %d", code)
		}
		_, page := get(t, clerk, fmt.Sprintf("%s/submissions/%d", f.ts.URL, q))
		if !strings.Contains(page, `id="notice"`) {
			t.Error("the released submission's page shows no notice")
		}
		code, body := post(t, officer, fmt.Sprintf("%s/submissions/%d/decide", f.ts.URL, acc),
			url.Values{"start": {"1"}, "what": {"unjustified"}}, nil)
		if code != http.StatusSeeOther {
			t.Fatalf("decide: %d %s", code, body)
		}
		code, body = post(t, officer, f.ts.URL+"/lists/close", url.Values{"kind": {"rapid"}, "period": {"2026-12"}}, nil)
		if code != http.StatusSeeOther {
			t.Fatalf("close: %d %s", code, body)
		}
		// Refused, the close goes back to the preview, which says why
		// (issue 20: no dead-end page).
		code, _ = post(t, officer, f.ts.URL+"/lists/close", url.Values{"kind": {"rapid"}, "period": {"2026-12"}}, nil)
		if code != http.StatusSeeOther {
			t.Errorf("closing a closed list again: %d, want 303 back to the preview", code)
		}
		for _, p := range []string{"/lists/rapid/2026-12", "/lists/rapid/2026-12/changes", "/lists/rapid/2026-12/distribution.png",
			"/players/159640/chart/rapid"} {
			if code, _ := get(t, officer, f.ts.URL+p); code != http.StatusOK {
				t.Errorf("GET %s: %d", p, code)
			}
		}
		es, err := f.o.Store.AuditLog(context.Background(), store.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range es {
			if e.Via == "web" {
				got = append(got, e.User+" "+e.Action)
			}
			// What was decided, in both languages, as from the command
			// line (the web's decisions once left the details empty).
			if e.Action == "decide" && (!strings.Contains(e.Details, ": player ") || !strings.Contains(e.DetailsIT, ": giocatore ")) {
				t.Errorf("decide in the audit trail: %q / %q", e.Details, e.DetailsIT)
			}
			if e.Action == "list-run" && !strings.HasPrefix(e.DetailsIT, "pubblicat") {
				t.Errorf("list run in the audit trail: %q", e.DetailsIT)
			}
		}
		sort.Strings(got)
		want := "clerk release,officer decide,officer list-run"
		if strings.Join(got, ",") != want {
			t.Errorf("web acts in the audit trail: %v, want %s", got, want)
		}
	})

	t.Run("an act on an unknown submission is 404", func(t *testing.T) {
		// The store's "no such submission" is a failure of kind not
		// found, whichever layer meets it first: never a 500.
		officer := f.client(t, "officer")
		for _, c := range []struct {
			path string
			form url.Values
		}{
			{"/submissions/999999/decide", url.Values{"start": {"1"}, "what": {"unjustified"}}},
			{"/submissions/999999/release", nil},
			{"/submissions/999999/discard", nil},
			{"/submissions/999999/resend", nil},
		} {
			if code, body := post(t, officer, f.ts.URL+c.path, c.form, nil); code != http.StatusNotFound {
				t.Errorf("POST %s: %d, want 404\n%s", c.path, code, body)
			}
		}
		for _, p := range []string{"/submissions/999999", "/submissions/999999/original"} {
			if code, _ := get(t, officer, f.ts.URL+p); code != http.StatusNotFound {
				t.Errorf("GET %s: %d, want 404", p, code)
			}
		}
	})

	t.Run("revoke and reinstate a tournament", func(t *testing.T) {
		clerk, officer := f.client(t, "clerk"), f.client(t, "officer")
		sub, err := f.o.Store.Load(context.Background(), acc)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := f.o.Store.TournamentOfFile(context.Background(), sub.Files[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		u := fmt.Sprintf("%s/tournaments/%d/", f.ts.URL, tr.ID)
		form := url.Values{"reason": {"arbitro non abilitato"}, "submission": {fmt.Sprint(acc)}}
		if code, _ := post(t, clerk, u+"revoke", form, nil); code != http.StatusForbidden {
			t.Errorf("clerk revokes: %d, want 403", code)
		}
		// A refused act goes back to its page, which shows the reason
		// (issue 20: no dead-end page).
		if code, body := post(t, officer, u+"revoke", url.Values{"reason": {" "}}, nil); code != http.StatusSeeOther {
			t.Errorf("revoke without a reason: %d, want 303 back to the page (%s)", code, body)
		}
		if _, page := get(t, officer, fmt.Sprintf("%s/tournaments/%d?refused=%s", f.ts.URL, tr.ID, url.QueryEscape("occorre indicare il motivo"))); !strings.Contains(page, "occorre indicare il motivo") {
			t.Error("the tournament's page does not show why the act was refused")
		}
		if code, _ := post(t, officer, u+"revoke", form, nil); code != http.StatusSeeOther {
			t.Fatalf("officer revokes: %d", code)
		}
		_, page := get(t, officer, fmt.Sprintf("%s/submissions/%d", f.ts.URL, acc))
		if !strings.Contains(page, "arbitro non abilitato") || !strings.Contains(page, "/reinstate") {
			t.Error("the submission's page does not show the revocation and the reinstate form")
		}
		if code, _ := post(t, officer, u+"reinstate", url.Values{"reason": {"errore dell'ufficio"}}, nil); code != http.StatusSeeOther {
			t.Fatalf("officer reinstates: %d", code)
		}
	})

	t.Run("import a register after its preview", func(t *testing.T) {
		officer := f.client(t, "officer")
		data, err := os.ReadFile("../../samples/registers/arbiters.csv")
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, []byte("299999,Nuovo,Arbitro,AF,nuovo@arbitri.example,2028-12-31\n")...)
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("kind", "arbiters")
		fw, _ := mw.CreateFormFile("file", "arbitri.csv")
		fw.Write(data)
		mw.Close()
		req, _ := http.NewRequest(http.MethodPost, f.ts.URL+"/registers/preview", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := officer.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "299999") {
			t.Fatalf("preview: %s, the added row not shown", resp.Status)
		}
		m := regexp.MustCompile(`name="token" value="([^"]+)"`).FindSubmatch(page)
		if m == nil {
			t.Fatal("no confirmation form")
		}
		if code, _ := post(t, officer, f.ts.URL+"/registers/import", url.Values{"token": {string(m[1])}}, nil); code != http.StatusSeeOther {
			t.Fatalf("confirm: %d", code)
		}
		if code, _ := post(t, officer, f.ts.URL+"/registers/import", url.Values{"token": {string(m[1])}}, nil); code != http.StatusBadRequest {
			t.Errorf("confirming twice: %d, want 400", code)
		}
		_, reg := get(t, officer, f.ts.URL+"/registers")
		if !strings.Contains(reg, "arbitri.csv") || !strings.Contains(reg, "/registers/arbiters/undo") {
			t.Error("the registers page does not show the import and its undo")
		}
		if code, _ := post(t, officer, f.ts.URL+"/registers/arbiters/undo", nil, nil); code != http.StatusSeeOther {
			t.Errorf("undo: %d", code)
		}
	})

	t.Run("the admin adds a user, sets his password, disables him", func(t *testing.T) {
		admin, officer := f.client(t, "admin"), f.client(t, "officer")
		form := url.Values{"name": {"bianchi"}, "role": {"clerk"}, "password": {"prima-password"}}
		if code, _ := post(t, officer, f.ts.URL+"/users", form, nil); code != http.StatusForbidden {
			t.Errorf("an officer adds a user: %d, want 403", code)
		}
		if code, _ := post(t, admin, f.ts.URL+"/users", form, nil); code != http.StatusSeeOther {
			t.Fatalf("add: %d", code)
		}
		if code, _ := post(t, admin, f.ts.URL+"/users", form, nil); code != http.StatusConflict {
			t.Errorf("adding bianchi twice: %d, want 409", code)
		}
		if code, _ := post(t, admin, f.ts.URL+"/users/bianchi/password", url.Values{"password": {"seconda-password"}}, nil); code != http.StatusSeeOther {
			t.Fatalf("password: %d", code)
		}
		c := f.client(t, "")
		if code, _ := post(t, c, f.ts.URL+"/login", url.Values{"name": {"bianchi"}, "password": {"seconda-password"}}, nil); code != http.StatusSeeOther {
			t.Errorf("login with the new password: %d", code)
		}
		if code, _ := post(t, admin, f.ts.URL+"/users/bianchi/disable", nil, nil); code != http.StatusSeeOther {
			t.Fatalf("disable: %d", code)
		}
		if code, _ := get(t, c, f.ts.URL+"/"); code != http.StatusSeeOther {
			t.Errorf("a disabled user's session still opens pages: %d", code)
		}
	})

	t.Run("player search ignores accents and case", func(t *testing.T) {
		c := f.client(t, "clerk")
		for _, q := range []string{"nicolo santoro", "SANTORO Nicolò", "159640"} {
			_, page := get(t, c, f.ts.URL+"/players?q="+url.QueryEscape(q))
			if !strings.Contains(page, `href="/players/159640"`) {
				t.Errorf("search %q does not find Santoro Nicolò", q)
			}
		}
	})
}

// Under TLS the session cookie is Secure and bound to the host.
func TestSecureCookieUnderTLS(t *testing.T) {
	f := newFixture(t)
	srv, err := New(Options{Office: f.o, Accounts: f.srv.acc, Web: &config.Web{Listen: "127.0.0.1:0", TLSCert: "c.pem", TLSKey: "k.pem",
		Language: "it"}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewTLSServer(srv.Handler())
	defer ts.Close()
	c := ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.PostForm(ts.URL+"/login", url.Values{"name": {"clerk"}, "password": {password("clerk")}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var ck *http.Cookie
	for _, x := range resp.Cookies() {
		ck = x
	}
	if ck == nil || ck.Name != "__Host-omologa" || !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
		t.Errorf("session cookie under TLS: %+v", ck)
	}
}

// rome is the time zone of the repository's rules.yaml, in which the
// tests write the times they expect.
var rome = func() *time.Location {
	l, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return l
}()
