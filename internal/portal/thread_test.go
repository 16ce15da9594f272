package portal_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/intake/email"
)

// The thread of a submission on the portal (issue 34): its arbiter reads
// it, another arbiter nowhere.
func TestBrowserPortalThread(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	trf, err := os.ReadFile(filepath.Join("testdata", "open_ognissanti_rimini_corretto.trf"))
	if err != nil {
		t.Fatal(err)
	}
	handle := func(raw string) {
		t.Helper()
		s, err := email.Parse([]byte(strings.ReplaceAll(raw, "\n", "\r\n")), f.clock())
		if err != nil {
			t.Fatal(err)
		}
		if err := f.o.Pipeline.Handle(ctx, s); err != nil {
			t.Fatal(err)
		}
		if _, err := f.o.Pipeline.Drain(ctx); err != nil {
			t.Fatal(err)
		}
	}
	handle(fmt.Sprintf("From: Mirko Casadei <%s>\nTo: omologazioni@federscacchi.example\nSubject: Open di Ognissanti\nMessage-ID: <o1@arbitri.example>\n"+
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nLuogo: Rimini\n--B\n"+
		"Content-Type: application/octet-stream\nContent-Disposition: attachment; filename=ognissanti.trf\nContent-Transfer-Encoding: base64\n\n%s\n--B--\n",
		casadei, base64.StdEncoding.EncodeToString(trf)))
	ids, err := f.o.Store.SubmissionsBy(ctx, casadei)
	if err != nil || len(ids) != 1 {
		t.Fatalf("casadei's submissions %v %v", ids, err)
	}
	first := ids[0]
	st, err := f.o.Store.StatusOf(ctx, first)
	if err != nil || st.Notice == nil {
		t.Fatalf("no notice: %+v %v", st, err)
	}
	handle(fmt.Sprintf("From: %s\nTo: omologazioni@federscacchi.example\nSubject: Re: %s\nMessage-ID: <o2@arbitri.example>\nIn-Reply-To: <%s>\n"+
		"Content-Type: text/plain; charset=utf-8\n\nBuongiorno, il turno 5 è stato giocato il 2 novembre: allego la conferma del circolo.\n", casadei, st.Notice.Subject, st.Notice.MessageID))
	page := fmt.Sprintf("/portale/invii/%d", first)

	b := newBrowser(t, f.ts.URL)
	b.signIn(t, f, casadei)
	b.Open(t, page)
	if got := b.Text(t, "#thread + ol"); !strings.Contains(got, "turno 5 è stato giocato") || !strings.Contains(got, "Ufficio omologazioni") {
		t.Errorf("the arbiter's thread: %q", got)
	}
	b.Shot(t, "thread")
	b.signOut(t)
	b.signIn(t, f, ferretti)
	b.Open(t, page)
	if got := b.Text(t, "main"); strings.Contains(got, "turno 5") || !strings.Contains(got, "non trovato") {
		t.Errorf("another arbiter opening the thread: %q", got)
	}
	b.Open(t, fmt.Sprintf("/portale/invii/%d", first+1))
	if got := b.Text(t, "main"); strings.Contains(got, "turno 5") {
		t.Errorf("another arbiter opening the reply: %q", got)
	}
}
