// Package integration runs omologa's intake end to end against real
// peers: an IMAP server (in-process, and Dovecot when installed) that
// arbiters' messages are appended to, the pipeline with its SQLite store,
// and an in-process SMTP server where the notices must arrive.
package integration

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/homologation/rules"
	"omologa/internal/intake/email"
	"omologa/internal/intake/imap"
	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// mailbox is where the office's intake reads from.
type mailbox struct {
	Host           string
	Port           int
	User, Password string
}

// office is the daemon's intake half (`omologa watch` with IMAP and SMTP)
// assembled in-process: store, pipeline, IMAP watcher, SMTP mailer.
type office struct {
	store  *store.Store
	cancel context.CancelFunc
	done   chan struct{}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// startOffice runs the intake until stop; dbPath persists across restarts.
func startOffice(t testing.TB, mb mailbox, smtpPort int, dbPath string) *office {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	rf, err := rules.Load(filepath.Join(pipelinetest.RepoRoot(), "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := mailer.NewSMTP(mailer.SMTPOptions{Host: "127.0.0.1", Port: smtpPort, TLS: "none", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pipeline.New(pipeline.Options{Store: st, Rules: rf, Mailer: m,
		From: "omologazioni@federscacchi.example", Office: "ufficio@federscacchi.example",
		RetryBase: 50 * time.Millisecond, RetryMax: time.Second, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	w, err := imap.New(imap.Options{Host: mb.Host, Port: mb.Port, TLS: "none", User: mb.User, Password: mb.Password,
		Processed: "Omologa/Elaborati", State: imap.StateFuncs{LoadFunc: st.MailboxState, SaveFunc: func(ctx context.Context, m string, v, u uint32) error {
			return st.SaveMailboxState(ctx, m, v, u, time.Now())
		}},
		BackoffMin: 50 * time.Millisecond, BackoffMax: time.Second, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	o := &office{store: st, cancel: cancel, done: make(chan struct{})}
	pipeDone := make(chan struct{})
	go func() { p.Run(ctx); close(pipeDone) }()
	go func() {
		w.Run(ctx, p.Handle)
		<-pipeDone
		close(o.done)
	}()
	return o
}

func (o *office) stop(t testing.TB) {
	t.Helper()
	o.cancel()
	select {
	case <-o.done:
	case <-time.After(10 * time.Second):
		t.Fatal("intake did not stop within 10 s of cancel")
	}
	o.store.Close()
}

// submission is an arbiter's message with a TRF attachment. body holds
// the RAPID 5.2 fields.
func submission(n int, body string) []byte {
	trf := pipelinetest.TRF(fmt.Sprintf("Open di Prova %d", n), "Roma", "2026/11/01")
	enc := base64.StdEncoding.EncodeToString(trf)
	var lines []string
	for len(enc) > 76 {
		lines = append(lines, enc[:76])
		enc = enc[76:]
	}
	lines = append(lines, enc)
	msg := fmt.Sprintf(`From: Mario Rossi <arbitro%d@example.it>
To: omologazioni@federscacchi.example
Subject: Omologazione Open di Prova %d
Message-ID: <sub%d@example.it>
Date: Sat, 07 Nov 2026 20:00:00 +0100
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="==B=="

--==B==
Content-Type: text/plain; charset=utf-8

%s
--==B==
Content-Type: application/octet-stream; name="open%d.trf"
Content-Disposition: attachment; filename="open%d.trf"
Content-Transfer-Encoding: base64

%s
--==B==--
`, n, n, n, body, n, n, strings.Join(lines, "\n"))
	return []byte(strings.ReplaceAll(msg, "\n", "\r\n"))
}

const fieldsWithoutOrganiser = "Buonasera,\nin allegato il torneo.\n\nLuogo: Roma\nData: 1-7 novembre 2026\nArbitro: Mario Rossi\n"

// checkNotice asserts the notice answers submission n: addressed to its
// sender, in reply to it, naming the file and the missing organiser
// (RAPID 5.2), and dated by the INTERNALDATE (8 November 2026, the day
// after the end: in time), not by when the watcher read it.
func checkNotice(t testing.TB, d pipelinetest.Delivery, n int) {
	t.Helper()
	sender := fmt.Sprintf("arbitro%d@example.it", n)
	if d.From != "omologazioni@federscacchi.example" || len(d.To) == 0 || d.To[0] != sender {
		t.Errorf("envelope from %q to %q, want to %s", d.From, d.To, sender)
	}
	parsed, err := email.Parse([]byte(d.Data), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Data, fmt.Sprintf("<sub%d@example.it>", n)) {
		t.Errorf("notice does not refer to Message-ID <sub%d@example.it>", n)
	}
	for _, want := range []string{fmt.Sprintf("open%d.trf", n), "RAPID 5.2", "organizzatore", "ricevuto l'08/11/2026"} {
		if !strings.Contains(parsed.Body, want) {
			t.Errorf("notice text lacks %q:\n%s", want, parsed.Body)
		}
	}
	if !strings.Contains(parsed.Body, "nei termini") {
		t.Errorf("judged late: the receipt time is not the INTERNALDATE:\n%s", parsed.Body)
	}
}

// (a) An arbiter's message appended to the mailbox is taken by the IMAP
// watcher, recorded and judged by the pipeline, and the notice arrives
// at the SMTP peer with the RAPID 5.2 finding.
func TestIntake_InProcessIMAPToSMTP(t *testing.T) {
	srv := imaptest.Start(t)
	peer := pipelinetest.StartSMTP(t)
	o := startOffice(t, mailbox{srv.Host(), srv.Port(), imaptest.User, imaptest.Password}, peer.Port, filepath.Join(t.TempDir(), "omologa.db"))
	defer o.stop(t)

	c := srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", submission(1, fieldsWithoutOrganiser), time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC))
	checkNotice(t, peer.Next(t, 20*time.Second), 1)
}

// (b) The same against Dovecot, plus a restart in the middle of a
// stream: nothing answered twice, nothing lost.
func TestIntake_DovecotWithRestart(t *testing.T) {
	d := imaptest.StartDovecot(t)
	peer := pipelinetest.StartSMTP(t)
	mb := mailbox{d.Host, d.Port, d.User, d.Password}
	db := filepath.Join(t.TempDir(), "omologa.db")
	c := d.Client(t)
	defer c.Close()
	at := time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC)

	o := startOffice(t, mb, peer.Port, db)
	imaptest.Append(t, c, "INBOX", submission(1, fieldsWithoutOrganiser), at)
	checkNotice(t, peer.Next(t, 20*time.Second), 1)

	// A stream of submissions; the watcher is stopped while they arrive.
	const total = 12
	for n := 2; n <= total; n++ {
		imaptest.Append(t, c, "INBOX", submission(n, fieldsWithoutOrganiser), at)
		if n == 5 {
			o.stop(t)
		}
		if n == 8 {
			o = startOffice(t, mb, peer.Port, db)
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	for len(peer.All()) < total && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // room for a duplicate to show up
	o.stop(t)

	seen := map[string]int{}
	for _, dl := range peer.All() {
		seen[dl.To[0]]++
	}
	for n := 1; n <= total; n++ {
		if got := seen[fmt.Sprintf("arbitro%d@example.it", n)]; got != 1 {
			t.Errorf("submission %d answered %d times, want once", n, got)
		}
	}
	if got := imaptest.Count(t, c, "INBOX"); got != 0 {
		t.Errorf("%d messages left in INBOX", got)
	}
	if got := imaptest.Count(t, c, "Omologa/Elaborati"); got != total {
		t.Errorf("%d messages in the processed folder, want %d", got, total)
	}
}
