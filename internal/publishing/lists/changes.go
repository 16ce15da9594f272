package lists

import (
	"html/template"
	"io"
	"omologa/internal/fsi"
	"omologa/internal/publishing/internal/words"
	"slices"
	"strings"
	"sync"

	"omologa/internal/platform/italian"
	"omologa/internal/publishing/style"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// The change report of a period's close (rating.Report) as a page, in
// two forms. The public one (changes.html beside the list, written by
// Publish) shows each player's previous and new rating with the
// variation of every tournament, and the promotions, categories and
// norms, with the published fields only (no FSI id on the rapid list,
// no file names, no office notes). The office's one (WriteChangesHTML)
// adds the file names, the rating used and its source, the tournaments
// left out of the period, the players' notes and the run's notes.
// Parsed when first used: most commands write no page.
var changesPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("changes").Funcs(template.FuncMap{
		"signed": func(t rating.Tenths) string { return italian.SignedTenths(int(t)) },
		"join":   strings.Join,
		"date":   date,
		"period": fsi.PeriodMonth,
		"source": func(s string) string { return words.Source("it", s) },
		"section": func(title string, items []rating.CategoryChange) catSection {
			// By rating, as the list itself: the run gives them in the order
			// it met the players (a tournament's first, then the others).
			items = slices.Clone(items)
			slices.SortStableFunc(items, func(a, b rating.CategoryChange) int { return b.Rating - a.Rating })
			return catSection{Title: title, Items: items, Articles: !sameArticle(title, items)}
		},
		"fileref": fileRef,
		"notes":   func(title string, items []rating.PlayerNote) noteSection { return noteSection{title, items} },
		"kind":    fsi.Kind.ListName,
		"css":     style.TemplateCSS,
		"std":     func(k fsi.Kind) bool { return k != fsi.Rapid },
		"dmy":     func(d tournament.Date) string { return date(d) },
	}).Parse(`<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
{{if .Public}}<link rel="stylesheet" href="style.css">{{else}}<style>{{css}}</style>{{end}}
</head><body>
<header class="site"><p class="org">Federazione Scacchistica Italiana · Omologazione tornei</p>
<h1>{{.Title}}</h1></header>
<main>
{{- $std := std .R.Kind}}{{$pub := .Public}}
{{with .R}}<p>Tornei ricevuti dal {{dmy .Period.From}} al {{dmy .Period.Cutoff}} ({{if $std}}RTF 4.2.2{{else}}RAPID 6.2{{end}}).{{if $.List}} <a href="{{$.List}}">La lista</a>.{{end}}</p>{{end}}
{{if .Notes}}<h2>Note dell'ufficio</h2>
<ul class="notes">{{range .Notes}}<li>{{.}}</li>{{end}}</ul>
{{end}}<h2>Tornei valutati</h2>
{{if .R.Tournaments}}<div class="scroll"><table><thead><tr><th>Ricevuto il</th><th>Torneo</th>{{if not $pub}}<th>File</th>{{end}}<th class="n">Giocatori</th><th class="n">Partite</th></tr></thead><tbody>
{{range .R.Tournaments}}<tr><td>{{dmy .Received}}</td><td>{{.Name}}</td>{{if not $pub}}<td>{{fileref .File}}</td>{{end}}<td class="n">{{.Players}}</td><td class="n">{{.Games}}</td></tr>
{{end}}</tbody></table></div>
{{else}}<p>Nessun torneo nel periodo.</p>
{{end}}{{if and .R.Excluded (not $pub)}}<p class="note">Fuori periodo, non valutati: {{range $i, $e := .R.Excluded}}{{if $i}}; {{end}}{{fileref $e.File}}, ricevuto il {{dmy $e.Received}}, lista di {{period $e.Period}}{{end}}.</p>
{{end}}<h2>Variazioni</h2>
{{if .R.Changes}}<div class="scroll"><table><thead><tr>{{if $std}}<th>Tessera FSI</th>{{end}}<th>Giocatore</th><th class="n">Elo precedente</th>{{if not $pub}}<th class="n">Elo usato</th><th>Origine</th>{{end}}<th class="n">Variazione</th><th class="n">Elo nuovo</th><th>Per torneo</th></tr></thead><tbody>
{{range $c := .R.Changes}}<tr>{{if $std}}<td>{{.FSIID}}</td>{{end}}<td>{{.Name}}</td><td class="n">{{if .Previous}}{{.Previous}}{{else if eq .Source "fide"}}{{.Used}} <span class="badge">FIDE</span>{{else}}—{{end}}</td>{{if not $pub}}<td class="n">{{.Used}}</td><td>{{source .Source}}</td>{{end}}<td class="n{{if gt .Sum 0}} up{{else if lt .Sum 0}} down{{end}}">{{if .Rated}}{{signed .Sum}}{{else}}—{{end}}</td><td class="n">{{if .New}}{{.New}}{{else if eq .Source "fide"}}{{.Used}} <span class="badge">FIDE</span>{{else}}—{{end}}</td><td>{{range $i, $v := .Variations}}{{if $i}}<br>{{end}}{{$v.Name}}{{if $c.Rated}}: {{signed $v.Applied}}{{end}}{{if $v.Articles}} ({{join $v.Articles ", "}}){{end}}{{end}}{{if .Articles}}{{if .Variations}}<br>{{end}}{{join .Articles ", "}}{{end}}{{if and (not .Rated) (eq .Source "fide")}}<br><span class="note">Elo FIDE: il torneo non gli dà Elo Italia</span>{{end}}</td></tr>
{{end}}</tbody></table></div>
<p class="note">Elo precedente: quello della lista in vigore, o l'Elo FIDE per chi lo ha («—» per chi entra in lista); la variazione è la somma di quelle dei tornei, arrotondata nell'Elo nuovo (RTF 4.3.3).</p>
{{else}}<p>Nessuna variazione.</p>
{{end}}{{if $std}}{{template "cats" (section "Promozioni (RTF 4.4.1)" .R.Promotions)}}{{else}}{{template "cats" (section "Categorie rapid (RAPID 8.3)" .R.Categories)}}{{end}}{{template "cats" (section "Promozioni trattenute per ritiro ingiustificato (RTF 7.5.3)" .R.Withheld)}}{{template "notes" (notes "Norme di Maestro" .R.Norms)}}{{template "notes" (notes "Nuovi in lista" .R.Added)}}{{if not $pub}}{{template "notes" (notes "Inattivi (non pubblicati)" .R.Inactive)}}{{template "notes" (notes "Rimossi" .R.Removed)}}{{template "notes" (notes "Rientrati" .R.Reentered)}}{{template "notes" (notes "K bloccato" .R.KLocked)}}{{template "notes" (notes "Ritiri nei gironi in attesa della decisione dell'ufficio (omologa decide)" .R.Undecided)}}{{end}}</main>
</body></html>
{{define "cats"}}{{if .Items}}<h2>{{.Title}}</h2>
<div class="scroll"><table><thead><tr><th>Giocatore</th><th>Da</th><th>A</th><th class="n">Elo</th>{{if .Articles}}<th>Articolo</th>{{end}}</tr></thead><tbody>
{{range .Items}}<tr><td>{{.Name}}</td><td>{{or .From "—"}}</td><td>{{.To}}</td><td class="n">{{.Rating}}</td>{{if $.Articles}}<td>{{.Article}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{end}}{{end}}{{define "notes"}}{{if .Items}}<h2>{{.Title}}</h2>
<ul>{{range .Items}}<li>{{.Name}}{{if .Article}} ({{.Article}}){{end}}</li>{{end}}</ul>
{{end}}{{end}}`))
})

type catSection struct {
	Title string
	Items []rating.CategoryChange
	// Articles is false when every change cites the article the title
	// already gives: a column repeating "RAPID 8.3" on every row says
	// nothing.
	Articles bool
}

// sameArticle tells whether every change cites the article in title's
// parentheses ("Categorie rapid (RAPID 8.3)").
func sameArticle(title string, items []rating.CategoryChange) bool {
	for _, c := range items {
		if c.Article != "" && !strings.Contains(title, "("+c.Article+")") {
			return false
		}
	}
	return true
}

// fileRef writes the office's reference to a file, "12/open.trf" (the
// submission and the file's name), as a clerk reads it: "open.trf
// (invio n. 12)", the number status and the web show for the submission.
func fileRef(ref string) string {
	n, name, ok := strings.Cut(ref, "/")
	if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
		return ref
	}
	return name + " (invio n. " + n + ")"
}

type noteSection struct {
	Title string
	Items []rating.PlayerNote
}

type changesData struct {
	Title  string
	R      *rating.Report
	Notes  []string
	Public bool
	List   string // the list page's file name, linked from the public page
}

func writeChanges(w io.Writer, d changesData) error { return changesPage().Execute(w, d) }

// WriteChangesHTML writes the office's change page of a period's close,
// with the run's notes (warnings, the cross-check of the provisional
// results) above the tables. It is not for the public folder: Publish
// writes the public one.
func WriteChangesHTML(w io.Writer, title string, r *rating.Report, notes []string) error {
	return writeChanges(w, changesData{Title: title, R: r, Notes: notes})
}
