package web

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPublicSite opens the demo's public site from disk in
// Chromium, as a player would after saving it: the list's search box
// filters the rows, its headings sort them, a player's page shows his
// chart; and the office's statistics page. Screenshots go to
// $OMOLOGA_SCREENSHOTS.
func TestBrowserPublicSite(t *testing.T) {
	f := newFixture(t)
	closeDemoLists(t, f)
	b := newBrowser(t, f.ts.URL)
	site := "file://" + filepath.Join(f.o.SiteDir())
	page := func(name, path string) {
		t.Helper()
		b.Do(t, "open "+path, chromedp.Navigate(site+"/"+path), chromedp.WaitReady(chromedp.CSS("footer")))
		b.Shot(t, name)
	}
	page("site-index", "index.html")
	page("site-list", "liste/standard-2027-01.html")
	b.Do(t, "search", chromedp.SendKeys(chromedp.CSS("#q"), "ferrari"))
	b.Until(t, `document.getElementById("count").textContent === "1 su 65"`)
	b.Shot(t, "site-list-search")
	b.Do(t, "reload", chromedp.Navigate(site+"/liste/standard-2027-01.html"), chromedp.WaitReady(chromedp.CSS("footer")))
	// Sorted by surname, then the other way.
	b.Do(t, "sort", chromedp.Click(chromedp.CSS(`#list thead th:nth-child(3) button`)))
	b.Until(t, `document.querySelector("#list thead th:nth-child(3)").getAttribute("aria-sort") === "ascending"`)
	first := b.Text(t, "#list tbody tr:first-child td:nth-child(3)")
	b.Do(t, "sort back", chromedp.Click(chromedp.CSS(`#list thead th:nth-child(3) button`)))
	b.Until(t, `document.querySelector("#list thead th:nth-child(3)").getAttribute("aria-sort") === "descending"`)
	last := b.Text(t, "#list tbody tr:first-child td:nth-child(3)")
	if strings.Compare(strings.ToLower(first), strings.ToLower(last)) >= 0 {
		t.Errorf("sorted by surname: %q first, then %q first the other way", first, last)
	}
	b.Shot(t, "site-list-sorted")
	page("site-player", "giocatori/112000.html")
	b.Until(t, `document.querySelector("figure.history svg circle") !== null`)
	page("site-tournament", "tornei/1.html")
	page("site-provinces", "province/index.html")
	page("site-province", "province/NO.html")
	page("site-tournaments", "tornei/index.html")
	page("site-stats", "statistiche/2026.html")
	page("site-stats-2027", "statistiche/2027.html")

	b.login(t, "clerk", password("clerk"))
	b.Open(t, "/statistics?year=2026")
	b.Until(t, `Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)`)
	b.Shot(t, "office-statistics-2026")
	b.Open(t, "/statistics?year=2027")
	if txt := b.Text(t, "main"); !strings.Contains(txt, "Nuovi giocatori in lista") || !strings.Contains(txt, "gennaio 2027") {
		t.Errorf("the Italian statistics page lacks its Italian title or the list's month: %q", txt)
	}
	b.Shot(t, "office-statistics-2027")

	// In English: the tables' titles, headings, notes and word cells,
	// and the charts, are English; no Italian heading is left.
	b.Do(t, "switch to English", chromedp.Click(chromedp.CSS(`button[name="lang"][value="en"]`)))
	b.Until(t, `document.documentElement.lang === "en"`)
	b.Until(t, `Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)`)
	txt := b.Text(t, "main")
	for _, want := range []string{"New players on the lists", "January 2027", "Players by category", "Total", "CSV for Excel", "Homologation outcomes by province"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the English statistics page lacks %q: %q", want, txt)
		}
	}
	for _, it := range []string{"Nuovi giocatori", "gennaio", "Totale", "Giocatori", "Provincia", "CSV per Excel", "Nessun dato"} {
		if strings.Contains(txt, it) {
			t.Errorf("the English statistics page says %q: %q", it, txt)
		}
	}
	b.Shot(t, "office-statistics-2027-en")
	b.Open(t, "/statistics?year=2026")
	b.Shot(t, "office-statistics-2026-en")
	b.Do(t, "back to Italian", chromedp.Click(chromedp.CSS(`button[name="lang"][value="it"]`)))
	b.Until(t, `document.documentElement.lang === "it"`)
}
