package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/office"
	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runMain(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestIngestStatusImport(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	start := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	good := filepath.Join(dir, "good.trf")
	os.WriteFile(good, pipelinetest.TRF("Open di Prova", "Siena", start, "102 Rossi, Mario", `122 90'+30"`), 0o644)
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte("not a tournament"), 0o644)

	code, out, errs := runCmd(t, "ingest", "--config", cfg, "--json", good)
	if code != exitOK {
		t.Fatalf("ingest of a good file: exit %d\n%s\n%s", code, out, errs)
	}
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 || rows[0].Notice == nil || rows[0].Notice.Status != "sent" {
		t.Fatalf("ingest --json: %v\n%s", err, out)
	}
	if code, _, _ := runCmd(t, "ingest", "--config", cfg, bad); code != exitRejected {
		t.Fatalf("ingest of a bad file: exit %d, want %d", code, exitRejected)
	}
	if code, _, _ := runCmd(t, "ingest", "--config", cfg, filepath.Join(dir, "missing.trf")); code != exitUsage {
		t.Fatalf("ingest of a missing file: exit %d", code)
	}

	code, out, _ = runCmd(t, "status", "--config", cfg)
	if code != exitOK || !strings.Contains(out, "Open di Prova") || !strings.Contains(out, "bad.trf") || !strings.Contains(out, "rejection sent") {
		t.Fatalf("status: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "status", "--config", cfg, "--json", "-n", "1")
	if err := json.Unmarshal([]byte(out), &rows); code != exitOK || err != nil || len(rows) != 1 || rows[0].Files[0].Name != "bad.trf" {
		t.Fatalf("status --json -n 1: %v\n%s", err, out)
	}

	code, out, _ = runCmd(t, "status", "--config", cfg, "--show", "2")
	if code != exitOK || !strings.Contains(out, "Subject: Omologazione: file non leggibile") || !strings.Contains(out, "Come reinviare") {
		t.Fatalf("status --show: exit %d\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "status", "--config", cfg, "--show", "99"); code != exitUsage {
		t.Fatal("status --show of an unknown submission succeeded")
	}

	cal := filepath.Join(dir, "calendar.csv")
	os.WriteFile(cal, []byte("code,name,city,start,end,kind,organiser,organiser_email,arbiter_fsi_id\n"+
		"X1,Open di Prova,Siena,"+strings.ReplaceAll(start, "/", "-")+","+strings.ReplaceAll(start, "/", "-")+",standard,Circolo,circolo@example.org,1\n"), 0o644)
	code, out, errs = runCmd(t, "import", "--config", cfg, "calendar", cal)
	if code != exitOK || !strings.Contains(out, "1 rows") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = runCmd(t, "import", "--config", cfg, "--json", "calendar", cal)
	var imported office.ImportResult
	if err := json.Unmarshal([]byte(out), &imported); code != exitOK || err != nil || imported.Register != "calendar" || imported.Rows != 1 {
		t.Fatalf("import --json: exit %d, %v, %s", code, err, out)
	}
	if code, _, _ := runCmd(t, "import", "--config", cfg, "referees", cal); code != exitUsage {
		t.Fatal("import of an unknown register accepted")
	}
	os.WriteFile(cal, []byte("nonsense\n"), 0o644)
	if code, _, _ := runCmd(t, "import", "--config", cfg, "calendar", cal); code != exitUsage {
		t.Fatal("import of a bad register accepted")
	}
	// The imported calendar names the organiser, who now gets the notice.
	second := filepath.Join(dir, "second.trf")
	os.WriteFile(second, pipelinetest.TRF("Open di Prova", "Siena", start, "102 Rossi, Mario", `122 90'+30"`, "092 Individual: Round robin"), 0o644)
	_, out, _ = runCmd(t, "ingest", "--config", cfg, "--json", second)
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := rows[0].Notice; n == nil || strings.Join(n.To, ",") != "circolo@example.org" {
		t.Errorf("notice %+v: want the organiser from the imported calendar", n)
	}
	if rows[0].Files[0].Supersedes == 0 {
		t.Error("the second file of the same tournament does not supersede the first")
	}
}

func TestWatchOnceTakesTheDropFolder(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	drop := filepath.Join(dir, "drop")
	os.MkdirAll(drop, 0o755)
	start := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	os.WriteFile(filepath.Join(drop, "a.trf"), pipelinetest.TRF("Open A", "Lecce", start), 0o644)
	os.WriteFile(filepath.Join(drop, "b.trf"), pipelinetest.TRF("Open B", "Lecce", start), 0o644)
	// A saved e-mail message is read as one, sender and attachment.
	msg, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "mail", "open_novara_2026.eml"))
	if err != nil {
		t.Skip("samples/mail missing:", err)
	}
	os.WriteFile(filepath.Join(drop, "novara.eml"), msg, 0o644)
	code, _, errs := runCmd(t, "watch", "--config", cfg, "--once")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if n := countEML(t, filepath.Join(dir, "outbox")); n != 3 {
		t.Fatalf("%d notices\n%s", n, errs)
	}
	_, out, _ := runCmd(t, "status", "--config", cfg, "--json")
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 3 {
		t.Fatalf("%v\n%s", err, out)
	}
	var fromMail *store.Status
	for i := range rows {
		if strings.HasSuffix(rows[i].Source, "novara.eml") && strings.Contains(rows[i].Source, "archive") {
			fromMail = &rows[i]
		}
	}
	if fromMail == nil || fromMail.Sender == "" || fromMail.MessageID == "" || len(fromMail.Files) != 1 ||
		!strings.HasSuffix(fromMail.Files[0].Name, ".trf") {
		t.Fatalf("the dropped message: %+v", fromMail)
	}
	if n := countEntries(drop); n != 0 {
		t.Fatalf("%d files left in the drop folder", n)
	}
	checkSpoolEmpty(t, cfg)
	if code, _, _ := runCmd(t, "watch", "--config", filepath.Join(dir, "missing.yaml"), "--once"); code != exitUsage {
		t.Fatal("a missing configuration is not a usage error")
	}
}

// checkSpoolEmpty checks that what was received went through the
// configuration's incoming spool and left nothing there.
func checkSpoolEmpty(t *testing.T, cfgPath string) {
	t.Helper()
	c, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(c.IncomingDir())
	if err != nil {
		t.Fatalf("no incoming spool: %v", err)
	}
	if len(ents) != 0 {
		t.Errorf("%d files left in the incoming spool", len(ents))
	}
}

// omologa ingest reads a saved message and a zip archive through the
// spool, and empties it; a message over max_message_bytes is recorded
// unread and answered with a rejection naming the limit, as the drop
// folder does (one intake path, issues 19 and 21).
func TestIngestThroughTheSpool(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms")
	msg, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "mail", "open_novara_2026.eml"))
	if err != nil {
		t.Skip("samples/mail missing:", err)
	}
	eml := filepath.Join(dir, "novara.eml")
	os.WriteFile(eml, msg, 0o644)
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("lecce.trf")
	w.Write(pipelinetest.TRF("Open Lecce", "Lecce", time.Now().AddDate(0, 0, -7).Format("2006/01/02")))
	zw.Close()
	archive := filepath.Join(dir, "files.zip")
	os.WriteFile(archive, zbuf.Bytes(), 0o644)
	code, out, errs := runCmd(t, "ingest", "--config", cfg, "--json", eml, archive)
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 || code == exitUsage {
		t.Fatalf("exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	for _, r := range rows {
		if len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, ".trf") {
			t.Errorf("%s: files %+v", r.Source, r.Files)
		}
	}
	checkSpoolEmpty(t, cfg)

	c, err := config.Load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.eml")
	os.WriteFile(big, append(msg, bytes.Repeat([]byte("x"), int(c.Limits.MaxMessageBytes))...), 0o644)
	code, out, errs = runCmd(t, "ingest", "--config", cfg, "--json", big)
	if err := json.Unmarshal([]byte(out), &rows); err != nil || code != exitRejected || len(rows) != 1 ||
		len(rows[0].Problems) != 1 || !strings.Contains(rows[0].Problems[0], "supera il limite") || rows[0].Notice == nil {
		t.Errorf("an oversized message: exit %d, %v\n%s\n%s", code, err, out, errs)
	}
	checkSpoolEmpty(t, cfg)
}

// Measured (issue 21): with allowed_senders on, `omologa ingest FILE.eml`
// accepted a forged From, a From with two addresses and a PEC envelope
// of a provider not configured, which the mailbox quarantined. The
// saved message now goes through the mailbox's sender policy.
func TestIngestMessageSenderPolicy(t *testing.T) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms", "allowed_senders:\n  enabled: true\n  authserv_id: mx.fsi.example\n  pec_providers: [pec.provider.it]")
	start := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	trf := string(pipelinetest.TRF("Open di Prova", "Siena", start, "102 Rossi, Mario"))
	msg := func(headers string) string {
		return headers + "Subject: torneo\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n" +
			"--B\r\nContent-Type: text/plain\r\n\r\nin allegato\r\n--B\r\nContent-Type: text/plain; name=t.trf\r\n" +
			"Content-Disposition: attachment; filename=t.trf\r\n\r\n" + trf + "\r\n--B--\r\n"
	}
	for i, c := range []struct{ name, raw, why string }{
		{"forged From", msg("From: mario.rossi@example.org\r\nMessage-ID: <a@x>\r\nAuthentication-Results: mx.fsi.example; dmarc=fail header.from=example.org\r\n"), "non autenticato"},
		{"two From addresses", msg("From: mario.rossi@example.org, x@evil.example\r\nMessage-ID: <b@x>\r\nAuthentication-Results: mx.fsi.example; dmarc=pass header.from=example.org\r\n"), "più di un indirizzo"},
		{"PEC of a provider not configured", "From: posta-certificata@pec.fake.it\r\nMessage-ID: <c@x>\r\nAuthentication-Results: mx.fsi.example; dmarc=pass header.from=pec.fake.it\r\n" +
			"X-Trasporto: posta-certificata\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=E\r\n\r\n--E\r\nContent-Type: message/rfc822\r\n\r\n" +
			msg("From: mario.rossi@example.org\r\n") + "\r\n--E--\r\n", "gestore non configurato"},
	} {
		path := filepath.Join(dir, fmt.Sprintf("m%d.eml", i))
		os.WriteFile(path, []byte(c.raw), 0o644)
		code, out, errs := runCmd(t, "ingest", "--config", cfg, "--json", path)
		var rows []store.Status
		if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
			t.Fatalf("%s: exit %d, %v\n%s\n%s", c.name, code, err, out, errs)
		}
		if r := rows[0]; r.State != store.StateQuarantined || !strings.Contains(r.Note, c.why) || r.Notice != nil {
			t.Errorf("%s: %s (%s), notice %v; want quarantined (%s)", c.name, r.State, r.Note, r.Notice, c.why)
		}
	}
}
