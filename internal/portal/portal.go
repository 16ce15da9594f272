// Package portal is the web portal of arbiters and organisers (issue
// 24), served by the office's web application under /portale/ with its
// own pages and templates, in Italian: sign-in with a one-time link
// e-mailed to the address the registers hold (or a password the person
// set), the pre-check of a file (the office's verdict, nothing stored),
// its submission with the RAPID 5.2 fields confirmed, and the person's
// tournaments and submissions with their verdicts, notices, the
// office's decisions and the list each counted in. Every act is
// office.Portal's; this package adds the sessions' cookies and the
// pages. The web application wraps it in its own protections
// (http.CrossOriginProtection, the Content-Security-Policy without
// scripts); the cookies are HttpOnly, SameSite=Strict, Secure under TLS.
package portal

import (
	"errors"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"omologa/internal/office"
	"omologa/internal/platform/clock"
	"omologa/internal/webkit"
)

// Prefix is where the portal is mounted.
const Prefix = "/portale/"

// Options are what a Server works on.
type Options struct {
	Office *office.Office
	Portal *office.Portal // nil: one with the configuration's bounds
	Log    *slog.Logger
	Now    func() time.Time
	TLS    bool // cookies Secure and __Host- named
	// Base is the portal's public address for the links sent by e-mail
	// ("https://omologa.example.org/portale", web.portal_url): "" takes
	// the request's, but only on a loopback address (the demo), since a
	// Host header is the client's to write.
	Base string
	// ClientAddr is the address a request came from, for the audit
	// trail (the web application's, which knows its proxy); nil: the
	// connection's.
	ClientAddr func(*http.Request) string
}

// Server is the portal's pages.
type Server struct {
	o      *office.Office
	p      *office.Portal
	log    *slog.Logger
	now    func() time.Time
	tls    bool
	base   string
	client func(*http.Request) string
	mux    *http.ServeMux
	// cookies and the gate of a signed-in person's pages, which sends
	// anyone else to the sign-in page.
	cookies webkit.Cookies
	gate    webkit.Gate[office.Person]
	mu      sync.Mutex
	staged  map[string]*staged // by address: the last file checked
	pages   map[string]*template.Template
}

// staged is a file checked and not yet submitted: kept in memory only,
// one per person, for an hour.
type staged struct {
	id   string
	name string
	data []byte
	at   time.Time // the upload time: the receipt if submitted
}

const stageFor = time.Hour

// New builds the portal.
func New(opt Options) (*Server, error) {
	s := &Server{o: opt.Office, p: opt.Portal, log: opt.Log, now: opt.Now, tls: opt.TLS, base: opt.Base, client: opt.ClientAddr,
		staged: map[string]*staged{}}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = clock.System()
	}
	if s.p == nil {
		s.p = office.NewPortal(opt.Office, office.PortalOptionsOf(opt.Office.Config))
	}
	var err error
	if s.pages, err = parsePages(s.o.Rules.Rating.Location()); err != nil {
		return nil, err
	}
	s.cookies = webkit.Cookies{TLS: s.tls}
	s.gate = webkit.Gate[office.Person]{Current: s.current, Fail: s.fail,
		SignIn: func(*http.Request) string { return "/portale/entra" },
		Expired: func(w http.ResponseWriter, r *http.Request) {
			s.render(w, r, http.StatusUnauthorized, "error", errorData{Msg: it.T("portal.session-expired"), Back: "/portale/entra"})
		}}
	m := http.NewServeMux()
	// The sign-in, open to anyone.
	for pattern, h := range map[string]http.HandlerFunc{
		"GET /portale/portale.css":      webkit.Stylesheet(css),
		"GET /portale/entra":            s.signInPage,
		"POST /portale/entra":           s.askLink,
		"POST /portale/entra/password":  s.passwordSignIn,
		"GET /portale/accesso/{token}":  s.linkPage,
		"POST /portale/accesso/{token}": s.useLink,
		"POST /portale/esci":            s.signOut,
	} {
		m.HandleFunc(pattern, h)
	}
	// The pages and forms of a signed-in person, behind the gate (without
	// one, the browser goes to the sign-in page).
	for pattern, h := range map[string]http.HandlerFunc{
		"GET /portale/{$}":         s.home,
		"GET /portale/password":    s.passwordPage,
		"POST /portale/password":   s.setPassword,
		"GET /portale/verifica":    s.checkPage,
		"POST /portale/verifica":   s.check,
		"POST /portale/invia":      s.submit,
		"GET /portale/invii/{id}":  s.submission,
		"GET /portale/tornei/{id}": s.tournament,
	} {
		m.HandleFunc(pattern, s.gate.Wrap(h))
	}
	m.HandleFunc("/portale/", func(w http.ResponseWriter, r *http.Request) {
		s.render(w, r, http.StatusNotFound, "error", errorData{Msg: it.T("portal.page-not-found")})
	})
	s.mux = m
	return s, nil
}

// Portal is the office side the pages act through.
func (s *Server) Portal() *office.Portal { return s.p }

// ServeHTTP serves the portal's pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

const (
	sessionCookie = "omologa-portale"
	browserCookie = "omologa-portale-browser"
)

func (s *Server) setCookie(w http.ResponseWriter, name, value string, maxAge int) {
	s.cookies.Set(w, s.cookies.Name(name), value, maxAge)
}

func (s *Server) cookieValue(r *http.Request, name string) string {
	return s.cookies.Value(r, s.cookies.Name(name))
}

// personOf is the signed-in person of a request behind the gate.
func personOf(r *http.Request) *office.Person { return webkit.Who[office.Person](r) }

// current returns the signed-in person of a request, nil when none.
func (s *Server) current(r *http.Request) (*office.Person, error) {
	per, ok, err := s.p.Session(r.Context(), s.cookieValue(r, sessionCookie))
	if err != nil || !ok {
		return nil, err
	}
	return per, nil
}

// from is where a request came from, for the audit trail.
func (s *Server) from(r *http.Request) string {
	if s.client != nil {
		if a := s.client(r); a != "" {
			return a
		}
	}
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// baseOf is the portal's address for a link: the configured one, else
// the request's when it came to a loopback address (the demo); ok is
// false otherwise, since the Host header is the client's to write and a
// link to another site would hand it the token.
func (s *Server) baseOf(r *http.Request) (base string, ok bool) {
	if s.base != "" {
		return s.base, true
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); !(host == "localhost" || ip != nil && ip.IsLoopback()) {
		return "", false
	}
	scheme := "http"
	if r.TLS != nil || s.tls {
		scheme = "https"
	}
	return scheme + "://" + r.Host + "/portale", true
}

// fail answers an error: an office refusal with its message, anything
// else as a 500 logged (the page says nothing internal).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.failBack(w, r, err, "")
}

func (s *Server) failBack(w http.ResponseWriter, r *http.Request, err error, back string) {
	var oe *office.Error
	if errors.As(err, &oe) {
		code := oe.Kind.HTTPStatus()
		msg := oe.MsgIT
		if msg == "" {
			msg = oe.Msg
		}
		s.render(w, r, code, "error", errorData{Msg: msg, Back: back})
		return
	}
	// A failure passed on as the store said it (no such submission).
	if k := office.KindOf(err); k != 0 {
		msg := it.T("portal.fail.invalid")
		switch k {
		case office.NotFound:
			msg = it.T("portal.fail.not-found")
		case office.Forbidden:
			msg = it.T("portal.fail.forbidden")
		}
		s.render(w, r, k.HTTPStatus(), "error", errorData{Msg: msg, Back: back})
		return
	}
	s.log.Error("portal: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	s.render(w, r, http.StatusInternalServerError, "error", errorData{Msg: it.T("portal.fail.internal")})
}

type errorData struct {
	Msg  string
	Back string
}

func (s *Server) signInPage(w http.ResponseWriter, r *http.Request) {
	if per, _ := s.current(r); per != nil {
		http.Redirect(w, r, "/portale/", http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, "signin", signInData{Asked: r.URL.Query().Get("inviato") == "1",
		Minutes: int(s.p.Options().LinkValid / time.Minute)})
}

type signInData struct {
	Asked   bool
	Minutes int
	Email   string
	Error   string
}

// askLink sends a link to the address if the registers hold it; the
// answer is the same whatever the address.
func (s *Server) askLink(w http.ResponseWriter, r *http.Request) {
	browser := s.cookieValue(r, browserCookie)
	if browser == "" {
		var err error
		if browser, err = office.NewBrowserToken(); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	// The browser's token lives as long as a link, renewed with each ask.
	s.setCookie(w, browserCookie, browser, int((s.p.Options().LinkValid + time.Minute).Seconds()))
	base, ok := s.baseOf(r)
	if !ok {
		s.log.Error("portal: no public address for the sign-in links: set web.portal_url (or web.trusted_origins)", "host", r.Host)
		s.render(w, r, http.StatusServiceUnavailable, "error", errorData{
			Msg: it.T("portal.no-links"), Back: "/portale/entra"})
		return
	}
	if err := s.p.RequestLink(r.Context(), r.PostFormValue("email"), browser, base, s.from(r)); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/portale/entra?inviato=1", http.StatusSeeOther)
}

func (s *Server) passwordSignIn(w http.ResponseWriter, r *http.Request) {
	email := r.PostFormValue("email")
	tok, _, err := s.p.PasswordSignIn(r.Context(), email, r.PostFormValue("password"), s.from(r))
	if err != nil {
		var oe *office.Error
		if errors.As(err, &oe) {
			s.render(w, r, http.StatusUnauthorized, "signin", signInData{Email: email, Error: oe.MsgIT,
				Minutes: int(s.p.Options().LinkValid / time.Minute)})
			return
		}
		s.fail(w, r, err)
		return
	}
	s.signedIn(w, r, tok)
}

func (s *Server) signedIn(w http.ResponseWriter, r *http.Request, tok string) {
	s.setCookie(w, sessionCookie, tok, int(s.p.Options().Session.Seconds()))
	s.setCookie(w, browserCookie, "", -1)
	http.Redirect(w, r, "/portale/", http.StatusSeeOther)
}

// linkPage asks for a click before spending the link: a mail scanner
// that fetches the link does not use it up.
func (s *Server) linkPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "link", r.PathValue("token"))
}

func (s *Server) useLink(w http.ResponseWriter, r *http.Request) {
	tok, _, err := s.p.SignIn(r.Context(), r.PathValue("token"), s.cookieValue(r, browserCookie), s.from(r))
	if err != nil {
		s.failBack(w, r, err, "/portale/entra")
		return
	}
	s.signedIn(w, r, tok)
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if tok := s.cookieValue(r, sessionCookie); tok != "" {
		if err := s.p.SignOut(r.Context(), tok); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	s.setCookie(w, sessionCookie, "", -1)
	http.Redirect(w, r, "/portale/entra", http.StatusSeeOther)
}

func (s *Server) passwordPage(w http.ResponseWriter, r *http.Request) {
	has, err := s.p.HasPassword(r.Context(), personOf(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "password", passwordData{Has: has, Done: r.URL.Query().Get("fatto") == "1"})
}

type passwordData struct {
	Has, Done bool
	Error     string
}

func (s *Server) setPassword(w http.ResponseWriter, r *http.Request) {
	per := personOf(r)
	pw := r.PostFormValue("password")
	if r.PostFormValue("remove") == "1" {
		pw = ""
	} else if pw != r.PostFormValue("again") {
		has, _ := s.p.HasPassword(r.Context(), per)
		s.render(w, r, http.StatusBadRequest, "password", passwordData{Has: has, Error: it.T("portal.password.mismatch")})
		return
	}
	if err := s.p.SetPassword(r.Context(), per, pw, s.from(r)); err != nil {
		var oe *office.Error
		if errors.As(err, &oe) {
			has, _ := s.p.HasPassword(r.Context(), per)
			s.render(w, r, http.StatusBadRequest, "password", passwordData{Has: has, Error: oe.MsgIT})
			return
		}
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/portale/password?fatto=1", http.StatusSeeOther)
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	per := personOf(r)
	var d homeData
	var err error
	if d.Tournaments, err = s.p.Tournaments(r.Context(), per); err == nil {
		d.Submissions, err = s.p.Submissions(r.Context(), per)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, "home", d)
}
