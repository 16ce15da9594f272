package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CredentialsDirEnv is the variable systemd sets for a unit with
// LoadCredential=: the folder holding one file per credential, readable
// by the service alone (systemd.exec(5), "Credentials").
const CredentialsDirEnv = "CREDENTIALS_DIRECTORY"

// Secret says where a password is read from: a file (password_file: a
// Docker secret under /run/secrets, or any file only the service's user
// can read), a systemd credential (password_credential: NAME, the file
// $CREDENTIALS_DIRECTORY/NAME that LoadCredential= puts there) or an
// environment variable (password_env). A file and a credential may be
// given together: the credential is read under systemd (where
// $CREDENTIALS_DIRECTORY is set), the file elsewhere (omologa doctor run
// from a shell), so that one configuration serves both. The
// configuration holds where the password is, never the password, so
// that the file can be shown, logged and committed.
type Secret struct {
	Env        string `yaml:"password_env,omitempty"`
	File       string `yaml:"password_file,omitempty"`
	Credential string `yaml:"password_credential,omitempty"`
}

// Given reports whether a source of the password is configured.
func (s Secret) Given() bool { return s.Env != "" || s.File != "" || s.Credential != "" }

// check returns what is wrong with the sources configured, for section
// ("imap", "smtp"); required says that a password must be given.
func (s Secret) check(section string, required bool) string {
	switch {
	case s.Env != "" && (s.File != "" || s.Credential != ""):
		return section + ": password_env or password_file (and password_credential), not both"
	case !s.Given() && required:
		return section + ": a password is required: password_file (a file only the service can read), password_credential (a systemd credential) or password_env"
	case s.Credential != "" && (strings.ContainsAny(s.Credential, `/\`) || s.Credential == "." || s.Credential == ".."):
		return fmt.Sprintf("%s.password_credential %q: the name of a credential (LoadCredential=NAME:...), not a path", section, s.Credential)
	}
	return ""
}

// Path is the file the password is read from: the credential's file
// under $CREDENTIALS_DIRECTORY when systemd set it, else password_file;
// "" for an environment variable or none.
func (s Secret) Path() (string, error) {
	dir := os.Getenv(CredentialsDirEnv)
	switch {
	case s.Credential != "" && dir != "":
		return filepath.Join(dir, s.Credential), nil
	case s.File != "":
		return s.File, nil
	case s.Credential != "":
		return "", fmt.Errorf("password_credential %s: $%s is not set (run as a systemd service with LoadCredential=%s:FILE, or add password_file)",
			s.Credential, CredentialsDirEnv, s.Credential)
	}
	return "", nil
}

// Read returns the password, "" when none is configured. A file's one
// trailing newline is not part of it (echo and editors add one). The
// errors name where the password was looked for, never what was read.
func (s Secret) Read() (string, error) {
	if s.Env != "" {
		return Password(s.Env)
	}
	path, err := s.Path()
	if err != nil || path == "" {
		return "", err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("password file %s: %w", path, err)
	}
	p := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
	if p == "" {
		return "", fmt.Errorf("password file %s is empty", path)
	}
	return p, nil
}

// Password reads a password from the environment variable named env.
func Password(env string) (string, error) {
	if env == "" {
		return "", nil
	}
	p, ok := os.LookupEnv(env)
	if !ok {
		return "", fmt.Errorf("environment variable %s (the password) is not set", env)
	}
	return p, nil
}

// Secrets are the configuration's secret sources by section ("imap",
// "smtp", "metrics": the bearer token's file), those configured: what
// doctor checks.
func (c *Config) Secrets() map[string]Secret {
	m := map[string]Secret{}
	if c.IMAP != nil && c.IMAP.Given() {
		m["imap"] = c.IMAP.Secret
	}
	if c.SMTP != nil && c.SMTP.Given() {
		m["smtp"] = c.SMTP.Secret
	}
	if c.Metrics.TokenFile != "" {
		m["metrics"] = Secret{File: c.Metrics.TokenFile}
	}
	return m
}
