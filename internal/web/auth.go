package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/webkit"
)

// sessionCookie is the session cookie's name (under TLS "__Host-"
// binds it to this host and path, HTTPS only).
func (s *Server) sessionCookie() string { return s.cookies.Name("omologa") }

// visit is the logged-in user of a request.
type visit struct {
	token string
	sess  *office.Session
}

func (v *visit) actor() office.Actor {
	return office.Actor{User: v.sess.User.Name, Role: office.Role(v.sess.User.Role), Via: "web"}
}

// visitOf is the logged-in user of a request behind the login.
func visitOf(r *http.Request) *visit { return webkit.Who[visit](r) }

// current returns the request's session, nil when it has none.
func (s *Server) current(r *http.Request) (*visit, error) {
	tok := s.cookies.Value(r, s.sessionCookie())
	if tok == "" {
		return nil, nil
	}
	sess, ok, err := s.acc.Session(r.Context(), tok)
	if err != nil || !ok {
		return nil, err
	}
	return &visit{token: tok, sess: sess}, nil
}

// loginGate is the gate of the pages behind the login: without a
// session the browser goes to the login page (and back here after), a
// form is refused.
func (s *Server) loginGate() webkit.Gate[visit] {
	return webkit.Gate[visit]{Current: s.current, Fail: s.fail,
		SignIn: func(r *http.Request) string { return "/login?next=" + url.QueryEscape(r.URL.RequestURI()) },
		Expired: func(w http.ResponseWriter, r *http.Request) {
			s.plainError(w, r, http.StatusUnauthorized, "loginFirst")
		}}
}

// act wraps a page or form of an office act behind the login: the
// user's role must allow it, else 403 before anything runs (the office
// refuses it too).
func (s *Server) act(a office.Action, h http.HandlerFunc) http.HandlerFunc {
	return s.gate.Wrap(func(w http.ResponseWriter, r *http.Request) {
		v := visitOf(r)
		if !v.actor().Role.May(a) {
			s.log.Warn("web: act refused to the role", "user", v.sess.User.Name, "role", v.sess.User.Role, "action", a)
			s.render(w, r, http.StatusForbidden, "error", "", errorPage{Key: "forbidden"})
			return
		}
		h(w, r)
	})
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	if v, _ := s.current(r); v != nil {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, "login", "", loginData{Next: safeNext(r.URL.Query().Get("next"))})
}

type loginData struct {
	Next, Name, Error string
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	name, pw := strings.TrimSpace(r.PostFormValue("name")), r.PostFormValue("password")
	next := safeNext(r.PostFormValue("next"))
	addr := s.clientAddr(r)
	token, _, err := s.acc.LoginFrom(r.Context(), name, pw, s.langOf(r), addr)
	if err != nil {
		code, key := http.StatusUnauthorized, "badLogin"
		var te *accounts.ThrottledError
		switch {
		case errors.As(err, &te):
			code, key = http.StatusTooManyRequests, "throttled"
			w.Header().Set("Retry-After", strconv.Itoa(int(te.Wait.Seconds())+1))
			s.log.Warn("web: login throttled", "user", accounts.LogName(name), "remote", addr, "wait", te.Wait)
		case errors.Is(err, accounts.ErrBusy):
			code, key = http.StatusServiceUnavailable, "busy"
			w.Header().Set("Retry-After", "5")
			s.log.Warn("web: login refused, too many at once", "remote", addr)
		case errors.Is(err, accounts.ErrBadLogin):
			s.metrics.failedLogins.Inc()
			s.log.Info("web: wrong password", "user", accounts.LogName(name), "remote", addr)
		default:
			s.fail(w, r, err)
			return
		}
		if len(name) > accounts.MaxName {
			name = "" // not echoed back
		}
		s.render(w, r, code, "login", "", loginData{Next: next, Name: name, Error: key})
		return
	}
	s.setSession(w, token)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// setSession sets the session cookie of a login.
func (s *Server) setSession(w http.ResponseWriter, token string) {
	s.cookies.Set(w, s.sessionCookie(), token, int(s.acc.Lifetime.Seconds()))
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if v, _ := s.current(r); v != nil {
		s.staged.drop(v.sess.User.Name)
		if err := s.acc.Logout(r.Context(), v.token); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	s.cookies.Set(w, s.sessionCookie(), "", -1)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// setLang switches the language: the session's when logged in, else a
// cookie for the login page.
func (s *Server) setLang(w http.ResponseWriter, r *http.Request) {
	lang := r.PostFormValue("lang")
	if lang != "it" && lang != "en" {
		s.plainError(w, r, http.StatusBadRequest, "badRequest")
		return
	}
	if v, _ := s.current(r); v != nil {
		if err := s.acc.SetLang(r.Context(), v.token, lang); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	s.cookies.Set(w, "lang", lang, 365*24*3600)
	http.Redirect(w, r, safeNext(r.PostFormValue("next")), http.StatusSeeOther)
}

// langOf is the request's language: the session's, else the cookie's,
// else the configured default.
func (s *Server) langOf(r *http.Request) string {
	if v := visitOf(r); v != nil && (v.sess.Lang == "it" || v.sess.Lang == "en") {
		return v.sess.Lang
	}
	if c := s.cookies.Value(r, "lang"); c == "it" || c == "en" {
		return c
	}
	return s.lang
}

// fail answers an error: an office refusal with its status and message,
// anything else as a 500 logged (the page says nothing internal).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.failBack(w, r, err, "")
}

// failBack is fail with a link back to the page the act was asked from
// (back, "" for none).
func (s *Server) failBack(w http.ResponseWriter, r *http.Request, err error, back string) {
	var oe *office.Error
	if errors.As(err, &oe) {
		msg := oe.Msg
		if s.langOf(r) == "it" && oe.MsgIT != "" {
			msg = oe.MsgIT
		}
		if oe.Article != "" && !strings.Contains(msg, oe.Article) {
			msg += " (" + oe.Article + ")"
		}
		s.render(w, r, oe.Kind.HTTPStatus(), "error", "", errorPage{Msg: msg, Back: back})
		return
	}
	// A failure the office passed on as the store said it (no such
	// submission): its status, in the page's own words.
	if k := office.KindOf(err); k != 0 {
		key := "badRequest"
		switch k {
		case office.NotFound:
			key = "notFound"
		case office.Forbidden:
			key = "forbidden"
		}
		s.render(w, r, k.HTTPStatus(), "error", "", errorPage{Key: key, Back: back})
		return
	}
	s.log.Error("web: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	s.render(w, r, http.StatusInternalServerError, "error", "", errorPage{Key: "internal"})
}

// errorPage is an error shown in the layout: a text key, or a message
// already in the reader's language.
type errorPage struct {
	Key  string
	Msg  string
	Back string // a page of the application to go back to, "" for none
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusNotFound, "error", "", errorPage{Key: "notFound"})
}

// found answers a look-up's failure (err: fail, !ok: not found) and says
// whether the handler may go on.
func (s *Server) found(w http.ResponseWriter, r *http.Request, ok bool, err error) bool {
	if err != nil {
		s.fail(w, r, err)
		return false
	}
	if !ok {
		s.notFound(w, r)
		return false
	}
	return true
}

// show renders page (under the menu entry nav) with data, read for it,
// or answers err when the reading failed.
func (s *Server) show(w http.ResponseWriter, r *http.Request, page, nav string, data any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, page, nav, data)
}

// plainError answers without the layout (no session known).
func (s *Server) plainError(w http.ResponseWriter, r *http.Request, code int, key string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	w.Write([]byte(texts[s.langOf(r)][key] + "\n"))
}
