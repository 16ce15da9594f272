package office

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

func TestRoleMay(t *testing.T) {
	for _, tc := range []struct {
		role Role
		act  Action
		want bool
	}{
		{Clerk, ActRelease, true},
		{Clerk, ActDiscard, true},
		{Clerk, ActResend, true},
		{Clerk, ActDecide, false},
		{Clerk, ActImport, false},
		{Clerk, ActListRun, false},
		{Officer, ActDecide, true},
		{Officer, ActRevoke, true},
		{Officer, ActLink, true},
		{Officer, ActUndoImport, true},
		{Officer, ActListPreview, true},
		{Clerk, ActFideExport, false},
		{Officer, ActFideExport, true},
		{Officer, ActUsers, false},
		{Admin, ActUsers, true},
		{Officer, ActProfile, false},
		{Admin, ActProfile, true},
		{Admin, ActRelease, true},
		{Role("guest"), ActRelease, false},
		{Admin, Action("format-disk"), false},
	} {
		if got := tc.role.May(tc.act); got != tc.want {
			t.Errorf("%s may %s: %v, want %v", tc.role, tc.act, got, tc.want)
		}
	}
}

// open opens the office of a test configuration in dir.
func open(t *testing.T, dir string, extra ...string) *Office {
	t.Helper()
	cfg, err := config.Load(pipelinetest.Config(t, dir, "100ms", extra...))
	if err != nil {
		t.Fatal(err)
	}
	o, err := OpenWith(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	return o
}

// Every act is in the audit trail with who did it and how; an act the
// role may not do is Forbidden and leaves no trace of being done.
func TestAuditTrail(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir(), "allowed_senders:\n  enabled: true\n  authenticate: false")
	p, err := o.pipeline(ctx)
	if err != nil {
		t.Fatal(err)
	}
	data := pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -7).Format("2006/01/02"), "102 Rossi, Mario")
	var ids []int64
	for _, mid := range []string{"<a@x>", "<b@x>"} {
		id, _, err := p.Record(ctx, &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(),
			Sender: "stranger@example.net", MessageID: mid, Source: "INBOX/1/" + mid,
			Original: ingest.Bytes(append([]byte("Message-Id: "+mid+"\r\n\r\n"), data...)), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if _, err := p.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	clerk := Actor{User: "anna", Role: Clerk, Via: "web"}
	if err := o.Release(ctx, clerk, ids[0]); err != nil {
		t.Fatal(err)
	}
	if err := o.Discard(ctx, CLIActor(), ids[1]); err != nil {
		t.Fatal(err)
	}
	if err := o.Release(ctx, clerk, ids[1]); KindOf(err) != Refused {
		t.Errorf("releasing a discarded submission: %v, want Refused", err)
	}
	if err := o.Release(ctx, clerk, 999); KindOf(err) != NotFound {
		t.Errorf("releasing no submission: %v, want NotFound", err)
	}
	_, err = o.Import(ctx, clerk, ImportRequest{Kind: store.RegisterPlayers, Name: "p.csv", Data: []byte("x")})
	var oe *Error
	if !errors.As(err, &oe) || oe.Kind != Forbidden {
		t.Errorf("a clerk imports: %v, want Forbidden", err)
	}
	all, err := o.Audit(ctx, store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 {
		t.Fatalf("audit trail: %+v, want 2 entries", all)
	}
	// Newest first.
	if e := all[1]; e.User != "anna" || e.Role != "clerk" || e.Via != "web" || e.Action != "release" || e.Object != submissionObject(ids[0]) {
		t.Errorf("release entry: %+v", e)
	}
	if e := all[0]; e.Role != "admin" || e.Via != "cli" || e.Action != "discard" {
		t.Errorf("discard entry: %+v", e)
	}
	for _, tc := range []struct {
		f    store.AuditFilter
		want int
	}{
		{store.AuditFilter{User: "anna"}, 1},
		{store.AuditFilter{Action: "discard"}, 1},
		{store.AuditFilter{Object: submissionObject(ids[0])}, 1},
		{store.AuditFilter{From: time.Now().Add(time.Hour)}, 0},
		{store.AuditFilter{To: time.Now().Add(time.Hour)}, 2},
		{store.AuditFilter{Limit: 1}, 1},
		{store.AuditFilter{Limit: 1, Offset: 1}, 1},
		{store.AuditFilter{Offset: 2}, 0},
	} {
		got, err := o.Audit(ctx, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want {
			t.Errorf("%+v: %d entries, want %d", tc.f, len(got), tc.want)
		}
	}
}

// A notice already delivered is not sent again (its Message-ID is fixed, so
// a recipient would take it for the same message): the office reads it in
// status --show; failed ones are resent (TestResendAudited).
func TestResendDelivered(t *testing.T) {
	ctx := context.Background()
	o := open(t, t.TempDir())
	p, err := o.pipeline(ctx)
	if err != nil {
		t.Fatal(err)
	}
	data := pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -7).Format("2006/01/02"))
	id, _, err := p.Record(ctx, &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: time.Now(), Original: ingest.Bytes(data),
		Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	clerk := Actor{User: "anna", Role: Clerk, Via: "web"}
	if err := o.Resend(ctx, clerk, id); KindOf(err) != Conflict {
		t.Fatalf("resend of a delivered notice: %v, want a conflict", err)
	}
	if err := o.Resend(ctx, clerk, 999); KindOf(err) != NotFound {
		t.Errorf("resend of no submission: %v", err)
	}
	if es, _ := o.Audit(ctx, store.AuditFilter{Action: string(ActResend)}); len(es) != 0 {
		t.Errorf("a refused resend audited: %+v", es)
	}
}

// The portal's bounds: today's defaults without a configuration or with
// one that leaves them out; a configuration's portal section, web.session
// and limits.max_file_bytes when set; an option given in code wins.
func TestPortalOptionsOf(t *testing.T) {
	today := PortalOptions{LinkValid: 15 * time.Minute, Session: 12 * time.Hour, MaxLinks: 5, MaxUploads: 30, MaxBytes: ingest.DefaultMaxFileBytes,
		Judging: config.DefaultPortalJudging, JudgeWait: defaultJudgeWait}
	if got := PortalOptionsOf(nil); got != today {
		t.Errorf("no configuration: %+v, want %+v", got, today)
	}
	if got := PortalOptionsOf(&config.Config{}); got != today {
		t.Errorf("an empty configuration: %+v, want %+v", got, today)
	}
	c := &config.Config{Web: &config.Web{Session: 2 * time.Hour}, Limits: config.Limits{MaxFileBytes: 1 << 20},
		Portal: config.Portal{LinkLifetime: 20 * time.Minute, UploadsPerHour: 3}}
	want := PortalOptions{LinkValid: 20 * time.Minute, Session: 2 * time.Hour, MaxLinks: 5, MaxUploads: 3, MaxBytes: 1 << 20,
		Judging: config.DefaultPortalJudging, JudgeWait: defaultJudgeWait}
	if got := PortalOptionsOf(c); got != want {
		t.Errorf("configured: %+v, want %+v", got, want)
	}
	p := NewPortal(&Office{Config: c}, PortalOptions{MaxLinks: 2, MaxBytes: 4000})
	want.MaxLinks, want.MaxBytes = 2, 4000
	if got := p.Options(); got != want {
		t.Errorf("NewPortal: %+v, want %+v", got, want)
	}
}
