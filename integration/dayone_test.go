package integration

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/store/lock"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// Issue 32's done-when, on the real binary and as the README's install
// path goes: `omologa init` on an empty folder, the configuration pointed
// at Dovecot and an SMTP server that wants a login, the registers
// imported, `omologa doctor` all OK (and one PROBLEM line for each broken
// thing: a wrong IMAP password, an unwritable folder, a world-readable
// secret), then the daemon (intake, notices, backups and the web
// application in one process, as deploy/omologa.service runs it): a
// message in, a notice out, /metrics showing both (and refusing a
// proxied request without the token), a backup written at the configured
// minute of the office's clock, verified, and rotated away by the next
// day's; SIGTERM each time ends cleanly with nothing lost.
func TestRealOfficeFromInit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs Dovecot")
	}
	dc := imaptest.StartDovecot(t)
	bin := pipelinetest.BuildBinary(t)
	peer := pipelinetest.StartSMTPAuth(t, "uff", "posta-uff")
	root := pipelinetest.RepoRoot()
	dir := filepath.Join(t.TempDir(), "ufficio")

	// 1. init, with the admin's password from standard input.
	out, code := omologa(t, bin, "segreto-admin\n", "init", "--rules", filepath.Join(root, "rules.yaml"), "--password-stdin", dir)
	if code != 0 || !strings.Contains(out, "account: admin") {
		t.Fatalf("init: exit %d\n%s", code, out)
	}
	cfg := filepath.Join(dir, "omologa.yaml")

	// 2. The configuration: the lines a real office changes, the secrets
	// in files only the service reads.
	secrets := filepath.Join(dir, "secrets")
	os.Mkdir(secrets, 0o700)
	secret := func(name, value string, mode os.FileMode) string {
		p := filepath.Join(secrets, name)
		if err := os.WriteFile(p, []byte(value+"\n"), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
		return p
	}
	secret("imap", dc.Password, 0o600)
	secret("smtp", "posta-uff", 0o600)
	secret("metrics_token", "gettone-di-prova", 0o600)
	web := "127.0.0.1:" + strconv.Itoa(imaptest.FreePort(t))
	yaml := readText(t, cfg)
	yaml = replaceOnce(t, yaml, "listen: 127.0.0.1:8080", "listen: "+web)
	yaml = replaceOnce(t, yaml, "  # token_file: /etc/omologa/secrets/metrics_token", "  token_file: "+filepath.Join(secrets, "metrics_token"))
	yaml = replaceOnce(t, yaml, "  keep_daily: 7\n  keep_monthly: 12\n", "  keep_daily: 1\n  keep_monthly: 0\n")
	yaml = replaceOnce(t, yaml, "  settle: 2s\n", "  settle: 100ms\n")
	yaml += fmt.Sprintf("imap:\n  host: %s\n  port: %d\n  tls: none\n  user: %s\n  password_file: %s\n  mailbox: INBOX\n  processed: Omologa/Processed\n",
		dc.Host, dc.Port, dc.User, filepath.Join(secrets, "imap"))
	yaml += fmt.Sprintf("smtp:\n  host: 127.0.0.1\n  port: %d\n  tls: none\n  user: uff\n  password_file: %s\n", peer.Port, filepath.Join(secrets, "smtp"))
	writeText(t, cfg, yaml)

	// 3. The registers, imported as the README says.
	for _, r := range []string{"players", "arbiters", "calendar"} {
		if out, code := omologa(t, bin, "", "import", "--config", cfg, r, filepath.Join(root, "samples", "registers", r+".csv")); code != 0 {
			t.Fatalf("import %s: exit %d\n%s", r, code, out)
		}
	}

	// 4. doctor: all OK; then one PROBLEM for each broken thing.
	if out, code := omologa(t, bin, "", "doctor", "--config", cfg); code != 0 || strings.Contains(out, "PROBLEM") || strings.Contains(out, dc.Password) {
		t.Fatalf("doctor of the office: exit %d\n%s", code, out)
	} else {
		t.Logf("omologa doctor:\n%s", out)
	}
	broken := []struct {
		name, check string
		breakIt     func()
		mendIt      func()
	}{
		{"wrong IMAP password", "imap",
			func() { secret("imap", "sbagliata", 0o600) }, func() { secret("imap", dc.Password, 0o600) }},
		{"world-readable secret", "secret smtp",
			func() { os.Chmod(filepath.Join(secrets, "smtp"), 0o644) }, func() { os.Chmod(filepath.Join(secrets, "smtp"), 0o600) }},
		{"unwritable folder", "folder drop", func() {
			if os.Geteuid() == 0 {
				// Root writes any folder whatever its mode: a folder the
				// kernel refuses to make stands for one it may not write.
				writeText(t, cfg, replaceOnce(t, yaml, "folder: var/drop", "folder: /sys/omologa-dayone"))
				return
			}
			os.Chmod(filepath.Join(dir, "var", "drop"), 0o500)
		}, func() { writeText(t, cfg, yaml); os.Chmod(filepath.Join(dir, "var", "drop"), 0o750) }},
	}
	for _, b := range broken {
		b.breakIt()
		out, code := omologa(t, bin, "", "doctor", "--config", cfg)
		b.mendIt()
		if code != 1 || strings.Count(out, "PROBLEM") != 1 || !strings.Contains(out, "PROBLEM  "+b.check) || !strings.Contains(out, "fix: ") {
			t.Errorf("doctor with a %s: exit %d, want 1 and one PROBLEM on %s\n%s", b.name, code, b.check, out)
		}
	}
	if out, code := omologa(t, bin, "", "doctor", "--config", cfg); code != 0 {
		t.Fatalf("doctor once mended: exit %d\n%s", code, out)
	}

	// 5. The daemon, its clock a few seconds before the backup's minute
	// (02:30), as the demo pins its own: the only line the test adds
	// that doctor would refuse.
	rome, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(rome)
	day := time.Date(today.Year(), today.Month(), today.Day(), 2, 29, 57, 0, rome)
	writeText(t, cfg, yaml+"clock: \""+day.Format(time.RFC3339)+"\"\n")
	d := pipelinetest.StartDaemon(t, bin, cfg)
	base := "http://" + web
	waitFor(t, "the web application", func() bool { return httpCode(base+"/healthz", nil) == http.StatusOK })

	c := dc.Client(t)
	defer c.Close()
	imaptest.Append(t, c, "INBOX", submission(32, fieldsWithoutOrganiser), time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC))
	n := peer.Next(t, 60*time.Second)
	if len(n.To) == 0 || n.To[0] != "arbitro32@example.it" || !strings.Contains(n.Data, "<sub32@example.it>") {
		t.Fatalf("the notice: to %v\n%s", n.To, n.Data)
	}
	waitFor(t, "the readiness", func() bool { return httpCode(base+"/readyz", nil) == http.StatusOK })
	var metrics string
	waitFor(t, "the metrics of the message and its notice", func() bool {
		metrics = httpBody(base+"/metrics", nil)
		return strings.Contains(metrics, `omologa_submissions{state="judged"} 1`) && strings.Contains(metrics, `omologa_notices{status="sent"} 1`)
	})
	for _, want := range []string{"omologa_imap_connected 1", "omologa_delivery_running 1"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	proxied := map[string]string{"X-Forwarded-For": "203.0.113.7"}
	if code := httpCode(base+"/metrics", proxied); code != http.StatusForbidden && code != http.StatusUnauthorized {
		t.Errorf("/metrics for a request from elsewhere without the token: %d", code)
	}
	proxied["Authorization"] = "Bearer gettone-di-prova"
	if code := httpCode(base+"/metrics", proxied); code != http.StatusOK {
		t.Errorf("/metrics with the token: %d", code)
	}

	// 6. The backup at 02:30 of the office's clock, verified.
	backups := filepath.Join(dir, "var", "backups")
	first := filepath.Join(backups, "omologa-"+day.Format("20060102")+"-0230.db")
	waitFor(t, "the backup at 02:30", func() bool { return fileExists(first) })
	waitFor(t, "the backup's record", func() bool {
		return strings.Contains(httpBody(base+"/metrics", nil), "omologa_backup_last_failed 0") &&
			!strings.Contains(httpBody(base+"/metrics", nil), "omologa_backup_last_success_timestamp_seconds 0\n")
	})
	if _, err := store.Verify(context.Background(), first); err != nil {
		t.Fatalf("the backup does not verify: %v", err)
	}
	stop(t, d)

	// 7. The next day: a new backup, the first rotated away (one daily
	// copy kept, no monthly one).
	writeText(t, cfg, yaml+"clock: \""+day.AddDate(0, 0, 1).Format(time.RFC3339)+"\"\n")
	d = pipelinetest.StartDaemon(t, bin, cfg)
	second := filepath.Join(backups, "omologa-"+day.AddDate(0, 0, 1).Format("20060102")+"-0230.db")
	waitFor(t, "the next day's backup and the rotation", func() bool { return fileExists(second) && !fileExists(first) })
	stop(t, d)

	// Nothing lost: the one message judged and answered once, the
	// mailbox emptied into the processed folder, no notice left claimed,
	// the lock free.
	if peer.Deliveries() != 1 {
		t.Errorf("%d notices delivered, want 1", peer.Deliveries())
	}
	if n := imaptest.Count(t, c, "INBOX"); n != 0 {
		t.Errorf("%d messages left in INBOX", n)
	}
	if n := imaptest.Count(t, c, "Omologa/Processed"); n != 1 {
		t.Errorf("%d messages in the processed folder, want 1", n)
	}
	out, code = omologa(t, bin, "", "status", "--config", cfg, "--json")
	if code != 0 || strings.Count(out, `"state": "judged"`) != 1 || strings.Contains(out, `"claimed`) {
		t.Errorf("status after the stops: exit %d\n%s", code, out)
	}
	if l, err := lock.Acquire(filepath.Join(dir, "var", "omologa.db"), lock.RoleDaemon); err != nil {
		t.Errorf("the store's lock after SIGTERM: %v", err)
	} else {
		l.Release()
	}
}

// omologa runs the binary with stdin and returns its output (both
// streams) and exit code.
func omologa(t *testing.T, bin, stdin string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out.String(), 0
}

// stop sends SIGTERM and wants a clean end: exit 0, said in the logs.
func stop(t *testing.T, d *pipelinetest.Daemon) {
	t.Helper()
	if err := d.Stop(); err != nil {
		t.Fatalf("SIGTERM: %v\n%s", err, d.Logs())
	}
	if logs := d.Logs(); !strings.Contains(logs, "omologa stopped") || strings.Contains(logs, "not judged") {
		t.Errorf("the stop was not clean:\n%s", logs)
	}
}

// get fetches url with header and returns the status (0 when nothing
// answered) and the body.
func get(url string, header map[string]string) (int, string) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func httpCode(url string, header map[string]string) int { code, _ := get(url, header); return code }

func httpBody(url string, header map[string]string) string { _, body := get(url, header); return body }

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeText(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o640); err != nil {
		t.Fatal(err)
	}
}

func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if strings.Count(s, old) != 1 {
		t.Fatalf("%q is not once in the configuration", old)
	}
	return strings.Replace(s, old, new, 1)
}

func fileExists(path string) bool { _, err := os.Stat(path); return err == nil }
