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
	Head, Intro, Swiss, RoundRobin, Swiss643, OnlyRated     string
	Start, Name, Rating, Games, Points, Expected, K, Change string
	Rc, Ru, RcNew, RuNew, Note                              string
	NoGame, NotCounted, BelowFloor, Published, Counts       string
	KUnknown, KJunior, KCapped                              string
}

var fideTexts = map[string]*fideWords{
	"it": {
		Head:       "Anteprima del rating FIDE",
		Intro:      "Cosa farà la FIDE di questo torneo secondo il Regolamento per il Rating FIDE (testo in vigore dal %s): %s. Partite valutate dalla FIDE: %d; solo Elo Italia (RTF 4.2.12): %d; non giocate (FIDE-RR 5.1): %d.",
		Swiss:      "svizzero (FIDE-RR 8.21 a, 8.24; le partite dei giocatori con rating contro giocatori senza rating non sono valutate, 6.42)",
		RoundRobin: "girone all'italiana (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d",
		Swiss643:   "girone all'italiana con partite non giocate, valutato come uno svizzero (FIDE-RR 6.43)",
		OnlyRated:  "sono valutate solo le partite contro avversari con rating (FIDE-RR 8.1, 8.3.1)",
		Start:      "N.", Name: "Giocatore", Rating: "Rating FIDE", Games: "Partite", Points: "Punti",
		Expected: "Attesi", K: "K", Change: "Variazione", Rc: "Rc", Ru: "Ru", RcNew: "Rc nuovo", RuNew: "Ru nuovo", Note: "Nota",
		NoGame:     "nessuna partita valutata dalla FIDE",
		NotCounted: "non valido: troppo pochi avversari con rating o punti (FIDE-RR %s)",
		BelowFloor: "non valido: sotto la soglia del rating FIDE (FIDE-RR %s)",
		Published:  "rating pubblicato (FIDE-RR %s)",
		Counts:     "valido; rating pubblicato dopo %d partite (FIDE-RR %s)",
		KUnknown:   "* K dal solo rating e dall'età: un giocatore con meno di 30 partite valutate ha il K di un nuovo giocatore.",
		KJunior:    "g: K di un giovane (sotto i 18 anni secondo il regolamento, rating sotto 2300).",
		KCapped:    "l: K ridotto perché K × partite resti entro il limite del regolamento (700).",
	},
	"en": {
		Head:       "FIDE rating preview",
		Intro:      "What FIDE will make of this tournament by the FIDE Rating Regulations (as in force from %s): %s. Games FIDE rates: %d; Elo Italia only (RTF 4.2.12): %d; not played (FIDE-RR 5.1): %d.",
		Swiss:      "Swiss (FIDE-RR 8.21 a, 8.24; rated players' games against unrated players are not rated, 6.42)",
		RoundRobin: "round robin (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d",
		Swiss643:   "round robin with unplayed games, rated as a Swiss (FIDE-RR 6.43)",
		OnlyRated:  "only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1)",
		Start:      "No.", Name: "Player", Rating: "FIDE rating", Games: "Games", Points: "Points",
		Expected: "Expected", K: "K", Change: "Change", Rc: "Rc", Ru: "Ru", RcNew: "Rc new", RuNew: "Ru new", Note: "Note",
		NoGame:     "no game FIDE rates",
		NotCounted: "does not count: too few rated opponents or points (FIDE-RR %s)",
		BelowFloor: "does not count: below the FIDE rating floor (FIDE-RR %s)",
		Published:  "rating published (FIDE-RR %s)",
		Counts:     "counts; rating published after %d games (FIDE-RR %s)",
		KUnknown:   "* K from the rating and age alone: a player with fewer than 30 rated games has a new player's K.",
		KJunior:    "j: a junior's K (under 18 as the regulations count, rated under 2300).",
		KCapped:    "c: K lowered so that K × games stays within the regulations' limit (700).",
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
