package site

import (
	"html/template"
	"strconv"
	"strings"

	"omologa/internal/publishing/internal/htmltext"
)

// The long tables (a list's 30,000 rows, a province's players, a
// player's games) are written here rather than through html/template,
// which takes a reflective call per cell: the bytes are the template's
// (a test renders both), escaped as html/template escapes text and
// quoted attributes (package htmltext).

// listRowsHTML are a list page's rows, as listHTML's range wrote them.
func listRowsHTML(rows []listRow, fide bool) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 96)
	for i := range rows {
		r := &rows[i]
		b.WriteString("<tr><td>")
		b.WriteString(strconv.Itoa(r.Rank))
		if fide {
			b.WriteString("<td>")
			htmltext.Write(&b, r.FSIID)
		}
		b.WriteString("<td>")
		if r.Href != "" {
			b.WriteString(`<a href="`)
			b.WriteString(r.Href) // safe: playerPath of safe()
			b.WriteString(`">`)
			htmltext.Write(&b, r.Surname)
			b.WriteString("</a>")
		} else {
			htmltext.Write(&b, r.Surname)
		}
		b.WriteString("<td>")
		htmltext.Write(&b, r.Name)
		b.WriteString("<td>")
		htmltext.Write(&b, r.Category)
		b.WriteString("<td>")
		htmltext.Write(&b, r.Province)
		b.WriteString("<td>")
		b.WriteString(strconv.Itoa(r.Rating))
		if fide {
			b.WriteString("<td>")
			if r.FIDE {
				b.WriteString("FIDE")
			}
		}
		b.WriteString("\n")
	}
	return template.HTML(b.String())
}

// provinceRowsHTML are a province page's players, as provinceHTML's
// range wrote them.
func provinceRowsHTML(ps []*player) template.HTML {
	var b strings.Builder
	b.Grow(len(ps) * 160)
	for _, p := range ps {
		b.WriteString(`<tr><th scope="row"><a href="../`)
		b.WriteString(playerPath(p.ID))
		b.WriteString(`">`)
		htmltext.Write(&b, p.Surname)
		b.WriteString(" ")
		htmltext.Write(&b, p.Name)
		b.WriteString("</a></th><td>")
		htmltext.Write(&b, p.Category)
		b.WriteString(`</td><td class="n">`)
		if p.Standard != 0 {
			b.WriteString(strconv.Itoa(p.Standard))
		}
		b.WriteString(`</td><td class="n">`)
		if p.Rapid != 0 {
			b.WriteString(strconv.Itoa(p.Rapid))
		}
		b.WriteString("</td></tr>\n")
	}
	return template.HTML(b.String())
}

// gameRowsHTML are a player's games, as the player's page shows them.
func gameRowsHTML(gs []gameRow, notYet string) template.HTML {
	var b strings.Builder
	b.Grow(len(gs) * 200)
	for i := range gs {
		g := &gs[i]
		b.WriteString(`<tr><th scope="row"><a href="`)
		b.WriteString(g.Href) // safe: tournPath
		b.WriteString(`">`)
		htmltext.Write(&b, g.Name)
		b.WriteString("</a></th><td>")
		htmltext.Write(&b, g.Dates)
		b.WriteString("</td><td>")
		htmltext.Write(&b, g.KindIT)
		b.WriteString(`</td><td class="n">`)
		b.WriteString(strconv.Itoa(g.Games))
		b.WriteString(`</td><td class="n">`)
		htmltext.Write(&b, g.Score)
		b.WriteString(`</td><td class="n `)
		htmltext.Write(&b, g.Class)
		b.WriteString(`">`)
		if g.Variation != "" {
			htmltext.Write(&b, g.Variation)
		} else {
			b.WriteString(`<span class="note">`)
			b.WriteString(notYet)
			b.WriteString("</span>")
		}
		b.WriteString("</td></tr>\n")
	}
	return template.HTML(b.String())
}
