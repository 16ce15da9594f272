package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/testkit/pipelinetest"
)

// Issue 30: authorisation is never assumed. A tournament the calendar
// does not settle (another name on an event's dates in its city; the
// event's name and dates in another city) is held for the office:
// neither homologated nor rejected, its receipt saying the authorisation
// is being verified; the office's confirmation makes it homologated as
// authorised by the event, its refusal rejects it (RTF 5.3.1 g), each
// with a notice to the arbiter and an audited act.
func TestAuthorisationHeldForTheOffice(t *testing.T) {
	dir := t.TempDir()
	start := time.Now().AddDate(0, 0, -10)
	day := func(d time.Time) string { return d.Format("2006-01-02") }
	cal := filepath.Join(dir, "calendar.csv")
	os.WriteFile(cal, []byte(strings.Join(registers.CalendarColumns, ",")+"\n"+
		"2026-NO-0412,Open Città di Novara,Novara,"+day(start)+","+day(start.AddDate(0, 0, 6))+",standard,Circolo Scacchistico Novarese,torneo@scacchinovara.example,\n"), 0o644)
	cfg := pipelinetest.Config(t, dir, "100ms", "registers:", "  calendar: "+cal)
	files := map[string][]byte{
		"festa.trf":    pipelinetest.TRF("Festa degli Scacchi", "Novara", start.Format("2006/01/02"), "102 Rossi, Mario", `122 90'+30"`),
		"galliate.trf": pipelinetest.TRF("Open Città di Novara", "Galliate", start.Format("2006/01/02"), "102 Rossi, Mario", `122 90'+30"`),
	}
	for _, name := range []string{"festa.trf", "galliate.trf"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, files[name], 0o644)
		if code, out, errs := runCmd(t, "ingest", "--config", cfg, p); code != exitOK {
			t.Fatalf("ingest %s: exit %d\n%s%s", name, code, out, errs)
		}
	}
	for _, id := range []int64{1, 2} {
		st := statusOf(t, cfg, id)
		if len(st.Files) != 1 || st.Files[0].State.State != "authorisation-pending" || st.Files[0].State.Counts {
			t.Fatalf("submission %d: %+v, want held for its authorisation", id, st.Files)
		}
	}
	code, out, _ := runCmd(t, "status", "--config", cfg, "--show", "1")
	if code != exitOK || !strings.Contains(out, "AUTORIZZAZIONE IN VERIFICA") || !strings.Contains(out, "2026-NO-0412") ||
		!strings.Contains(out, "ancora omologato né respinto") || !strings.Contains(out, "per ora non serve altro") {
		t.Errorf("the receipt of a held file:\n%s", out)
	}
	code, out, _ = runCmd(t, "status", "--config", cfg, "--show", "2")
	if code != exitOK || !strings.Contains(out, "differenze: la città") {
		t.Errorf("the receipt of the other city's file names the city as what differs:\n%s", out)
	}

	// The office's word: usage first.
	if code, _, _ := runCmd(t, "verdict", "authorise", "1.1", "--config", cfg); code != exitUsage {
		t.Errorf("authorise without --event: exit %d", code)
	}
	if code, _, errs := runCmd(t, "verdict", "authorise", "1.1", "--event", "2026-XX-9999", "--config", cfg); code == exitOK ||
		!strings.Contains(errs, "2026-XX-9999") {
		t.Errorf("authorise by an event not in the calendar: exit %d %s", code, errs)
	}
	if code, _, _ := runCmd(t, "verdict", "unauthorised", "2.1", "--config", cfg); code != exitUsage && code != exitRejected {
		t.Errorf("unauthorised without a reason: exit %d", code)
	}
	code, out, errs := runCmd(t, "verdict", "authorise", "1.1", "--event", "2026-no-0412", "--reason", "verificato con il comitato regionale", "--config", cfg, "--json")
	if code != exitOK || !strings.Contains(out, `"counts_in": "`) || !strings.Contains(out, `"notice": "authorisation"`) {
		t.Fatalf("authorise: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "verdict", "unauthorised", "2.1", "--reason", "a Galliate non risulta alcun torneo autorizzato", "--config", cfg)
	if code != exitOK || !strings.Contains(out, "-> rejected") {
		t.Fatalf("unauthorised: exit %d\n%s%s", code, out, errs)
	}
	// A re-judgement keeps the office's word.
	if code, out, errs := runCmd(t, "verdict", "rejudge", "1.1", "--config", cfg, "--json"); code != exitOK || !strings.Contains(out, `"counts_in": "`) {
		t.Errorf("rejudge after the confirmation: exit %d\n%s%s", code, out, errs)
	}
	var rows []struct {
		Files []struct {
			State struct{ State string } `json:"state"`
		} `json:"files"`
		Notice struct{ Kind string } `json:"notice"`
	}
	_, out, _ = runCmd(t, "status", "--config", cfg, "--json")
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("status: %v\n%s", err, out)
	}
	// The refusal's notice, in the thread of the submission, cites the
	// article.
	notices, _ := filepath.Glob(filepath.Join(dir, "outbox", "omologa.2.authorisation.*.eml"))
	if len(notices) != 1 {
		t.Fatalf("notices of the refusal: %v", notices)
	}
	if body := string(mustRead(t, notices[0])); !strings.Contains(body, "RTF 5.3.1 g") || !strings.Contains(body, "a Galliate non risulta") {
		t.Errorf("the refusal's notice cites RTF 5.3.1 g and the office's reason:\n%s", body)
	}
	code, out, _ = runCmd(t, "audit", "--config", cfg)
	if code != exitOK || !strings.Contains(out, "authorisation confirmed, event 2026-NO-0412") || !strings.Contains(out, "declared not authorised") {
		t.Errorf("audit:\n%s", out)
	}
}
