package email

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"omologa/internal/intake/ingest"
)

func TestMsgIDs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"<a@b>", []string{"a@b"}},
		{" <a@b> <c@d>\r\n <a@b>", []string{"a@b", "c@d"}},
		{"a@b c@d", []string{"a@b", "c@d"}},          // brackets dropped by a sloppy client
		{"<a@b> (comment) <x y@z>", []string{"a@b"}}, // a space inside is no identifier
		{"nonsense", nil},
		{"<unclosed@b", []string{"<unclosed@b"[1:]}},
	} {
		if got := MsgIDs(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("MsgIDs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	long := strings.Repeat("<x@y> ", 1) + strings.Repeat("<", 0)
	for i := 0; i < 300; i++ {
		long += "<id" + string(rune('a'+i%26)) + strings.Repeat("z", i) + "@h> "
	}
	if got := MsgIDs(long); len(got) > 100 {
		t.Errorf("MsgIDs kept %d identifiers", len(got))
	}
}

// RFC 3834 and its predecessors: what marks a message as a program's.
func TestAutomatic(t *testing.T) {
	for _, tc := range []struct {
		name, header string
		automatic    bool
	}{
		{"a person", "From: rossi@example.org\n", false},
		{"auto-submitted no", "Auto-Submitted: no\n", false},
		{"auto-replied", "Auto-Submitted: auto-replied\n", true},
		{"auto-generated with a comment", "Auto-Submitted: auto-generated; owner-email=\"x@y\"\n", true},
		{"precedence bulk", "Precedence: bulk\n", true},
		{"precedence list", "Precedence: list\n", true},
		{"precedence first-class", "Precedence: first-class\n", false},
		{"x-autoreply", "X-Autoreply: yes\n", true},
		{"x-autorespond", "X-Autorespond: Out of office\n", true},
		{"null return path", "Return-Path: <>\n", true},
		{"return path", "Return-Path: <rossi@example.org>\n", false},
		{"read receipt", "Content-Type: multipart/report; report-type=disposition-notification; boundary=x\n", true},
		{"pec receipt", "X-Ricevuta: accettazione\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(crlf("From: a@b.it\n"+tc.header+"\nciao\n"), received)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Automatic != ""; got != tc.automatic {
				t.Errorf("Automatic = %q, want automatic %v", s.Automatic, tc.automatic)
			}
		})
	}
}

func TestThreadHeaders(t *testing.T) {
	s, err := Parse(crlf("From: Mario Rossi <rossi@example.org>\nMessage-ID: <r1@example.org>\n"+
		"In-Reply-To: <omologa.7.abc@fsi.example>\nReferences: <orig@example.org>\n <omologa.7.abc@fsi.example>\n\nEcco il file\n"), received)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.InReplyTo, []string{"omologa.7.abc@fsi.example"}) ||
		!slices.Equal(s.References, []string{"orig@example.org", "omologa.7.abc@fsi.example"}) {
		t.Errorf("thread = %q / %q", s.InReplyTo, s.References)
	}
}

const dsn = `From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
To: omologazioni@fsi.example
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
Message-ID: <dsn1@mx.example.org>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B"

--B
Content-Type: text/plain

I'm sorry to have to inform you that your message could not be delivered.

--B
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0100

Final-Recipient: rfc822; rossi@example.org
Original-Recipient: rfc822;rossi@example.org
Action: failed
Status: 5.1.1
Remote-MTA: dns; mail.example.org
Diagnostic-Code: smtp; 550 5.1.1 <rossi@example.org>: Recipient address
    rejected: User unknown in virtual mailbox table

Final-Recipient: rfc822; bianchi@example.org
Action: delayed
Status: 4.4.1

--B
Content-Type: text/rfc822-headers

From: Ufficio omologazioni <omologazioni@fsi.example>
To: rossi@example.org
Subject: Omologazione respinta
Message-ID: <omologa.7.abc@fsi.example>
--B--
`

func TestDeliveryStatusNotification(t *testing.T) {
	s, err := Parse(crlf(dsn), received)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Bounce
	if b == nil {
		t.Fatal("no bounce read")
	}
	if b.MessageID != "omologa.7.abc@fsi.example" {
		t.Errorf("MessageID = %q", b.MessageID)
	}
	want := []ingest.BounceRecipient{
		{Address: "rossi@example.org", Action: "failed", Status: "5.1.1", RemoteMTA: "mail.example.org",
			Diagnostic: "550 5.1.1 <rossi@example.org>: Recipient address rejected: User unknown in virtual mailbox table"},
		{Address: "bianchi@example.org", Action: "delayed", Status: "4.4.1"},
	}
	if !slices.Equal(b.Recipients, want) {
		t.Errorf("Recipients = %+v\nwant %+v", b.Recipients, want)
	}
	if !b.Failed() || !strings.Contains(b.Reason(), "User unknown") || strings.Contains(b.Reason(), "bianchi") {
		t.Errorf("Failed %v, Reason %q", b.Failed(), b.Reason())
	}
	if len(s.Files) != 0 || s.Automatic == "" {
		t.Errorf("files %d, automatic %q: a report is no submission", len(s.Files), s.Automatic)
	}
	// The returned message whole (message/rfc822) names it too.
	whole := strings.Replace(dsn, "Content-Type: text/rfc822-headers", "Content-Type: message/rfc822", 1)
	whole = strings.Replace(whole, "Message-ID: <omologa.7.abc@fsi.example>\n", "Message-ID: <omologa.7.abc@fsi.example>\n\nbody\n", 1)
	if s, _ := Parse(crlf(whole), received); s.Bounce == nil || s.Bounce.MessageID != "omologa.7.abc@fsi.example" {
		t.Errorf("message/rfc822 returned: %+v", s.Bounce)
	}
}

func FuzzDeliveryStatus(f *testing.F) {
	f.Add([]byte("Reporting-MTA: dns; x\n\nFinal-Recipient: rfc822; a@b\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550\n no\n"))
	f.Add([]byte("\n\n:\n \tx\nAction\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, r := range ParseDeliveryStatus(data) {
			for _, v := range []string{r.Address, r.Action, r.Status, r.Diagnostic, r.RemoteMTA} {
				if !utf8.ValidString(v) || len(v) > 1100 {
					t.Fatalf("value %q", v)
				}
			}
		}
	})
}

func FuzzMsgIDs(f *testing.F) {
	f.Add("<a@b> <c@d>")
	f.Add("a@b, <c@d")
	f.Fuzz(func(t *testing.T, v string) {
		ids := MsgIDs(v)
		if len(ids) > 100 {
			t.Fatalf("%d identifiers", len(ids))
		}
		for _, id := range ids {
			if id == "" || strings.ContainsAny(id, "<> \t\r\n") {
				t.Fatalf("identifier %q", id)
			}
		}
	})
}
