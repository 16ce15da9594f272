package tournament

import (
	"fmt"
	"html/template"
	"io"
	"sync"
)

// The page is one self-contained file: its style inline, the chart by
// file name beside it. html/template escapes every value, so that a name
// written in a result file cannot inject markup.
var pageFuncs = template.FuncMap{
	"printf": fmt.Sprintf,
}

// Parsed when first used: most commands write no page.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("tournament").Funcs(pageFuncs).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body{font-family:sans-serif;margin:1.5em}
table{border-collapse:collapse;margin-bottom:1em}
td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
td.n,th.n{text-align:right}
table.header th{font-weight:normal;color:#555}
.verdict{font-weight:bold;padding:2px 6px}
.accepted{background:#d8f0d8}.accepted.with.warnings{background:#fff0c0}.rejected{background:#f8d0d0}
tr.error td.sev{color:#a00;font-weight:bold}tr.warning td.sev{color:#a60}
td.up{color:#070}td.down{color:#a00}
table.cross td{font-family:monospace;white-space:nowrap}
p.note{color:#555;font-size:90%}
</style>
</head><body>
<p class="note">{{.T.Office}}</p>
<h1>{{.Title}}</h1>
<table class="header"><tbody>
{{range .Header}}<tr><th>{{.Label}}</th><td>{{.Value}}</td></tr>
{{end}}<tr><th>{{.T.VerdictLabel}}</th><td><span class="verdict {{.VerdictCl}}">{{.Verdict}}</span></td></tr>
</tbody></table>

<h2>{{.T.FindingsHead}}</h2>
{{if .Findings}}<table class="findings"><thead><tr><th>{{.T.ColSeverity}}</th><th>{{.T.ColArticle}}</th><th>{{.T.ColMessage}}</th><th>{{.T.ColWhere}}</th><th>{{.T.ColRule}}</th></tr></thead><tbody>
{{range .Findings}}<tr class="{{.SeverityCl}}"><td class="sev">{{.Severity}}</td><td>{{.Article}}</td><td>{{.Message}}</td><td>{{.Where}}</td><td>{{.Rule}}</td></tr>
{{end}}</tbody></table>
{{else}}<p>{{.T.NoFindings}}</p>
{{end}}
{{- if .Standings}}
<h2>{{.T.StandingsHead}}</h2>
{{if not .Tiebreaks}}<p class="note">{{.T.NoTiebreaks}}</p>
{{end}}<table class="standings"><thead><tr><th class="n">{{.T.ColRank}}</th><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th><th>{{.T.ColTitle}}</th><th>{{.T.ColFed}}</th><th class="n">{{.T.ColRating}}</th><th class="n">{{.T.ColPoints}}</th>{{if .Tiebreaks}}<th class="n">BH</th><th class="n">BH-C1</th><th class="n">SB</th>{{end}}</tr></thead><tbody>
{{range .Standings}}<tr><td class="n">{{if .Rank}}{{.Rank}}{{end}}</td><td class="n">{{.Start}}</td><td>{{.Name}}</td><td>{{.Title}}</td><td>{{.Fed}}</td><td class="n">{{.Rating}}</td><td class="n">{{.Points}}{{if .DeclaredPoints}} ({{printf $.T.DeclaredPoints .DeclaredPoints}}){{end}}</td>{{if $.Tiebreaks}}<td class="n">{{.BH}}</td><td class="n">{{.BHC1}}</td><td class="n">{{.SB}}</td>{{end}}</tr>
{{end}}</tbody></table>
{{end}}
{{- if .Cross}}
<h2>{{.T.CrossHead}}</h2>
<p class="note">{{.T.CrossNote}}</p>
<table class="cross"><thead><tr><th class="n">{{.T.ColRank}}</th><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th>{{range .Rounds}}<th>{{.}}</th>{{end}}<th class="n">{{.T.ColPoints}}</th></tr></thead><tbody>
{{range .Cross}}<tr><td class="n">{{.Rank}}</td><td class="n">{{.Start}}</td><td>{{.Name}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}<td class="n">{{.Points}}</td></tr>
{{end}}</tbody></table>
<p class="note">{{.T.Legend}}</p>
{{else if not .Standings}}<p class="note">{{.T.Unreadable}}</p>
{{end}}
{{- if .Ratings}}
<h2>{{.RatedHead}}</h2>
<p class="note">{{.T.RatingsNote}}</p>
<table class="ratings"><thead><tr><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th><th>{{.T.ColFSI}}</th><th class="n">{{.T.ColRating}}</th><th>{{.T.ColSource}}</th><th>{{.T.ColRated}}</th><th class="n">{{.T.ColGames}}</th><th class="n">{{.T.ColScore}}</th><th class="n">{{.T.ColExpected}}</th><th class="n">{{.T.ColK}}</th><th class="n">{{.T.ColDelta}}</th><th class="n">{{.T.ColApplied}}</th><th>{{.T.ColArticles}}</th></tr></thead><tbody>
{{range .Ratings}}<tr><td class="n">{{.Start}}</td><td>{{.Name}}</td><td>{{.FSIID}}</td><td class="n">{{.Rating}}</td><td>{{.Source}}</td><td>{{.Rated}}</td><td class="n">{{.Games}}</td><td class="n">{{.Score}}</td><td class="n">{{.Expected}}</td><td class="n">{{.K}}</td><td class="n">{{.Delta}}</td><td class="n {{.AppliedCl}}">{{.Applied}}</td><td>{{.Articles}}</td></tr>
{{end}}</tbody></table>
{{if .Norms}}<h3>{{.T.NormsHead}}</h3>
<ul>{{range .Norms}}<li>{{.}}</li>{{end}}</ul>
{{end}}
{{- else if .Cross}}<p class="note">{{.T.NotRated}}</p>
{{end}}
{{- if .Chart}}<p><img src="{{.Chart}}" alt="{{.T.ChartAlt}}: {{.Title}}"></p>
{{end -}}
<p class="note">{{.T.GeneratedBy}}</p>
</body></html>
`))
})

// WriteHTML writes the tournament's report as an HTML page.
func WriteHTML(w io.Writer, in Input) error {
	if err := pageTemplate().Execute(w, build(in)); err != nil {
		return fmt.Errorf("tournament report %s: %w", fileName(in), err)
	}
	return nil
}
