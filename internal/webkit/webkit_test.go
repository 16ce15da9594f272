package webkit

import (
	"errors"
	"html/template"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPages(t *testing.T) {
	fsys := fstest.MapFS{
		"templates/layout.html": {Data: []byte(`{{define "layout"}}<p>{{template "body" .}}</p>{{end}}`)},
		"templates/home.html":   {Data: []byte(`{{define "body"}}ciao {{.}}{{end}}`)},
		"templates/bad.html":    {Data: []byte(`{{define "body"}}{{.Nope}{{end}}`)},
	}
	parse := func(n string) (*template.Template, error) {
		return template.ParseFS(fsys, "templates/layout.html", n)
	}
	if _, err := Pages(fsys, []string{"layout"}, parse); err == nil || !strings.Contains(err.Error(), "templates/bad.html") {
		t.Fatalf("a bad page: %v, want an error naming templates/bad.html", err)
	}
	delete(fsys, "templates/bad.html")
	pages, err := Pages(fsys, []string{"layout"}, parse)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || pages["home"] == nil {
		t.Fatalf("pages %v, want home alone", pages)
	}
	w := httptest.NewRecorder()
	if err := WriteHTML(w, http.StatusTeapot, pages["home"], "Mario"); err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusTeapot || w.Body.String() != "<p>ciao Mario</p>" ||
		w.Header().Get("Cache-Control") != "no-store" || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("%d %q %v", w.Code, w.Body.String(), w.Header())
	}
	// A page that fails to execute writes nothing: the caller answers.
	w = httptest.NewRecorder()
	if err := WriteHTML(w, http.StatusOK, template.Must(template.New("x").Parse(`{{define "layout"}}{{.X.Y}}{{end}}`)), struct{ X *struct{ Y int } }{}); err == nil {
		t.Fatal("no error from a failing page")
	}
	if w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
		t.Fatalf("a failing page wrote %q %v", w.Body.String(), w.Header())
	}
}

func TestGate(t *testing.T) {
	type person struct{ name string }
	var failed, expired int
	who := map[string]*person{"mario": {"Mario"}}
	g := Gate[person]{
		Current: func(r *http.Request) (*person, error) {
			if r.Header.Get("X-Who") == "broken" {
				return nil, errors.New("store down")
			}
			return who[r.Header.Get("X-Who")], nil
		},
		Fail: func(w http.ResponseWriter, r *http.Request, err error) {
			failed++
			w.WriteHeader(http.StatusInternalServerError)
		},
		SignIn:  func(r *http.Request) string { return "/entra?da=" + r.URL.Path },
		Expired: func(w http.ResponseWriter, r *http.Request) { expired++; w.WriteHeader(http.StatusUnauthorized) },
	}
	h := g.Wrap(func(w http.ResponseWriter, r *http.Request) {
		if p := Who[person](r); p != nil {
			w.Write([]byte("ciao " + p.name))
		}
	})
	for _, c := range []struct {
		method, who   string
		code          int
		body, where   string
		failed, exped int
	}{
		{"GET", "mario", http.StatusOK, "ciao Mario", "", 0, 0},
		{"POST", "mario", http.StatusOK, "ciao Mario", "", 0, 0},
		{"GET", "", http.StatusSeeOther, "", "/entra?da=/pagina", 0, 0},
		{"POST", "", http.StatusUnauthorized, "", "", 0, 1},
		{"GET", "broken", http.StatusInternalServerError, "", "", 1, 0},
	} {
		failed, expired = 0, 0
		r := httptest.NewRequest(c.method, "/pagina", nil)
		r.Header.Set("X-Who", c.who)
		w := httptest.NewRecorder()
		h(w, r)
		if w.Code != c.code || c.code == http.StatusOK && w.Body.String() != c.body || w.Header().Get("Location") != c.where ||
			failed != c.failed || expired != c.exped {
			t.Errorf("%s as %q: %d %q to %q (failed %d, expired %d)", c.method, c.who, w.Code, w.Body.String(),
				w.Header().Get("Location"), failed, expired)
		}
	}
	if Who[person](httptest.NewRequest("GET", "/", nil)) != nil {
		t.Error("someone signed in on a request no gate let through")
	}
}

func TestCookies(t *testing.T) {
	for _, tls := range []bool{false, true} {
		c := Cookies{TLS: tls}
		want := "sessione"
		if tls {
			want = "__Host-sessione"
		}
		if got := c.Name("sessione"); got != want {
			t.Errorf("TLS %v: name %q, want %q", tls, got, want)
		}
		w := httptest.NewRecorder()
		c.Set(w, c.Name("sessione"), "abc", 60)
		ck := w.Result().Cookies()
		if len(ck) != 1 || ck[0].Name != want || ck[0].Value != "abc" || ck[0].Path != "/" || !ck[0].HttpOnly ||
			ck[0].SameSite != http.SameSiteStrictMode || ck[0].Secure != tls || ck[0].MaxAge != 60 {
			t.Errorf("TLS %v: cookie %+v", tls, ck)
		}
		r := httptest.NewRequest("GET", "/", nil)
		r.AddCookie(&http.Cookie{Name: want, Value: "abc"})
		if got := c.Value(r, want); got != "abc" {
			t.Errorf("TLS %v: value %q", tls, got)
		}
		if got := c.Value(r, "altro"); got != "" {
			t.Errorf("TLS %v: a cookie not sent has value %q", tls, got)
		}
	}
}

func TestStylesheet(t *testing.T) {
	w := httptest.NewRecorder()
	Stylesheet("p{color:red}")(w, httptest.NewRequest("GET", "/x.css", nil))
	if w.Code != http.StatusOK || w.Body.String() != "p{color:red}" || w.Header().Get("Content-Type") != "text/css; charset=utf-8" ||
		w.Header().Get("Cache-Control") != "max-age=3600" {
		t.Errorf("%d %q %v", w.Code, w.Body.String(), w.Header())
	}
}
