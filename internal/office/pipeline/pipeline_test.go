package pipeline_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/intake/ingest"
	"omologa/internal/office/pipeline"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
	"omologa/internal/tournament"
)

var quiet = slog.New(slog.DiscardHandler)

type env struct {
	dir    string
	store  *store.Store
	outbox string
	pipe   *pipeline.Pipeline
	opts   pipeline.Options
}

func loadRules(t testing.TB) *rules.File {
	t.Helper()
	rf, err := rules.Load(filepath.Join(pipelinetest.RepoRoot(), "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return rf
}

func newEnv(t testing.TB, mod func(*pipeline.Options)) *env {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ob, err := mailer.NewOutbox(filepath.Join(dir, "outbox"))
	if err != nil {
		t.Fatal(err)
	}
	o := pipeline.Options{Store: st, Rules: loadRules(t), Mailer: ob, From: "omologazioni@fsi.example",
		Office: "ufficio@fsi.example", RetryBase: 20 * time.Millisecond, RetryMax: 100 * time.Millisecond, MaxAttempts: 50,
		Logger: quiet}
	if mod != nil {
		mod(&o)
	}
	p, err := pipeline.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return &env{dir: dir, store: st, outbox: ob.Dir, pipe: p, opts: o}
}

// recent is a start date whose tournament ends within the 8 days before now.
func recent() string { return time.Now().AddDate(0, 0, -7).Format("2006/01/02") }

func dropSub(name string, data []byte) *ingest.Submission {
	return &ingest.Submission{Channel: ingest.ChannelDrop, ReceivedAt: time.Now(), Subject: name, Source: "drop/" + name,
		Original: ingest.Bytes(data), Files: []ingest.File{{Name: name, Content: ingest.Bytes(data)}}}
}

func TestReceiptAndRejection(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	good := pipelinetest.TRF("Open di Prova", "Milano", recent(), "102 Rossi, Mario", `122 90'+30"`)
	if err := e.pipe.Handle(ctx, dropSub("good.trf", good)); err != nil {
		t.Fatal(err)
	}
	if err := e.pipe.Handle(ctx, dropSub("bad.trf", []byte("this is not a tournament"))); err != nil {
		t.Fatal(err)
	}
	if pending, err := e.pipe.Drain(ctx); err != nil || pending != 0 {
		t.Fatal(pending, err)
	}
	st, _ := e.store.Statuses(ctx, 0)
	if len(st) != 2 {
		t.Fatalf("%d submissions", len(st))
	}
	byName := map[string]store.Status{}
	for _, s := range st {
		byName[s.Files[0].Name] = s
		if s.State != store.StateJudged || s.Notice == nil || s.Notice.Status != store.NoticeSent || s.Notice.Attempts != 1 {
			t.Errorf("%s: state %s notice %+v", s.Files[0].Name, s.State, s.Notice)
		}
		// A drop has no sender and the tournament is not in a calendar:
		// the office is told.
		if s.Notice != nil && (len(s.Notice.To) != 1 || s.Notice.To[0] != "ufficio@fsi.example") {
			t.Errorf("recipients %v", s.Notice.To)
		}
	}
	if v := byName["good.trf"].Files[0].Verdict; v != "accepted" && v != "accepted-with-warnings" {
		t.Errorf("good file: %s with %d errors", v, byName["good.trf"].Files[0].Errors)
	}
	if g := byName["good.trf"]; g.Notice.Kind != "receipt" || g.Files[0].Period == "" {
		t.Errorf("good file: notice %s period %q", g.Notice.Kind, g.Files[0].Period)
	}
	if b := byName["bad.trf"]; b.Files[0].Verdict != "rejected" || b.Notice.Kind != "rejection" || b.Files[0].Errors == 0 {
		t.Errorf("bad file: %+v %+v", b.Files[0], b.Notice)
	}
	if n := len(pipelinetest.EMLFiles(e.outbox)); n != 2 {
		t.Fatalf("%d notices in the outbox", n)
	}
	// Handing the same bytes again is answered with a short notice
	// pointing to the first submission and its verdict, once a day.
	for i := range 3 {
		again := dropSub("good.trf", good)
		again.ReceivedAt = time.Now().Add(time.Duration(2+i) * time.Minute)
		if err := e.pipe.Handle(ctx, again); err != nil {
			t.Fatal(err)
		}
		e.pipe.Drain(ctx)
	}
	st, _ = e.store.Statuses(ctx, 0)
	if len(st) != 3 || len(pipelinetest.EMLFiles(e.outbox)) != 3 || st[0].Notice == nil || st[0].Notice.Kind != "repeat" || len(st[0].Files) != 0 {
		t.Fatalf("a repeat: %d submissions, %d notices, %+v", len(st), len(pipelinetest.EMLFiles(e.outbox)), st[0])
	}
}

func TestCorrectedFileSupersedes(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	start := recent()
	v1 := pipelinetest.TRF("Open di Prova", "Milano", start)                                    // no arbiter: rejected
	v2 := pipelinetest.TRF("Open di Prova", "Milano", start, "102 Rossi, Mario", `122 90'+30"`) // corrected
	e.pipe.Handle(ctx, dropSub("v1.trf", v1))
	e.pipe.Drain(ctx)
	e.pipe.Handle(ctx, dropSub("v2.trf", v2))
	e.pipe.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	if len(st) != 2 {
		t.Fatalf("%d submissions", len(st))
	}
	newer, older := st[0].Files[0], st[1].Files[0]
	if newer.Supersedes != older.ID || older.SupersededBy != newer.ID {
		t.Fatalf("newer %+v older %+v", newer, older)
	}
	files := pipelinetest.EMLFiles(e.outbox)
	var said bool
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), "X-Omologa-Submission: 2") {
			said = bytes.Contains(b, []byte("sostituisce v1.trf")) || bytes.Contains(b, []byte("sostituisce v1.t="))
		}
	}
	if !said {
		t.Error("the second notice does not say it supersedes the first file")
	}
}

func TestZipFilesEachGetAVerdict(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i, name := range []string{"a.trf", "../b.trf"} {
		w, _ := zw.Create(name)
		w.Write(pipelinetest.TRF(fmt.Sprintf("Torneo %d", i), "Roma", recent()))
	}
	zw.Close()
	s := dropSub("both.zip", buf.Bytes())
	var err error
	if s.Files, s.Problems, err = ingest.ExpandArchives(s.Files, ingest.Limits{}, nil); err != nil {
		t.Fatal(err)
	}
	e.pipe.Handle(ctx, s)
	e.pipe.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	if len(st) != 1 || len(st[0].Files) != 2 {
		t.Fatalf("%+v", st)
	}
	for _, f := range st[0].Files {
		if f.Verdict == "" || f.From != "both.zip" {
			t.Errorf("%+v", f)
		}
	}
	if st[0].Files[1].Name != "b.trf" {
		t.Errorf("name %q", st[0].Files[1].Name)
	}
}

func TestUnknownSenderQuarantinedKnownAnswered(t *testing.T) {
	start := recent()
	day, _ := time.Parse("2006/01/02", start)
	e := newEnv(t, func(o *pipeline.Options) {
		o.AllowedSenders = true
		o.ExtraSenders = []string{"segreteria@fsi.example"}
		o.Registers = &registers.Set{
			Arbiters: []registers.Arbiter{{FSIID: "1", Surname: "Rossi", Name: "Mario", Email: "Mario.Rossi@example.org"}},
			Calendar: []registers.Event{{Code: "X1", Name: "Open di Prova", City: "Milano", Start: tournament.DateOf(day),
				End: tournament.DateOf(day), OrganiserEmail: "circolo@example.org"}},
		}
	})
	ctx := context.Background()
	data := pipelinetest.TRF("Open di Prova", "Milano", start, "102 Rossi, Mario")
	mail := func(sender, id string) *ingest.Submission {
		return &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(), Sender: sender, MessageID: id,
			Original: ingest.Bytes(append([]byte("Message-Id: "+id+"\r\n\r\n"), data...)), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}},
			Fields: map[string]string{"venue": "Milano"}}
	}
	e.pipe.Handle(ctx, mail("stranger@example.net", "<1@x>"))
	e.pipe.Handle(ctx, mail("\"Mario Rossi\" <mario.rossi@example.org>", "<2@x>"))
	e.pipe.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	if len(st) != 2 {
		t.Fatalf("%d", len(st))
	}
	known, stranger := st[0], st[1]
	if stranger.State != store.StateQuarantined || stranger.Notice != nil {
		t.Errorf("unknown sender: state %s notice %+v", stranger.State, stranger.Notice)
	}
	if known.State != store.StateJudged || known.Notice == nil {
		t.Fatalf("known sender: %+v", known)
	}
	if got := strings.Join(known.Notice.To, ","); got != "mario.rossi@example.org,circolo@example.org" {
		t.Errorf("recipients %s: want the sender and the organiser from the calendar", got)
	}
	if n := len(pipelinetest.EMLFiles(e.outbox)); n != 1 {
		t.Errorf("%d notices: the quarantined submission must not be answered", n)
	}
}

func TestDeliveryRetriesWithBackoff(t *testing.T) {
	e := newEnv(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The outbox cannot be written: a file stands where its folder was.
	os.Remove(e.outbox)
	os.WriteFile(e.outbox, []byte("in the way"), 0o644)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); e.pipe.Run(ctx) }()
	e.pipe.Handle(ctx, dropSub("x.trf", pipelinetest.TRF("Open", "Pisa", recent())))
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, _ := e.store.Statuses(ctx, 1)
		if len(st) == 1 && st[0].Notice != nil && st[0].Notice.Attempts >= 3 {
			if st[0].Notice.Status != store.NoticePending || st[0].Notice.LastError == "" {
				t.Fatalf("%+v", st[0].Notice)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no retries recorded")
		}
		time.Sleep(10 * time.Millisecond)
	}
	os.Remove(e.outbox)
	os.Mkdir(e.outbox, 0o755)
	for len(pipelinetest.EMLFiles(e.outbox)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("not delivered once the outbox was back")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	st, _ := e.store.Statuses(context.Background(), 1)
	if st[0].Notice.Status != store.NoticeSent {
		t.Fatalf("%+v", st[0].Notice)
	}
}

func TestBackoff(t *testing.T) {
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 10: time.Minute} {
		if got := pipeline.Backoff(time.Second, time.Minute, n); got != want {
			t.Errorf("Backoff after %d attempts = %v, want %v", n, got, want)
		}
	}
}

func TestRestartResumesRecordedWork(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	// Recorded, then the process "dies" before judging.
	if _, _, err := e.pipe.Record(ctx, dropSub("r.trf", pipelinetest.TRF("Open", "Bari", recent()))); err != nil {
		t.Fatal(err)
	}
	p2, err := pipeline.New(e.opts)
	if err != nil {
		t.Fatal(err)
	}
	p2.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	if st[0].State != store.StateJudged || st[0].Notice.Status != store.NoticeSent {
		t.Fatalf("%+v", st[0])
	}
}

func TestPanickingReaderBecomesAFinding(t *testing.T) {
	e := newEnv(t, func(o *pipeline.Options) {
		o.Read = func(string, []byte) (*tournament.Tournament, []tournament.Diagnostic, error) { panic("boom") }
	})
	ctx := context.Background()
	e.pipe.Handle(ctx, dropSub("p.trf", []byte("012 x")))
	e.pipe.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	if st[0].State != store.StateJudged || st[0].Files[0].Verdict != "rejected" || st[0].Notice == nil {
		t.Fatalf("%+v", st[0])
	}
}

func TestAcceptedTournamentIsRated(t *testing.T) {
	var rows []registers.Player
	for i := 1; i <= 8; i++ {
		rows = append(rows, registers.Player{FSIID: fmt.Sprint(500 + i), FideID: fmt.Sprint(1000000 + i),
			Surname: "X", Name: "Y", EloItalia: 2100 - 50*i, Category: "1N", MembershipYear: time.Now().Year()})
	}
	e := newEnv(t, func(o *pipeline.Options) { o.Registers = &registers.Set{Players: &registers.Players{Rows: rows}} })
	ctx := context.Background()
	e.pipe.Handle(ctx, dropSub("r.trf", pipelinetest.TRF("Open", "Lodi", recent(), "102 Rossi, Mario", `122 90'+30"`)))
	e.pipe.Drain(ctx)
	st, _ := e.store.Statuses(ctx, 0)
	f := st[0].Files[0]
	rs, err := e.store.Ratings(ctx, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if f.Verdict == "rejected" {
		if len(rs) != 0 {
			t.Fatal("a rejected tournament was rated")
		}
		t.Skipf("the sample tournament is rejected here (%d errors): nothing to rate", f.Errors)
	}
	if len(rs) != 8 || rs[0].Kind != "standard" || !strings.Contains(string(rs[0].Result), `"delta"`) {
		t.Fatalf("%d ratings: %+v", len(rs), rs)
	}
}

// The same message sent again (a new Message-ID, the same sender, body
// fields and attachments) is answered with a short notice pointing to the
// first, once a day; a third time that day gets none.
func TestSameMessageResent(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	data := pipelinetest.TRF("Open di Prova", "Milano", recent(), "102 Rossi, Mario", `122 90'+30"`)
	mail := func(id string) *ingest.Submission {
		return &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(), Sender: "mario.rossi@example.org", MessageID: id,
			Original: ingest.Bytes(append([]byte("Message-Id: "+id+"\r\n\r\n"), data...)), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}},
			Fields: map[string]string{"venue": "Milano"}}
	}
	for _, id := range []string{"<1@x>", "<2@x>", "<3@x>"} {
		if err := e.pipe.Handle(ctx, mail(id)); err != nil {
			t.Fatal(err)
		}
		e.pipe.Drain(ctx)
	}
	st, _ := e.store.Statuses(ctx, 0)
	if len(st) != 3 || st[2].Notice == nil || st[2].Notice.Kind == "repeat" {
		t.Fatalf("%+v", st)
	}
	if n := st[1].Notice; n == nil || n.Kind != "repeat" || st[1].RepeatOf != st[2].ID {
		t.Errorf("the second: %+v", st[1])
	}
	if st[0].Notice != nil || st[0].RepeatOf != st[2].ID || !strings.Contains(st[0].Note, "già segnalato oggi") {
		t.Errorf("the third the same day: %+v", st[0])
	}
	if n := len(pipelinetest.EMLFiles(e.outbox)); n != 2 {
		t.Errorf("%d notices, want 2", n)
	}
}
