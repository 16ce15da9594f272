package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSamplesConfigLoads(t *testing.T) {
	c, err := Load(filepath.Join("..", "..", "samples", "omologa.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	samples, _ := filepath.Abs(filepath.Join("..", "..", "samples"))
	if want := filepath.Join(samples, "..", "var", "drop"); c.Drop.Folder != filepath.Clean(want) {
		t.Errorf("drop folder %q, want %q", c.Drop.Folder, want)
	}
	if len(c.Drop.Seed) != 2 || c.Drop.Seed[0] != filepath.Join(samples, "drop") || c.Drop.Seed[1] != filepath.Join(samples, "mail") {
		t.Errorf("seed %q", c.Drop.Seed)
	}
	if c.SMTP != nil || c.IMAP != nil {
		t.Error("the demo configuration must need no network")
	}
	if c.Outbox == "" || c.Notices.Language != "it" || c.Drop.Settle != time.Second {
		t.Errorf("outbox %q language %q settle %v", c.Outbox, c.Notices.Language, c.Drop.Settle)
	}
}

const minimal = `drop:
  folder: drop
spool: spool
store:
  path: o.db
outbox: outbox
rules: rules.yaml
notices:
  from: a@b.example
  office: c@b.example
`

func TestDefaultsAndRelativePaths(t *testing.T) {
	c, err := Parse("/etc/omologa/omologa.yaml", []byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if c.Drop.Folder != "/etc/omologa/drop" || c.Store.Path != "/etc/omologa/o.db" || c.Rules != "/etc/omologa/rules.yaml" {
		t.Errorf("paths not resolved against the file's folder: %+v %+v %q", c.Drop, c.Store, c.Rules)
	}
	if c.Drop.Settle != DefaultSettle || c.Limits.MaxFileBytes != DefaultMaxFileBytes || c.Limits.MemoryBytes != DefaultMemoryBytes || c.Notices.MaxAttempts != DefaultMaxAttempts {
		t.Errorf("defaults not filled: %+v %+v", c.Drop, c.Limits)
	}
	if c.ArchiveDir() != "/etc/omologa/spool/archive" || c.RejectedDir() != "/etc/omologa/spool/rejected" {
		t.Error(c.ArchiveDir(), c.RejectedDir())
	}
}

func TestStrictErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"unknown key names its line", minimal + "colour: blue\n", "x.yaml:11"},
		{"missing required key", strings.Replace(minimal, "spool: spool\n", "", 1), `missing required key "spool"`},
		{"wrong type", minimal + "limits:\n  max_archive_files: many\n", "x.yaml:12"},
		{"bad tls mode", minimal + "imap:\n  host: h\n  port: 993\n  tls: maybe\n  user: u\n  password_env: P\n", `imap.tls is "maybe"`},
		{"no way out for notices", strings.Replace(minimal, "outbox: outbox\n", "", 1), "neither smtp nor outbox"},
		{"no intake", strings.Replace(minimal, "drop:\n  folder: drop\n", "", 1), "neither drop nor imap"},
		{"bad address", strings.Replace(minimal, "a@b.example", "nobody", 1), `notices.from "nobody"`},
		{"bad language", minimal + "  language: fr\n", `notices.language is "fr"`},
		{"seed_received not RFC 3339", strings.Replace(minimal, "  folder: drop\n", "  folder: drop\n  seed: [s]\n  seed_received: 23/11/2026\n", 1), `drop.seed_received "23/11/2026"`},
		{"memory limit too small to run", minimal + "limits:\n  memory_bytes: 1000000\n", "limits.memory_bytes is 1000000: at least 16777216"},
		{"seed_received without seeds", strings.Replace(minimal, "  folder: drop\n", "  folder: drop\n  seed_received: \"2026-11-23T10:00:00Z\"\n", 1), "drop.seed lists no folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestPasswordFromEnvironment(t *testing.T) {
	t.Setenv("OMOLOGA_TEST_PW", "s3cret")
	if p, err := Password("OMOLOGA_TEST_PW"); err != nil || p != "s3cret" {
		t.Fatal(p, err)
	}
	if _, err := Password("OMOLOGA_TEST_UNSET_PW"); err == nil {
		t.Fatal("an unset variable must be an error")
	}
}

func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "samples", "omologa.yaml")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(minimal))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("/x/omologa.yaml", data)
		if err == nil && (c.Spool == "" || c.Store.Path == "" || c.Rules == "" || !filepath.IsAbs(c.Store.Path)) {
			t.Fatalf("accepted a configuration without its required paths: %+v", c)
		}
	})
}

func TestWebSection(t *testing.T) {
	c, err := Parse("/etc/omologa/omologa.yaml", []byte(minimal+"web:\n  listen: 127.0.0.1:8080\n  tls_cert: c.pem\n  tls_key: k.pem\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Web.Session != DefaultWebSession || c.Web.Language != "it" || c.Web.TLSCert != "/etc/omologa/c.pem" {
		t.Errorf("web defaults or paths: %+v", c.Web)
	}
	if !c.Web.OverHTTPS() || c.Web.BehindProxy() {
		t.Errorf("tls_cert set: over HTTPS %v, behind a proxy %v", c.Web.OverHTTPS(), c.Web.BehindProxy())
	}
	if c, err := Parse("o.yaml", []byte(minimal+"web:\n  listen: 127.0.0.1:8080\n  https: proxy\n")); err != nil || !c.Web.OverHTTPS() || !c.Web.BehindProxy() {
		t.Errorf("https: proxy: %v", err)
	}
	for _, tc := range []struct{ web, want string }{
		{"web:\n  listen: localhost\n", "web.listen"},
		{"web:\n  listen: 127.0.0.1:8080\n  tls_cert: c.pem\n", "tls_cert and tls_key"},
		{"web:\n  listen: 127.0.0.1:8080\n  session: 10s\n", "web.session"},
		{"web:\n  listen: 127.0.0.1:8080\n  language: fr\n", "web.language"},
		{"web:\n  listen: 127.0.0.1:8080\n  port: 8080\n", "port"},
		{"web:\n  listen: 127.0.0.1:8080\n  https: yes\n", "web.https"},
		{"web:\n  listen: 127.0.0.1:8080\n  https: direct\n", "tls_cert and tls_key are needed"},
		{"web:\n  listen: 127.0.0.1:8080\n  https: proxy\n  tls_cert: c.pem\n  tls_key: k.pem\n", "choose direct or proxy"},
	} {
		_, err := Parse("o.yaml", []byte(minimal+tc.web))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error naming %s", tc.web, err, tc.want)
		}
	}
}
