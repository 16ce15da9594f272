package site

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"sync"

	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/statistics"
)

// StatsYear is a year of statistics computed only when needed: Key is
// everything its figures are computed from (with the same Key, the last
// build's files of the year are kept), Compute computes them.
type StatsYear struct {
	Year    int
	Key     string
	Compute func() (*statistics.Result, error)
}

const statsHTML = `<p>{{t "site.stats.intro"}}</p>
{{if .D}}<ul class="links">{{range .D}}<li><a href="{{.Year}}.html">{{t "site.stats.year" .Year}}</a></li>{{end}}</ul>{{else}}<p>{{t "site.stats.none"}}</p>{{end}}`

type yearPage struct {
	R      *statistics.Result
	Tables []yearTable
	L      map[string]template.HTML // the page's words ("stats.page.*") in R's language
}

type yearTable struct {
	T       *statistics.Table
	Numeric []bool // by column: right-aligned
	CSV     string
	Chart   *statistics.Chart
	Alt     string // the chart's text for who cannot see it
	PNG     string
}

// YearHTML is the body of a year's statistics page, shared with the
// office's web application (which renders it in its own frame).
const YearHTML = `{{$L := .L}}{{$l := .R.Lang}}{{range .Tables}}<section><h2 id="{{.T.Name}}">{{.T.Title}}</h2>
{{with .T.Note}}<p class="note">{{.}}</p>{{end}}
{{if .PNG}}<figure><img class="chart" src="{{.PNG}}" width="900" height="450" alt="{{.Alt}}"></figure>{{end}}
{{if .T.Rows}}<div class="scroll"><table><caption>{{.T.Title}}{{if .CSV}} · <a href="{{.CSV}}">{{$L.csv}}</a>{{end}}</caption><thead><tr>{{$num := .Numeric}}{{range $i, $c := .T.Columns}}<th scope="col"{{if index $num $i}} class="n"{{end}}>{{$c}}</th>{{end}}</tr></thead><tbody>
{{range .T.Rows}}<tr>{{range $i, $v := .}}{{if $i}}<td{{if numeric $v}} class="n"{{end}}>{{cell $l $v}}</td>{{else}}<th scope="row">{{cell $l $v}}</th>{{end}}{{end}}</tr>
{{end}}</tbody>{{with .T.Total}}<tfoot><tr>{{range $i, $v := .}}{{if $i}}<td{{if numeric $v}} class="n"{{end}}>{{cell $l $v}}</td>{{else}}<th scope="row">{{cell $l $v}}</th>{{end}}{{end}}</tr></tfoot>{{end}}</table></div>
{{else}}<p>{{$L.noData}}</p>{{end}}</section>
{{end}}`

const yearHTML = `{{with .D}}` + YearHTML + `{{end}}`

// newYearPage is the page of the statistics r with their tables, its
// words in r's language.
func newYearPage(r *statistics.Result, tables []yearTable) yearPage {
	return yearPage{R: r, Tables: tables, L: words(r.Lang, "stats.page.")}
}

// words are the catalogue's texts under prefix in l, keyed without it,
// for a page's text: written as the catalogue has them (its texts are
// the code's, never a reader's, and hold no markup), so that an
// apostrophe stays one.
func words(l catalogue.Lang, prefix string) map[string]template.HTML {
	m := map[string]template.HTML{}
	for k, v := range l.Prefixed(prefix) {
		m[k] = template.HTML(v)
	}
	return m
}

// YearTables pairs a result's tables with their charts; csv and png
// name a table's CSV and a chart's image ("" for none).
func YearTables(r *statistics.Result, csv func(t *statistics.Table) string, png func(c *statistics.Chart) string) []yearTable {
	var out []yearTable
	for i := range r.Tables {
		t := &r.Tables[i]
		yt := yearTable{T: t, CSV: csv(t), Numeric: make([]bool, len(t.Columns))}
		if len(t.Rows) > 0 {
			for j, v := range t.Rows[0] {
				yt.Numeric[j] = statistics.Numeric(v)
			}
		}
		for j := range statistics.Charts {
			c := &statistics.Charts[j]
			if c.Table == t.Name && c.Drawable(r) {
				yt.Chart, yt.PNG, yt.Alt = c, png(c), c.Word(r.Lang, "alt")
			}
		}
		out = append(out, yt)
	}
	return out
}

func (s *site) writeStats(w *writer, a assets) error {
	years := s.in.Years
	if years == nil {
		for _, r := range s.in.Stats {
			years = append(years, StatsYear{Year: r.Year, Compute: func() (*statistics.Result, error) { return r, nil }})
		}
	}
	if err := s.render(w, "statistiche/index.html", "stats", page{Title: say("site.stats"), Root: "../", A: a, Nav: "stats", D: years}); err != nil {
		return err
	}
	for _, sy := range years {
		y := strconv.Itoa(sy.Year)
		// A year whose figures are computed from what the last build's
		// were is kept whole, not computed again.
		page := "statistiche/" + y + ".html"
		key := ""
		if sy.Key != "" {
			key = hashOf(fmt.Appendf(nil, "%s|%+v|%s", statsVersion, a, sy.Key))
			if w.keepAll(page, key, "statistiche/"+y+"-") {
				continue
			}
		}
		r, err := sy.Compute()
		if err != nil {
			return err
		}
		tables := YearTables(r, func(t *statistics.Table) string { return y + "-" + t.Name + ".csv" },
			func(c *statistics.Chart) string { return y + "-" + c.Name + ".png" })
		for _, yt := range tables {
			var b bytes.Buffer
			if err := statistics.WriteCSV(&b, yt.T); err != nil {
				return err
			}
			if err := w.put("statistiche/"+yt.CSV, b.Bytes()); err != nil {
				return err
			}
			if yt.Chart != nil {
				var b bytes.Buffer
				if err := yt.Chart.WritePNG(&b, r); err != nil {
					return err
				}
				if err := w.put("statistiche/"+yt.PNG, b.Bytes()); err != nil {
					return err
				}
			}
		}
		b, err := renderPage(page, "year", pageOf(say("stats.title", r.Year), a, newYearPage(r, tables)))
		if err != nil {
			return err
		}
		if err := w.putWith(page, key, b); err != nil {
			return err
		}
	}
	return nil
}

func pageOf(title string, a assets, d any) page {
	return page{Title: title, Root: "../", A: a, Nav: "stats", D: d}
}

// statsVersion changes with the statistics' pages, charts and CSV files
// (and with package statistics' figures), so that a year kept by its
// key is written again.
const statsVersion = "stats-1"

var yearBody = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("year").Funcs(funcs).Parse(YearHTML))
})

// YearBody renders the tables and charts of a year's statistics for a
// page of the office's web application; csv and png give the address of
// a table's CSV and of a chart's image.
func YearBody(r *statistics.Result, csv func(t *statistics.Table) string, png func(c *statistics.Chart) string) (template.HTML, error) {
	var b bytes.Buffer
	if err := yearBody().Execute(&b, newYearPage(r, YearTables(r, csv, png))); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}
