package site

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/report"
	"omologa/internal/publishing/statistics"
	"omologa/internal/publishing/style"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

//go:embed site.css
var siteCSS string

//go:embed sort.js
var sortJS string

// assets are the hashed names of the stylesheet and scripts.
type assets struct{ CSS, Search, Sort, History string }

func writeAssets(w *writer) (assets, error) {
	var a assets
	for _, f := range []struct {
		name, ext string
		text      string
		into      *string
	}{
		{"style", "css", style.CSS + "\n" + siteCSS, &a.CSS},
		{"search", "js", style.SearchJS, &a.Search},
		{"sort", "js", sortJS, &a.Sort},
		{"storia", "js", historyJS, &a.History},
	} {
		b := []byte(f.text)
		*f.into = "assets/" + f.name + "." + hashOf(b)[:10] + "." + f.ext
		if err := w.put(*f.into, b); err != nil {
			return a, err
		}
	}
	return a, nil
}

// page is what every page's frame needs.
type page struct {
	Title  string
	Root   string // "" at the root, "../" one folder down
	A      assets
	Script bool // the search and sort scripts
	Nav    string
	D      any
}

func pointsIT(p float64) string           { return italian.Points(p) }
func signedTenths(v rating.Tenths) string { return italian.SignedTenths(int(v)) }

func dateIT(d tournament.Date) string {
	if !d.IsFull() {
		return ""
	}
	return italian.DMY(d.Year, d.Month, d.Day)
}

func datesIT(a, b tournament.Date) string {
	switch {
	case !a.IsFull():
		return dateIT(b)
	case !b.IsFull() || a == b:
		return dateIT(a)
	}
	return italian.Elide(say("site.fromTo", dateIT(a), dateIT(b)))
}

func kindIT(k fsi.Kind) string {
	if k == fsi.Rapid {
		return "Rapid"
	}
	return "Standard"
}

// say is the site's text of key (the site is Italian).
func say(key string, args ...any) string { return catalogue.IT.T(key, args...) }

// funcs are the pages' functions; t writes a catalogue text as the
// catalogue has it (its texts hold no markup): never give it a value
// read from outside the code, which the page would not escape.
var funcs = template.FuncMap{
	"player":   func(id string) string { return playerPath(id) },
	"tourn":    func(id int64) string { return tournPath(id) },
	"province": func(p string) string { return provincePath(p) },
	"dates":    datesIT,
	"kind":     kindIT,
	"points":   pointsIT,
	"num":      func(f float64) string { return italian.Number(f) },
	"period":   fsi.PeriodMonth,
	"count":    catalogue.IT.N,
	"t":        func(key string, args ...any) template.HTML { return template.HTML(say(key, args...)) },
	"cell":     statistics.CellIn,
	"numeric":  statistics.Numeric,
	"add":      func(a, b int) int { return a + b },
}

const frame = `{{define "head"}}<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} – {{t "site.federation"}}</title>
<link rel="stylesheet" href="{{.Root}}{{.A.CSS}}">
</head><body>
<a class="skip" href="#main">{{t "site.skip"}}</a>
<header class="site"><p class="org">{{t "site.federation"}} · Elo Italia</p>
<h1>{{.Title}}</h1></header>
<nav class="site" aria-label="{{t "site.nav"}}"><a href="{{.Root}}index.html"{{if eq .Nav "home"}} aria-current="page"{{end}}>{{t "site.nav.lists"}}</a> <a href="{{.Root}}tornei/index.html"{{if eq .Nav "tornei"}} aria-current="page"{{end}}>{{t "site.tournaments"}}</a> <a href="{{.Root}}province/index.html"{{if eq .Nav "province"}} aria-current="page"{{end}}>{{t "site.provinces"}}</a> <a href="{{.Root}}statistiche/index.html"{{if eq .Nav "stats"}} aria-current="page"{{end}}>{{t "site.stats"}}</a></nav>
<main id="main">
{{end}}{{define "foot"}}</main>
<footer class="site">{{t "site.footer"}}</footer>
{{if .Script}}<script src="{{.Root}}{{.A.Search}}"></script><script src="{{.Root}}{{.A.Sort}}"></script>{{end}}
</body></html>
{{end}}`

var templates = sync.OnceValue(func() *template.Template {
	t := template.Must(template.New("frame").Funcs(funcs).Parse(frame))
	for name, text := range map[string]string{
		"index":    indexHTML,
		"list":     listHTML,
		"player":   playerHTML,
		"tourn":    tournHTML,
		"tourns":   tournsHTML,
		"provs":    provsHTML,
		"province": provinceHTML,
		"stats":    statsHTML,
		"year":     yearHTML,
	} {
		template.Must(t.New(name).Parse(`{{template "head" .}}` + text + `{{template "foot" .}}`))
	}
	return t
})

func (s *site) render(w *writer, path, name string, p page) error {
	b, err := renderPage(path, name, p)
	if err != nil {
		return err
	}
	return w.put(path, b)
}

func renderPage(path, name string, p page) ([]byte, error) {
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name, p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b.Bytes(), nil
}

const indexHTML = `<p>{{t "site.index.intro"}}</p>
<h2>{{t "site.index.head"}}</h2>
{{if .D}}<ul class="links">{{range .D}}<li><a href="{{.Path}}">{{.Title}}</a> <span class="note">({{count "count.player" .Count}})</span></li>{{end}}</ul>
{{else}}<p>{{t "site.index.none"}}</p>{{end}}`

type listPage struct {
	V        *listView
	RowsHTML template.HTML // listRowsHTML
	Facts    [][2]string
	Legend   [][2]string
	FIDE     bool
	CSV      string
}

const listHTML = `{{with .D}}<dl class="facts">{{range .Facts}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
<p class="noprint">{{t "site.list.download"}} <a href="{{.CSV}}">{{.CSV}}</a> (Excel).</p>
{{if .V.Entries}}<div class="search noprint" hidden><label for="q">{{t "site.search"}}</label> <input type="search" id="q" data-search-for="list" data-count="count" placeholder="{{t "site.list.placeholder"}}" autocomplete="off"> <span id="count" class="note" aria-live="polite"></span></div>
<div class="scroll"><table id="list" class="sortable list{{if .FIDE}} fide{{end}}"><caption>{{.V.Title}}{{t "site.list.caption"}}</caption>
<thead><tr><th scope="col" class="n" data-sort="n">{{t "site.col.pos"}}</th>{{if .FIDE}}<th scope="col" data-sort="n">{{t "site.col.fsiID"}}</th>{{end}}<th scope="col">{{t "site.col.surname"}}</th><th scope="col">{{t "site.col.name"}}</th><th scope="col">{{t "site.col.cat"}}</th><th scope="col">{{t "site.col.prov"}}</th><th scope="col" class="n" data-sort="n">Elo</th>{{if .FIDE}}<th scope="col">FIDE</th>{{end}}</tr></thead><tbody>
{{.RowsHTML}}</tbody></table></div>
{{else}}<p>{{t "site.list.none"}}</p>{{end}}
{{if .Legend}}<h2>{{t "site.list.legend"}}</h2>
<ul class="legend">{{range .Legend}}<li><strong>{{index . 0}}</strong>: {{index . 1}}</li>{{end}}</ul>{{end}}{{end}}`

func (s *site) writeIndex(w *writer, a assets) error {
	return s.render(w, "index.html", "index", page{Title: say("site.index.title"), A: a, Nav: "home", D: s.lists})
}

func (s *site) writeList(w *writer, a assets, v *listView) error {
	csvName := strings.TrimSuffix(strings.TrimPrefix(v.Path, "liste/"), ".html") + ".csv"
	// A list closed earlier is rendered again only when what it shows
	// changed: a build after a close renders the new list's page, not
	// every list's (a page of 30,000 rows takes about half a second).
	// A list given by its Key is not even read while its files are
	// there.
	var key string
	if v.L.Key != "" {
		key = hashOf(fmt.Appendf(nil, "%s|%+v|%q|%q|%q|%q|%q|%+v", listVersion, a, v.L.Kind, v.Title, v.Path, csvName, v.L.Key, v.L.Bands))
	} else {
		key = listKey(v, a, s.listPage(v), csvName)
	}
	if err := w.putFrom("liste/"+csvName, key, func() ([]byte, error) {
		if err := v.rows(); err != nil {
			return nil, err
		}
		var b bytes.Buffer
		err := lists.WriteExcelCSV(&b, v.L.Kind, v.Entries)
		return b.Bytes(), err
	}); err != nil {
		return err
	}
	return w.putFrom(v.Path, key, func() ([]byte, error) {
		if err := v.rows(); err != nil {
			return nil, err
		}
		pub := s.listPage(v)
		return renderPage(v.Path, "list", page{Title: v.Title, Root: "../", A: a, Script: true, Nav: "home",
			D: listPage{V: v, RowsHTML: listRowsHTML(v.Rows, pub.FIDE), Facts: pub.Facts, Legend: pub.Legend, FIDE: pub.FIDE, CSV: csvName}})
	})
}

func (s *site) listPage(v *listView) lists.Page {
	return lists.NewPage(lists.Publication{Kind: v.L.Kind, Period: v.L.Period, List: v.Players, Bands: v.L.Bands}, v.Entries)
}

// listVersion changes with the list page's template and the list's CSV,
// so that a new layout replaces the pages a build skipped as unchanged.
const listVersion = "list-1"

// listKey is everything a list's page and its CSV show, hashed.
func listKey(v *listView, a assets, pub lists.Page, csvName string) string {
	h := sha256.New()
	b := fmt.Appendf(nil, "%s|%+v|%q|%q|%q|%q|%q|%v|%q|%d\n", listVersion, a, v.L.Kind, v.Title, v.Path, pub.Facts, pub.Legend, pub.FIDE,
		csvName, len(v.Rows))
	for _, r := range v.Rows {
		b = strconv.AppendInt(b, int64(r.Rank), 10)
		for _, f := range [...]string{r.FSIID, r.Surname, r.Name, r.Category, r.Province, r.Href} {
			b = append(b, 0)
			b = append(b, f...)
		}
		b = append(b, 0)
		b = strconv.AppendInt(b, int64(r.Rating), 10)
		b = strconv.AppendBool(b, r.FIDE)
		b = append(b, '\n')
		if len(b) > 32<<10 {
			h.Write(b)
			b = b[:0]
		}
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

type tournPage struct {
	T      *Tournament
	Facts  [][2]string
	Rows   []standRow
	Rounds []int
	Cross  []crossRow
}

type standRow struct {
	Rank                  int
	Start                 int
	Name, ID              string
	Title, Rating         string
	Points, BH, BHC1, SB  string
	Variation, Class      string
	HasVariation, Unrated bool
}

type crossRow struct {
	Rank   int
	Start  int
	Name   string
	Cells  []string
	Points string
}

const tournHTML = `{{with .D}}<dl class="facts">{{range .Facts}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
<h2>{{t "site.tourn.standings"}}</h2>
<div class="scroll"><table><caption>{{t "site.tourn.standingsCaption"}}</caption><thead><tr><th scope="col" class="n">{{t "site.col.pos"}}</th><th scope="col">{{t "site.col.player"}}</th><th scope="col">{{t "site.col.titleCat"}}</th><th scope="col" class="n">Elo</th><th scope="col" class="n">{{t "site.col.points"}}</th><th scope="col" class="n"><abbr title="Buchholz">BH</abbr></th><th scope="col" class="n"><abbr title="{{t "site.tourn.bhc1"}}">BH-C1</abbr></th><th scope="col" class="n"><abbr title="Sonneborn-Berger">SB</abbr></th><th scope="col" class="n">{{t "site.col.variation"}}</th></tr></thead><tbody>
{{range .Rows}}<tr><td class="n">{{.Rank}}</td><th scope="row">{{if .ID}}<a href="../{{player .ID}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}</th><td>{{.Title}}</td><td class="n">{{.Rating}}</td><td class="n">{{.Points}}</td><td class="n">{{.BH}}</td><td class="n">{{.BHC1}}</td><td class="n">{{.SB}}</td><td class="n {{.Class}}">{{.Variation}}</td></tr>
{{end}}</tbody></table></div>
{{if .Cross}}<h2>{{t "site.tourn.cross"}}</h2>
<p class="note">{{t "site.tourn.crossNote"}}</p>
<div class="scroll"><table class="cross"><caption>{{t "site.tourn.crossCaption"}}</caption><thead><tr><th scope="col" class="n">{{t "site.col.pos"}}</th><th scope="col" class="n">{{t "site.col.start"}}</th><th scope="col">{{t "site.col.player"}}</th>{{range .Rounds}}<th scope="col" class="c">{{t "site.col.round" .}}</th>{{end}}<th scope="col" class="n">{{t "site.col.points"}}</th></tr></thead><tbody>
{{range .Cross}}<tr><td class="n">{{if .Rank}}{{.Rank}}{{end}}</td><td class="n">{{.Start}}</td><th scope="row" class="name">{{.Name}}</th>{{range .Cells}}<td class="c">{{.}}</td>{{end}}<td class="n">{{.Points}}</td></tr>
{{end}}</tbody></table></div>{{end}}{{end}}`

func (s *site) writeTournaments(w *writer, a assets) error {
	if err := s.render(w, "tornei/index.html", "tourns", page{Title: say("site.tournaments"), Root: "../", A: a, Script: true, Nav: "tornei", D: s.tourns}); err != nil {
		return err
	}
	for _, t := range s.tourns {
		if err := s.writeTournament(w, a, t); err != nil {
			return err
		}
	}
	return nil
}

const tournsHTML = `{{if .D}}<div class="search noprint" hidden><label for="q">{{t "site.search"}}</label> <input type="search" id="q" data-search-for="tourns" data-count="count" placeholder="{{t "site.tourns.placeholder"}}" autocomplete="off"> <span id="count" class="note" aria-live="polite"></span></div>
<div class="scroll"><table id="tourns" class="sortable"><caption>{{t "site.tourns.caption"}}</caption><thead><tr><th scope="col">{{t "site.col.tournament"}}</th><th scope="col">{{t "site.col.city"}}</th><th scope="col">{{t "site.col.prov"}}</th><th scope="col">{{t "site.col.dates"}}</th><th scope="col">{{t "site.col.kind"}}</th><th scope="col" class="n" data-sort="n">{{t "site.col.players"}}</th></tr></thead><tbody>
{{range .D}}<tr><th scope="row"><a href="../{{tourn .ID}}">{{.Name}}</a></th><td>{{.City}}</td><td>{{if .Province}}<a href="../{{province .Province}}">{{.Province}}</a>{{end}}</td><td>{{dates .Start .End}}</td><td>{{kind .Kind}}</td><td class="n">{{len .Standings}}</td></tr>
{{end}}</tbody></table></div>{{else}}<p>{{t "site.tourns.none"}}</p>{{end}}`

func (s *site) writeTournament(w *writer, a assets, t *Tournament) error {
	d := tournPage{T: t}
	city := t.City
	if t.Province != "" && !strings.HasSuffix(city, "("+t.Province+")") {
		city += " (" + t.Province + ")"
	}
	d.Facts = [][2]string{{say("site.fact.city"), strings.TrimSpace(city)}, {say("site.fact.dates"), datesIT(t.Start, t.End)}, {say("site.fact.kind"), kindIT(t.Kind)}}
	if t.T != nil {
		d.Facts = append(d.Facts, [2]string{say("site.fact.rounds"), strconv.Itoa(t.T.Rounds())})
	}
	d.Facts = append(d.Facts, [2]string{say("site.fact.players"), strconv.Itoa(len(t.Standings))})
	if t.RatedIn != "" {
		d.Facts = append(d.Facts, [2]string{say("site.fact.ratedIn"), t.RatedIn})
	} else {
		d.Facts = append(d.Facts, [2]string{say("site.fact.rating"), say("site.fact.nextList")})
	}
	for _, st := range t.Standings {
		r := standRow{Rank: st.Rank, Start: st.Start, Name: st.Name, Points: pointsIT(st.Points), BH: italian.Number(st.BH),
			BHC1: italian.Number(st.BHC1), SB: italian.Number(st.SB)}
		if id := t.FSI[st.Start]; id != "" && s.players[id] != nil {
			r.ID = id
		}
		if t.T != nil {
			if pl := t.T.Player(st.Start); pl != nil {
				r.Title, r.Rating = pl.Shown()
			}
		}
		if v, ok := t.Variations[st.Start]; ok {
			r.Variation = signedTenths(v)
			if v > 0 {
				r.Class = "up"
			} else if v < 0 {
				r.Class = "down"
			}
		}
		d.Rows = append(d.Rows, r)
	}
	if t.T != nil {
		n := t.T.Rounds()
		for i := 1; i <= n; i++ {
			d.Rounds = append(d.Rounds, i)
		}
		for _, r := range d.Rows {
			pl := t.T.Player(r.Start)
			if pl == nil {
				continue
			}
			c := crossRow{Rank: r.Rank, Start: r.Start, Name: r.Name, Points: r.Points}
			for i := 1; i <= n; i++ {
				c.Cells = append(c.Cells, report.RoundCell(pl.Entry(i), say("report.White"), say("report.Black")))
			}
			d.Cross = append(d.Cross, c)
		}
	}
	return s.render(w, tournPath(t.ID), "tourn", page{Title: t.Name, Root: "../", A: a, Nav: "tornei", D: d})
}

type provRow struct {
	Province string
	Players  int
	Tourns   int
}

const provsHTML = `<p>{{t "site.provs.intro"}}</p>
{{if .D}}<div class="scroll"><table><caption>{{t "site.provs.caption"}}</caption><thead><tr><th scope="col">{{t "site.col.province"}}</th><th scope="col" class="n">{{t "site.col.listed"}}</th><th scope="col" class="n">{{t "site.tournaments"}}</th></tr></thead><tbody>
{{range .D}}<tr><th scope="row"><a href="../{{province .Province}}">{{.Province}}</a></th><td class="n">{{.Players}}</td><td class="n">{{.Tourns}}</td></tr>
{{end}}</tbody></table></div>{{else}}<p>{{t "site.provs.none"}}</p>{{end}}`

type provPage struct {
	Players  []*player
	RowsHTML template.HTML // provinceRowsHTML of Players
	Tourns   []*Tournament
}

const provinceHTML = `{{with .D}}<h2>{{t "site.col.players"}}</h2>
{{if .Players}}<div class="search noprint" hidden><label for="q">{{t "site.search"}}</label> <input type="search" id="q" data-search-for="players" data-count="count" placeholder="{{t "site.province.placeholder"}}" autocomplete="off"> <span id="count" class="note" aria-live="polite"></span></div>
<div class="scroll"><table id="players" class="sortable"><caption>{{t "site.province.caption"}}</caption><thead><tr><th scope="col">{{t "site.col.fullName"}}</th><th scope="col">{{t "site.col.cat"}}</th><th scope="col" class="n" data-sort="n">Elo Italia</th><th scope="col" class="n" data-sort="n">Elo Rapid</th></tr></thead><tbody>
{{.RowsHTML}}</tbody></table></div>{{else}}<p>{{t "site.province.noPlayers"}}</p>{{end}}
<h2>{{t "site.tournaments"}}</h2>
{{if .Tourns}}<ul class="links">{{range .Tourns}}<li><a href="../{{tourn .ID}}">{{.Name}}</a> <span class="note">{{.City}}, {{dates .Start .End}}</span></li>{{end}}</ul>{{else}}<p>{{t "site.province.noTourns"}}</p>{{end}}{{end}}`

func (s *site) writeProvinces(w *writer, a assets) error {
	by := map[string]*provPage{}
	get := func(p string) *provPage {
		if by[p] == nil {
			by[p] = &provPage{}
		}
		return by[p]
	}
	for _, id := range s.ids {
		if p := s.players[id]; p.Province != "" {
			get(p.Province).Players = append(get(p.Province).Players, p)
		}
	}
	for _, t := range s.tourns {
		if t.Province != "" {
			get(t.Province).Tourns = append(get(t.Province).Tourns, t)
		}
	}
	var rows []provRow
	for p, d := range by {
		rows = append(rows, provRow{Province: p, Players: len(d.Players), Tourns: len(d.Tourns)})
	}
	slices.SortFunc(rows, func(a, b provRow) int { return strings.Compare(a.Province, b.Province) })
	if err := s.render(w, "province/index.html", "provs", page{Title: say("site.provinces"), Root: "../", A: a, Nav: "province", D: rows}); err != nil {
		return err
	}
	for _, r := range rows {
		// Rendered only when what it shows changed: a province's page
		// lists its players' ratings, which a list changes for some.
		path, d := provincePath(r.Province), by[r.Province]
		if err := w.putFrom(path, provinceKey(r.Province, d, a), func() ([]byte, error) {
			d.RowsHTML = provinceRowsHTML(d.Players)
			return renderPage(path, "province", page{Title: say("site.province.title", r.Province), Root: "../", A: a,
				Script: true, Nav: "province", D: d})
		}); err != nil {
			return err
		}
	}
	return nil
}

// provinceVersion changes with the province page's template.
const provinceVersion = "province-1"

// provinceKey is everything a province's page shows, hashed.
func provinceKey(prov string, d *provPage, a assets) string {
	b := fmt.Appendf(nil, "%s|%+v|%q|%d|%d", provinceVersion, a, prov, len(d.Players), len(d.Tourns))
	for _, p := range d.Players {
		b = fmt.Appendf(b, "|p%q %q %q %q %d %d", p.ID, p.Surname, p.Name, p.Category, p.Standard, p.Rapid)
	}
	for _, t := range d.Tourns {
		b = fmt.Appendf(b, "|t%d %q %q %q", t.ID, t.Name, t.City, datesIT(t.Start, t.End))
	}
	return hashOf(b)
}
