package report

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/rating/fide"
)

// The FIDE section: what FIDE will make of the tournament (package fide:
// FIDE-RR 8.2–8.5, 8.58), shown when Input.Fide is set. It is a template
// block of its own ("fide"), with its own words, so that the page's
// layout and texts can change around it.

// fideBlock is the page template's "fide" block (html.go adds it).
const fideBlock = `{{with .Fide}}<h2>{{.Head}}</h2>
<p class="note">{{.Intro}}</p>
<table class="fide"><thead><tr>{{range .Cols}}<th{{if .N}} class="n"{{end}}>{{.Label}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr>{{range .}}<td{{if .N}} class="n{{if .Cl}} {{.Cl}}{{end}}"{{end}}{{if .Nowrap}} style="white-space:nowrap"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</tbody></table>
{{range .Notes}}<p class="note">{{.}}</p>
{{end}}{{end}}`

// fideView is the FIDE section, formatted.
type fideView struct {
	Head, Intro string
	Cols        []fideCell
	Rows        [][]fideCell
	Notes       []string
}

type fideCell struct {
	Label, Text, Cl string
	N               bool // numeric: right-aligned
	Nowrap          bool // a name, kept on one line
}

type fideWords struct {
	Head, Intro, Swiss, RoundRobin, Swiss643, OnlyRated     string
	Start, Name, Rating, Games, Points, Expected, K, Change string
	Rc, Ru, RcNew, RuNew, Note                              string
	NoGame, NotCounted, BelowFloor, Published, Counts       string
	KUnknown, KJunior, KCapped                              string
}

// fideTexts are the preview's words in each language, from the
// catalogue ("report.fide.*").
var fideTexts = sync.OnceValue(func() map[string]*fideWords {
	return map[string]*fideWords{"it": fideWordsIn(catalogue.IT), "en": fideWordsIn(catalogue.EN)}
})

func fideWordsIn(l catalogue.Lang) *fideWords {
	w := &fideWords{}
	fillWords(w, l, "report.fide.")
	return w
}

// decimal writes x with the decimals given, with a decimal comma in
// Italian (package italian, the one formatter of Italian numbers).
func decimal(lang string, x float64, decimals int, sign bool) string {
	s := italian.Float(x, decimals)
	if sign {
		s = italian.SignedFloat(x, decimals)
	}
	if lang != "it" {
		s = strings.Replace(s, ",", ".", 1)
	}
	return s
}

// fideSection formats a preview; nil shows nothing.
func fideSection(pv *fide.Preview, lang string) *fideView {
	if pv == nil {
		return nil
	}
	w := fideTexts()[lang]
	if w == nil {
		w = fideTexts()["it"]
	}
	system := w.Swiss
	switch {
	case pv.OnlyRated:
		system = w.OnlyRated
	case pv.SwissBy643:
		system = w.Swiss643
	case pv.RoundRobin:
		system = fmt.Sprintf(w.RoundRobin, decimal(lang, pv.Rar, 1, false), decimal(lang, pv.DPA, 1, false), pv.Ra)
	}
	from := pv.SetFrom.String()
	if lang == "it" && pv.SetFrom.IsFull() {
		from = fmt.Sprintf("%02d/%02d/%d", pv.SetFrom.Day, int(pv.SetFrom.Month), pv.SetFrom.Year)
	}
	v := &fideView{Head: w.Head, Intro: fmt.Sprintf(w.Intro, from, system, pv.Games.Fide, pv.Games.EloItalia, pv.Games.NotRated)}
	num := func(label string) fideCell { return fideCell{Label: label, N: true} }
	v.Cols = []fideCell{num(w.Start), {Label: w.Name}, num(w.Rating), num(w.Games), num(w.Points), num(w.Expected),
		num(w.K), num(w.Change), num(w.Rc), num(w.Ru)}
	iterated := pv.RoundRobin && !pv.OnlyRated // 8.58's Rc new and Ru new
	if iterated {
		v.Cols = append(v.Cols, num(w.RcNew), num(w.RuNew))
	}
	v.Cols = append(v.Cols, fideCell{Label: w.Note})
	kUnknown, junior, capped := false, false, false
	arts, minGames := pv.Articles, pv.MinGames
	if arts.Published == "" { // a preview without its set's articles: 2010's
		arts, minGames = fide.Articles{FirstEvent: "8.21", Floor: "8.33", Published: "7.14"}, 9
	}
	for _, p := range pv.Players {
		c := func(s string) fideCell { return fideCell{Text: s, N: true} }
		row := []fideCell{c(strconv.Itoa(p.Start)), {Text: p.Name, Nowrap: true}}
		pts := strings.TrimSuffix(decimal(lang, p.Points, 1, false), map[string]string{"it": ",0", "en": ".0"}[lang])
		note := ""
		if p.Rated() {
			k, change, cl := "", "", ""
			if p.Games > 0 {
				k = strconv.Itoa(p.K)
				if p.Junior {
					k += map[string]string{"it": "g", "en": "j"}[lang]
					junior = true
				}
				if p.KCapped {
					k += map[string]string{"it": "l", "en": "c"}[lang]
					capped = true
				}
				if !p.KKnown {
					k += "*"
					kUnknown = true
				}
				change = decimal(lang, p.Change, 1, true)
				switch {
				case p.Change > 0:
					cl = "up"
				case p.Change < 0:
					cl = "down"
				}
			}
			row = append(row, c(strconv.Itoa(p.Rating)), c(strconv.Itoa(p.Games)), c(pts),
				c(decimal(lang, float64(p.Expected)/100, 2, false)), c(k), fideCell{Text: change, N: true, Cl: cl}, c(""), c(""))
			if iterated {
				row = append(row, c(""), c(""))
			}
		} else {
			rc, ru := "", ""
			switch {
			case p.Games == 0:
				note = w.NoGame
			case p.NotCounted != "" && p.NotCounted == arts.Floor:
				note = fmt.Sprintf(w.BelowFloor, p.NotCounted)
			case !p.Counts:
				note = fmt.Sprintf(w.NotCounted, p.NotCounted)
			case p.Published:
				note = fmt.Sprintf(w.Published, arts.Published)
			default:
				note = fmt.Sprintf(w.Counts, minGames, arts.Published)
			}
			if p.Games > 0 && p.NotCounted != "6.1" {
				rc, ru = strconv.Itoa(p.Rc), strconv.Itoa(p.Ru)
			}
			row = append(row, c("–"), c(strconv.Itoa(p.Games)), c(pts), c(""), c(""), c(""), c(rc), c(ru))
			if iterated {
				rcN, ruN := "", ""
				if p.Games > 0 && p.NotCounted != "6.1" {
					rcN, ruN = strconv.Itoa(p.RcNew), strconv.Itoa(p.RuNew)
				}
				row = append(row, c(rcN), c(ruN))
			}
		}
		row = append(row, fideCell{Text: note})
		v.Rows = append(v.Rows, row)
	}
	if junior {
		v.Notes = append(v.Notes, w.KJunior)
	}
	if capped {
		v.Notes = append(v.Notes, w.KCapped)
	}
	if kUnknown {
		v.Notes = append(v.Notes, w.KUnknown)
	}
	return v
}
