package webkit

import (
	"context"
	"net/http"
)

// Gate lets through to a page only someone signed in: the office's users
// (T the web application's visit) or the portal's people (T their
// person), each site saying how it finds them and how it answers when
// nobody is.
type Gate[T any] struct {
	// Current is who is signed in on a request, nil when nobody.
	Current func(*http.Request) (*T, error)
	// Fail answers Current's failure.
	Fail func(http.ResponseWriter, *http.Request, error)
	// SignIn is the sign-in page a browser asking for a page without
	// anyone signed in is sent to.
	SignIn func(*http.Request) string
	// Expired answers anything but a GET without anyone signed in (a
	// form sent after the session ended): nothing is done, nothing is
	// redirected to.
	Expired func(http.ResponseWriter, *http.Request)
}

type whoKey[T any] struct{}

// Wrap is h behind the gate: h gets the request with who is signed in
// in its context, for Who.
func (g Gate[T]) Wrap(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		who, err := g.Current(r)
		if err != nil {
			g.Fail(w, r, err)
			return
		}
		if who == nil {
			if r.Method != http.MethodGet {
				g.Expired(w, r)
				return
			}
			http.Redirect(w, r, g.SignIn(r), http.StatusSeeOther)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), whoKey[T]{}, who)))
	}
}

// Who is who is signed in on a request a Gate[T] let through, nil on any
// other.
func Who[T any](r *http.Request) *T {
	who, _ := r.Context().Value(whoKey[T]{}).(*T)
	return who
}

// Cookies are a site's cookies: HttpOnly (no script reads them),
// SameSite=Strict, for every path; under TLS Secure, and those the site
// binds to its host named "__Host-…" (Name).
type Cookies struct{ TLS bool }

// Name is the name of a cookie bound to this host: under TLS
// "__Host-"+name, which a browser keeps only for this host and path,
// over HTTPS.
func (c Cookies) Name(name string) string {
	if c.TLS {
		return "__Host-" + name
	}
	return name
}

// Set sets the cookie name to value for maxAge seconds (-1 deletes it).
func (c Cookies) Set(w http.ResponseWriter, name, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: c.TLS,
		SameSite: http.SameSiteStrictMode, MaxAge: maxAge})
}

// Value is the value of the request's cookie name, "" without one.
func (c Cookies) Value(r *http.Request, name string) string {
	if k, err := r.Cookie(name); err == nil {
		return k.Value
	}
	return ""
}
