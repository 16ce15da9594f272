package office

import (
	"context"
	"testing"
	"time"

	"omologa/internal/intake/ingest"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// Resend puts a given-up notice back, audited; with a daemon elsewhere it
// only writes the store, and the daemon delivers.
func TestResendAudited(t *testing.T) {
	ctx := context.Background()
	peer := pipelinetest.StartSMTP(t)
	o := open(t, t.TempDir(), peer.Config())
	p, err := o.pipeline(ctx)
	if err != nil {
		t.Fatal(err)
	}
	data := pipelinetest.TRF("Open del Rinvio", "Siena", time.Now().AddDate(0, 0, -7).Format("2006/01/02"), "102 Rossi, Mario")
	id, _, err := p.Record(ctx, dropSubmission(data))
	if err != nil {
		t.Fatal(err)
	}
	p.Drain(ctx)
	if peer.Deliveries() != 1 {
		t.Fatalf("%d deliveries", peer.Deliveries())
	}
	if err := o.Resend(ctx, CLIActor(), id); KindOf(err) != Conflict {
		t.Fatalf("resend of a sent notice: %v, want Conflict", err)
	}
	if err := o.Resend(ctx, CLIActor(), 999); KindOf(err) != NotFound {
		t.Fatalf("resend of no submission: %v, want NotFound", err)
	}
	// Given up (as after a week of failures): the office puts it back.
	noticeID := func() int64 {
		st, _ := o.Store.Statuses(ctx, 1)
		return st[0].Notice.ID
	}
	if err := o.Store.Attempted(ctx, noticeID(), "550 mailbox unavailable", time.Time{}); err != nil {
		t.Fatal(err)
	}
	clerk := Actor{User: "anna", Role: Clerk, Via: "web"}
	if err := o.Resend(ctx, clerk, id); err != nil {
		t.Fatal(err)
	}
	if got := peer.ByMessageID(); peer.Deliveries() != 2 || len(got) != 1 {
		t.Fatalf("after resend: %v, want the same Message-ID twice", got)
	}
	// With a daemon elsewhere only the store changes.
	o.Store.Attempted(ctx, noticeID(), "550 mailbox unavailable", time.Time{})
	o.DaemonElsewhere = true
	ids, err := o.ResendFailed(ctx, CLIActor())
	if err != nil || len(ids) != 1 || ids[0] != id {
		t.Fatalf("resend --failed: %v %v", ids, err)
	}
	if st, _ := o.Store.Statuses(ctx, 1); peer.Deliveries() != 2 || st[0].Notice.Status != store.NoticePending {
		t.Fatalf("a daemon elsewhere, yet the office delivered: %d deliveries, %+v", peer.Deliveries(), st[0].Notice)
	}
	all, _ := o.Audit(ctx, store.AuditFilter{Action: string(ActResend)})
	if len(all) != 2 || all[1].User != "anna" || all[0].Object != "failed notices" {
		t.Fatalf("audit of resends: %+v", all)
	}
}

func dropSubmission(data []byte) *ingest.Submission {
	return &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: time.Now(), Source: "drop/t.trf",
		Original: ingest.Bytes(data), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}}
}
