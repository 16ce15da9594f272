package site

import (
	"bytes"
	"html/template"
	"testing"

	"omologa/internal/publishing/lists"
)

// The rows written by hand are the bytes html/template writes from the
// ranges they replace, for names with every character it escapes.
func TestRowsAreTheTemplates(t *testing.T) {
	odd := []string{`D'Angelo`, `Rossi "Max"`, "Bianchi & Figli", "A+B", "<b>x</b>", "Nicolò Ça", "nul\x00x", ""}
	ref := template.Must(template.New("").Funcs(funcs).Parse(
		`{{define "list"}}{{$fide := .FIDE}}{{range .Rows}}<tr><td>{{.Rank}}{{if $fide}}<td>{{.FSIID}}{{end}}<td>{{if .Href}}<a href="{{.Href}}">{{.Surname}}</a>{{else}}{{.Surname}}{{end}}<td>{{.Name}}<td>{{.Category}}<td>{{.Province}}<td>{{.Rating}}{{if $fide}}<td>{{if .FIDE}}FIDE{{end}}{{end}}
{{end}}{{end}}` +
			`{{define "prov"}}{{range .}}<tr><th scope="row"><a href="../{{player .ID}}">{{.Surname}} {{.Name}}</a></th><td>{{.Category}}</td><td class="n">{{if .Standard}}{{.Standard}}{{end}}</td><td class="n">{{if .Rapid}}{{.Rapid}}{{end}}</td></tr>
{{end}}{{end}}` +
			`{{define "games"}}{{range .}}<tr><th scope="row"><a href="{{.Href}}">{{.Name}}</a></th><td>{{.Dates}}</td><td>{{.KindIT}}</td><td class="n">{{.Games}}</td><td class="n">{{.Score}}</td><td class="n {{.Class}}">{{if .Variation}}{{.Variation}}{{else}}<span class="note">{{t "site.player.notYet"}}</span>{{end}}</td></tr>
{{end}}{{end}}`))
	var rows []listRow
	var ps []*player
	var gs []gameRow
	for i, s := range odd {
		e := &lists.Entry{Rank: i + 1, FSIID: s, Surname: s, Name: odd[(i+1)%len(odd)], Category: s, Province: s, Rating: 1400 + i, FIDE: i%2 == 0}
		r := listRow{Entry: e}
		if i%3 != 0 {
			r.Href = "../" + playerPath(s)
		}
		rows = append(rows, r)
		ps = append(ps, &player{Facts: Facts{ID: s, Surname: s, Name: s, Category: s, Standard: i * 100, Rapid: (i % 2) * 1500}})
		gs = append(gs, gameRow{Href: "../" + tournPath(int64(i)), Name: s, Dates: s, KindIT: s, Score: s, Games: i, Variation: s, Class: s})
	}
	for _, fide := range []bool{false, true} {
		var b bytes.Buffer
		if err := ref.ExecuteTemplate(&b, "list", struct {
			FIDE bool
			Rows []listRow
		}{fide, rows}); err != nil {
			t.Fatal(err)
		}
		if got := string(listRowsHTML(rows, fide)); got != b.String() {
			t.Errorf("list rows (FIDE %v):\n%s\nwant\n%s", fide, got, b.String())
		}
	}
	var b bytes.Buffer
	if err := ref.ExecuteTemplate(&b, "prov", ps); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("D&#39;Angelo")) || !bytes.Contains(b.Bytes(), []byte("A&#43;B")) {
		t.Errorf("the reference escapes nothing: %s", b.String())
	}
	if got := string(provinceRowsHTML(ps)); got != b.String() {
		t.Errorf("province rows:\n%s\nwant\n%s", got, b.String())
	}
	b.Reset()
	if err := ref.ExecuteTemplate(&b, "games", gs); err != nil {
		t.Fatal(err)
	}
	if got := string(gameRowsHTML(gs, say("site.player.notYet"))); got != b.String() {
		t.Errorf("games:\n%s\nwant\n%s", got, b.String())
	}
}

// A player's page made from the frames is the template's page, for
// players with and without games and with names html/template escapes.
func TestPlayerPageIsTheTemplates(t *testing.T) {
	in, _ := season(40, 3)
	s, err := newSite(in)
	if err != nil {
		t.Fatal(err)
	}
	a := assets{CSS: "assets/style.x.css", Search: "assets/search.x.js", Sort: "assets/sort.x.js", History: "assets/storia.x.js"}
	f, err := newPlayerFrames(a)
	if err != nil {
		t.Fatal(err)
	}
	odd := &player{Facts: Facts{ID: "A+1", Surname: `D'Angelo "Zio"`, Name: "Nicolò & <b>", Province: "A'B", Category: "1+N", Standard: 1500,
		FIDE: true, Rapid: 1400, RapidCategory: "<C>"}, Title: "FM", Games: []gameRow{{Href: "../tornei/1.html", Name: "Open d'Italia", Dates: "1+2",
		KindIT: "Rapid", Score: "3,5", Games: 5}}}
	players := []*player{odd, {Facts: Facts{ID: "9", Surname: "Solo", Name: "Senza"}}}
	for _, id := range s.ids {
		players = append(players, s.players[id])
	}
	withGames := 0
	for _, p := range players {
		d := playerPage{P: p, GamesHTML: gameRowsHTML(p.Games, say("site.player.notYet")), Facts: playerFacts(p),
			Chart: say("site.player.chart", p.Surname+" "+p.Name), Script: "../" + a.History}
		var b bytes.Buffer
		if err := templates().ExecuteTemplate(&b, "player", page{Title: p.Surname + " " + p.Name, Root: "../", A: a, Nav: "home", D: d}); err != nil {
			t.Fatal(err)
		}
		if got := string(f.page(p)); got != b.String() {
			t.Fatalf("player %s:\n%s\nwant\n%s", p.ID, got, b.String())
		}
		if len(p.Games) > 0 {
			withGames++
		}
	}
	if withGames < 2 || withGames == len(players) {
		t.Errorf("%d of %d players with games: both kinds wanted", withGames, len(players))
	}
}
