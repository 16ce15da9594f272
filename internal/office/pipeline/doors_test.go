package pipeline_test

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
)

// Measured (issue 21): with allowed_senders on, a forged From of the
// tournament's arbiter, a From with two addresses and a PEC envelope of a
// provider not configured were quarantined from the mailbox, but
// accepted, rated and superseding the genuine file when the same .eml
// was given to `omologa ingest` or dropped in the folder, the notice
// going to whoever the forged From named. Each door now goes through the
// one SenderPolicy; a result file dropped by the office stays its own.
func TestSenderPolicyEveryDoor(t *testing.T) {
	start := recent()
	day, _ := time.Parse("2006/01/02", start)
	ctx := context.Background()
	pass := func(domain string) string {
		return "Authentication-Results: mx.fsi.example; dkim=pass header.d=" + domain + "; dmarc=pass header.from=" + domain + "\r\n"
	}
	fail := func(domain string) string {
		return "Authentication-Results: mx.fsi.example; dkim=none; dmarc=fail header.from=" + domain + "\r\n"
	}
	n := 0
	// message wraps a TRF attachment (bytes unique per message) in an
	// e-mail with the given header lines.
	message := func(headers string) []byte {
		n++
		trf := pipelinetest.TRF("Open di Prova", "Milano", start, "102 Rossi, Mario"+strings.Repeat(" ", n))
		return []byte(headers + "Message-ID: <door" + string(rune('a'+n)) + "@x>\r\nSubject: torneo\r\nMIME-Version: 1.0\r\n" +
			"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nin allegato\r\n" +
			"--B\r\nContent-Type: application/octet-stream; name=t.trf\r\nContent-Disposition: attachment; filename=t.trf\r\n" +
			"Content-Transfer-Encoding: base64\r\n\r\n" + base64.StdEncoding.EncodeToString(trf) + "\r\n--B--\r\n")
	}
	pec := func(provider string) []byte {
		n++
		return []byte("From: \"Per conto di: mario.rossi@example.org\" <posta-certificata@" + provider + ">\r\n" +
			pass(provider) + "X-Trasporto: posta-certificata\r\nMessage-ID: <pec" + string(rune('a'+n)) + "@x>\r\nMIME-Version: 1.0\r\n" +
			"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nMessaggio di posta certificata\r\n" +
			"--B\r\nContent-Type: message/rfc822; name=postacert.eml\r\n\r\n" + string(message("From: mario.rossi@example.org\r\n")) + "\r\n--B--\r\n")
	}
	spoofs := []struct {
		name string
		raw  func() []byte
		why  string
	}{
		{"forged From", func() []byte { return message("From: Mario Rossi <mario.rossi@example.org>\r\n" + fail("example.org")) }, "non autenticato"},
		{"two From addresses", func() []byte {
			return message("From: mario.rossi@example.org, attacker@evil.example\r\n" + pass("example.org"))
		}, "più di un indirizzo"},
		{"PEC of a provider not configured", func() []byte { return pec("pec.fake.it") }, "gestore non configurato"},
	}
	// The doors, each taking a message as the real intake does.
	type door struct {
		name string
		take func(t *testing.T, e *env, raw []byte) int64
	}
	read := func(t *testing.T, raw []byte, ch ingest.Channel) *ingest.Submission {
		s, err := email.Read(ingest.Bytes(raw), time.Now(), email.DefaultLimits, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Channel = ch
		return s
	}
	record := func(t *testing.T, e *env, s *ingest.Submission) int64 {
		id, _, err := e.pipe.Record(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		e.pipe.Drain(ctx)
		return id
	}
	doors := []door{
		{"imap", func(t *testing.T, e *env, raw []byte) int64 { return record(t, e, read(t, raw, ingest.ChannelIMAP)) }},
		{"ingest FILE.eml", func(t *testing.T, e *env, raw []byte) int64 { return record(t, e, read(t, raw, ingest.ChannelCLI)) }},
		{"drop folder", func(t *testing.T, e *env, raw []byte) int64 {
			return dropOnce(t, e, "message.eml", raw)
		}},
	}
	for _, d := range doors {
		t.Run(d.name, func(t *testing.T) {
			e := newEnv(t, func(o *pipeline.Options) {
				o.AllowedSenders = true
				o.Auth = &email.AuthPolicy{AuthServID: "mx.fsi.example", PECProviders: []string{"pec.provider.it"}}
				o.Registers = &registers.Set{
					Arbiters: []registers.Arbiter{{FSIID: "1", Surname: "Rossi", Name: "Mario", Category: "AN", Email: "mario.rossi@example.org"}},
					Calendar: []registers.Event{{Code: "X1", Name: "Open di Prova", City: "Milano", Start: tournament.DateOf(day),
						End: tournament.DateOf(day).AddDays(6), OrganiserEmail: "circolo@example.org"}},
				}
			})
			genuine := d.take(t, e, message("From: Mario Rossi <mario.rossi@example.org>\r\n"+pass("example.org")))
			if s := status(t, e, genuine); s.State != store.StateJudged || s.Notice == nil || !strings.Contains(strings.Join(s.Notice.To, ","), "mario.rossi@example.org") {
				t.Fatalf("genuine: %+v", s)
			}
			for _, sp := range spoofs {
				id := d.take(t, e, sp.raw())
				s := status(t, e, id)
				if s.State != store.StateQuarantined || !strings.Contains(s.Note, sp.why) || s.Notice != nil {
					t.Errorf("%s: %s (%s), notice %v; want quarantined (%s)", sp.name, s.State, s.Note, s.Notice != nil, sp.why)
				}
			}
			// The genuine file is still the tournament's.
			if s := status(t, e, genuine); len(s.Files) != 1 || s.Files[0].SupersededBy != 0 {
				t.Errorf("genuine file superseded: %+v", s.Files)
			}
		})
	}
	// A result file dropped by the office (not a message) is its own
	// submission: judged without a sender.
	t.Run("office's own file", func(t *testing.T) {
		e := newEnv(t, func(o *pipeline.Options) {
			o.AllowedSenders = true
			o.Auth = &email.AuthPolicy{AuthServID: "mx.fsi.example"}
		})
		id := dropOnce(t, e, "t.trf", pipelinetest.TRF("Open di Prova", "Milano", start, "102 Rossi, Mario"))
		if s := status(t, e, id); s.State != store.StateJudged {
			t.Errorf("office's file: %s (%s)", s.State, s.Note)
		}
	})
}

// dropOnce drops a file in a real drop folder (reading a .eml as a
// message, as omologa watch does), takes it and judges it.
func dropOnce(t *testing.T, e *env, name string, data []byte) int64 {
	t.Helper()
	dir := t.TempDir()
	d, err := ingest.NewDrop(ingest.DropOptions{Folder: filepath.Join(dir, "in"), Archive: filepath.Join(dir, "archive"),
		Rejected: filepath.Join(dir, "rejected"), Settle: 10 * time.Millisecond, Logger: quiet,
		Message: func(orig ingest.Content, at time.Time) (*ingest.Submission, error) {
			return email.Read(orig, at, email.DefaultLimits, nil)
		}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "in", name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Minute)
	os.Chtimes(path, old, old)
	var id int64
	if err := d.Once(context.Background(), func(ctx context.Context, s *ingest.Submission) error {
		var err error
		id, _, err = e.pipe.Record(ctx, s)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if id == 0 {
		t.Fatal("nothing taken from the drop folder")
	}
	e.pipe.Drain(context.Background())
	return id
}

func status(t *testing.T, e *env, id int64) store.Status {
	t.Helper()
	rows, err := e.store.StatusesOf(context.Background(), id)
	if err != nil || len(rows) != 1 {
		t.Fatalf("status of %d: %v", id, err)
	}
	return rows[0]
}
