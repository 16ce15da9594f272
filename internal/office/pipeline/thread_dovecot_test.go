package pipeline_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"omologa/internal/intake/imap"
	"omologa/internal/store"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// mail writes a message from sender with the extra header lines and,
// when trf is not nil, the result file attached.
func mail(from, id, subject, extra, body string, trf []byte) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\nTo: omologazioni@fsi.example\nSubject: %s\nMessage-ID: <%s>\nDate: Mon, 23 Nov 2026 10:00:00 +0100\n%sMIME-Version: 1.0\n", from, subject, id, extra)
	if trf == nil {
		fmt.Fprintf(&b, "Content-Type: text/plain; charset=utf-8\n\n%s\n", body)
	} else {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain; charset=utf-8\n\n%s\n--B\n"+
			"Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=open.trf\n\n%s\n--B--\n", body, trf)
	}
	return []byte(strings.ReplaceAll(b.String(), "\n", "\r\n"))
}

// header reads a message's header.
func header(t *testing.T, msg []byte) gomail.Header {
	t.Helper()
	r, err := gomail.CreateReader(bytes.NewReader(msg))
	if err != nil {
		t.Fatal(err)
	}
	return r.Header
}

// Issue 34's "done when", through a real Dovecot: corrections by reply,
// written replies and the office's answer, auto-replies and bounces
// that never loop, strangers quarantined.
func TestThreadsThroughDovecot(t *testing.T) {
	d := imaptest.StartDovecot(t)
	c := d.Client(t)
	defer c.Close()
	e := newEnv(t, nil)
	ctx := context.Background()
	w, err := imap.New(imap.Options{Host: d.Host, Port: d.Port, TLS: "none", User: d.User, Password: d.Password,
		Processed: "Omologa", State: &imap.FileState{Path: e.dir + "/imap.json"}, Logger: quiet, BackoffMin: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	deliver := func(raw []byte) {
		t.Helper()
		imaptest.Append(t, c, "INBOX", raw, time.Now())
		if err := w.Once(ctx, e.pipe.Handle); err != nil {
			t.Fatal(err)
		}
		if _, err := e.pipe.Drain(ctx); err != nil {
			t.Fatal(err)
		}
	}
	notices := func() int { return len(pipelinetest.EMLFiles(e.outbox)) }
	submissions := func() int {
		st, err := e.store.Statuses(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(st)
	}
	status := func(id int64) store.Status {
		t.Helper()
		st, err := e.store.StatusesOf(ctx, id)
		if err != nil || len(st) != 1 {
			t.Fatalf("status of %d: %v %v", id, st, err)
		}
		return st[0]
	}
	noticeOf := func(id int64) []byte {
		t.Helper()
		msg, ok, err := e.store.NoticeMessage(ctx, id)
		if err != nil || !ok {
			t.Fatalf("notice of %d: %v %v", id, ok, err)
		}
		return msg
	}

	// 1. A rejected tournament (no arbiter in the file).
	start := recent()
	v1 := pipelinetest.TRF("Open di Prova", "Milano", start)
	deliver(mail("Mario Rossi <rossi@example.org>", "orig@example.org", "Open di Prova", "", "Luogo: Milano", v1))
	first := status(1)
	if first.Files[0].Verdict != "rejected" || first.Notice == nil {
		t.Fatalf("first: %+v", first)
	}
	noticeID := first.Notice.MessageID
	if h := header(t, noticeOf(1)); h.Get("Auto-Submitted") != "auto-replied" {
		t.Errorf("a notice without Auto-Submitted")
	}

	// 2. The arbiter presses Reply and attaches the corrected file,
	// renamed besides: version 2 of the same tournament, no guesswork.
	v2 := pipelinetest.TRF("Open di Prova (corretto)", "Milano", start, "102 Rossi, Mario", `122 90'+30"`)
	deliver(mail("Mario Rossi <rossi@example.org>", "reply1@example.org", "Re: "+first.Notice.Subject,
		"In-Reply-To: <"+noticeID+">\nReferences: <orig@example.org> <"+noticeID+">\n", "Ecco il file corretto.", v2))
	second := status(2)
	if v := second.Files[0].Verdict; v != "accepted" && v != "accepted-with-warnings" {
		t.Fatalf("the correction: %+v", second.Files[0])
	}
	tf, err := e.store.ThreadFactsOf(ctx, 1)
	if err != nil || len(tf.Tournaments) != 1 {
		t.Fatalf("the thread's tournaments %q %v", tf.Tournaments, err)
	}
	tour, err := e.store.TournamentByKey(ctx, tf.Tournaments[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(tour.Versions) != 2 || tour.Versions[1].SubmissionID != 2 || second.Files[0].Supersedes != first.Files[0].ID {
		t.Fatalf("versions %+v, supersedes %d", tour.Versions, second.Files[0].Supersedes)
	}
	if sub, _ := e.store.Load(ctx, 2); sub.Thread.Of != 1 || strings.Contains(sub.Note, "unclear") {
		t.Errorf("thread %+v note %q", sub.Thread, sub.Note)
	}
	h := header(t, noticeOf(2))
	if irt, _ := h.MsgIDList("In-Reply-To"); !slices.Equal(irt, []string{"reply1@example.org"}) {
		t.Errorf("In-Reply-To %q", irt)
	}
	if refs, _ := h.MsgIDList("References"); !slices.Contains(refs, noticeID) || refs[len(refs)-1] != "reply1@example.org" {
		t.Errorf("References %q", refs)
	}

	// 3. A written reply: kept for the office, never judged, never
	// answered; the clerk's answer goes out in the thread.
	before := notices()
	deliver(mail("rossi@example.org", "reply2@example.org", "Re: "+second.Notice.Subject,
		"In-Reply-To: <"+second.Notice.MessageID+">\n", "Il giocatore Zeta è tesserato: ecco il numero della tessera, 123456.", nil))
	third := status(3)
	if third.State != store.StateMessage || third.Notice != nil || notices() != before {
		t.Fatalf("written reply: %+v, notices %d → %d", third, before, notices())
	}
	replies, _ := e.store.RepliesToRead(ctx)
	if len(replies) != 1 || replies[0].SubmissionID != 3 || replies[0].Thread != 1 || !strings.Contains(replies[0].Body, "123456") {
		t.Fatalf("replies to read %+v", replies)
	}
	if err := e.pipe.Answer(ctx, 3, "Grazie, la tessera risulta in regola.", "clerk"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pipe.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if replies, _ := e.store.RepliesToRead(ctx); len(replies) != 0 || notices() != before+1 {
		t.Fatalf("after the answer: replies %+v, notices %d", replies, notices())
	}
	thread, _ := e.store.Thread(ctx, 3)
	answer := thread[len(thread)-1]
	if answer.Incoming || answer.Act != "answer" || answer.Status != store.NoticeSent || !slices.Equal(answer.To, []string{"rossi@example.org"}) {
		t.Fatalf("the answer %+v", answer)
	}
	n, _ := e.store.NoticeOf(ctx, answer.NoticeID)
	ah := header(t, n.Message)
	if irt, _ := ah.MsgIDList("In-Reply-To"); !slices.Equal(irt, []string{"reply2@example.org"}) {
		t.Errorf("the answer's In-Reply-To %q", irt)
	}

	// 4. An out-of-office reply to a notice: nothing.
	subs, before := submissions(), notices()
	deliver(mail("rossi@example.org", "ooo@example.org", "Risposta automatica: "+second.Notice.Subject,
		"Auto-Submitted: auto-replied\nIn-Reply-To: <"+second.Notice.MessageID+">\n", "Sono fuori sede fino al 30.", nil))
	deliver(mail("rossi@example.org", "ooo2@example.org", "Fuori sede", "X-Autoreply: yes\nPrecedence: bulk\n", "Sono fuori sede.", nil))
	if submissions() != subs || notices() != before {
		t.Fatalf("an auto-reply made %d submissions, %d notices", submissions()-subs, notices()-before)
	}

	// 5. A delivery report for the notice of the correction: not
	// delivered, with the remote reason, and no submission.
	dsn := strings.ReplaceAll(`From: MAILER-DAEMON@mx.example.org
To: omologazioni@fsi.example
Subject: Undelivered Mail Returned to Sender
Message-ID: <dsn1@mx.example.org>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="R"

--R
Content-Type: text/plain

Your message could not be delivered.
--R
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; rossi@example.org
Action: failed
Status: 5.2.2
Diagnostic-Code: smtp; 552 5.2.2 mailbox full
--R
Content-Type: text/rfc822-headers

From: omologazioni@fsi.example
Message-ID: <`+second.Notice.MessageID+`>
--R--
`, "\n", "\r\n")
	deliver([]byte(dsn))
	if submissions() != subs {
		t.Fatal("a delivery report became a submission")
	}
	if st := status(2); st.Notice.Status != store.NoticeFailed || !strings.Contains(st.Notice.LastError, "mailbox full") {
		t.Fatalf("bounced notice %+v", st.Notice)
	}
	failing, _ := e.store.FailingNotices(ctx)
	if len(failing) != 1 || failing[0].Bounced.IsZero() {
		t.Fatalf("failing %+v", failing)
	}
	// The office sends it again to a corrected address.
	if err := e.pipe.Readdress(ctx, failing[0].ID, "mario.rossi@example.org"); err != nil {
		t.Fatal(err)
	}
	e.pipe.Drain(ctx)
	n, _ = e.store.NoticeOf(ctx, failing[0].ID)
	if nh := header(t, n.Message); n.Status != store.NoticeSent || !slices.Equal(n.To, []string{"mario.rossi@example.org"}) ||
		!strings.Contains(nh.Get("To"), "mario.rossi@example.org") {
		t.Fatalf("readdressed %+v %q", n.To, n.Status)
	}

	// 6. A stranger replying to a real notice: quarantined.
	deliver(mail("bianchi@example.org", "stranger@example.org", "Re: "+first.Notice.Subject,
		"In-Reply-To: <"+noticeID+">\n", "Ecco la mia versione.", v2))
	if st := status(int64(subs + 1)); st.State != store.StateQuarantined || st.Notice != nil {
		t.Fatalf("a stranger's reply: %+v", st)
	}
	// A forged Message-ID is a submission of its own, as any other.
	deliver(mail("bianchi@example.org", "forged@example.org", "Re: Open",
		"In-Reply-To: <omologa.999.forged@fsi.example>\n", "Torneo.", pipelinetest.TRF("Open di Altrove", "Torino", start)))
	if sub, _ := e.store.Load(ctx, int64(subs+2)); sub.Thread.Of != 0 || sub.State != store.StateJudged {
		t.Fatalf("forged: %+v", sub)
	}
}
