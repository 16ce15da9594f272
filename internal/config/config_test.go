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
	// The portal's section shows the defaults.
	if want := (Portal{LinkLifetime: DefaultPortalLinkLifetime, LinksPerHour: DefaultPortalLinksPerHour, UploadsPerHour: DefaultPortalUploadsPerHour,
		MaxUploadBytes: c.Limits.MaxFileBytes, Judging: DefaultPortalJudging, Session: c.Web.Session}); c.Portal != want {
		t.Errorf("the sample's portal section %+v, want the defaults %+v", c.Portal, want)
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
	if c.PublishDir("site") != "/etc/omologa/publish/site" || c.OfficeDir("fide-2027-01") != "/etc/omologa/office/fide-2027-01" {
		t.Error("the folders beside the store:", c.PublishDir("site"), c.OfficeDir("fide-2027-01"))
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

// TestPortalSection: the portal's bounds are decoded as given, a key
// left out takes today's default (the session web.session's, the upload
// limits.max_file_bytes'), and a key given out of its range is an error
// naming the file, the line and the key.
func TestPortalSection(t *testing.T) {
	const web = "web:\n  listen: 127.0.0.1:8080\n  session: 8h\n"
	// minimal has 10 lines; web 3 more; the portal section starts at 14,
	// its first key at 15.
	for _, tc := range []struct {
		name, portal string
		want         Portal // when no error
		err          string
	}{
		{"absent: today's defaults", "", Portal{LinkLifetime: 15 * time.Minute, LinksPerHour: 5, UploadsPerHour: 30,
			MaxUploadBytes: DefaultMaxFileBytes, Judging: 2, Session: 8 * time.Hour}, ""},
		{"empty section: the defaults", "portal: {}\n", Portal{LinkLifetime: 15 * time.Minute, LinksPerHour: 5, UploadsPerHour: 30,
			MaxUploadBytes: DefaultMaxFileBytes, Judging: 2, Session: 8 * time.Hour}, ""},
		{"every key set", "portal:\n  link_lifetime: 30m\n  links_per_hour: 2\n  uploads_per_hour: 10\n  max_upload_bytes: 1048576\n  judging: 4\n  session: 2h\n",
			Portal{LinkLifetime: 30 * time.Minute, LinksPerHour: 2, UploadsPerHour: 10, MaxUploadBytes: 1 << 20, Judging: 4, Session: 2 * time.Hour}, ""},
		{"some keys set, the others default", "portal:\n  links_per_hour: 3\n",
			Portal{LinkLifetime: 15 * time.Minute, LinksPerHour: 3, UploadsPerHour: 30, MaxUploadBytes: DefaultMaxFileBytes, Judging: 2, Session: 8 * time.Hour}, ""},
		{"the bounds' edges", "portal:\n  link_lifetime: 24h\n  links_per_hour: 100\n  uploads_per_hour: 1\n  max_upload_bytes: 1024\n  session: 720h\n",
			Portal{LinkLifetime: 24 * time.Hour, LinksPerHour: 100, UploadsPerHour: 1, MaxUploadBytes: 1024, Judging: 2, Session: 720 * time.Hour}, ""},
		{"a link lifetime over 24 hours", "portal:\n  links_per_hour: 2\n  link_lifetime: 25h\n", Portal{},
			"x.yaml:16: portal.link_lifetime is 25h0m0s: whole minutes from 1m to 24h0m0s"},
		{"a link lifetime of no time", "portal:\n  link_lifetime: 0s\n", Portal{}, "x.yaml:15: portal.link_lifetime is 0s"},
		{"a link lifetime not in whole minutes", "portal:\n  link_lifetime: 90s\n", Portal{}, "x.yaml:15: portal.link_lifetime is 1m30s"},
		{"a negative link lifetime", "portal:\n  link_lifetime: -15m\n", Portal{}, "x.yaml:15: portal.link_lifetime is -15m0s"},
		{"no links at all", "portal:\n  links_per_hour: 0\n", Portal{}, "x.yaml:15: portal.links_per_hour is 0: from 1 to 100 (leave it out for 5)"},
		{"too many links", "portal:\n  links_per_hour: 5000\n", Portal{}, "x.yaml:15: portal.links_per_hour is 5000"},
		{"0 uploads", "portal:\n  session: 1h\n\n  uploads_per_hour: 0\n", Portal{}, "x.yaml:17: portal.uploads_per_hour is 0: from 1 to 1000 (leave it out for 30)"},
		{"no judging at all", "portal:\n  judging: 0\n", Portal{}, "x.yaml:15: portal.judging is 0: from 1 to 64 (leave it out for 2)"},
		{"too many judgements at once", "portal:\n  judging: 65\n", Portal{}, "x.yaml:15: portal.judging is 65"},
		{"negative uploads", "portal:\n  uploads_per_hour: -1\n", Portal{}, "x.yaml:15: portal.uploads_per_hour is -1"},
		{"an upload over limits.max_file_bytes", "portal:\n  max_upload_bytes: 20971521\n", Portal{},
			"x.yaml:15: portal.max_upload_bytes is 20971521: from 1024 to limits.max_file_bytes, 20971520"},
		{"a session of seconds", "portal:\n  session: 30s\n", Portal{}, "x.yaml:15: portal.session is 30s: from 1m to 720h0m0s"},
		{"a session of a year", "portal:\n  session: 8760h\n", Portal{}, "x.yaml:15: portal.session is 8760h0m0s"},
		{"a wrong type names its line", "portal:\n  links_per_hour: five\n", Portal{}, "x.yaml:15"},
		{"an unknown key names its line", "portal:\n  link_life: 15m\n", Portal{}, "x.yaml:15: field link_life not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("x.yaml", []byte(minimal+web+tc.portal))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Portal != tc.want {
				t.Errorf("portal %+v, want %+v", c.Portal, tc.want)
			}
		})
	}
	// Without a web section the session is the web's default; the
	// upload bound follows limits.max_file_bytes; several errors are all
	// said.
	c, err := Parse("x.yaml", []byte(minimal+"limits:\n  max_file_bytes: 4096\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Portal.Session != DefaultWebSession || c.Portal.MaxUploadBytes != 4096 {
		t.Errorf("portal %+v: want the session %v and uploads of at most 4096 bytes", c.Portal, DefaultWebSession)
	}
	_, err = Parse("x.yaml", []byte(minimal+"portal:\n  link_lifetime: 48h\n  uploads_per_hour: 0\nclock: yesterday\n"))
	for _, want := range []string{"x.yaml:12: portal.link_lifetime", "x.yaml:13: portal.uploads_per_hour", `x.yaml: clock "yesterday"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one containing %q", err, want)
		}
	}
}

func TestCheckIBAN(t *testing.T) {
	for iban, ok := range map[string]bool{
		"IT60X0542811101000000123456":       true,
		"it60 x054 2811 1010 0000 0123 456": true,
		"IT61X0542811101000000123456":       false,
		"IT60X05428":                        false,
		"IT60X0542811101000000123456!":      false,
	} {
		if err := CheckIBAN(iban); (err == nil) != ok {
			t.Errorf("CheckIBAN(%q) = %v", iban, err)
		}
	}
	if got := FormatIBAN("it60x0542811101000000123456"); got != "IT60 X054 2811 1010 0000 0123 456" {
		t.Errorf("FormatIBAN = %q", got)
	}
}
