package doctor

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/config"
	"omologa/internal/office/setup"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// newOffice writes a new office with init's own files, its registers the
// samples', its mailbox the in-process IMAP server and its mail server
// a peer that wants a login; edit changes the configuration's text
// before it is loaded.
func newOffice(t *testing.T, edit func(dir, yaml string) string) *config.Config {
	t.Helper()
	dir := t.TempDir()
	rules, err := os.ReadFile("../../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := setup.Write(dir, rules); err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"players", "arbiters", "calendar"} {
		b, err := os.ReadFile("../../../samples/registers/" + r + ".csv")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "registers", r+".csv"), b, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	im := imaptest.Start(t)
	sm := pipelinetest.StartSMTPAuth(t, "uff", "posta-segreta")
	secret := func(name, pw string) string {
		p := filepath.Join(dir, "secrets", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(pw+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	b, err := os.ReadFile(filepath.Join(dir, setup.ConfigName))
	if err != nil {
		t.Fatal(err)
	}
	y := string(b) + "imap:\n  host: " + im.Host() + "\n  port: " + strconv.Itoa(im.Port()) + "\n  tls: none\n  user: " + imaptest.User +
		"\n  password_file: " + secret("imap", imaptest.Password) + "\n  processed: Processed\n" +
		"smtp:\n  host: 127.0.0.1\n  port: " + strconv.Itoa(sm.Port) + "\n  tls: none\n  user: uff\n  password_file: " + secret("smtp", "posta-segreta") + "\n"
	if edit != nil {
		y = edit(dir, y)
	}
	path := filepath.Join(dir, setup.ConfigName)
	if err := os.WriteFile(path, []byte(y), 0o640); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func run(t *testing.T, cfg *config.Config) *Report {
	t.Helper()
	return Run(context.Background(), cfg, Options{Timeout: 5 * time.Second, Now: time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)})
}

// TestReadyOffice: a new office pointed at a mailbox and a mail server
// that answer is ready, every line OK, and no secret is shown.
func TestReadyOffice(t *testing.T) {
	r := run(t, newOffice(t, nil))
	for _, c := range r.Checks {
		if !c.OK {
			t.Errorf("PROBLEM %s: %s (fix: %s)", c.Name, c.Detail, c.Fix)
		}
		if strings.Contains(c.Detail, imaptest.Password) || strings.Contains(c.Detail, "posta-segreta") {
			t.Errorf("%s shows a secret: %s", c.Name, c.Detail)
		}
	}
	if !r.OK {
		t.Fatal("a ready office is not OK")
	}
	want := []string{"configuration", "rules", "time zone", "store", "folder drop", "secret imap", "secret smtp",
		"register players", "imap", "smtp", "portal", "disk"}
	names := map[string]bool{}
	for _, c := range r.Checks {
		names[c.Name] = true
	}
	for _, w := range want {
		if !names[w] {
			t.Errorf("no %q line", w)
		}
	}
}

// TestProblems: each broken thing is one PROBLEM line with its fix, and
// the others stay OK.
func TestProblems(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(dir, y string) string
		after func(t *testing.T, cfg *config.Config)
		check string
		says  string
		fix   string
	}{
		{name: "wrong IMAP password", check: "imap", says: "login as " + imaptest.User + " was refused", fix: "password",
			after: func(t *testing.T, cfg *config.Config) { writeFile(t, cfg.IMAP.File, "sbagliata\n", 0o600) }},
		{name: "wrong SMTP password", check: "smtp", says: "login as uff was refused", fix: "password",
			after: func(t *testing.T, cfg *config.Config) { writeFile(t, cfg.SMTP.File, "sbagliata\n", 0o600) }},
		{name: "world-readable secret", check: "secret smtp", says: "readable by others (mode 0644)", fix: "chmod 600",
			after: func(t *testing.T, cfg *config.Config) { os.Chmod(cfg.SMTP.File, 0o644) }},
		{name: "unwritable folder", check: "folder drop", says: "", fix: "",
			edit: func(dir, y string) string {
				if os.Geteuid() == 0 {
					// Root writes any folder whatever its mode: a folder
					// the kernel refuses to make stands for it.
					return strings.Replace(y, "folder: var/drop", "folder: /sys/omologa-doctor-test", 1)
				}
				os.Chmod(filepath.Join(dir, "var/drop"), 0o500)
				return y
			}},
		{name: "mailbox gone", check: "imap", says: "does not answer", fix: "imap.host",
			after: func(t *testing.T, cfg *config.Config) { cfg.IMAP.Port = imaptest.FreePort(t) }},
		{name: "missing mailbox", check: "imap", says: `mailbox "Posta"`, fix: "imap.mailbox",
			edit: func(_, y string) string {
				return strings.Replace(y, "  processed: Processed\n", "  processed: Processed\n  mailbox: Posta\n", 1)
			}},
		{name: "no players", check: "register players", says: "no rows", fix: "omologa import",
			after: func(t *testing.T, cfg *config.Config) {
				// The header init writes, and no row.
				b, _ := os.ReadFile(cfg.Registers.Players)
				writeFile(t, cfg.Registers.Players, strings.SplitAfter(string(b), "\n")[0], 0o640)
			}},
		{name: "demo clock", check: "configuration", says: "pins the office's clock", fix: "remove clock",
			edit: func(_, y string) string { return y + "clock: 2026-12-31T10:00:00+01:00\n" }},
		{name: "portal over plain HTTP", check: "portal", says: "not HTTPS", fix: "https://",
			edit: func(_, y string) string {
				return strings.Replace(y, "  # https: proxy\n", "  https: proxy\n  portal_url: http://omologa.example.org/portale\n", 1)
			}},
		{name: "portal outside the trusted origins", check: "portal", says: "not among web.trusted_origins", fix: "add https://omologa.example.org",
			edit: func(_, y string) string {
				return strings.Replace(y, "  # https: proxy\n", "  https: proxy\n  trusted_origins: [https://proxy.example.org]\n  portal_url: https://omologa.example.org/portale\n", 1)
			}},
		{name: "public office without a portal address", check: "portal", says: "no web.portal_url", fix: "web.portal_url",
			edit: func(_, y string) string {
				return strings.Replace(y, "listen: 127.0.0.1:8080", "listen: 0.0.0.0:8080", 1)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := newOffice(t, tc.edit)
			if tc.after != nil {
				tc.after(t, cfg)
			}
			r := run(t, cfg)
			if r.OK {
				t.Fatal("OK despite the problem")
			}
			var bad []Check
			for _, c := range r.Checks {
				if !c.OK {
					bad = append(bad, c)
				}
			}
			if len(bad) != 1 || bad[0].Name != tc.check {
				t.Fatalf("problems %+v, want one on %s", bad, tc.check)
			}
			if !strings.Contains(bad[0].Detail, tc.says) || !strings.Contains(bad[0].Fix, tc.fix) || bad[0].Fix == "" {
				t.Errorf("%s: %q, fix %q; want %q and a fix with %q", tc.check, bad[0].Detail, bad[0].Fix, tc.says, tc.fix)
			}
		})
	}
}

func writeFile(t *testing.T, path, s string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
}
