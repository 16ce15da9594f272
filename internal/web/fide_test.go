package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
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
	_, page = get(t, officer, f.ts.URL+"/fide?period=2027-01&preview=1")
	if n := strings.Count(page, "pronto per l&#39;invio"); n != 3 || !strings.Contains(page, `id="fide-export"`) {
		t.Fatalf("the officer's preview shows %d tournaments ready, want 3, and the export button", n)
	}
	if code, page := post(t, officer, f.ts.URL+"/fide/export", url.Values{"period": {"2027-02"}}, nil); code != http.StatusBadRequest ||
		!strings.Contains(page, "non è il mese di una lista FIDE") {
		t.Errorf("a month without a FIDE list: %d", code)
	}
	if code, _ := post(t, officer, f.ts.URL+"/fide/export", url.Values{"period": {"2027-01"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("export: %d", code)
	}
	_, page = get(t, officer, f.ts.URL+"/fide?period=2027-01&preview=1")
	links := regexp.MustCompile(`href="(/fide/files/\d+)"`).FindAllStringSubmatch(page, -1)
	if len(links) != 3 || strings.Contains(page, `id="fide-export"`) || strings.Count(page, "<strong>già inviato</strong>") != 3 {
		t.Fatalf("after the export the page links %d TRF files, want 3, and offers nothing more", len(links))
	}
	code, trf := get(t, officer, f.ts.URL+links[0][1])
	if code != http.StatusOK || !strings.HasPrefix(trf, "012 ") {
		t.Errorf("download %s: %d %.40q", links[0][1], code, trf)
	}

	fw, err := f.o.Store.Forwardings(context.Background(), "2027-01")
	if err != nil || len(fw) != 3 || fw[0].By != "officer" {
		t.Fatalf("forwardings %+v (%v)", fw, err)
	}
	_, page = get(t, clerk, fmt.Sprintf("%s/submissions/%d", f.ts.URL, fw[0].SubmissionID))
	if !strings.Contains(page, "Inviato alla FIDE per la lista di gennaio 2027") || !strings.Contains(page, "da officer") {
		t.Error("the submission's page does not say it was forwarded to FIDE")
	}
	_, page = get(t, clerk, f.ts.URL+"/tournaments")
	if strings.Count(page, "FIDE: lista di gennaio 2027") != 3 {
		t.Error("the tournaments do not show their FIDE list")
	}
	es, err := f.o.Audit(context.Background(), store.AuditFilter{Action: "fide-export"})
	if err != nil || len(es) != 1 || es[0].User != "officer" || es[0].Via != "web" || es[0].Object != "FIDE list 2027-01" {
		t.Errorf("the audit trail of the export: %+v (%v)", es, err)
	}
}
