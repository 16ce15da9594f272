package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"omologa/internal/homologation/state"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// withForeigner is an authorised eight-player round robin whose last
// player, Theta Otto, plays for France with no rating of any kind: the
// chief arbiter's theoretical rating is missing (RTF 4.2.7).
func (f *fixture) withForeigner(t *testing.T, officer office.Actor) (sub, file int64) {
	t.Helper()
	ctx := context.Background()
	cal, err := os.ReadFile("../../samples/registers/calendar.csv")
	if err != nil {
		t.Fatal(err)
	}
	cal = append(cal, []byte("2026-PV-0103,Semifinale di Pavia,Pavia,2026-11-10,2026-11-16,standard,Circolo Scacchistico Pavese,info@scacchipavia.example,208311,PV\n")...)
	if _, err := f.o.Import(ctx, officer, office.ImportRequest{Kind: store.RegisterCalendar, Name: "calendario.csv", Data: cal}); err != nil {
		t.Fatal(err)
	}
	names := []string{"Alfa, Uno", "Beta, Due", "Gamma, Tre", "Delta, Quattro", "Epsilon, Cinque", "Zeta, Sei", "Eta, Sette", "Theta, Otto"}
	ps := make([]pipelinetest.Player, len(names))
	for i, n := range names {
		ps[i] = pipelinetest.Player{Name: n, Rating: 1800 - 20*i}
	}
	ps[7].Rating = 0
	trf := string(pipelinetest.RoundRobin(pipelinetest.RR{Name: "Semifinale di Pavia", City: "Pavia", Start: "2026/11/10", Players: ps,
		Extra: []string{"102 Galli, Sara"}}))
	lines := strings.Split(trf, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Theta, Otto") {
			lines[i] = strings.Replace(l, "   0 ITA", "   0 FRA", 1)
		}
	}
	sub = f.record(t, "semifinale.trf", samplesReceived.Add(-time.Hour),
		ingest.File{Name: "semifinale.trf", Content: ingest.Bytes([]byte(strings.Join(lines, "\n")))})
	return sub, f.firstFile(t, sub)
}

// Issue 20: the work queue's decisions pending include the theoretical
// ratings the office has to give (RTF 4.2.7, RAPID 6.8), each with its
// form; once given, the player leaves the queue and the act is audited.
func TestBrowserQueueTheoreticalRating(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.ts.URL)
	ctx := context.Background()
	officer := office.Actor{User: "officer", Role: office.Officer, Via: "web"}
	sub, file := f.withForeigner(t, officer)

	pending, err := f.o.Queries().PendingDecisions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var found *store.PendingDecision
	for i, p := range pending {
		if p.FileID == file && p.Kind == store.DecisionTheoretical {
			if found != nil {
				t.Errorf("two theoretical ratings pending in the file: %+v", pending)
			}
			found = &pending[i]
		}
	}
	if found == nil || found.Player != 8 || found.Name != "Theta, Otto" || found.RatingKind != "standard" || found.File != "semifinale.trf" {
		t.Fatalf("pending decisions %+v: want Theta Otto's theoretical rating in file %d", pending, file)
	}

	b.login(t, "officer", password("officer"))
	b.Open(t, "/")
	item := fmt.Sprintf("#queue-theoretical-%d-8", file)
	if q := b.Text(t, item); !strings.Contains(q, "punteggio teorico") || !strings.Contains(q, "Theta, Otto") ||
		!strings.Contains(q, "RTF 4.2.7") || !strings.Contains(q, found.Number) {
		t.Errorf("the queue's item: %q", q)
	}
	b.Shot(t, "queue-theoretical")
	b.Do(t, "give the theoretical rating", chromedp.SetValue(chromedp.CSS(item+" input[name=rating]"), "1650"),
		chromedp.Click(chromedp.CSS(fmt.Sprintf("#queue-decide-%d-8", file))), chromedp.WaitVisible(chromedp.CSS(".flash")))
	b.WaitLocation(t, "/?done=decided")
	if n, _ := chromedp.Run(b.Ctx, chromedp.Nodes(chromedp.CSS(item), chromedp.AtLeast(0))); len(n) != 0 {
		t.Error("the decided player is still in the queue")
	}
	b.Shot(t, "queue-theoretical-decided")
	ds, err := f.o.Decisions(ctx, sub)
	if err != nil || len(ds.Files) != 1 || len(ds.Files[0].Decisions) != 1 || ds.Files[0].Decisions[0].Value != "1650" ||
		ds.Files[0].Decisions[0].Kind != store.DecisionTheoretical {
		t.Fatalf("decisions recorded: %+v %v", ds, err)
	}
	es, err := f.o.Audit(ctx, store.AuditFilter{})
	if err != nil || len(es) == 0 || es[0].Action != string(office.ActDecide) || !strings.Contains(es[0].Details, "theoretical rating 1650") {
		t.Errorf("audit: %+v %v", es, err)
	}
}

// Issue 20: every file of a period judged again from the web (after a
// register fix), with a confirmation, through the office's act (each file
// audited, a notice when the verdict changes); the summary shows on the
// lists page it was asked from. A clerk is not offered the act.
func TestBrowserRejudgePeriod(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	officer := office.Actor{User: "officer", Role: office.Officer, Via: "web"}
	luccaSub := f.submissionOf(t, "lucca")
	lucca := f.firstFile(t, luccaSub)
	before := state.Of(mustFacts(t, f, lucca))
	if before.State != state.Rejected {
		t.Fatalf("Lucca before the fix: %+v", before)
	}
	players, err := os.ReadFile("../../samples/registers/players.csv")
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(players), "1472,,2025", "1472,,2026", 1)
	if _, err := f.o.Import(ctx, officer, office.ImportRequest{Kind: store.RegisterPlayers, Name: "players.csv", Data: []byte(fixed)}); err != nil {
		t.Fatal(err)
	}

	// Without the confirmation the act is refused, on the lists page.
	c := f.client(t, "officer")
	code, page := post(t, c, f.ts.URL+"/lists/rejudge", url.Values{"kind": {"rapid"}, "period": {"2026-12"}, "reason": {"x"}}, nil)
	if code != http.StatusSeeOther {
		t.Errorf("without the confirmation: %d %s", code, page)
	}
	if v := state.Of(mustFacts(t, f, lucca)); v.State != state.Rejected {
		t.Errorf("judged again without the confirmation: %+v", v)
	}
	if _, page := get(t, f.client(t, "clerk"), f.ts.URL+"/lists"); strings.Contains(page, `action="/lists/rejudge"`) {
		t.Error("a clerk is offered to judge a period again")
	}

	b := newBrowser(t, f.ts.URL)
	b.login(t, "officer", password("officer"))
	b.Open(t, "/lists")
	box := "#rejudge-rapid-2026-12"
	if e := b.Text(t, box+" summary"); !strings.Contains(e, "Giudica di nuovo i file del periodo") {
		t.Fatalf("the act on the lists page: %q", e)
	}
	b.Do(t, "open the form", chromedp.Click(chromedp.CSS(box+" summary")), chromedp.WaitVisible(chromedp.CSS(box+" input[name=reason]")))
	if e := b.Text(t, box+" p.note"); !strings.Contains(e, "dal 26/10/2026 al 25/11/2026") {
		t.Errorf("the explanation: %q", e)
	}
	b.Shot(t, "lists-rejudge-form")
	b.Do(t, "judge the period again", chromedp.SetValue(chromedp.CSS(box+" input[name=reason]"), "tessera 2026 di Valentini registrata"),
		chromedp.Click(chromedp.CSS(box+" input[name=confirm]")),
		chromedp.Click(chromedp.CSS("#rejudge-period-rapid-2026-12")), chromedp.WaitVisible(chromedp.CSS("#rejudge-summary")))
	number := mustNumber(t, f, lucca)
	sum := b.Text(t, "#rejudge-summary")
	if !strings.Contains(sum, "Elo Italia Rapid · dicembre 2026") || !strings.Contains(sum, "file giudicati di nuovo") ||
		!strings.Contains(sum, "esito cambiato: ") || !strings.Contains(sum, number) || !strings.Contains(sum, "in partenza") {
		t.Errorf("the summary: %q", sum)
	}
	if fl := b.Text(t, ".flash"); !strings.Contains(fl, "giudicati di nuovo") {
		t.Errorf("the flash: %q", fl)
	}
	b.Shot(t, "lists-rejudged")
	// Both Lucca files are homologated now: the later one in force, the
	// earlier superseded by it.
	rows, _, err := f.o.Store.BrowseSubmissions(ctx, store.SubmissionFilter{Text: "lucca"}, 0, 10)
	if err != nil || len(rows) != 2 {
		t.Fatalf("the Lucca submissions: %+v %v", rows, err)
	}
	if v := state.Of(mustFacts(t, f, f.firstFile(t, rows[0].ID))); v.State != state.Accepted {
		t.Errorf("the later Lucca file after the period judged again: %+v", v)
	}
	if v := state.Of(mustFacts(t, f, lucca)); v.State != state.Superseded {
		t.Errorf("the earlier Lucca file after the period judged again: %+v", v)
	}
	if k := f.actNotice(t, luccaSub); k != "rejudged" {
		t.Errorf("notice %q, want rejudged", k)
	}
	es, err := f.o.Audit(ctx, store.AuditFilter{Action: string(office.ActRejudge)})
	if err != nil || len(es) == 0 || es[0].Via != "web" || !strings.Contains(es[0].Details, "tessera 2026") {
		t.Errorf("audit: %+v %v", es, err)
	}
	var audited bool
	for _, e := range es {
		audited = audited || e.Object == "file "+number
	}
	if !audited {
		t.Errorf("Lucca's file %s not in the audit trail: %+v", number, es)
	}
}

// mustNumber is a file's number as a person knows it, N.M.
func mustNumber(t *testing.T, f *fixture, file int64) string {
	t.Helper()
	_, n, _, _, err := f.o.Store.FileFacts(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
