package site

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/publishing/internal/htmltext"
	"omologa/internal/tournament"
)

// player is what a player's page shows: his facts from the lists, his
// FIDE title and his games from the tournaments.
type player struct {
	Facts
	Title string
	Games []gameRow
}

// gameRow holds its texts ready: a page of 30,000 is rendered faster
// from fields than through template functions.
type gameRow struct {
	Href, Name, Dates, KindIT string
	Score                     string
	Games                     int
	Variation                 string
	Class                     string // up, down
}

// fideTitle is the FIDE title a player's page shows from the file's
// title columns: "CM" left out, which in an Italian file is the
// Candidato Maestro category.
func fideTitle(written string) string {
	if t := tournament.FIDETitle(written); t != "CM" {
		return t
	}
	return ""
}

type playerPage struct {
	P         *player
	GamesHTML template.HTML // gameRowsHTML of P.Games
	Facts     [][2]string
	Chart     string // the chart's title, for history.js
	Script    string // history.js, from the page
}

// The history's table is filled, and its chart drawn, by history.js
// from the lists' data files (history.go): the page itself changes only
// when what it says of the player does.
const playerHTML = `{{with .D}}<dl class="facts">{{range .Facts}}<dt>{{index . 0}}</dt><dd>{{index . 1}}</dd>{{end}}</dl>
<h2>{{t "site.player.history"}}</h2>
<figure class="history" id="chart" hidden></figure>
<div class="scroll"><table><caption>{{t "site.player.historyCaption"}}</caption><thead><tr><th scope="col">{{t "site.col.list"}}</th><th scope="col">{{t "site.col.kind"}}</th><th scope="col" class="n">Elo</th><th scope="col">{{t "site.col.category"}}</th></tr></thead><tbody id="storia" data-id="{{.P.ID}}" data-chart="{{.Chart}}"></tbody></table></div>
<noscript><p class="note">{{t "site.player.noscript"}}</p></noscript>
<script src="storia/liste.js"></script><script src="{{.Script}}"></script>
<h2>{{t "site.tournaments"}}</h2>
{{if .P.Games}}<div class="scroll"><table><caption>{{t "site.player.gamesCaption"}}</caption><thead><tr><th scope="col">{{t "site.col.tournament"}}</th><th scope="col">{{t "site.col.dates"}}</th><th scope="col">{{t "site.col.kind"}}</th><th scope="col" class="n">{{t "site.col.games"}}</th><th scope="col" class="n">{{t "site.col.points"}}</th><th scope="col" class="n">{{t "site.col.variation"}}</th></tr></thead><tbody>
{{.GamesHTML}}</tbody></table></div>{{else}}<p>{{t "site.player.none"}}</p>{{end}}{{end}}`

func (s *site) writePlayer(w *writer, a assets, p *player, f *playerFrames) error {
	// The page is rendered only when what it shows changed: a rebuild
	// of 30,000 unchanged players renders none, nor does a list that
	// leaves a player's facts as they were (his ratings in it are in
	// its data files).
	return w.putFrom(playerPath(p.ID), playerKey(p, a), func() ([]byte, error) {
		return f.page(p), nil
	})
}

// playerFrames are the player's template rendered once a build for a
// player made of markers (with games and without), which each player's
// page replaces with his own texts, escaped as html/template escapes
// them: the template's bytes (a test renders both) without its
// reflective calls for every page.
type playerFrames struct {
	games, none string
	notYet      string
}

// The markers: control characters no text of the template has.
const (
	markTitle, markID, markChart, markGames = "\x01", "\x02", "\x03", "\x04"
	markFacts                               = "<dt>\x05</dt><dd>\x06</dd>"
)

func newPlayerFrames(a assets) (*playerFrames, error) {
	f := &playerFrames{notYet: say("site.player.notYet")}
	for _, with := range []bool{true, false} {
		p := &player{Facts: Facts{ID: markID}}
		if with {
			p.Games = []gameRow{{}}
		}
		d := playerPage{P: p, GamesHTML: markGames, Facts: [][2]string{{"\x05", "\x06"}}, Chart: markChart, Script: "../" + a.History}
		var b bytes.Buffer
		if err := templates().ExecuteTemplate(&b, "player", page{Title: markTitle, Root: "../", A: a, Nav: "home", D: d}); err != nil {
			return nil, err
		}
		if with {
			f.games = b.String()
		} else {
			f.none = b.String()
		}
	}
	return f, nil
}

// page is p's page.
func (f *playerFrames) page(p *player) []byte {
	var facts strings.Builder
	for _, kv := range playerFacts(p) {
		facts.WriteString("<dt>")
		htmltext.Write(&facts, kv[0])
		facts.WriteString("</dt><dd>")
		htmltext.Write(&facts, kv[1])
		facts.WriteString("</dd>")
	}
	frame, games := f.none, ""
	if len(p.Games) > 0 {
		frame, games = f.games, string(gameRowsHTML(p.Games, f.notYet))
	}
	// One pass: what is put in is not read again for markers.
	r := strings.NewReplacer(markTitle, htmltext.Escape(p.Surname+" "+p.Name), markID, htmltext.Escape(p.ID),
		markChart, htmltext.Escape(say("site.player.chart", p.Surname+" "+p.Name)), markGames, games, markFacts, facts.String())
	return []byte(r.Replace(frame))
}

// playerFacts are the facts at the top of a player's page.
func playerFacts(p *player) [][2]string {
	facts := [][2]string{{say("site.col.fsiID"), p.ID}}
	if p.Title != "" {
		facts = append(facts, [2]string{say("site.player.fideTitle"), p.Title})
	}
	if p.Category != "" {
		facts = append(facts, [2]string{say("site.col.category"), p.Category})
	}
	if p.Standard > 0 {
		v := strconv.Itoa(p.Standard)
		if p.FIDE {
			v += say("site.player.fideRating")
		}
		facts = append(facts, [2]string{fsi.Standard.ListName(), v})
	}
	if p.Rapid > 0 {
		v := strconv.Itoa(p.Rapid)
		if p.RapidCategory != "" {
			v = say("site.player.rapidCategory", v, p.RapidCategory)
		}
		facts = append(facts, [2]string{fsi.Rapid.ListName(), v})
	}
	if p.Province != "" {
		facts = append(facts, [2]string{say("site.col.province"), p.Province})
	}
	return facts
}

// pageVersion changes with the player's template, so that a new layout
// replaces the pages a build skipped as unchanged.
const pageVersion = "player-5"

// playerKey is everything a player's page shows, hashed.
func playerKey(p *player, a assets) string {
	b := make([]byte, 0, 256)
	b = fmt.Appendf(b, "%s|%s|%s|%q|%q|%q|%q|%q|%q|%v|%q|%d|%d", pageVersion, a.CSS, a.History, p.ID, p.Surname, p.Name, p.Province,
		p.Category, p.RapidCategory, p.FIDE, p.Title, p.Standard, p.Rapid)
	for _, g := range p.Games {
		b = append(b, "|g"...)
		for _, f := range [...]string{g.Href, g.Name, g.Dates, g.KindIT, g.Score, g.Variation} {
			b = strconv.AppendQuote(b, f)
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(g.Games), 10)
	}
	return hashOf(b)
}
