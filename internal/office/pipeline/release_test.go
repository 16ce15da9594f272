package pipeline_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/intake/ingest"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

func TestQuarantinedReleasedIsAnsweredDroppedIsNot(t *testing.T) {
	e := newEnv(t, func(o *pipeline.Options) {
		o.AllowedSenders = true
		o.Registers = &registers.Set{}
	})
	ctx := context.Background()
	data := pipelinetest.TRF("Open di Prova", "Milano", recent(), "102 Rossi, Mario")
	mail := func(id string) *ingest.Submission {
		return &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(), Sender: "stranger@example.net",
			MessageID: id, Original: ingest.Bytes(append([]byte("Message-Id: "+id+"\r\n\r\n"), data...)),
			Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}}, Fields: map[string]string{"venue": "Milano"}}
	}
	rel, _, err := e.pipe.Record(ctx, mail("<1@x>"))
	if err != nil {
		t.Fatal(err)
	}
	drop, _, _ := e.pipe.Record(ctx, mail("<2@x>"))
	e.pipe.Drain(ctx)
	if n := len(pipelinetest.EMLFiles(e.outbox)); n != 0 {
		t.Fatalf("%d notices for quarantined submissions", n)
	}

	if err := e.pipe.Release(ctx, rel, "mrossi"); err != nil {
		t.Fatal(err)
	}
	if err := e.pipe.Discard(ctx, drop, "mrossi"); err != nil {
		t.Fatal(err)
	}
	e.pipe.Drain(ctx)
	files := pipelinetest.EMLFiles(e.outbox)
	if n := len(files); n != 1 {
		t.Fatalf("%d notices, want one for the released submission", n)
	}
	// The notice tells the sender why the answer waited for the office.
	if b, err := os.ReadFile(files[0]); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(strings.ReplaceAll(string(b), "=\r\n", ""), "l'ufficio ha verificato l'invio") {
		t.Errorf("the notice does not say the office released the submission:\n%s", b)
	}
	st, _ := e.store.Statuses(ctx, 0)
	byID := map[int64]store.Status{}
	for _, s := range st {
		byID[s.ID] = s
	}
	r := byID[rel]
	if r.State != store.StateJudged || r.Notice == nil || strings.Join(r.Notice.To, ",") != "stranger@example.net" ||
		r.Files[0].Verdict == "" || r.Office == nil || r.Office.By != "mrossi" || !strings.Contains(r.Note, "rilasciata") {
		t.Errorf("released: %+v", r)
	}
	if d := byID[drop]; d.State != store.StateDiscarded || d.Notice != nil || d.Files[0].Verdict != "" {
		t.Errorf("dropped: %+v", d)
	}
	var se *store.StateError
	if err := e.pipe.Release(ctx, rel, "mrossi"); !errors.As(err, &se) || se.State != store.StateJudged {
		t.Errorf("releasing a judged submission: %v", err)
	}
}
