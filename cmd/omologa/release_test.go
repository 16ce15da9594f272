package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// quarantine records e-mail submissions from an unknown sender through
// the configured pipeline (allowed senders on) and judges them: they end
// quarantined.
func quarantine(t *testing.T, cfgPath string, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	a, err := openApp(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	data := pipelinetest.TRF("Open di Prova", "Siena", time.Now().AddDate(0, 0, -7).Format("2006/01/02"), "102 Rossi, Mario")
	var ids []int64
	for i := range n {
		mid := "<q" + string(rune('a'+i)) + "@x>"
		id, _, err := a.pipe.Record(ctx, &ingest.Submission{Channel: ingest.ChannelIMAP, ReceivedAt: time.Now(),
			Sender: "stranger@example.net", MessageID: mid, Source: "INBOX/1/" + mid,
			Original: ingest.Bytes(append([]byte("Message-Id: "+mid+"\r\n\r\n"), data...)), Files: []ingest.File{{Name: "t.trf", Content: ingest.Bytes(data)}},
			Fields: map[string]string{"venue": "Siena"}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if _, err := a.pipe.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestReleaseQuarantined(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms", "allowed_senders:\n  enabled: true\n  authenticate: false")
	ids := quarantine(t, cfg, 3)
	outbox := filepath.Join(dir, "outbox")
	if n := countEML(t, outbox); n != 0 {
		t.Fatalf("%d notices for quarantined submissions", n)
	}
	if testing.Verbose() {
		_, out, _ := runCmd(t, "status", "--config", cfg)
		t.Log(out)
	}
	rel, drop, other := itoa(int(ids[0])), itoa(int(ids[1])), itoa(int(ids[2]))

	code, out, _ := runCmd(t, "status", "--config", cfg)
	if code != exitOK || strings.Count(out, "QUARANTINED") != 3 || !strings.Contains(out, "omologa release "+rel) {
		t.Fatalf("status does not show the quarantine: exit %d\n%s", code, out)
	}

	code, out, errs := runCmd(t, "release", "--config", cfg, "--json", rel)
	if code != exitOK {
		t.Fatalf("release: exit %d\n%s\n%s", code, out, errs)
	}
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("release --json: %v\n%s", err, out)
	}
	r := rows[0]
	if r.State != store.StateJudged || r.Notice == nil || r.Notice.Status != store.NoticeSent || r.Files[0].Verdict == "" ||
		r.Office == nil || r.Office.Action != store.OfficeReleased || r.Office.By == "" {
		t.Fatalf("released submission: %+v", r)
	}
	if n := countEML(t, outbox); n != 1 {
		t.Fatalf("%d notices after the release, want 1", n)
	}

	code, out, errs = runCmd(t, "release", "--config", cfg, "--drop", drop)
	if code != exitOK || !strings.Contains(out, "discarded") {
		t.Fatalf("release --drop: exit %d\n%s\n%s", code, out, errs)
	}
	if n := countEML(t, outbox); n != 1 {
		t.Fatalf("%d notices after --drop, want still 1", n)
	}

	if testing.Verbose() {
		_, out, _ := runCmd(t, "status", "--config", cfg)
		t.Log(out)
	}
	// Only the third is still quarantined.
	code, out, _ = runCmd(t, "status", "--config", cfg, "--quarantined", "--json")
	if err := json.Unmarshal([]byte(out), &rows); code != exitOK || err != nil || len(rows) != 1 || itoa(int(rows[0].ID)) != other {
		t.Fatalf("status --quarantined: %v\n%s", err, out)
	}
	code, out, _ = runCmd(t, "status", "--config", cfg, "--json")
	if err := json.Unmarshal([]byte(out), &rows); code != exitOK || err != nil || len(rows) != 3 {
		t.Fatalf("status: %v\n%s", err, out)
	}
	for _, r := range rows {
		if itoa(int(r.ID)) == drop && (r.State != store.StateDiscarded || r.Notice != nil || r.Office == nil) {
			t.Errorf("dropped submission: %+v", r)
		}
	}

	// Not quarantined (any more): an error naming the state, exit 2.
	for _, c := range []struct{ id, state string }{{rel, "judged"}, {drop, "discarded"}} {
		code, _, errs = runCmd(t, "release", "--config", cfg, c.id)
		if code != exitUsage || !strings.Contains(errs, "is "+c.state+", not quarantined") {
			t.Errorf("release of a %s submission: exit %d\n%s", c.state, code, errs)
		}
	}
	if code, _, errs = runCmd(t, "release", "--config", cfg, "99"); code != exitUsage || !strings.Contains(errs, "no submission 99") {
		t.Errorf("release of an unknown submission: exit %d\n%s", code, errs)
	}
	if code, _, _ = runCmd(t, "release", "--config", cfg, "x"); code != exitUsage {
		t.Errorf("release of a non-number: exit %d", code)
	}
	if code, _, _ = runCmd(t, "release", "--config", cfg); code != exitUsage {
		t.Errorf("release without ids: exit %d", code)
	}
	if n := countEML(t, outbox); n != 1 {
		t.Fatalf("%d notices in the end, want 1", n)
	}
}
