package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const imapSection = "imap:\n  host: h\n  port: 993\n  tls: implicit\n  user: u\n"

// TestSecretSources: a password comes from a file (a Docker secret), a
// systemd credential or the environment, exactly one of them; a file's
// trailing newline is not part of it.
func TestSecretSources(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "imap-password")
	if err := os.WriteFile(file, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	creds := t.TempDir()
	if err := os.WriteFile(filepath.Join(creds, "smtp"), []byte("cr3d\r\n"), 0o400); err != nil {
		t.Fatal(err)
	}
	t.Setenv(CredentialsDirEnv, creds)
	t.Setenv("OMOLOGA_TEST_PW", "from-env")
	for _, tc := range []struct {
		name, section, want string
	}{
		{"a file, relative to the configuration", "  password_file: imap-password\n", "s3cret"},
		{"a systemd credential", "  password_credential: smtp\n", "cr3d"},
		{"the environment", "  password_env: OMOLOGA_TEST_PW\n", "from-env"},
		{"the credential under systemd, beside a file", "  password_file: imap-password\n  password_credential: smtp\n", "cr3d"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse(filepath.Join(dir, "omologa.yaml"), []byte(minimal+imapSection+tc.section))
			if err != nil {
				t.Fatal(err)
			}
			if p, err := c.IMAP.Read(); err != nil || p != tc.want {
				t.Fatalf("password %q, %v; want %q", p, err, tc.want)
			}
			if _, ok := c.Secrets()["imap"]; !ok {
				t.Error("Secrets leaves out the IMAP password")
			}
		})
	}
}

func TestSecretErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"none", minimal + imapSection, "imap: a password is required"},
		{"a variable and a file", minimal + imapSection + "  password_env: P\n  password_file: f\n", "not both"},
		{"a path as credential", minimal + imapSection + "  password_credential: ../etc/shadow\n", "not a path"},
		{"smtp user without password", minimal + "smtp:\n  host: h\n  port: 587\n  tls: starttls\n  user: u\n", "smtp: a password is required"},
		{"smtp password without user", minimal + "smtp:\n  host: h\n  port: 587\n  tls: starttls\n  password_file: f\n", "without user"},
		{"unknown key stays an error", minimal + imapSection + "  password: hunter2\n", "x.yaml:16: field password not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestSecretReadErrors: what cannot be read is said with where it was
// looked for, never with what a file holds.
func TestSecretReadErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, []byte("\n"), 0o600)
	t.Setenv(CredentialsDirEnv, "")
	for _, tc := range []struct {
		name string
		s    Secret
		want string
	}{
		{"missing file", Secret{File: filepath.Join(dir, "nope")}, "password file " + filepath.Join(dir, "nope") + ": no such file"},
		{"empty file", Secret{File: empty}, "is empty"},
		{"credential outside systemd", Secret{Credential: "imap"}, "$CREDENTIALS_DIRECTORY is not set"},
		{"outside systemd, the file beside the credential", Secret{Credential: "imap", File: filepath.Join(dir, "nope")}, "password file " + filepath.Join(dir, "nope")},
		{"unset variable", Secret{Env: "OMOLOGA_TEST_UNSET_PW"}, "OMOLOGA_TEST_UNSET_PW (the password) is not set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.s.Read(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
