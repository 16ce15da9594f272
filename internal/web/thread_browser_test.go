package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"omologa/internal/intake/email"
	"omologa/internal/store"
)

// reply makes the arbiter of Novara answer the notice of his
// submission in writing, and a delivery report come back for that
// notice; it returns the submission and the reply's ids.
func (f *fixture) reply(t testing.TB) (first, reply int64) {
	t.Helper()
	ctx := context.Background()
	rows, _, err := f.o.Store.BrowseSubmissions(ctx, store.SubmissionFilter{Text: "novara"}, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if st, err := f.o.Store.StatusOf(ctx, r.ID); err == nil && st.Notice != nil && st.Sender == "marco.ferretti@arbitri.example" {
			first = r.ID
		}
	}
	if first == 0 {
		t.Fatal("no answered submission of Novara")
	}
	st, _ := f.o.Store.StatusOf(ctx, first)
	msgs := []string{
		"From: Marco Ferretti <marco.ferretti@arbitri.example>\nTo: omologazioni@federscacchi.example\nSubject: Re: " + st.Notice.Subject +
			"\nMessage-ID: <r1.novara@arbitri.example>\nIn-Reply-To: <" + st.Notice.MessageID + ">\nContent-Type: text/plain; charset=utf-8\n\n" +
			"Buongiorno,\n\nLombardi Marco è tesserato per il 2026 con la tessera n. 123456: il circolo lo ha rinnovato il 10 novembre.\n\nCordiali saluti,\nMarco Ferretti\n\n> Gentile arbitro, gentile organizzatore,\n> ...\n",
		"From: MAILER-DAEMON@mx.scacchinovara.example\nTo: omologazioni@federscacchi.example\nSubject: Undelivered Mail Returned to Sender\n" +
			"Message-ID: <dsn.novara@mx.example>\nContent-Type: multipart/report; report-type=delivery-status; boundary=R\n\n--R\nContent-Type: text/plain\n\nNot delivered.\n" +
			"--R\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.scacchinovara.example\n\nFinal-Recipient: rfc822; torneo@scacchinovara.example\nAction: failed\nStatus: 5.1.1\n" +
			"Diagnostic-Code: smtp; 550 5.1.1 <torneo@scacchinovara.example>: utente sconosciuto\n--R\nContent-Type: text/rfc822-headers\n\nMessage-ID: <" + st.Notice.MessageID + ">\n--R--\n",
	}
	for _, m := range msgs {
		sub, err := email.Parse([]byte(strings.ReplaceAll(m, "\n", "\r\n")), officeDay)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.o.Pipeline.Handle(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.o.Pipeline.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	rs, err := f.o.Store.RepliesToRead(ctx)
	if err != nil || len(rs) != 1 {
		t.Fatalf("replies to read %+v %v", rs, err)
	}
	return first, rs[0].SubmissionID
}

// The thread as a clerk reads and answers it: the queue's replies to
// read and the returned notice, the submission's thread, the answer.
func TestBrowserThread(t *testing.T) {
	f := newFixture(t)
	first, reply := f.reply(t)
	b := newBrowser(t, f.ts.URL)
	b.login(t, "clerk", password("clerk"))
	b.Open(t, "/")
	if got := b.Text(t, "#replies + p + article"); !strings.Contains(got, "123456") || !strings.Contains(got, "marco.ferretti@arbitri.example") {
		t.Errorf("the queue's reply: %q", got)
	}
	if got := b.Text(t, "table.failing"); !strings.Contains(got, "utente sconosciuto") {
		t.Errorf("the returned notice: %q", got)
	}
	b.Shot(t, "thread-queue")
	b.Open(t, fmt.Sprintf("/submissions/%d", first))
	if n := b.Count(t, "ol.thread li"); n < 3 {
		t.Errorf("the thread of %d has %d messages", first, n)
	}
	b.Shot(t, "thread-first")
	b.Open(t, fmt.Sprintf("/submissions/%d", reply))
	b.Do(t, "write the answer", chromedp.SetValue(chromedp.CSS("#answer-text"), "Gentile arbitro,\n\ngrazie: la tessera risulta in regola, il torneo sarà esaminato di nuovo."))
	b.Shot(t, "thread-reply")
	b.Submit(t, "send the answer", "#answer-send", "ol.thread")
	b.WaitLocation(t, "done=answered#thread")
	if got := b.Text(t, "ol.thread"); !strings.Contains(got, "risposta dell'ufficio") || !strings.Contains(got, "risposta inviata da clerk") {
		t.Errorf("after the answer: %q", got)
	}
	b.Shot(t, "thread-answered")
	es, _ := f.o.Audit(context.Background(), store.AuditFilter{Action: "answer"})
	if len(es) != 1 || !strings.Contains(es[0].Details, "in regola") {
		t.Errorf("audit %+v", es)
	}
}

// The answer with a decision: an officer answers and, in the same act,
// has the thread's tournament judged again (audited as a re-judgement
// after the reply); a clerk is not offered the decision.
func TestBrowserThreadAnswerAndRejudge(t *testing.T) {
	f := newFixture(t)
	_, reply := f.reply(t)
	b := newBrowser(t, f.ts.URL)
	b.login(t, "clerk", password("clerk"))
	b.Open(t, fmt.Sprintf("/submissions/%d", reply))
	if n := b.Count(t, "#answer-rejudge"); n != 0 {
		t.Errorf("a clerk is offered the re-judgement (%d)", n)
	}
	b = newBrowser(t, f.ts.URL)
	b.login(t, "officer", password("officer"))
	b.Open(t, fmt.Sprintf("/submissions/%d", reply))
	b.Do(t, "write the answer", chromedp.SetValue(chromedp.CSS("#answer-text"), "Gentile arbitro,\n\ngrazie: la tessera risulta in regola, il torneo è giudicato di nuovo."))
	b.Do(t, "tick the re-judgement", chromedp.Click(chromedp.CSS("#answer-rejudge")))
	b.Shot(t, "thread-answer-rejudge")
	b.Submit(t, "send the answer", "#answer-send", "ol.thread")
	b.WaitLocation(t, "done=answeredRejudged#thread")
	ctx := context.Background()
	if es, _ := f.o.Audit(ctx, store.AuditFilter{Action: "answer"}); len(es) != 1 {
		t.Errorf("answer audit %+v", es)
	}
	es, _ := f.o.Audit(ctx, store.AuditFilter{Action: "rejudge"})
	if len(es) == 0 || !strings.Contains(es[0].Details, fmt.Sprintf("risposta scritta n. %d", reply)) {
		t.Errorf("rejudge audit %+v", es)
	}
}
