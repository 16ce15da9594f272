package email

import (
	"strings"

	"golang.org/x/net/html"
)

// StripHTML renders an HTML body as plain text: block elements and <br>
// become line breaks (so "Luogo:</td><td>Roma" stays on one line only
// when it was in one cell row), scripts and styles vanish, entities are
// decoded.
func StripHTML(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return tidy(b.String())
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			tag := string(name)
			tt := z.Token().Type
			switch tag {
			case "script", "style", "head", "title":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			case "br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "pre", "hr":
				b.WriteByte('\n')
			case "td", "th":
				b.WriteByte(' ')
			}
		}
	}
}

// tidy collapses the spacing HTML leaves behind: spaces within lines,
// runs of blank lines.
func tidy(s string) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	blank := false
	for _, l := range lines {
		l = strings.Join(strings.Fields(strings.ReplaceAll(l, "\u00a0", " ")), " ")
		if l == "" {
			if !blank && len(out) > 0 {
				out = append(out, "")
			}
			blank = true
			continue
		}
		blank = false
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
