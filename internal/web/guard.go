package web

import (
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"omologa/internal/office/accounts"
)

// Request limits, enforced for every route in one place (guard): a form
// is read through http.MaxBytesReader, so that no anonymous post can
// make the server hold more than this.
const (
	// maxSmallForm bounds the forms anyone may post before logging in
	// (login, language, logout).
	maxSmallForm = 4 << 10
	// maxForm bounds any other url-encoded form.
	maxForm = 64 << 10
	// maxUpload bounds a multipart form (a register's upload).
	maxUpload = 32 << 20
)

// smallForms are the routes anyone may post to.
var smallForms = map[string]bool{"/login": true, "/lang": true, "/logout": true}

// guard is what every answer goes through: the security headers, no
// caching of anything but the static assets, and the request body's
// limit.
func (s *Server) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; "+
			"form-action 'self'; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'")
		hd.Set("X-Content-Type-Options", "nosniff")
		// same-origin, not no-referrer: with no-referrer the browser sends
		// "Origin: null" on the app's own posts, which the cross-origin
		// check must refuse behind a plain-HTTP named host.
		hd.Set("Referrer-Policy", "same-origin")
		hd.Set("X-Frame-Options", "SAMEORIGIN")
		if s.tls {
			hd.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		// Every page, download, report, chart and FIDE file is private
		// (birth dates, the office's work): no browser or proxy keeps it.
		// The assets set their own caching.
		if !strings.HasPrefix(r.URL.Path, "/assets/") {
			hd.Set("Cache-Control", "no-store")
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Body != nil {
			ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
			limit := int64(maxForm)
			switch {
			case smallForms[r.URL.Path]:
				limit = maxSmallForm
			case ct == "multipart/form-data":
				limit = maxUpload + 1<<20 // the file and the form around it
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			if ct != "multipart/form-data" {
				// Read the form here, so that one too large is refused as
				// such and not seen as empty fields by the handler.
				if err := r.ParseForm(); err != nil {
					var mb *http.MaxBytesError
					if errors.As(err, &mb) {
						s.plainError(w, r, http.StatusRequestEntityTooLarge, "tooLarge")
						return
					}
					s.plainError(w, r, http.StatusBadRequest, "badRequest")
					return
				}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// clientAddr is the throttle's key of the request's client: the peer's
// address, or behind the configured proxy the last address it added to
// X-Forwarded-For (the earlier ones are the client's to write).
func (s *Server) clientAddr(r *http.Request) string {
	if s.proxy {
		if xs := r.Header.Values("X-Forwarded-For"); len(xs) > 0 {
			last := xs[len(xs)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if k := accounts.ClientKey(strings.TrimSpace(last)); k != "" {
				return k
			}
		}
	}
	return accounts.ClientKey(r.RemoteAddr)
}

// safeNext keeps a redirect after login on this site: a path of this
// site ("/x?y"), nothing with a scheme or a host, no backslash and no
// control character (a browser drops a tab or a newline, so that
// "/\t/evil.example" would become "//evil.example"); anything else is
// "/".
func safeNext(n string) string {
	if n == "" || len(n) > 2048 || n[0] != '/' || strings.HasPrefix(n, "//") || strings.ContainsAny(n, "\\") {
		return "/"
	}
	for _, c := range []byte(n) {
		if c < 0x20 || c == 0x7f {
			return "/"
		}
	}
	u, err := url.Parse(n)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		!strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return "/"
	}
	// The decoded path must be as harmless: "/%09/x" or "/%2F/x".
	for _, c := range []byte(u.Path) {
		if c < 0x20 || c == 0x7f || c == '\\' {
			return "/"
		}
	}
	return n
}
