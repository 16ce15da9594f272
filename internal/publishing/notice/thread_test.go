package notice

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"omologa/internal/platform/catalogue"
)

func TestReferenceIn(t *testing.T) {
	for _, tc := range []struct {
		subject string
		id      int64
		ok      bool
	}{
		{"Omologazione: ricevuta – Open di Novara " + Reference(catalogue.IT, 12), 12, true},
		{"Re: R: Homologation: receipt " + Reference(catalogue.EN, 7), 7, true},
		{"Re: [RIF. 3] e [rif. 44]", 44, true},
		{"Re: torneo di Novara", 0, false},
		{"[rif. 0]", 0, false},
		{"[rif. 99999999999999999]", 0, false},
	} {
		id, ok := ReferenceIn(tc.subject)
		if id != tc.id || ok != tc.ok {
			t.Errorf("ReferenceIn(%q) = %d, %v; want %d, %v", tc.subject, id, ok, tc.id, tc.ok)
		}
	}
}

func FuzzReferenceIn(f *testing.F) {
	f.Add("Re: Omologazione [rif. 12]")
	f.Add("[ref.n. 3]")
	f.Fuzz(func(t *testing.T, s string) {
		if id, ok := ReferenceIn(s); ok != (id > 0) {
			t.Fatalf("ReferenceIn(%q) = %d, %v", s, id, ok)
		}
	})
}

// The office's answer goes out in the thread: In-Reply-To the reply,
// References the thread, and marked automatic for the responders.
func TestComposeAnswer(t *testing.T) {
	subject, msg, err := ComposeAnswer(Answer{Lang: "it", From: "omologazioni@fsi.example", To: []string{"rossi@example.org"},
		Office: "omologazioni@fsi.example", MessageID: "omologa.answer.9@fsi.example", InReplyTo: "r1@example.org",
		References: []string{"orig@example.org", "omologa.7.abc@fsi.example"}, Date: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC),
		SubmissionID: 7, Subject: "R: Omologazione: torneo non omologabile – Open [rif. 7]", Text: "Gentile arbitro,\n\nla tessera è in ordine."})
	if err != nil {
		t.Fatal(err)
	}
	if subject != "Re: R: Omologazione: torneo non omologabile – Open [rif. 7]" {
		t.Errorf("subject %q", subject)
	}
	r, err := mail.CreateReader(strings.NewReader(string(msg)))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := r.Header.MsgIDList("In-Reply-To"); !slices.Equal(got, []string{"r1@example.org"}) {
		t.Errorf("In-Reply-To %q", got)
	}
	if got, _ := r.Header.MsgIDList("References"); !slices.Equal(got, []string{"orig@example.org", "omologa.7.abc@fsi.example", "r1@example.org"}) {
		t.Errorf("References %q", got)
	}
	if r.Header.Get("Auto-Submitted") != "auto-replied" {
		t.Error("no Auto-Submitted")
	}
	if !strings.Contains(string(msg), "la tessera =C3=A8 in ordine") && !strings.Contains(string(msg), "la tessera è in ordine") {
		t.Errorf("text missing:\n%s", msg)
	}
}
