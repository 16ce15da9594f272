package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"omologa/internal/store"
)

// The FIDE page: an officer sees what a FIDE list would forward, with
// FIDE's problems, forwards it, downloads the TRF files; the forwarding
// shows on the submission's page and in the tournaments; a clerk reads
// but may not forward.
func TestFide(t *testing.T) {
	f := newFixture(t)
	clerk, officer := f.client(t, "clerk"), f.client(t, "officer")

	_, page := get(t, clerk, f.ts.URL+"/fide?period=2027-01")
	if !strings.Contains(page, "lista di gennaio 2027") || strings.Contains(page, `id="fide-export"`) {
		t.Errorf("the clerk's FIDE page: no list title, or an export button")
	}
	if code, _ := post(t, clerk, f.ts.URL+"/fide/export", url.Values{"period": {"2027-01"}}, nil); code != http.StatusForbidden {
		t.Errorf("a clerk's export: %d, want 403", code)
	}

	_, page = get(t, officer, f.ts.URL+"/fide?period=2027-01")
	if !strings.Contains(page, `id="fide-preview"`) || strings.Contains(page, `id="fide-export"`) {
		t.Errorf("the officer's FIDE page offers no preview, or the export before it")
	}
	// The demo's November tournaments (FIDE-RR 7.3: the December 2026
	// list): Firenze and Novara are ready (the registers give the FIDE
	// ids their files leave out); Bologna is held, its chief arbiter
	// without FIDE id and nine players FIDE must register.
	_, page = get(t, officer, f.ts.URL+"/fide?period=2026-12&preview=1")
	if ready, held := strings.Count(page, "pronto per l&#39;invio"), strings.Count(page, "fermo: errori che la FIDE rileverebbe"); ready != 2 || held != 1 ||
		!strings.Contains(page, "Invia alla FIDE (2 tornei)") ||
		!strings.Contains(page, "FIDE Rating Regulations effective from 1 March 2024, as amended from 1 October 2025") {
		t.Fatalf("the officer's preview shows %d tournaments ready and %d held, want 2 and 1, the button forwarding two, and the rules by name:\n%s", ready, held, page)
	}
	if code, page := post(t, officer, f.ts.URL+"/fide/export", url.Values{"period": {"2011-12"}}, nil); code != http.StatusBadRequest ||
		!strings.Contains(page, "non è il mese di una lista FIDE") {
		t.Errorf("a month without a FIDE list: %d", code)
	}
	if code, _ := post(t, officer, f.ts.URL+"/fide/export", url.Values{"period": {"2026-12"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("export: %d", code)
	}
	_, page = get(t, clerk, f.ts.URL+"/fide?period=2026-12")
	held := page[strings.Index(page, `id="held"`):strings.Index(page, `id="forwarded"`)]
	if strings.Count(held, `class="held-row"`) != 1 || !strings.Contains(held, "Campionato Sociale 2026") ||
		!strings.Contains(held, "Arbitro Zanetti Paola: manca il codice FIDE") ||
		!strings.Contains(held, "9 giocatori senza codice FIDE") ||
		!strings.Contains(held, "Silvestri Enrico (M, 1959, ITA, FSI 152080)") ||
		!strings.Contains(held, `href="/fide/registration?period=2026-12" download>Scarica il file di registrazione FIDE (9)</a>`) {
		t.Errorf("the held tournament is not shown with why and whom to register:\n%s", held)
	}
	if code, csv := get(t, clerk, f.ts.URL+"/fide/registration?period=2026-12"); code != http.StatusOK ||
		strings.Count(csv, "\r\n") != 10 || !strings.HasPrefix(csv, "tournament,start,name,sex,birth_year,federation,fsi_id\r\n") ||
		!strings.Contains(csv, "Campionato Sociale 2026,4,Silvestri Enrico,M,1959,ITA,152080\r\n") ||
		!strings.Contains(csv, "Campionato Sociale 2026,12,Palumbo Ivo,M,1964,ITA,128440\r\n") {
		t.Errorf("the registration file: %d\n%s", code, csv)
	}
	links := regexp.MustCompile(`href="(/fide/files/\d+)"`).FindAllStringSubmatch(page, -1)
	if len(links) != 2 {
		t.Fatalf("after the export the page links %d TRF files, want 2", len(links))
	}

	// FIDE registered Bologna's players: the register has their ids.
	// Bologna still waits for its arbiter's; the others went already.
	f.o.Config.Registers.Players = registeredPlayersCSV(t)
	_, page = get(t, officer, f.ts.URL+"/fide?period=2026-12&preview=1")
	if strings.Contains(page, `id="fide-export"`) || strings.Count(page, "<strong>già inviato</strong>") != 2 ||
		strings.Count(page, "fermo: errori che la FIDE rileverebbe") != 1 || strings.Contains(page, "senza codice FIDE (né nel file") ||
		!strings.Contains(page, "errore · FIDE-RR 9.1: Arbitro Zanetti Paola: manca il codice FIDE") {
		t.Fatalf("after the registration the preview should show two already forwarded and Bologna held for its arbiter alone, with nothing to do:\n%s", page)
	}
	code, trf := get(t, officer, f.ts.URL+links[0][1])
	if code != http.StatusOK || !strings.HasPrefix(trf, "012 ") {
		t.Errorf("download %s: %d %.40q", links[0][1], code, trf)
	}

	fw, err := f.o.Store.Forwardings(context.Background(), "2026-12")
	if err != nil || len(fw) != 2 || fw[0].By != "officer" {
		t.Fatalf("forwardings %+v (%v)", fw, err)
	}
	_, page = get(t, clerk, fmt.Sprintf("%s/submissions/%d", f.ts.URL, fw[0].SubmissionID))
	if !strings.Contains(page, "Inviato alla FIDE per la lista di dicembre 2026") || !strings.Contains(page, "da officer") {
		t.Error("the submission's page does not say it was forwarded to FIDE")
	}
	_, page = get(t, clerk, f.ts.URL+"/tournaments")
	if strings.Count(page, "FIDE: lista di dicembre 2026") != 2 {
		t.Error("the tournaments do not show their FIDE list")
	}
	es, err := f.o.Audit(context.Background(), store.AuditFilter{Action: "fide-export"})
	if err != nil || len(es) != 1 || es[0].User != "officer" || es[0].Via != "web" || es[0].Object != "FIDE list 2026-12" {
		t.Errorf("the audit trail of the export: %+v (%v)", es, err)
	}
}

// registeredPlayersCSV writes the demo's players' register as it is once
// FIDE has registered the players without id (Bologna's, and those of
// tournaments FIDE does not rate): each gets one.
func registeredPlayersCSV(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "samples", "registers", "players.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		f := strings.Split(lines[i], ",")
		if f[1] == "" {
			f[1] = fmt.Sprint(7700000 + i)
		}
		lines[i] = strings.Join(f, ",")
	}
	path := filepath.Join(t.TempDir(), "players.csv")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
