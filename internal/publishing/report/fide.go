package report

import (
	"fmt"
	"strconv"
	"strings"

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
	Head, Intro, Swiss, RoundRobin, Swiss643                string
	Start, Name, Rating, Games, Points, Expected, K, Change string
	Rc, Ru, RcNew, RuNew, Note                              string
	NoGame, NotCounted, BelowFloor, Published, Counts       string
	KUnknown                                                string
}

var fideTexts = map[string]*fideWords{
	"it": {
		Head:       "Anteprima del rating FIDE",
		Intro:      "Cosa farà la FIDE di questo torneo secondo il Regolamento per il Rating FIDE (testo in vigore dal %s): %s. Partite valutate dalla FIDE: %d; solo Elo Italia (RTF 4.2.12): %d; non giocate (FIDE-RR 5.1): %d.",
		Swiss:      "svizzero (FIDE-RR 8.21 a, 8.24; le partite dei giocatori con rating contro giocatori senza rating non sono valutate, 6.42)",
		RoundRobin: "girone all'italiana (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d",
		Swiss643:   "girone all'italiana con partite non giocate, valutato come uno svizzero (FIDE-RR 6.43)",
		Start:      "N.", Name: "Giocatore", Rating: "Rating FIDE", Games: "Partite", Points: "Punti",
		Expected: "Attesi", K: "K", Change: "Variazione", Rc: "Rc", Ru: "Ru", RcNew: "Rc nuovo", RuNew: "Ru nuovo", Note: "Nota",
		NoGame:     "nessuna partita valutata dalla FIDE",
		NotCounted: "non valido: meno di 3 avversari con rating o di 1 punto (FIDE-RR 8.21)",
		BelowFloor: "non valido: sotto la soglia del rating FIDE (FIDE-RR 8.33)",
		Published:  "rating pubblicato (FIDE-RR 7.14)",
		Counts:     "valido; rating pubblicato dopo 9 partite (FIDE-RR 7.14)",
		KUnknown:   "* K secondo FIDE-RR 8.56 dal solo rating: un giocatore con meno di 30 partite valutate ha K 30.",
	},
	"en": {
		Head:       "FIDE rating preview",
		Intro:      "What FIDE will make of this tournament by the FIDE Rating Regulations (as in force from %s): %s. Games FIDE rates: %d; Elo Italia only (RTF 4.2.12): %d; not played (FIDE-RR 5.1): %d.",
		Swiss:      "Swiss (FIDE-RR 8.21 a, 8.24; rated players' games against unrated players are not rated, 6.42)",
		RoundRobin: "round robin (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d",
		Swiss643:   "round robin with unplayed games, rated as a Swiss (FIDE-RR 6.43)",
		Start:      "No.", Name: "Player", Rating: "FIDE rating", Games: "Games", Points: "Points",
		Expected: "Expected", K: "K", Change: "Change", Rc: "Rc", Ru: "Ru", RcNew: "Rc new", RuNew: "Ru new", Note: "Note",
		NoGame:     "no game FIDE rates",
		NotCounted: "does not count: fewer than 3 rated opponents or 1 point (FIDE-RR 8.21)",
		BelowFloor: "does not count: below the FIDE rating floor (FIDE-RR 8.33)",
		Published:  "rating published (FIDE-RR 7.14)",
		Counts:     "counts; rating published after 9 games (FIDE-RR 7.14)",
		KUnknown:   "* K by FIDE-RR 8.56 from the rating alone: a player with fewer than 30 rated games has K 30.",
	},
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
	w := fideTexts[lang]
	if w == nil {
		w = fideTexts["it"]
	}
	system := w.Swiss
	switch {
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
	if pv.RoundRobin {
		v.Cols = append(v.Cols, num(w.RcNew), num(w.RuNew))
	}
	v.Cols = append(v.Cols, fideCell{Label: w.Note})
	kUnknown := false
	for _, p := range pv.Players {
		c := func(s string) fideCell { return fideCell{Text: s, N: true} }
		row := []fideCell{c(strconv.Itoa(p.Start)), {Text: p.Name, Nowrap: true}}
		pts := strings.TrimSuffix(decimal(lang, p.Points, 1, false), map[string]string{"it": ",0", "en": ".0"}[lang])
		note := ""
		if p.Rated() {
			k, change, cl := "", "", ""
			if p.Games > 0 {
				k = strconv.Itoa(p.K)
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
			if pv.RoundRobin {
				row = append(row, c(""), c(""))
			}
		} else {
			rc, ru := "", ""
			switch {
			case p.Games == 0:
				note = w.NoGame
			case p.NotCounted == "8.33":
				note = w.BelowFloor
			case !p.Counts:
				note = w.NotCounted
			case p.Published:
				note = w.Published
			default:
				note = w.Counts
			}
			if p.Games > 0 {
				rc, ru = strconv.Itoa(p.Rc), strconv.Itoa(p.Ru)
			}
			row = append(row, c("–"), c(strconv.Itoa(p.Games)), c(pts), c(""), c(""), c(""), c(rc), c(ru))
			if pv.RoundRobin {
				rcN, ruN := "", ""
				if p.Games > 0 {
					rcN, ruN = strconv.Itoa(p.RcNew), strconv.Itoa(p.RuNew)
				}
				row = append(row, c(rcN), c(ruN))
			}
		}
		row = append(row, fideCell{Text: note})
		v.Rows = append(v.Rows, row)
	}
	if kUnknown {
		v.Notes = append(v.Notes, w.KUnknown)
	}
	return v
}
