package web

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/lists"
	"omologa/internal/publishing/statistics"
)

// closeDemoLists closes the demo's rapid list of December 2026 and
// standard list of January 2027, as `make lists` does; each writes the
// public site.
func closeDemoLists(t *testing.T, f *fixture) {
	t.Helper()
	asOf := time.Date(2026, 12, 23, 10, 0, 0, 0, time.UTC)
	for _, r := range []office.ListRunRequest{{Kind: "rapid", Period: "2026-12"}, {Kind: "standard", Period: "2027-01"}} {
		r.AsOf, r.Out = asOf, filepath.Join(f.dir, "publish", string(r.Kind)+"-"+r.Period)
		res, err := f.o.ListRun(context.Background(), office.CLIActor(), r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Site == "" {
			t.Fatalf("%s %s: the site was not written: %v", r.Kind, r.Period, res.Warnings)
		}
	}
}

var (
	linkRe   = regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	shardsRe = regexp.MustCompile(`"f":"([^"]+)","n":(\d+)`)
)

// TestPublicSiteDemo crawls the demo's public site from its index, as a
// browser opening it from disk would: every link and image resolves to
// a file of the site, nothing is loaded from elsewhere, no page carries
// a private field of any member, and every player of the published
// lists has a page the crawl reached.
func TestPublicSiteDemo(t *testing.T) {
	f := newFixture(t)
	closeDemoLists(t, f)
	root := f.o.SiteDir()
	seen := map[string]bool{}
	queue := []string{"index.html"}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Errorf("broken link to %s: %v", p, err)
			continue
		}
		if p == "giocatori/storia/liste.js" {
			// The players' history script loads each list's shards
			// that the index names.
			for _, m := range shardsRe.FindAllStringSubmatch(string(b), -1) {
				n, _ := strconv.Atoi(m[2])
				for i := range n {
					queue = append(queue, fmt.Sprintf("giocatori/storia/%s/%d.js", m[1], i))
				}
			}
		}
		if !strings.HasSuffix(p, ".html") {
			continue
		}
		for _, m := range linkRe.FindAllStringSubmatch(string(b), -1) {
			href := m[1]
			if strings.HasPrefix(href, "#") {
				continue
			}
			if strings.Contains(href, "//") || strings.HasPrefix(href, "/") || strings.Contains(href, ":") {
				t.Errorf("%s links outside the site: %s", p, href)
				continue
			}
			href, _, _ = strings.Cut(href, "#")
			queue = append(queue, path.Clean(path.Join(path.Dir(p), href)))
		}
	}
	// Every file of the site is reached, and none carries a private field.
	// Club names appear in the statistics by club, as counts: a
	// player's club must appear nowhere else.
	var private, clubs []string
	rows := map[string]registers.Player{}
	for _, l := range demoLists(t, f) {
		for _, r := range l.Rows {
			rows[r.FSIID] = r
			if r.FideID != "" {
				private = append(private, r.FideID)
			}
			if r.Club != "" {
				clubs = append(clubs, r.Club)
			}
			if r.BirthDate.IsFull() {
				d := r.BirthDate
				private = append(private, d.String(), fmt.Sprintf("%02d/%02d/%04d", d.Day, d.Month, d.Year))
			}
		}
	}
	words := []string{"nascita", "Sesso", "sesso", "e-mail", "@", "Società", "tesseramento", "FIDE ID", "ID FIDE"}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "manifest.json" {
			return nil
		}
		if !seen[rel] && !strings.HasSuffix(rel, ".csv") {
			t.Errorf("%s: no page links it", rel)
		}
		b, _ := os.ReadFile(p)
		check := private
		if !strings.HasPrefix(rel, "statistiche/") {
			check = append(check[:len(check):len(check)], clubs...)
		}
		for _, s := range check {
			if strings.Contains(string(b), s) {
				t.Errorf("%s carries the private %q", rel, s)
			}
		}
		// The statistics by club are counts: the club's name alone.
		if strings.HasSuffix(rel, ".html") && !strings.HasPrefix(rel, "statistiche/") {
			for _, w := range words {
				if strings.Contains(string(b), w) {
					t.Errorf("%s says %q", rel, w)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every player of the published lists has a page.
	players := 0
	for _, l := range demoListsKinds(t, f) {
		entries, idx := lists.BuildRows(l.list, l.kind)
		for i := range entries {
			id := l.list.Rows[idx[i]].FSIID
			players++
			if !seen["giocatori/"+id+".html"] {
				t.Errorf("%s %s: no page for %s %s (%s)", l.kind, l.period, entries[i].Surname, entries[i].Name, id)
			}
		}
	}
	if players < 60 || len(seen) < 80 {
		t.Fatalf("%d players listed, %d files reached: the demo site is too small", players, len(seen))
	}
	t.Logf("%d files reached, %d list entries", len(seen), players)
}

type demoList struct {
	kind   fsi.Kind
	period string
	list   *registers.Players
}

func demoListsKinds(t *testing.T, f *fixture) []demoList {
	t.Helper()
	ctx := context.Background()
	sums, err := f.o.Store.ListSummaries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []demoList
	for _, s := range sums {
		l, _, err := f.o.Store.RatingListByID(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := registers.ReadPlayers("list", l.List)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, demoList{s.Kind, s.Period, ps})
	}
	return out
}

func demoLists(t *testing.T, f *fixture) []*registers.Players {
	var out []*registers.Players
	for _, l := range demoListsKinds(t, f) {
		out = append(out, l.list)
	}
	return out
}

// TestStatisticsDemoAgainstSQL checks the statistics of the demo store
// against counts computed independently with SQL on the store's file.
func TestStatisticsDemoAgainstSQL(t *testing.T) {
	f := newFixture(t)
	closeDemoLists(t, f)
	ctx := context.Background()
	db, err := sql.Open("sqlite", f.o.Config.Store.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q := func(query string, args ...any) map[string]int {
		t.Helper()
		rows, err := db.QueryContext(ctx, query, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]int{}
		for rows.Next() {
			var k string
			var n int
			if err := rows.Scan(&k, &n); err != nil {
				t.Fatal(err)
			}
			out[k] = n
		}
		return out
	}
	// A tournament's province: the calendar's, else the city's "(XX)".
	const prov = `coalesce(nullif(upper(json_extract(v.report, '$.authorisation.province')), ''),
		CASE WHEN t.city LIKE '%(__)' THEN upper(substr(t.city, -3, 2)) ELSE '' END)`
	const homologated = ` FROM tournaments t JOIN verdicts v ON v.file_id = t.current_file
		WHERE v.verdict IN ('accepted', 'accepted-with-warnings') AND t.revoked_at IS NULL AND substr(t.end_date, 1, 4) = '2026'`
	wantTourns := q(`SELECT ` + prov + `, count(*)` + homologated + ` GROUP BY 1`)
	wantPlayers := q(`SELECT ` + prov + `, count(DISTINCT json_extract(r.result, '$.fsi_id'))` + strings.Replace(homologated, "WHERE",
		"JOIN rating_results r ON r.file_id = v.file_id WHERE json_extract(r.result, '$.fsi_id') <> '' AND", 1) + ` GROUP BY 1`)
	wantGames := q(`SELECT ` + prov + `, sum(json_extract(r.result, '$.games')) / 2` + strings.Replace(homologated, "WHERE",
		"JOIN rating_results r ON r.file_id = v.file_id WHERE", 1) + ` GROUP BY 1`)
	wantVerdicts := q(`SELECT verdict, count(*) FROM verdicts GROUP BY 1`)
	wantLate := q(`SELECT 'late', count(DISTINCT file_id) FROM findings WHERE rule = 'deadline.late'`)
	// The change reports are stored compressed: read through the store,
	// the players added counted from the JSON.
	wantAdded := map[string]int{}
	sums, err := f.o.Store.ListSummaries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sums {
		l, _, err := f.o.Store.RatingListByID(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Added []json.RawMessage `json:"added"`
		}
		if err := json.Unmarshal(l.Report, &rep); err != nil {
			t.Fatal(err)
		}
		wantAdded[string(s.Kind)+" "+s.Period] = len(rep.Added)
	}
	wantListed := q(`SELECT 'rows', rows FROM rating_lists WHERE kind = 'standard' AND period = '2027-01'`)

	r26, years, err := f.o.Statistics(ctx, 2026)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(years) != "[2026 2027]" {
		t.Errorf("years %v", years)
	}
	prov26 := r26.Table("province")
	if len(prov26.Rows) != len(wantTourns) || len(wantTourns) == 0 {
		t.Errorf("provinces %v, SQL %v", prov26.Rows, wantTourns)
	}
	for _, row := range prov26.Rows {
		p := row[0].(string)
		if p == catalogue.IT.T("stats.unknown") {
			p = ""
		}
		if row[1] != wantTourns[p] || row[2] != wantGames[p] || row[3] != wantPlayers[p] {
			t.Errorf("%s: tournaments, games, players %v; SQL %d %d %d", p, row[1:], wantTourns[p], wantGames[p], wantPlayers[p])
		}
	}
	out := r26.Table("esiti-province").Total
	all := 0
	for _, n := range wantVerdicts {
		all += n
	}
	if out[1] != all || out[2] != wantVerdicts["accepted"] || out[3] != wantVerdicts["accepted-with-warnings"] ||
		out[4] != wantVerdicts["rejected"] || out[5] != wantLate["late"] {
		t.Errorf("outcomes %v; SQL %v, late %v", out, wantVerdicts, wantLate)
	}
	r27, _, err := f.o.Statistics(ctx, 2027)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*statistics.Result{r26, r27} {
		for _, row := range r.Table("nuovi").Rows {
			kind := "standard"
			if row[0] == "Elo Italia Rapid" {
				kind = "rapid"
			}
			w, found := 0, false
			for k, n := range wantAdded {
				kk, period, _ := strings.Cut(k, " ")
				if kk == kind && fsi.PeriodMonth(period) == row[1] {
					w, found = n, true
				}
			}
			if !found || row[2] != w {
				t.Errorf("new players in %s %s: %v, SQL %d", kind, row[1], row[2], w)
			}
		}
	}
	// Every player of the standard list is in a category; the list's
	// rows are the store's count.
	published := 0
	for _, l := range demoListsKinds(t, f) {
		if l.kind == "standard" && l.period == "2027-01" {
			published = len(lists.Build(l.list, l.kind))
		}
	}
	if tot := r27.Table("categorie").Total; tot == nil || tot[1] != published || published == 0 || published > wantListed["rows"] {
		t.Errorf("categories total %v, %d published of the list's %d rows", tot, published, wantListed["rows"])
	}
	// By club: counts only, and never a member's name.
	for _, row := range r26.Table("societa").Rows {
		for _, c := range row[1:] {
			if _, ok := c.(int); !ok {
				t.Errorf("club row %v: a cell that is not a count", row)
			}
		}
	}
}

// TestStatisticsPage shows the statistics in the office's application,
// with a table's CSV and a chart.
func TestStatisticsPage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	before, err := f.o.PublicStamp(ctx)
	if err != nil {
		t.Fatal(err)
	}
	closeDemoLists(t, f)
	c := f.client(t, "clerk")
	code, body := get(t, c, f.ts.URL+"/statistics?year=2026")
	if code != http.StatusOK || !strings.Contains(body, "Attività per provincia") || !strings.Contains(body, "/statistics/2026/mesi.png") {
		t.Fatalf("statistics page: %d\n%s", code, body)
	}
	for _, u := range []string{"/statistics/2026/mesi.png", "/statistics/2026/province.csv"} {
		if code, _ := get(t, c, f.ts.URL+u); code != http.StatusOK {
			t.Errorf("%s: %d", u, code)
		}
	}
	if code, _ := get(t, c, f.ts.URL+"/statistics/2026/nothing.png"); code != http.StatusNotFound {
		t.Errorf("unknown chart: %d", code)
	}
	// In English: the page and its charts are English; a CSV for Excel
	// keeps the Italian headings unless ?lang= asks for English.
	en := f.client(t, "clerk")
	if code, body := post(t, en, f.ts.URL+"/lang", url.Values{"lang": {"en"}, "next": {"/statistics"}}, map[string]string{"Origin": f.ts.URL}); code != http.StatusSeeOther {
		t.Fatalf("switch to English: %d\n%s", code, body)
	}
	code, body = get(t, en, f.ts.URL+"/statistics?year=2026")
	if code != http.StatusOK || !strings.Contains(body, "Activity by province") || !strings.Contains(body, "November 2026") || strings.Contains(body, "Attività per provincia") {
		t.Errorf("the statistics page in English: %d\n%s", code, body)
	}
	for u, head := range map[string]string{"/statistics/2026/province.csv": "\uFEFFProvincia;Tornei;", "/statistics/2026/province.csv?lang=en": "\uFEFFProvince;Tournaments;"} {
		if code, body := get(t, en, f.ts.URL+u); code != http.StatusOK || !strings.HasPrefix(body, head) {
			t.Errorf("%s for an English reader: %d %q", u, code, body[:min(len(body), 60)])
		}
	}
	if code, _ := get(t, f.client(t, ""), f.ts.URL+"/statistics"); code != http.StatusSeeOther {
		t.Errorf("statistics without login: %d", code)
	}
	// The cached statistics follow the store: a list closed, a
	// homologation revoked.
	closed, _ := f.o.PublicStamp(ctx)
	if closed == before {
		t.Error("closing lists left the stamp unchanged")
	}
	ts, err := f.o.Store.PublicTournaments(ctx)
	if err != nil || len(ts) == 0 {
		t.Fatal(err)
	}
	if err := f.o.Revoke(ctx, office.CLIActor(), ts[0].ID, "prova"); err != nil {
		t.Fatal(err)
	}
	if after, _ := f.o.PublicStamp(ctx); after == closed {
		t.Error("a revocation left the stamp unchanged")
	}
	_, body = get(t, c, f.ts.URL+"/statistics?year=2026")
	if !strings.Contains(body, "<th scope=\"row\">Anno</th><td class=\"n\">3</td>") {
		t.Errorf("after a revocation the statistics still count 4 tournaments")
	}
}
