package pipeline_test

import (
	"context"
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

// Each spoof measured with allowed_senders on (a forged From of a
// registered arbiter, a From listing the arbiter and an attacker, a fake
// PEC envelope) was accepted, rated and superseded the genuine file; and
// any registered arbiter counted for any tournament. Each is now
// quarantined for the office; the genuine sender, directly or through
// the configured PEC provider, is answered.
func TestSenderAuthentication(t *testing.T) {
	start := recent()
	day, _ := time.Parse("2006/01/02", start)
	e := newEnv(t, func(o *pipeline.Options) {
		o.AllowedSenders = true
		o.Auth = &email.AuthPolicy{AuthServID: "mx.fsi.example", PECProviders: []string{"pec.provider.it"}}
		o.Registers = &registers.Set{
			Arbiters: []registers.Arbiter{
				{FSIID: "1", Surname: "Rossi", Name: "Mario", Category: "AN", Email: "mario.rossi@example.org"},
				{FSIID: "2", Surname: "Bianchi", Name: "Luca", Category: "AN", Email: "luca.bianchi@example.org"},
			},
			Calendar: []registers.Event{{Code: "X1", Name: "Open di Prova", City: "Milano", Start: tournament.DateOf(day), End: tournament.DateOf(day).AddDays(6),
				OrganiserEmail: "circolo@example.org"}},
		}
	})
	ctx := context.Background()
	pass := func(domain string) string {
		return "Authentication-Results: mx.fsi.example; spf=pass smtp.mailfrom=" + domain +
			"; dkim=pass header.d=" + domain + " header.s=s1; dmarc=pass (p=reject) header.from=" + domain + "\r\n"
	}
	fail := func(domain string) string {
		return "Authentication-Results: mx.fsi.example; dkim=none; dmarc=fail header.from=" + domain + "\r\n"
	}
	n := 0
	submit := func(sender, headers string) string {
		n++
		id := "<m" + string(rune('a'+n)) + "@x>"
		// Each submission's bytes differ (trailing blanks the reader
		// ignores): identical bytes would be a resend, answered briefly.
		data := pipelinetest.TRF("Open di Prova", "Milano", start, "102 Rossi, Mario"+strings.Repeat(" ", n))
		raw := headers + "Message-Id: " + id + "\r\nSubject: torneo\r\n\r\nin allegato\r\n"
		s := &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(), Sender: sender, MessageID: id,
			Original: ingest.Bytes([]byte(raw)), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}, Fields: map[string]string{"venue": "Milano"}}
		if _, _, err := e.pipe.Record(ctx, s); err != nil {
			t.Fatal(err)
		}
		e.pipe.Drain(ctx)
		return id
	}
	pec := func(provider, inner string) string {
		return "From: \"Per conto di: mario.rossi@example.org\" <posta-certificata@" + provider + ">\r\n" +
			pass(provider) + "X-Trasporto: posta-certificata\r\n" +
			"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nMessaggio di posta certificata\r\n" +
			"--B\r\nContent-Type: message/rfc822; name=postacert.eml\r\n\r\nFrom: " + inner + "\r\nSubject: torneo\r\n\r\nin allegato\r\n--B--\r\n"
	}
	cases := []struct {
		name, sender, headers string
		want                  string // state
		why                   string // in the note of a quarantined one
	}{
		{"genuine", "mario.rossi@example.org", "From: Mario Rossi <mario.rossi@example.org>\r\n" + pass("example.org"), store.StateJudged, ""},
		{"forged From", "mario.rossi@example.org", "From: Mario Rossi <mario.rossi@example.org>\r\n" + fail("example.org"), store.StateQuarantined, "non autenticato"},
		{"forged results below the server's", "mario.rossi@example.org",
			"From: mario.rossi@example.org\r\n" + fail("example.org") + pass("example.org"), store.StateQuarantined, "non autenticato"},
		{"results of another server", "mario.rossi@example.org",
			"From: mario.rossi@example.org\r\n" + strings.Replace(pass("example.org"), "mx.fsi.example", "mx.evil.example", 1), store.StateQuarantined, "non autenticato"},
		{"two From addresses", "mario.rossi@example.org",
			"From: mario.rossi@example.org, attacker@evil.example\r\n" + pass("example.org"), store.StateQuarantined, "più di un indirizzo"},
		{"fake PEC envelope", "mario.rossi@example.org", pec("pec.fake.it", "mario.rossi@example.org"), store.StateQuarantined, "gestore non configurato"},
		{"PEC with two inner From", "mario.rossi@example.org", pec("pec.provider.it", "mario.rossi@example.org, attacker@evil.example"), store.StateQuarantined, "più di un indirizzo"},
		{"another tournament's arbiter", "luca.bianchi@example.org", "From: luca.bianchi@example.org\r\n" + pass("example.org"), store.StateQuarantined, "non è l'arbitro"},
		{"organiser superseding the arbiter's file", "circolo@example.org", "From: circolo@example.org\r\n" + pass("example.org"), store.StateQuarantined, "altro mittente"},
		{"genuine PEC", "mario.rossi@example.org", pec("pec.provider.it", "Mario Rossi <mario.rossi@example.org>"), store.StateJudged, ""},
	}
	ids := map[string]string{}
	for _, c := range cases {
		ids[c.name] = submit(c.sender, c.headers)
	}
	st, err := e.store.Statuses(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]store.Status{}
	for _, s := range st {
		byID["<"+s.MessageID+">"] = s
		byID[s.MessageID] = s
	}
	for _, c := range cases {
		s, ok := byID[ids[c.name]]
		if !ok {
			t.Errorf("%s: not recorded", c.name)
			continue
		}
		if s.State != c.want || !strings.Contains(s.Note, c.why) {
			t.Errorf("%s: %s (%s), want %s (%s)", c.name, s.State, s.Note, c.want, c.why)
		}
		if c.want == store.StateQuarantined && s.Notice != nil {
			t.Errorf("%s: quarantined but answered", c.name)
		}
	}
	// The genuine PEC supersedes the genuine file (same sender).
	if g := byID[ids["genuine PEC"]]; len(g.Files) != 1 || g.Files[0].Supersedes == 0 {
		t.Errorf("genuine PEC: %+v, want it to supersede the first file", g.Files)
	}
}
