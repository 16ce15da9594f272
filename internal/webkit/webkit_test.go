package webkit

import (
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
