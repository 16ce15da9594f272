package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"omologa/internal/homologation/state"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/testkit/pipelinetest"
)

// record takes files in as one dropped submission received at, judges
// and answers it, and returns its id.
func (f *fixture) record(t *testing.T, source string, at time.Time, files ...ingest.File) int64 {
	t.Helper()
	ctx := context.Background()
	id, _, err := f.o.Pipeline.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: at, Source: source,
		Original: ingest.Bytes([]byte(source)), Files: files})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.o.Pipeline.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	return id
}

// roundRobin is an eight-player round robin of the players named, from
// start, with the demo's arbiter.
func roundRobin(name, start string, names []string) []byte {
	ps := make([]pipelinetest.Player, len(names))
	for i, n := range names {
		ps[i] = pipelinetest.Player{Name: n, Rating: 1800 - 20*i}
	}
	return pipelinetest.RoundRobin(pipelinetest.RR{Name: name, City: "Pavia", Start: start, Players: ps,
		Extra: []string{"102 Galli, Sara"}})
}

// actNotice is the kind of the latest notice of an office act about a
// submission, "" when none.
func (f *fixture) actNotice(t *testing.T, sub int64) string {
	t.Helper()
	ns, err := f.o.Store.ActNotices(context.Background(), sub)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) == 0 {
		return ""
	}
	return ns[len(ns)-1].Kind
}

// TestBrowserOfficeMonth walks the office's month of issue 20 in a
// browser, on the demo's store, and shows each of its faults fixed.
func TestBrowserOfficeMonth(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.ts.URL)
	ctx := context.Background()
	officer := office.Actor{User: "officer", Role: office.Officer, Via: "web"}

	// The month brings three more submissions: a file the identity rules
	// cannot place (half the players of another tournament of the same
	// day), a tournament dated in the future, and a TRF with its PDF.
	// The calendar authorises the Pavia tournaments (an import, as the
	// office does).
	cal, err := os.ReadFile("../../samples/registers/calendar.csv")
	if err != nil {
		t.Fatal(err)
	}
	cal = append(cal, []byte("2026-PV-0101,Open di Pavia,Pavia,2026-11-12,2026-11-18,standard,Circolo Scacchistico Pavese,info@scacchipavia.example,208311,PV\n"+
		"2026-PV-0102,Sociale di Pavia,Pavia,2026-11-14,2026-11-20,standard,Circolo Scacchistico Pavese,info@scacchipavia.example,208311,PV\n")...)
	if _, err := f.o.Import(ctx, officer, office.ImportRequest{Kind: "calendar", Name: "calendario.csv", Data: cal}); err != nil {
		t.Fatal(err)
	}
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque", "Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	pavia := f.record(t, "pavia.trf", samplesReceived.Add(-time.Hour),
		ingest.File{Name: "pavia.trf", Content: ingest.Bytes(roundRobin("Open di Pavia", "2026/11/12", names))})
	other := append(append([]string{}, names[:4]...), "Iota, Nove", "Kappa, Dieci", "Lambda, Undici", "Mu, Dodici")
	unclear := f.record(t, "pavia-b.trf", samplesReceived,
		ingest.File{Name: "pavia-b.trf", Content: ingest.Bytes(roundRobin("Open di Pavia", "2026/11/12", other))})
	future := f.record(t, "futuro.trf", samplesReceived,
		ingest.File{Name: "futuro.trf", Content: ingest.Bytes(roundRobin("Open di Natale", "2026/12/14", names))})
	pdf := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")
	withPDF := f.record(t, "con-pdf", samplesReceived,
		ingest.File{Name: "sociale.trf", Content: ingest.Bytes(roundRobin("Sociale di Pavia", "2026/11/14", names))},
		ingest.File{Name: "tabellone.pdf", Content: ingest.Bytes(pdf)})
	_ = pavia

	b.login(t, "officer", password("officer"))

	t.Run("the overview is the office's work queue", func(t *testing.T) {
		b.Open(t, "/")
		q := b.Text(t, "ul.queue")
		if !strings.Contains(q, "trattenuto") || !strings.Contains(q, "in quarantena") || !strings.Contains(q, "Elo Italia Rapid") {
			t.Errorf("the work queue: %q", q)
		}
		b.Shot(t, "month-queue")
	})

	t.Run("a register fix, then judged again: accepted, with a notice", func(t *testing.T) {
		lucca := f.firstFile(t, f.submissionOf(t, "lucca"))
		players, err := os.ReadFile("../../samples/registers/players.csv")
		if err != nil {
			t.Fatal(err)
		}
		fixed := strings.Replace(string(players), "1472,,2025", "1472,,2026", 1)
		if _, err := f.o.Import(ctx, officer, office.ImportRequest{Kind: "players", Name: "players.csv", Data: []byte(fixed)}); err != nil {
			t.Fatal(err)
		}
		sub := f.submissionOf(t, "lucca")
		b.Open(t, fmt.Sprintf("/submissions/%d", sub))
		b.Do(t, "rejudge", chromedp.SetValue(chromedp.CSS(fmt.Sprintf("#acts-%d input[name=reason]", lucca)), "tessera 2026 di Valentini registrata"),
			chromedp.Click(chromedp.CSS(fmt.Sprintf("#rejudge-%d", lucca))), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if s := b.Text(t, fmt.Sprintf("#file-%d .state", lucca)); s != "omologato" {
			t.Errorf("after the new judgement: %q", s)
		}
		if k := f.actNotice(t, sub); k != "rejudged" {
			t.Errorf("notice %q, want rejudged", k)
		}
		b.Shot(t, "month-rejudged")
	})

	t.Run("overruled with a reason: notice and audit entry", func(t *testing.T) {
		sub := f.submissionOf(t, "rimini")
		file := f.firstFile(t, sub)
		b.Open(t, fmt.Sprintf("/submissions/%d", sub))
		b.Shot(t, "month-rejected")
		b.Do(t, "accept despite", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`document.querySelectorAll("#acts-%d input[name=rule]").forEach(c => c.checked = true)`, file)),
			chromedp.SetValue(chromedp.CSS(fmt.Sprintf(`#acts-%d form:has(input[value=accept]) input[name=reason]`, file)), "torneo sperimentale autorizzato dal settore tecnico"),
			chromedp.Click(chromedp.CSS(fmt.Sprintf("#accept-%d", file))), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if s := b.Text(t, fmt.Sprintf("#file-%d .state", file)); s != "omologato per decisione dell'ufficio" {
			t.Errorf("after the decision: %q", s)
		}
		if d := b.Text(t, fmt.Sprintf("#decision-%d", file)); !strings.Contains(d, "settore tecnico") {
			t.Errorf("the decision beside the findings: %q", d)
		}
		if k := f.actNotice(t, sub); k != "overruled" {
			t.Errorf("notice %q, want overruled", k)
		}
		b.Shot(t, "month-overruled")
		b.Open(t, "/audit")
		if a := b.Text(t, "main table"); !strings.Contains(a, "decisione su un esito") || !strings.Contains(a, "settore tecnico") {
			t.Errorf("the audit trail: %q", a)
		}
		b.Shot(t, "month-audit")
	})

	t.Run("revoked: notice, gone from the list preview, the player page and the FIDE export", func(t *testing.T) {
		acc := f.accepted(t) // Vercelli, rapid: Santoro Nicolò (159640) played
		tr, err := f.o.Store.TournamentOfFile(ctx, f.firstFile(t, acc))
		if err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/players/159640")
		if p := b.Text(t, "main"); !strings.Contains(p, "Sant'Eusebio") {
			t.Fatalf("the player's page before: %q", p)
		}
		b.Open(t, fmt.Sprintf("/tournaments/%d", tr.ID))
		b.Do(t, "revoke", chromedp.SetValue(chromedp.CSS(`form[action$="/revoke"] input[name=reason]`), "torneo non disputato nelle date dichiarate"),
			chromedp.Click(chromedp.CSS("#revoke")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if s := b.Text(t, "main dl.facts .state"); s != "omologazione revocata" {
			t.Errorf("the tournament after the revocation: %q", s)
		}
		if k := f.actNotice(t, acc); k != "revoked" {
			t.Errorf("notice %q, want revoked", k)
		}
		b.Shot(t, "month-revoked")
		b.Open(t, "/players/159640")
		if p := b.Text(t, "main"); strings.Contains(p, "Sant'Eusebio") {
			t.Errorf("the revoked tournament is still on the player's page")
		}
		b.Open(t, "/preview?kind=rapid&period=2026-12")
		if p := b.Text(t, "main"); strings.Contains(p, "Sant'Eusebio") {
			t.Errorf("the revoked tournament is still in the list preview")
		}
		// Novara, standard and FIDE-rated, revoked too: not forwarded.
		nt, err := f.o.Store.TournamentOfFile(ctx, f.firstFile(t, f.submissionOf(t, "novara")))
		if err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/fide?period=2027-01")
		b.Submit(t, "FIDE preview", "#fide-preview", "#preview")
		if p := b.Text(t, "main"); !strings.Contains(p, "Novara") {
			t.Fatalf("the FIDE page before: %q", p)
		}
		if err := f.o.Revoke(ctx, officer, nt.ID, "arbitro non abilitato"); err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/fide?period=2027-01")
		b.Submit(t, "FIDE preview", "#fide-preview", "#preview")
		if p := b.Text(t, "main"); strings.Contains(p, "Novara") {
			t.Errorf("the revoked tournament is still in the FIDE export")
		}
		b.Shot(t, "month-fide-after-revoke")
	})

	t.Run("an unclear file is held, then linked", func(t *testing.T) {
		file := f.firstFile(t, unclear)
		if v := state.Of(mustFacts(t, f, file)); v.State != state.Unclear {
			t.Fatalf("the second Pavia file: %+v", v)
		}
		b.Open(t, "/preview?kind=standard&period=2027-01")
		if h := b.Text(t, "#held + p + div"); !strings.Contains(h, "pavia-b.trf") {
			t.Errorf("the preview's held files: %q", h)
		}
		b.Shot(t, "month-preview-held")
		b.Open(t, "/")
		b.Do(t, "link", chromedp.Click(chromedp.CSS(fmt.Sprintf("#queue-link-%d", file))), chromedp.WaitVisible(chromedp.CSS(".flash")))
		if v := state.Of(mustFacts(t, f, file)); !v.Counts {
			t.Errorf("linked: %+v", v)
		}
		if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS(fmt.Sprintf("#queue-link-%d", file)), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("the linked file is still in the queue")
		}
		b.Shot(t, "month-linked")
	})

	t.Run("a tournament dated in the future is rejected", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", future))
		if s := b.Text(t, "section.file .state"); s != "respinto" {
			t.Errorf("the future tournament: %q", s)
		}
		if m := b.Text(t, "section.file table.findings"); !strings.Contains(m, "RTF 6.2.2") || !strings.Contains(m, "a torneo concluso") {
			t.Errorf("its findings: %q", m)
		}
		if n := b.Text(t, "#notice"); !strings.Contains(n, "RESPINTO") {
			t.Errorf("its notice: %q", n)
		}
		b.Shot(t, "month-future")
	})

	t.Run("a TRF with its PDF: accepted, the PDF noted", func(t *testing.T) {
		b.Open(t, fmt.Sprintf("/submissions/%d", withPDF))
		if n := b.Text(t, "#notice"); !strings.Contains(n, "ricevuta") && !strings.Contains(n, "ACCETTATO") || !strings.Contains(n, "tabellone.pdf") {
			t.Errorf("the notice: %q", n)
		}
		if n := b.Text(t, "#notice"); strings.Contains(n, "non omologabile") {
			t.Errorf("the PDF made the notice a rejection: %q", n)
		}
		if p := b.Text(t, "main"); !strings.Contains(p, "allegato conservato") {
			t.Errorf("the PDF's state: %q", p)
		}
		b.Shot(t, "month-trf-pdf")
	})

	t.Run("no list closed before its cut-off, none left to close for ever", func(t *testing.T) {
		b.Open(t, "/preview?kind=standard&period=2027-01")
		if m := b.Text(t, "#not-closable"); !strings.Contains(m, "si può chiudere dal 23/12/2026") {
			t.Errorf("the standard list before its cut-off: %q", m)
		}
		if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS("#close-list"), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("the preview offers to close a list before its cut-off")
		}
		b.Shot(t, "month-not-closable")
		// Every list the overview says is to be closed now can be.
		b.Open(t, "/")
		var due []string
		if _, err := chromedp.Run(b.Ctx, chromedp.Evaluate[chromedp.Void](`1`)); err != nil {
			t.Fatal(err)
		}
		due, err := chromedp.Run(b.Ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("ul.queue li[id^=close-] a")).map(a => a.getAttribute("href"))`))
		if err != nil || len(due) == 0 {
			t.Fatalf("lists to close now: %v %v", due, err)
		}
		for _, href := range due {
			b.Open(t, href)
			b.Do(t, "close "+href, chromedp.Click(chromedp.CSS("#close-list")), chromedp.WaitVisible(chromedp.CSS(".flash")))
		}
		b.Open(t, "/")
		if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS("ul.queue li[id^=close-]"), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("a list is still to be closed after closing every one the queue offered")
		}
		b.Shot(t, "month-lists-closed")
	})

	t.Run("the import preview warns of a mass removal", func(t *testing.T) {
		players, err := os.ReadFile("../../samples/registers/players.csv")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(players), "\n")
		short := filepath.Join(t.TempDir(), "giocatori.csv")
		if err := os.WriteFile(short, []byte(strings.Join(lines[:6], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		b.Open(t, "/registers")
		b.Do(t, "preview", chromedp.SetUploadFiles(`input[type=file]`, []string{short}),
			chromedp.Click(chromedp.CSS(`form[action="/registers/preview"] button`)), chromedp.WaitVisible(chromedp.CSS("#import-preview")))
		if w := b.Text(t, "#mass-removal"); !strings.Contains(w, "oltre il limite del 10%") {
			t.Errorf("the warning: %q", w)
		}
		if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS("#confirm-import, #replace-register"), chromedp.AtLeast(0))); len(n) != 0 {
			t.Error("an officer is offered to import a file removing most of the register")
		}
		b.Shot(t, "month-import-mass-removal")
		b.login(t, "admin", password("admin"))
		b.Open(t, "/registers")
		b.Do(t, "preview", chromedp.SetUploadFiles(`input[type=file]`, []string{short}),
			chromedp.Click(chromedp.CSS(`form[action="/registers/preview"] button`)), chromedp.WaitVisible(chromedp.CSS("#replace-register")))
		b.Shot(t, "month-import-replace")
	})
}
