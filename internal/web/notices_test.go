package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
)

// failNotice marks the notice of a submission failing, retried at next.
func (f *fixture) failNotice(t testing.TB, sub int64, next time.Time) {
	t.Helper()
	ctx := context.Background()
	st, err := f.o.Store.StatusOf(ctx, sub)
	if err != nil || st.Notice == nil {
		t.Fatalf("submission %d has no notice (%v)", sub, err)
	}
	if err := f.o.Store.Failing(ctx, st.Notice.ID, "550 5.1.1 mailbox unavailable", next, officeDay); err != nil {
		t.Fatal(err)
	}
}

func TestResend(t *testing.T) {
	f := newFixture(t)
	acc := f.accepted(t)
	next := time.Date(2026, 11, 28, 16, 30, 0, 0, rome)
	f.failNotice(t, acc, next)
	c := f.client(t, "clerk")

	_, page := get(t, c, f.ts.URL+"/")
	if !strings.Contains(page, `id="failing"`) || !strings.Contains(page, fmt.Sprintf(`href="/submissions/%d"`, acc)) ||
		!strings.Contains(page, "28/11/2026 16:30") || !strings.Contains(page, "550 5.1.1") {
		t.Errorf("the overview does not list the failing notice with its next attempt")
	}
	_, page = get(t, c, fmt.Sprintf("%s/submissions/%d", f.ts.URL, acc))
	if !strings.Contains(page, `id="resend"`) || !strings.Contains(page, "prossimo tentativo 28/11/2026 16:30") {
		t.Errorf("the submission's page offers no resend of its failing notice")
	}

	// A clerk may resend: the notice is delivered (the fixture's outbox).
	code, _ := post(t, c, fmt.Sprintf("%s/submissions/%d/resend", f.ts.URL, acc), nil, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("resend: %d, want a redirect", code)
	}
	st, err := f.o.Store.StatusOf(context.Background(), acc)
	if err != nil || st.Notice.Status != store.NoticeSent {
		t.Fatalf("after the resend the notice is %+v (%v), want sent", st.Notice, err)
	}
	es, err := f.o.Audit(context.Background(), store.AuditFilter{Action: "resend"})
	if err != nil || len(es) != 1 || es[0].User != "clerk" || es[0].Via != "web" {
		t.Errorf("the audit trail of the resend: %+v (%v)", es, err)
	}
	_, page = get(t, c, fmt.Sprintf("%s/submissions/%d", f.ts.URL, acc))
	if strings.Contains(page, `id="resend"`) {
		t.Error("a delivered notice is offered for resending")
	}

	// A delivered notice is refused, with the way back.
	code, page = post(t, c, fmt.Sprintf("%s/submissions/%d/resend", f.ts.URL, acc), nil, nil)
	if code != http.StatusConflict || !strings.Contains(page, "già stato consegnato") ||
		!strings.Contains(page, fmt.Sprintf(`href="/submissions/%d" id="back"`, acc)) {
		t.Errorf("resend of a delivered notice: %d %s", code, page)
	}
}
