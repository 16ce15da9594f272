package lists

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/internal/htmltext"
	"omologa/internal/publishing/style"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// Publication is one list as the FSI publishes it.
type Publication struct {
	Kind fsi.Kind
	// Period is the list's period; zero when a list is published from a
	// file whose period is not known (the page then shows no dates).
	Period periods.Period
	List   *registers.Players
	// Report is the close's change report (changes.html); nil for none.
	Report *rating.Report
	// Bands are the rapid categories (RAPID 8.4) for the page's legend.
	Bands []rules.Band
	// Title overrides the page's title.
	Title string
}

// Published says what Publish wrote.
type Published struct {
	Players int      `json:"players"`
	Files   []string `json:"files"`
}

// Public file names. The page links them by these names.
const (
	FileHTML         = "list.html"
	FileExcelCSV     = "lista.csv"
	FileCSV          = "list.csv"
	FileJSON         = "list.json"
	FileDistribution = "distribution.png"
	FileChanges      = "changes.html"
)

// Publish writes the public files of a list into dir (created): the page
// with its stylesheet and search script, the CSV for Excel and for
// scripts, the distribution chart, and the change page when p.Report is
// set. Every file carries only the published fields (see Entry); the
// office's exports do not belong here. Each file is rendered in memory
// first, so a rendering error leaves no half-written file.
func Publish(dir string, p Publication) (Published, error) {
	entries := Build(p.List, p.Kind)
	out := Published{Players: len(entries)}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return out, err
	}
	type step struct {
		name string
		f    func(io.Writer) error
	}
	var steps []step
	page := NewPage(p, entries)
	if len(entries) > 0 {
		page.Chart = FileDistribution
		steps = append(steps, step{FileDistribution, func(w io.Writer) error {
			return DistributionPNG(w, "Giocatori per fascia di Elo", entries)
		}})
	}
	if p.Report != nil {
		page.Changes = FileChanges
	}
	steps = append(steps,
		step{FileExcelCSV, func(w io.Writer) error { return WriteExcelCSV(w, p.Kind, entries) }},
		step{FileCSV, func(w io.Writer) error { return WriteCSV(w, p.Kind, entries) }},
		step{FileJSON, func(w io.Writer) error { return WriteJSON(w, p.Kind, entries) }},
		step{FileHTML, func(w io.Writer) error { return WriteHTML(w, page) }},
		step{style.CSSFile, func(w io.Writer) error { _, err := io.WriteString(w, style.CSS); return err }},
		step{style.SearchJSFile, func(w io.Writer) error { _, err := io.WriteString(w, style.SearchJS); return err }},
	)
	if p.Report != nil {
		steps = append(steps, step{FileChanges, func(w io.Writer) error {
			return writeChanges(w, changesData{Title: page.Title + ": variazioni", R: p.Report, Public: true, List: FileHTML})
		}})
	}
	// The files are independent of each other: rendered and written at
	// once, a few at a time (the page and the JSON of 30,000 players take
	// the longest); Files keeps the steps' order whatever the order they
	// end in.
	errs := make([]error, len(steps))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(steps)) {
		wg.Go(func() {
			for i := range jobs {
				errs[i] = publishFile(dir, steps[i].name, steps[i].f)
			}
		})
	}
	for i := range steps {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for i, s := range steps {
		// The files before the first that failed, as when they were
		// written one after the other.
		if errs[i] != nil {
			return out, errs[i]
		}
		out.Files = append(out.Files, filepath.Join(dir, s.name))
	}
	return out, nil
}

// publishFile renders f in memory and writes it to dir/name, unless the
// file holds those bytes already (published again: a forced close, a
// run resumed): a rendering error leaves no half-written file.
func publishFile(dir, name string, f func(io.Writer) error) error {
	var b bytes.Buffer
	if err := f(&b); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	path := filepath.Join(dir, name)
	if atomicfile.Unchanged(path, b.Bytes()) {
		return nil
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// Page is what the list page shows.
type Page struct {
	Title   string
	Kind    fsi.Kind
	Facts   [][2]string // label, value
	Entries []Entry
	Legend  [][2]string // category, meaning
	Chart   string      // file name of the distribution chart, or ""
	Changes string      // file name of the change page, or ""
	FIDE    bool        // the list has a FIDE column
}

// Title names a list: "Elo Italia Rapid – lista di dicembre 2026", or
// the kind alone when the period is not known.
func Title(k fsi.Kind, p periods.Period) string {
	if p.Issue.Year == 0 {
		return "Lista " + k.ListName()
	}
	return k.ListName() + " – " + italian.List(p.Issue.Year, p.Issue.Month)
}

// categoryNames say what the national categories of
// fsi.Categories (the one list) mean (RTF 4.1).
var categoryNames = map[string]string{
	"M": "Maestro", "CM": "Candidato Maestro", "1N": "Prima categoria nazionale",
	"2N": "Seconda categoria nazionale", "3N": "Terza categoria nazionale",
	"1S": "Prima categoria sociale", "2S": "Seconda categoria sociale", "NC": "Non classificato",
}

// standardLegend is the legend of the standard list: the categories in
// their order, then the FIDE mark.
func standardLegend() [][2]string {
	var out [][2]string
	for _, c := range fsi.Categories {
		out = append(out, [2]string{c, categoryNames[c]})
	}
	return append(out, [2]string{"FIDE", "l'Elo è quello FIDE del giocatore (RTF 4.2.8)"})
}

// NewPage gathers what the page of publication p shows.
func NewPage(p Publication, entries []Entry) Page {
	pg := Page{Title: p.Title, Kind: p.Kind, Entries: entries, FIDE: p.Kind != fsi.Rapid}
	if pg.Title == "" {
		pg.Title = Title(p.Kind, p.Period)
	}
	if d := p.Period.Issue; d.IsFull() {
		pg.Facts = append(pg.Facts, [2]string{"Emessa il", date(d)})
	}
	if c := p.Period.Cutoff; c.IsFull() {
		v := "fino al " + date(c)
		if f := p.Period.From; f.IsFull() {
			v = "dal " + date(f) + " al " + date(c)
		}
		art := "RTF 4.2.2"
		if p.Kind == fsi.Rapid {
			art = "RAPID 6.2"
		}
		pg.Facts = append(pg.Facts, [2]string{"Tornei ricevuti", v + " (" + art + ")"})
	}
	pg.Facts = append(pg.Facts, [2]string{"Giocatori in lista", strconv.Itoa(len(entries))})
	if p.Kind == fsi.Rapid {
		for i, b := range p.Bands {
			m := strconv.Itoa(b.Min) + " e oltre"
			switch {
			case i > 0 && b.Min > 0:
				m = "da " + strconv.Itoa(b.Min) + " a " + strconv.Itoa(p.Bands[i-1].Min-1)
			case i > 0:
				m = "sotto " + strconv.Itoa(p.Bands[i-1].Min)
			}
			pg.Legend = append(pg.Legend, [2]string{b.Name, m + " (RAPID 8.4)"})
		}
	} else {
		pg.Legend = standardLegend()
	}
	return pg
}

func date(d tournament.Date) string {
	if !d.IsFull() {
		return d.String()
	}
	return italian.DMY(d.Year, d.Month, d.Day)
}

const head = `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<link rel="stylesheet" href="style.css">
</head><body>
<header class="site"><p class="org">Federazione Scacchistica Italiana · Omologazione tornei</p>
<h1>{{.Title}}</h1></header>
`

// Parsed when first used: most commands write no page.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("list").Funcs(template.FuncMap{"rows": rowsHTML}).Parse(head + `<main>
<dl class="facts">{{range .Facts}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
<p class="noprint">Scarica la lista: <a href="lista.csv">lista.csv</a> (Excel) · <a href="list.csv">list.csv</a> e <a href="list.json">list.json</a> (per programmi){{if .Changes}} · <a href="{{.Changes}}">variazioni del periodo</a>{{end}}</p>
{{if .Chart}}<figure><img class="chart" src="{{.Chart}}" alt="Numero di giocatori per fascia di 100 punti Elo"></figure>
{{end}}{{if .Entries}}<div class="search noprint" hidden><label for="q">Cerca</label> <input type="search" id="q" data-search-for="list" data-count="count" placeholder="cognome, nome, provincia…" autocomplete="off"> <span id="count" class="note"></span></div>
<div class="scroll"><table id="list"><thead><tr><th class="n">Pos.</th>{{if .FIDE}}<th>Tessera FSI</th>{{end}}<th>Cognome</th><th>Nome</th><th>Cat.</th><th>Prov.</th><th class="n">Elo</th>{{if .FIDE}}<th>FIDE</th>{{end}}</tr></thead><tbody>
{{rows .Entries .FIDE}}</tbody></table></div>
{{else}}<p>Nessun giocatore in lista.</p>
{{end}}{{if .Legend}}<h2>Legenda</h2>
<ul class="legend">{{range .Legend}}<li><strong>{{index . 0}}</strong>: {{index . 1}}</li>{{end}}</ul>
{{end}}</main>
<footer class="site">Pubblicati solo cognome, nome, categoria, provincia ed Elo{{if .FIDE}}, con la tessera FSI e l'indicazione dell'Elo FIDE{{end}} (RAPID 5.3).</footer>
<script src="search.js"></script>
</body></html>
`))
})

// entryRow is the template of one row of the list page, as it was in
// the page's range: rowsHTML writes the same bytes (a test renders
// both).
const entryRow = `<tr><td class="n">{{.Rank}}</td>{{if $.FIDE}}<td>{{.FSIID}}</td>{{end}}<td>{{.Surname}}</td><td>{{.Name}}</td><td>{{.Category}}</td><td>{{.Province}}</td><td class="n">{{.Rating}}</td>{{if $.FIDE}}<td>{{if .FIDE}}<span class="badge">FIDE</span>{{end}}</td>{{end}}</tr>
`

// rowsHTML are the list page's rows, written by hand rather than
// through html/template (a reflective call a cell: 30,000 rows took
// most of the page's time), escaped as it escapes text.
func rowsHTML(entries []Entry, fide bool) template.HTML {
	var b strings.Builder
	b.Grow(len(entries) * 128)
	for i := range entries {
		e := &entries[i]
		b.WriteString(`<tr><td class="n">`)
		b.WriteString(strconv.Itoa(e.Rank))
		b.WriteString("</td>")
		if fide {
			b.WriteString("<td>")
			htmltext.Write(&b, e.FSIID)
			b.WriteString("</td>")
		}
		for _, s := range []string{e.Surname, e.Name, e.Category, e.Province} {
			b.WriteString("<td>")
			htmltext.Write(&b, s)
			b.WriteString("</td>")
		}
		b.WriteString(`<td class="n">`)
		b.WriteString(strconv.Itoa(e.Rating))
		b.WriteString("</td>")
		if fide {
			b.WriteString("<td>")
			if e.FIDE {
				b.WriteString(`<span class="badge">FIDE</span>`)
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String())
}

// WriteHTML writes the list page. It links style.css and search.js,
// which Publish writes beside it.
func WriteHTML(w io.Writer, p Page) error {
	if err := page().Execute(w, p); err != nil {
		return fmt.Errorf("list page: %w", err)
	}
	return nil
}
