// Package webkit holds what the office's web application and the
// arbiters' portal both do with their pages: the page templates read
// from the embedded folder, a page executed whole before a byte is
// sent, with the headers every page carries, a stylesheet served, the
// gate to the pages of someone signed in, the sites' cookies, a path's
// id and a held file's token. It sits on the web's floor
// beside both, in a folder of its own (the portal cannot import the
// web, which mounts it).
package webkit

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Pages reads the pages templates/*.html of fsys, each parsed by parse
// (which adds the layout and the functions), keyed by the file's name
// without folder and ending; the files named in skip (layout, parts)
// are not pages. An error names the file.
func Pages(fsys fs.FS, skip []string, parse func(file string) (*template.Template, error)) (map[string]*template.Template, error) {
	names, err := fs.Glob(fsys, "templates/*.html")
	if err != nil {
		return nil, err
	}
	out := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if slices.Contains(skip, name) {
			continue
		}
		t, err := parse(n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out[name] = t
	}
	return out, nil
}

// WriteHTML executes t's "layout" with data in memory and, when that
// succeeds, sends it with status code as a page never cached. When it
// fails nothing is written and the error is returned: the caller logs it
// and answers in its own words (a half-written page is never sent).
func WriteHTML(w http.ResponseWriter, code int, t *template.Template, data any) error {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", data); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(buf.Bytes()) // a client gone is no error of the page's
	return nil
}

// Stylesheet serves css, which browsers may keep for an hour.
func Stylesheet(css string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Header().Set("Cache-Control", "max-age=3600")
		io.WriteString(w, css)
	}
}

// PathID is the request's {id} path value, ok only for a positive
// integer.
func PathID(r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id, err == nil && id > 0
}

// Token is a random token of 18 bytes, URL-safe: the key of a file held
// between its preview and its submission.
func Token() string {
	var b [18]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b[:])
}
