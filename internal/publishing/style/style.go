// Package style holds the one stylesheet (and the one small script) of
// every page omologa writes for a person: the published lists, the
// tournament reports and the office's web application. Pages either
// link the files written beside them or inline them; either way the
// text comes from here, so a colour or a margin changes in one place.
package style

import (
	_ "embed"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
)

// CSS is the stylesheet.
//
//go:embed style.css
var CSS string

// SearchJS filters the rows of a table as the reader types in a search
// box (see the comment at its top for the markup it expects). It is a
// separate file, not an inline script, so that pages can be served with
// a Content-Security-Policy that forbids inline scripts.
//
//go:embed search.js
var SearchJS string

// CSSFile and SearchJSFile are the names pages use when the files are
// written beside them (WriteFiles) or served by the web application.
const (
	CSSFile      = "style.css"
	SearchJSFile = "search.js"
)

// TemplateCSS returns the stylesheet for a <style> element of an
// html/template page.
func TemplateCSS() template.CSS { return template.CSS(CSS) }

// WriteFiles writes style.css and search.js into dir, for pages that
// link them (the published folder). Existing files are replaced.
func WriteFiles(dir string) error {
	for name, text := range map[string]string{CSSFile: CSS, SearchJSFile: SearchJS} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return fmt.Errorf("style: %w", err)
		}
	}
	return nil
}
