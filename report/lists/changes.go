package lists

import (
	"html/template"
	"io"
	"strings"
	"sync"

	"omologa/rating"
)

// The change report of a period's close (rating.Report) as a page for
// the office and the players: the tournaments rated, each player's
// previous and new rating with the variation of every tournament, and
// the promotions, categories, norms, players added, made inactive,
// removed or re-entered. Italian, like the list page.
var changesFuncs = template.FuncMap{
	"signed": func(t rating.Tenths) string {
		if t > 0 {
			return "+" + t.String()
		}
		return t.String()
	},
	"join":    strings.Join,
	"section": func(title string, items []rating.CategoryChange) catSection { return catSection{title, items} },
	"notes":   func(title string, items []rating.PlayerNote) noteSection { return noteSection{title, items} },
	"kind": func(k string) string {
		if k == "rapid" {
			return "Elo Italia Rapid"
		}
		return "Elo Italia"
	},
}

// Parsed when first used: most commands write no page.
var changesPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("changes").Funcs(changesFuncs).Parse(`<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1em}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}td.n,th.n{text-align:right}p.note{color:#555}</style>
</head><body><h1>{{.Title}}</h1>
{{with .R}}<p>Lista {{kind (print .Kind)}} {{.Period.Label}}: tornei ricevuti dal {{.Period.From}} al {{.Period.Cutoff}} (RTF 4.2.2, RAPID 6.2).</p>{{end}}
{{if .Notes}}<ul class="notes">{{range .Notes}}<li>{{.}}</li>{{end}}</ul>
{{end}}<h2>Tornei valutati</h2>
{{if .R.Tournaments}}<table><thead><tr><th>Ricevuto</th><th>Torneo</th><th>File</th><th class="n">Giocatori</th><th class="n">Partite</th></tr></thead><tbody>
{{range .R.Tournaments}}<tr><td>{{.Received}}</td><td>{{.Name}}</td><td>{{.File}}</td><td class="n">{{.Players}}</td><td class="n">{{.Games}}</td></tr>
{{end}}</tbody></table>
{{else}}<p>Nessun torneo nel periodo.</p>
{{end}}{{if .R.Excluded}}<p class="note">Fuori periodo, non valutati: {{range $i, $e := .R.Excluded}}{{if $i}}; {{end}}{{$e.File}} (ricevuto {{$e.Received}}, lista {{$e.Period}}){{end}}.</p>
{{end}}<h2>Variazioni</h2>
{{if .R.Changes}}<table><thead><tr><th>Tessera</th><th>Giocatore</th><th class="n">Precedente</th><th class="n">Usato</th><th>Origine</th><th class="n">Somma</th><th class="n">Raggiunto</th><th class="n">Nuovo</th><th>Per torneo</th><th>Articoli</th></tr></thead><tbody>
{{range .R.Changes}}<tr><td>{{.FSIID}}</td><td>{{.Name}}</td><td class="n">{{.Previous}}</td><td class="n">{{.Used}}</td><td>{{.Source}}</td><td class="n">{{if .Rated}}{{signed .Sum}}{{end}}</td><td class="n">{{if .Rated}}{{.Reached}}{{end}}</td><td class="n">{{.New}}</td><td>{{range $i, $v := .Variations}}{{if $i}}<br>{{end}}{{$v.Name}}: {{signed $v.Applied}}{{if $v.Articles}} [{{join $v.Articles ", "}}]{{end}}{{end}}</td><td>{{join .Articles ", "}}</td></tr>
{{end}}</tbody></table>
{{else}}<p>Nessuna variazione.</p>
{{end}}{{template "cats" (section "Promozioni (RTF 4.4.1)" .R.Promotions)}}{{template "cats" (section "Categorie rapid (RAPID 8.3)" .R.Categories)}}{{template "cats" (section "Promozioni trattenute per ritiro ingiustificato (RTF 7.5.3)" .R.Withheld)}}{{template "notes" (notes "Norme di Maestro" .R.Norms)}}{{template "notes" (notes "Nuovi in lista" .R.Added)}}{{template "notes" (notes "Inattivi (non pubblicati)" .R.Inactive)}}{{template "notes" (notes "Rimossi" .R.Removed)}}{{template "notes" (notes "Rientrati" .R.Reentered)}}{{template "notes" (notes "K bloccato" .R.KLocked)}}</body></html>
{{define "cats"}}{{if .Items}}<h2>{{.Title}}</h2>
<table><thead><tr><th>Tessera</th><th>Giocatore</th><th>Da</th><th>A</th><th class="n">Elo</th><th>Articolo</th></tr></thead><tbody>
{{range .Items}}<tr><td>{{.FSIID}}</td><td>{{.Name}}</td><td>{{.From}}</td><td>{{.To}}</td><td class="n">{{.Rating}}</td><td>{{.Article}}</td></tr>
{{end}}</tbody></table>
{{end}}{{end}}{{define "notes"}}{{if .Items}}<h2>{{.Title}}</h2>
<ul>{{range .Items}}<li>{{.FSIID}} {{.Name}}: {{.Reason}}{{if .Article}} ({{.Article}}){{end}}</li>{{end}}</ul>
{{end}}{{end}}`))
})

type catSection struct {
	Title string
	Items []rating.CategoryChange
}

type noteSection struct {
	Title string
	Items []rating.PlayerNote
}

// WriteChangesHTML writes the change report of a period's close as an
// HTML page; notes (the run's warnings, the cross-check of the
// provisional results) are listed above the tables.
func WriteChangesHTML(w io.Writer, title string, r *rating.Report, notes []string) error {
	return changesPage().Execute(w, struct {
		Title string
		R     *rating.Report
		Notes []string
	}{title, r, notes})
}
