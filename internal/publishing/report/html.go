package report

import (
	"fmt"
	"html/template"
	"io"
	"omologa/internal/publishing/style"
	"sync"
)

// The page is one self-contained file: the shared stylesheet
// (report/style) inline, the chart by file name beside it. html/template escapes every value, so that a name
// written in a result file cannot inject markup.
// Parsed when first used: most commands write no page.
var pageTemplate = sync.OnceValue(func() *template.Template {
	t := template.Must(template.New("tournament").Funcs(template.FuncMap{
		"printf": fmt.Sprintf,
		"css":    style.TemplateCSS,
	}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{css}}</style>
</head><body>
<header class="site"><p class="org">{{.T.Office}}</p>
<h1>{{.Title}}</h1></header>
<main>
<table class="header"><tbody>
{{range .Header}}<tr><th>{{.Label}}</th><td>{{.Value}}</td></tr>
{{end}}<tr><th>{{.T.VerdictLabel}}</th><td><span class="verdict {{.VerdictCl}}">{{.Verdict}}</span>{{if .Now}} · {{.T.NowLabel}} <strong>{{.Now}}</strong>{{end}}</td></tr>
</tbody></table>

<h2>{{.T.FindingsHead}}</h2>
{{if .Findings}}<div class="scroll"><table class="findings"><thead><tr><th>{{.T.ColSeverity}}</th><th>{{.T.ColArticle}}</th><th>{{.T.ColMessage}}</th><th>{{.T.ColWhere}}</th></tr></thead><tbody>
{{range .Findings}}<tr class="{{.SeverityCl}}"><td class="sev">{{.Severity}}</td><td>{{.Article}}</td><td>{{.Message}}{{if .More}}<details><summary>{{printf $.T.Folded (len .More)}}</summary><ul>{{range .More}}<li>{{.Message}}{{if .Where}} ({{.Where}}){{end}}</li>{{end}}</ul></details>{{end}}</td><td>{{.Where}}</td></tr>
{{end}}</tbody></table></div>
{{else}}<p>{{.T.NoFindings}}</p>
{{end}}
{{- if .Standings}}
<h2>{{.T.StandingsHead}}</h2>
{{if not .Tiebreaks}}<p class="note">{{.T.NoTiebreaks}}</p>
{{end}}<div class="scroll"><table class="standings"><thead><tr><th class="n">{{.T.ColRank}}</th><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th><th>{{.T.ColTitle}}</th><th>{{.T.ColFed}}</th><th class="n">{{.T.ColRatingFile}}</th><th class="n">{{.T.ColPoints}}</th>{{if .Tiebreaks}}<th class="n">BH</th><th class="n">BH-C1</th><th class="n">SB</th>{{end}}</tr></thead><tbody>
{{range .Standings}}<tr><td class="n">{{if .Rank}}{{.Rank}}{{end}}</td><td class="n">{{.Start}}</td><td>{{.Name}}</td><td>{{.Title}}</td><td>{{.Fed}}</td><td class="n">{{.Rating}}</td><td class="n">{{.Points}}{{if .DeclaredPoints}} ({{printf $.T.DeclaredPoints .DeclaredPoints}}){{end}}</td>{{if $.Tiebreaks}}<td class="n">{{.BH}}</td><td class="n">{{.BHC1}}</td><td class="n">{{.SB}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{end}}
{{- if .Cross}}
<h2>{{.T.CrossHead}}</h2>
<p class="note">{{.T.CrossNote}}</p>
<div class="scroll"><table class="cross"><thead><tr><th class="n">{{.T.ColRank}}</th><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th>{{range .Rounds}}<th class="c">{{.}}</th>{{end}}<th class="n">{{.T.ColPoints}}</th></tr></thead><tbody>
{{range .Cross}}<tr><td class="n">{{.Rank}}</td><td class="n">{{.Start}}</td><td class="name">{{.Name}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}<td class="n">{{.Points}}</td></tr>
{{end}}</tbody></table></div>
<p class="note">{{.T.Legend}}</p>
{{else if not .Standings}}<p class="note">{{.T.Unreadable}}</p>
{{end}}
{{- if .Ratings}}
<h2>{{.RatedHead}}</h2>
<p class="note">{{.T.RatingsNote}}</p>
<div class="scroll"><table class="ratings"><thead><tr><th class="n">{{.T.ColStart}}</th><th>{{.T.ColName}}</th><th>{{.T.ColFSI}}</th><th class="n">{{.T.ColRatingUsed}}</th><th>{{.T.ColSource}}</th><th>{{.T.ColRated}}</th><th class="n">{{.T.ColGames}}</th><th class="n">{{.T.ColScore}}</th><th class="n">{{.T.ColExpected}}</th><th class="n">{{.T.ColK}}</th><th class="n">{{.T.ColDelta}}</th><th class="n">{{.T.ColApplied}}</th>{{if .RatingArticles}}<th>{{.T.ColArticles}}</th>{{end}}</tr></thead><tbody>
{{range .Ratings}}<tr><td class="n">{{.Start}}</td><td>{{.Name}}</td><td>{{.FSIID}}</td><td class="n">{{.Rating}}</td><td>{{.Source}}</td><td>{{.Rated}}</td><td class="n">{{.Games}}</td><td class="n">{{.Score}}</td><td class="n">{{.Expected}}</td><td class="n">{{.K}}</td><td class="n">{{.Delta}}</td><td class="n {{.AppliedCl}}">{{.Applied}}</td>{{if $.RatingArticles}}<td>{{.Articles}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{if .Norms}}<h3>{{.T.NormsHead}}</h3>
<ul>{{range .Norms}}<li>{{.}}</li>{{end}}</ul>
{{end}}
{{- else if .Cross}}<p class="note">{{.T.NotRated}}</p>
{{end}}
{{- if .Chart}}<figure><img class="chart" src="{{.Chart}}" alt="{{.T.ChartAlt}}: {{.Title}}"></figure>
{{end -}}
{{template "fide" .}}</main>
<footer class="site">{{.T.GeneratedBy}}</footer>
</body></html>
`))
	template.Must(t.New("fide").Parse(fideBlock))
	return t
})

// WriteHTML writes the tournament's report as an HTML page.
func WriteHTML(w io.Writer, in Input) error {
	if err := pageTemplate().Execute(w, build(in)); err != nil {
		return fmt.Errorf("tournament report %s: %w", fileName(in), err)
	}
	return nil
}
