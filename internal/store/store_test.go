package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/failure"
)

func open(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "omologa.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

var t0 = time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)

func sub(raw, msgid string) *ingest.Submission {
	return &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: t0, Sender: "arbitro@example.org",
		MessageID: msgid, Subject: "torneo", Original: ingest.Bytes([]byte(raw)), Source: "INBOX/1/7",
		Fields: map[string]string{"venue": "Milano"},
		Files:  []ingest.File{{Name: "a.trf", Content: ingest.Bytes([]byte("012 A"))}, {Name: "b.trf", Content: ingest.Bytes([]byte("012 B")), From: "x.zip"}}}
}

func TestRecordIsIdempotentOnHashAndMessageID(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, dup, err := s.Record(ctx, sub("raw1", "<m1@x>"), t0)
	if err != nil || dup || id == 0 {
		t.Fatal(id, dup, err)
	}
	id2, dup, err := s.Record(ctx, sub("raw1", "<m1@x>"), t0.Add(time.Minute))
	if err != nil || !dup || id2 != id {
		t.Fatalf("repeat: id %d dup %v err %v, want %d true", id2, dup, err, id)
	}
	// Same bytes under another Message-ID, or other bytes under the same
	// one, are new submissions.
	if _, dup, _ := s.Record(ctx, sub("raw1", "<m2@x>"), t0); dup {
		t.Error("other Message-ID taken as a repeat")
	}
	if _, dup, _ := s.Record(ctx, sub("raw2", "<m1@x>"), t0); dup {
		t.Error("other content taken as a repeat")
	}
	got, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != StateReceived || !got.ReceivedAt.Equal(t0) || got.Fields["venue"] != "Milano" || len(got.Files) != 2 ||
		got.Files[1].From != "x.zip" || got.Files[0].Size != 5 {
		t.Fatalf("read back %+v", got)
	}
	if _, data, err := s.FileData(ctx, got.Files[0].ID); err != nil || string(data) != "012 A" {
		t.Fatal(string(data), err)
	}
	if raw := rawOf(t, s, id); raw != "raw1" {
		t.Fatal(raw)
	}
	ids, _ := s.Received(ctx)
	if len(ids) != 3 {
		t.Fatalf("received %v", ids)
	}
}

func TestContentHashOverridesRaw(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	big := &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: t0, ContentHash: "abc", Problems: []string{"too big"}}
	id, _, err := s.Record(ctx, big, t0)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.HasContent(ctx, "abc"); !ok {
		t.Fatal("content hash not stored")
	}
	got, _ := s.Load(ctx, id)
	if len(got.Problems) != 1 || len(got.Files) != 0 {
		t.Fatalf("%+v", got)
	}
}

func TestJudgeSupersedesAndQueuesNotice(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	first, _, _ := s.Record(ctx, sub("v1", "<1@x>"), t0)
	a, _ := s.Load(ctx, first)
	rep := &validate.Report{Verdict: validate.Rejected, Findings: []validate.Finding{
		{Rule: "crosstable.mirror", Article: "RTF 7.3.1", Severity: validate.SeverityError, MessageIT: "x", Line: 12}}}
	err := s.Judge(ctx, Judgement{SubmissionID: first, State: StateJudged, Verdicts: []Verdict{
		{FileID: a.Files[0].ID, TournamentKey: "k", Name: "Open", Verdict: "rejected", Report: rep},
		{FileID: a.Files[1].ID, Verdict: "rejected", ReadError: "unreadable"},
	}, Notice: &NewNotice{Kind: "rejection", From: "o@x", To: []string{"a@x"}, Subject: "s", MessageID: "n1@x", Message: []byte("msg")}}, t0)
	if err != nil {
		t.Fatal(err)
	}
	// A rejected file is a version of its tournament, never the one in
	// force.
	cur, err := s.CurrentFile(ctx, "k")
	if err != nil || cur != nil {
		t.Fatalf("current %+v %v, want none", cur, err)
	}
	// Judging again is a no-op: the submission is no longer received.
	if err := s.Judge(ctx, Judgement{SubmissionID: first, State: StateJudged,
		Notice: &NewNotice{Kind: "x", To: []string{}, Message: []byte{}}}, t0); err != nil {
		t.Fatal("second judgement:", err)
	}

	second, _, _ := s.Record(ctx, sub("v2", "<2@x>"), t0.Add(time.Hour))
	b, _ := s.Load(ctx, second)
	if err := s.Judge(ctx, Judgement{SubmissionID: second, State: StateJudged, Verdicts: []Verdict{
		{FileID: b.Files[0].ID, TournamentKey: "k", Name: "Open", Verdict: "accepted", Supersedes: a.Files[0].ID},
	}}, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	cur2, _ := s.CurrentFile(ctx, "k")
	if cur2.FileID != b.Files[0].ID {
		t.Fatalf("the corrected file does not stand for the tournament: %+v", cur2)
	}
	st, err := s.Statuses(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != 2 || st[1].ID != first {
		t.Fatalf("statuses %+v", st)
	}
	old := st[1]
	if old.Files[0].SupersededBy != b.Files[0].ID || old.Files[0].Errors != 1 || old.Notice == nil || old.Notice.Status != NoticePending {
		t.Fatalf("old submission status %+v notice %+v", old.Files, old.Notice)
	}
	if st[0].Files[0].Supersedes != a.Files[0].ID || st[0].Files[0].Tournament != "Open" {
		t.Fatalf("new submission status %+v", st[0].Files)
	}
	// The files as a person numbers them ("N.M"), each way.
	oldN, newN := fmt.Sprintf("%d.1", first), fmt.Sprintf("%d.1", second)
	if o, n := old.Files[0], st[0].Files[0]; o.Number != oldN || o.SupersededByNumber != newN || o.SupersedesNumber != "" ||
		n.Number != newN || n.SupersedesNumber != oldN || n.SupersededByNumber != "" {
		t.Errorf("numbers: old %s superseded by %q, new %s supersedes %q", o.Number, o.SupersededByNumber, n.Number, n.SupersedesNumber)
	}
}

func TestNoticeAttemptsAndBackoff(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, _, _ := s.Record(ctx, sub("n", "<n@x>"), t0)
	if err := s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged,
		Notice: &NewNotice{Kind: "receipt", From: "o@x", To: []string{"a@x", "b@x"}, Subject: "s", MessageID: "m@x", Message: []byte("m")}}, t0); err != nil {
		t.Fatal(err)
	}
	due, _ := s.DueNotices(ctx, t0)
	if len(due) != 1 || len(due[0].To) != 2 {
		t.Fatalf("due %+v", due)
	}
	n := due[0]
	if err := s.Attempted(ctx, n.ID, "421 try later", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueNotices(ctx, t0.Add(30*time.Second)); len(due) != 0 {
		t.Fatal("a notice is due before its retry time")
	}
	if at, ok, _ := s.NextDue(ctx); !ok || !at.Equal(t0.Add(time.Minute)) {
		t.Fatal("next due", at, ok)
	}
	if err := s.Sent(ctx, n.ID, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.NextDue(ctx); ok {
		t.Fatal("a sent notice is still due")
	}
	st, _ := s.Statuses(ctx, 1)
	if st[0].Notice.Attempts != 2 || st[0].Notice.Status != NoticeSent {
		t.Fatalf("%+v", st[0].Notice)
	}
	c, _ := s.Counts(ctx)
	if c["notices.sent"] != 1 || c["submissions.judged"] != 1 {
		t.Fatal(c)
	}
}

func TestNoticeGivenUp(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, _, _ := s.Record(ctx, sub("g", "<g@x>"), t0)
	s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged,
		Notice: &NewNotice{Kind: "receipt", From: "o@x", To: []string{"a@x"}, Subject: "s", MessageID: "g@x", Message: []byte("m")}}, t0)
	due, _ := s.DueNotices(ctx, t0)
	if err := s.Attempted(ctx, due[0].ID, "550 no such user", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueNotices(ctx, t0.Add(time.Hour)); len(due) != 0 {
		t.Fatal("a failed notice is retried")
	}
	st, _ := s.Statuses(ctx, 1)
	if st[0].Notice.Status != NoticeFailed || st[0].Notice.LastError != "550 no such user" {
		t.Fatalf("%+v", st[0].Notice)
	}
}

func TestMailboxStateAndRegistersSurviveReopen(t *testing.T) {
	s, path := open(t)
	ctx := context.Background()
	if v, u, err := s.MailboxState(ctx, "INBOX"); err != nil || v != 0 || u != 0 {
		t.Fatal(v, u, err)
	}
	if err := s.SaveMailboxState(ctx, "INBOX", 4000000000, 17, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveRegister(ctx, RegisterArbiters, "a.csv", []byte("fsi_id\n"), 0, t0); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal("reopen (migrations must be idempotent):", err)
	}
	defer s2.Close()
	if v, u, _ := s2.MailboxState(ctx, "INBOX"); v != 4000000000 || u != 17 {
		t.Fatal(v, u)
	}
	if name, data, ok, _ := s2.Register(ctx, RegisterArbiters); !ok || name != "a.csv" || string(data) != "fsi_id\n" {
		t.Fatal(name, string(data), ok)
	}
	if _, _, ok, _ := s2.Register(ctx, RegisterPlayers); ok {
		t.Fatal("players register never imported")
	}
}

func TestConcurrentRecording(t *testing.T) {
	// The drop folder and the mailbox hand submissions over at once, and
	// a repeat may race with its original: each must be recorded once.
	s, _ := open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 20 {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := s.Record(ctx, sub(fmt.Sprintf("raw%d", i), fmt.Sprintf("<%d@x>", i)), t0); err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ids, _ := s.Received(ctx)
	if len(ids) != 20 {
		t.Fatalf("%d submissions recorded, want 20", len(ids))
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	s, path := open(t)
	if _, err := s.db.Exec("PRAGMA user_version = 999"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("error %v", err)
	}
}

// A notice is claimed before it is sent: a second deliverer cannot take
// it while the claim holds, and a claim left by a dead deliverer is
// dropped by the next lock holder (or runs out after ClaimLease).
func TestNoticeClaim(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, _, _ := s.Record(ctx, sub("c", "<c@x>"), t0)
	s.Judge(ctx, Judgement{SubmissionID: id, State: StateJudged,
		Notice: &NewNotice{Kind: "receipt", From: "o@x", To: []string{"a@x"}, Subject: "s", MessageID: "c@x", Message: []byte("m")}}, t0)
	due, _ := s.DueNotices(ctx, t0)
	if len(due) != 1 {
		t.Fatalf("due %+v", due)
	}
	n := due[0].ID
	if ok, err := s.Claim(ctx, n, t0); !ok || err != nil {
		t.Fatalf("first claim: %v %v", ok, err)
	}
	if ok, _ := s.Claim(ctx, n, t0.Add(time.Second)); ok {
		t.Fatal("a claimed notice was claimed again")
	}
	if due, _ := s.DueNotices(ctx, t0.Add(time.Second)); len(due) != 0 {
		t.Fatal("a claimed notice is offered")
	}
	if at, ok, _ := s.NextDue(ctx); !ok || !at.Equal(t0.Add(ClaimLease)) {
		t.Fatalf("next due %v %v, want when the claim runs out", at, ok)
	}
	if due, _ := s.DueNotices(ctx, t0.Add(ClaimLease+time.Second)); len(due) != 1 {
		t.Fatal("a stale claim is not offered again")
	}
	if k, err := s.ReleaseClaims(ctx); k != 1 || err != nil {
		t.Fatalf("release claims: %d %v", k, err)
	}
	if ok, _ := s.Claim(ctx, n, t0.Add(2*time.Second)); !ok {
		t.Fatal("not claimable after the claims were released")
	}
	if err := s.Sent(ctx, n, t0); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.Claim(ctx, n, t0.Add(ClaimLease*2)); ok {
		t.Fatal("a sent notice was claimed")
	}
	if err := s.Resend(ctx, id, t0); err == nil {
		t.Fatal("a sent notice was put back")
	}
	if err := s.Resend(ctx, 999, t0); !errors.Is(err, ErrNoSubmission) {
		t.Fatalf("resend of no submission: %v", err)
	}
}

// Concurrent openings of a new store apply each migration once.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestStatusesOf looks submissions up by id: newest first, with their
// files and notices, an unknown id left out; the limit of Statuses and
// the state of StatusesIn select the same rows with their own files.
func TestStatusesOf(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	var ids []int64
	for i := range 3 {
		id, _, err := s.Record(ctx, sub(fmt.Sprintf("raw%d", i), fmt.Sprintf("<%d@x>", i)), t0)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.Judge(ctx, Judgement{SubmissionID: ids[2], State: StateJudged,
		Notice: &NewNotice{Kind: "receipt", From: "o@x", To: []string{"a@x"}, Subject: "s", MessageID: "n@x", Message: []byte("m")}}, t0); err != nil {
		t.Fatal(err)
	}
	got, err := s.StatusesOf(ctx, ids[0], ids[2], 999)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != ids[2] || got[1].ID != ids[0] {
		t.Fatalf("StatusesOf: %+v", got)
	}
	if len(got[0].Files) != 2 || len(got[1].Files) != 2 || got[1].Files[1].From != "x.zip" {
		t.Errorf("files: %+v / %+v", got[0].Files, got[1].Files)
	}
	if got[0].Notice == nil || got[0].Notice.To[0] != "a@x" || got[1].Notice != nil {
		t.Errorf("notices: %+v / %+v", got[0].Notice, got[1].Notice)
	}
	if none, err := s.StatusesOf(ctx); err != nil || len(none) != 0 {
		t.Errorf("no ids: %v %v", none, err)
	}
	last, _ := s.Statuses(ctx, 1)
	if len(last) != 1 || last[0].ID != ids[2] || len(last[0].Files) != 2 {
		t.Errorf("Statuses(1): %+v", last)
	}
	judged, _ := s.StatusesIn(ctx, StateJudged, 0)
	if len(judged) != 1 || judged[0].ID != ids[2] || len(judged[0].Files) != 2 {
		t.Errorf("StatusesIn(judged): %+v", judged)
	}
}

// A user name is taken once: a second AddUser of it is ErrUserExists (a
// conflict), records nothing, and the first user keeps its id and role.
func TestAddUserNameTaken(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, err := s.AddUser(ctx, "rossi", "clerk", "h1", t0)
	if err != nil || id == 0 {
		t.Fatalf("AddUser: %d %v", id, err)
	}
	if _, err := s.AddUser(ctx, "rossi", "admin", "h2", t0); !errors.Is(err, ErrUserExists) || !failure.Is(err, failure.Conflict) {
		t.Fatalf("second AddUser: %v, want ErrUserExists", err)
	}
	us, err := s.Users(ctx)
	if err != nil || len(us) != 1 || us[0].ID != id || us[0].Role != "clerk" || !us[0].CreatedAt.Equal(t0) {
		t.Fatalf("users: %+v %v", us, err)
	}
	if id2, err := s.AddUser(ctx, "bianchi", "officer", "h3", t0); err != nil || id2 == id {
		t.Fatalf("another user: %d %v", id2, err)
	}
}

// The last enabled admin is kept: UpdateUser refuses to disable him or
// take his role (ErrLastAdmin, nothing changed), and allows both once
// another admin is enabled.
func TestUpdateUserKeepsLastAdmin(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "rossi", RoleAdmin, "h1", t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddUser(ctx, "verdi", "clerk", "h2", t0); err != nil {
		t.Fatal(err)
	}
	yes, officer := true, "officer"
	if err := s.UpdateUser(ctx, "rossi", nil, nil, &yes, t0); !errors.Is(err, ErrLastAdmin) {
		t.Errorf("disabling the last admin: %v, want ErrLastAdmin", err)
	}
	if err := s.UpdateUser(ctx, "rossi", nil, &officer, nil, t0); !errors.Is(err, ErrLastAdmin) {
		t.Errorf("taking the last admin's role: %v, want ErrLastAdmin", err)
	}
	us, err := s.Users(ctx)
	if err != nil || len(us) != 2 || us[0].Name != "rossi" || us[0].Role != RoleAdmin || us[0].Disabled {
		t.Fatalf("users after the refusals: %+v %v", us, err)
	}
	// A clerk disabled is no admin's business.
	if err := s.UpdateUser(ctx, "verdi", nil, nil, &yes, t0); err != nil {
		t.Errorf("disabling a clerk: %v", err)
	}
	admin := RoleAdmin
	if err := s.UpdateUser(ctx, "verdi", nil, &admin, nil, t0); err != nil {
		t.Fatal(err)
	}
	// verdi is an admin but disabled: rossi is still the last enabled.
	if err := s.UpdateUser(ctx, "rossi", nil, nil, &yes, t0); !errors.Is(err, ErrLastAdmin) {
		t.Errorf("disabling the last enabled admin: %v, want ErrLastAdmin", err)
	}
	no := false
	if err := s.UpdateUser(ctx, "verdi", nil, nil, &no, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateUser(ctx, "rossi", nil, nil, &yes, t0); err != nil {
		t.Errorf("disabling an admin with another enabled: %v", err)
	}
}
