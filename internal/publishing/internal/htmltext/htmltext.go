// Package htmltext escapes text as html/template escapes it in an
// element's text and in a quoted attribute (the same characters
// replaced by the same entities), for the long tables the publishing
// packages write by hand rather than through html/template, which takes
// a reflective call per cell (a list's 30,000 rows). Each such table
// has a test that renders it both ways.
package htmltext

import (
	"io"
	"strings"
)

var escaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// Escape is s escaped.
func Escape(s string) string { return escaper.Replace(s) }

// Write writes s escaped to w.
func Write(w io.Writer, s string) (int, error) { return escaper.WriteString(w, s) }
