// Package config reads omologa.yaml, the daemon's configuration: where
// submissions arrive (drop folder, IMAP mailbox), where they are kept
// (spool, store), how notices leave (SMTP or an outbox folder), and which
// rules and registers judge them. Decoding is strict (see strictyaml):
// an unknown key, a wrong type or a missing required key names its line.
//
// Relative paths are resolved against the folder holding the
// configuration file, so that a configuration works from any working
// directory.
package config

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"omologa/internal/intake/ingest"
	"omologa/internal/intake/statement"
	"omologa/internal/platform/clock"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/strictyaml"
)

// Config is the whole of omologa.yaml.
type Config struct {
	// Drop is the drop-folder intake; nil disables it.
	Drop *Drop `yaml:"drop,omitempty"`
	// Spool holds archive/ (originals once recorded) and rejected/
	// (originals that could not be read, with a reason file beside).
	Spool string `yaml:"spool"`
	Store Store  `yaml:"store"`
	// IMAP is the mailbox intake; nil disables it.
	IMAP *IMAP `yaml:"imap,omitempty"`
	// SMTP sends notices; when nil they are written as .eml files to
	// Outbox.
	SMTP   *SMTP  `yaml:"smtp,omitempty"`
	Outbox string `yaml:"outbox,omitempty"`
	// Rules is the rules.yaml the validator judges with.
	Rules     string    `yaml:"rules"`
	Registers Registers `yaml:"registers,omitempty"`
	Notices   Notices   `yaml:"notices"`
	// AllowedSenders, when enabled, quarantines e-mail from anyone who is
	// not an arbiter or organiser in the registers (or listed in Extra):
	// such submissions are kept for the office and never answered.
	AllowedSenders AllowedSenders `yaml:"allowed_senders,omitempty"`
	Limits         Limits         `yaml:"limits,omitempty"`
	// Web is the office's web application (omologa serve, and watch when
	// Listen is set); nil: watch serves no page.
	Web *Web `yaml:"web,omitempty"`
	// Portal bounds the arbiters' portal (served with Web).
	Portal Portal `yaml:"portal,omitempty"`
	// Clock, when set (RFC 3339), is the office's "now" when the program
	// starts, running on from there: the demo pins its office to the
	// days its samples were written for, so that its lists close after
	// their cut-offs as they would (issue 20). Real installations leave
	// it unset.
	Clock string `yaml:"clock,omitempty"`
	// Payments are the office's bank details, which the notices give for
	// the homologation fee, and the bank statements' own layouts; nil:
	// the notices name no account (set it when rules.yaml sets a fee).
	Payments *Payments `yaml:"payments,omitempty"`
	// Backup schedules the daemon's daily backups (ops.go); nil: none.
	Backup *Backup `yaml:"backup,omitempty"`
	// Metrics guards /metrics and sets /readyz's threshold (ops.go).
	Metrics Metrics `yaml:"metrics,omitempty"`

	// clock is the clock Now built from Clock, once.
	clock     clock.Clock
	clockOnce sync.Once

	// File is the configuration file read, for messages.
	File string `yaml:"-"`
}

// Drop configures the drop folder.
type Drop struct {
	Folder string `yaml:"folder"`
	// Settle is how long a file must stay unchanged before it counts as
	// complete, unless it arrived by a rename from a temporary name
	// (".name", "name.tmp", "name.part"), which counts at once.
	Settle time.Duration `yaml:"settle,omitempty"`
	// Seed lists folders whose files are copied into Folder at start-up
	// (in this order) unless already recorded: the demo configuration
	// seeds the working drop folder (under var/) from the committed
	// samples, so that processing never moves the committed files.
	Seed []string `yaml:"seed,omitempty"`
	// SeedReceived, when set (RFC 3339), is the receipt time recorded for
	// the seeded files instead of the moment they are taken: the demo
	// judges its samples as of the day they were written, so that their
	// verdicts (the 8-day deadline) and the lists they count in do not
	// change with the calendar. Files dropped by anyone else always get
	// the real drop time.
	SeedReceived string `yaml:"seed_received,omitempty"`
}

// SeedTime returns SeedReceived parsed; ok is false when it is not set
// (check has already rejected a malformed value).
func (d *Drop) SeedTime() (t time.Time, ok bool) {
	if d == nil || d.SeedReceived == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, d.SeedReceived)
	return t, err == nil
}

// Store configures the SQLite store.
type Store struct {
	Path string `yaml:"path"`
}

// TLS modes for IMAP and SMTP.
const (
	TLSImplicit = "implicit" // TLS from the first byte (IMAPS 993, SMTPS 465)
	TLSStartTLS = "starttls"
	TLSNone     = "none" // loopback and tests only
)

// IMAP configures the mailbox intake.
type IMAP struct {
	Host string `yaml:"host"`
	Port int    `yaml:"port"`
	TLS  string `yaml:"tls"` // implicit, starttls, none
	User string `yaml:"user"`
	// Secret says where the password is (a file, a systemd credential
	// or an environment variable): the password never sits in this file.
	Secret  `yaml:",inline"`
	Mailbox string `yaml:"mailbox,omitempty"` // default INBOX
	// Processed is the folder a recorded message is moved to; empty
	// means the message is flagged \Seen and left in place.
	Processed string `yaml:"processed,omitempty"`
	// InsecureSkipVerify accepts any server certificate (tests).
	InsecureSkipVerify bool `yaml:"insecure_skip_verify,omitempty"`
}

// SMTP configures the sending of notices.
type SMTP struct {
	Host string `yaml:"host"`
	Port int    `yaml:"port"`
	TLS  string `yaml:"tls"` // implicit, starttls, none
	User string `yaml:"user,omitempty"`
	// Secret is the password of User, as for IMAP.
	Secret `yaml:",inline"`
	// InsecureSkipVerify accepts any server certificate (tests).
	InsecureSkipVerify bool `yaml:"insecure_skip_verify,omitempty"`
}

// Registers are the CSV registers the validator checks against; a
// register imported into the store (omologa import) takes precedence.
type Registers struct {
	Players  string `yaml:"players,omitempty"`
	Arbiters string `yaml:"arbiters,omitempty"`
	Calendar string `yaml:"calendar,omitempty"`
}

// Notices configures the receipts and rejection notices.
type Notices struct {
	// From is the notices' sender address (the office).
	From string `yaml:"from"`
	// Office receives a copy of notices that have no other recipient
	// (a dropped file whose tournament is not in the calendar).
	Office string `yaml:"office"`
	// Language is "it" (default) or "en".
	Language string `yaml:"language,omitempty"`
	// Retry bounds the delivery attempts: the wait doubles from
	// RetryBase up to RetryMax; after MaxAttempts a notice is failing
	// (shown by status) and retried every SlowRetry until SlowFor has
	// passed; only then is it failed, until `omologa resend`.
	RetryBase   time.Duration `yaml:"retry_base,omitempty"`
	RetryMax    time.Duration `yaml:"retry_max,omitempty"`
	MaxAttempts int           `yaml:"max_attempts,omitempty"`
	SlowRetry   time.Duration `yaml:"slow_retry,omitempty"`
	SlowFor     time.Duration `yaml:"slow_for,omitempty"`
}

// AllowedSenders configures the quarantine of unknown senders.
type AllowedSenders struct {
	Enabled bool     `yaml:"enabled"`
	Extra   []string `yaml:"extra,omitempty"`
	// Authenticate (default true when Enabled) trusts a From only when
	// the office's receiving server, named by AuthServID, recorded a
	// DMARC or DKIM pass for its domain in Authentication-Results; a PEC
	// envelope counts only from one of PECProviders (domains).
	Authenticate *bool    `yaml:"authenticate,omitempty"`
	AuthServID   string   `yaml:"authserv_id,omitempty"`
	PECProviders []string `yaml:"pec_providers,omitempty"`
}

// Authenticating reports whether senders are authenticated.
func (a AllowedSenders) Authenticating() bool {
	return a.Enabled && (a.Authenticate == nil || *a.Authenticate)
}

// Limits bound what one submission may hold, so that a hostile input
// (a zip bomb, a huge attachment) costs bounded memory.
type Limits struct {
	MaxFileBytes    int64 `yaml:"max_file_bytes,omitempty"`    // one file or attachment
	MaxArchiveBytes int64 `yaml:"max_archive_bytes,omitempty"` // all files expanded from one archive
	MaxArchiveFiles int   `yaml:"max_archive_files,omitempty"` // entries in one archive
	MaxMessageBytes int64 `yaml:"max_message_bytes,omitempty"` // one e-mail message
	// MemoryBytes is the soft limit of the memory of the commands that
	// take submissions in (watch, ingest, release, resend): near it Go's
	// garbage collector works harder, so that a large message or a large
	// register does not raise the peak (issue 13: under 100 MB for any
	// message within the limits). It is soft: a process that needs more
	// gets it, more slowly. GOMEMLIMIT in the environment, when set, wins.
	MemoryBytes int64 `yaml:"memory_bytes,omitempty"`
}

// Web configures the office's web application.
type Web struct {
	// Listen is the address served, host:port (127.0.0.1:8080 in the
	// samples: behind a reverse proxy, or with TLS, to serve others).
	Listen string `yaml:"listen"`
	// TLSCert and TLSKey, both or neither, serve HTTPS (and mark the
	// session cookie Secure).
	TLSCert string `yaml:"tls_cert,omitempty"`
	TLSKey  string `yaml:"tls_key,omitempty"`
	// Session is how long a login lasts.
	Session time.Duration `yaml:"session,omitempty"`
	// Language is the pages' default language, it or en; each user may
	// switch.
	Language string `yaml:"language,omitempty"`
	// TrustedOrigins are other origins (scheme://host:port) allowed to
	// post forms, e.g. the public address of a reverse proxy whose Host
	// header differs from the one it forwards.
	TrustedOrigins []string `yaml:"trusted_origins,omitempty"`
	// HTTPS says how browsers reach the office: "direct" (this process
	// serves TLS: tls_cert and tls_key), "proxy" (a reverse proxy
	// terminates TLS and forwards plain HTTP here; the client's address
	// is then the last one the proxy adds to X-Forwarded-For) or "" /
	// "none" (plain HTTP, a loopback demo). Over HTTPS the session
	// cookie is Secure and named __Host-, and every answer carries HSTS.
	HTTPS string `yaml:"https,omitempty"`
	// PortalURL is the public address of the arbiters' portal
	// ("https://omologa.example.org/portale"), written in the sign-in
	// links it e-mails; empty, the first trusted origin's /portale, else
	// (a loopback demo only) the address the request came to.
	PortalURL string `yaml:"portal_url,omitempty"`
}

// Portal bounds the arbiters' online homologation portal: a key left
// out takes today's default (below); a key given must be in its range
// (checkPortal), so that a 0 meant as "none" is said, not taken for the
// default.
type Portal struct {
	// LinkLifetime is how long a sign-in link works, whole minutes from
	// 1m to 24h (the message that carries it says the minutes).
	LinkLifetime time.Duration `yaml:"link_lifetime,omitempty"`
	// LinksPerHour bounds the sign-in links sent to one address in an
	// hour (1-100): more asks get nothing, and are logged.
	LinksPerHour int `yaml:"links_per_hour,omitempty"`
	// UploadsPerHour bounds the files one person checks or submits in an
	// hour (1-1000).
	UploadsPerHour int `yaml:"uploads_per_hour,omitempty"`
	// MaxUploadBytes bounds one upload; at most limits.max_file_bytes,
	// its default.
	MaxUploadBytes int64 `yaml:"max_upload_bytes,omitempty"`
	// Judging bounds the uploads judged at once across the whole server
	// (1-64, default 2): the others wait their turn a while, then are
	// told to try again (HTTP 503, Retry-After). One judgement of a
	// large file costs memory; a few at once cannot exhaust the machine.
	Judging int `yaml:"judging,omitempty"`
	// Session is how long a portal sign-in lasts (1m-720h); default
	// web.session.
	Session time.Duration `yaml:"session,omitempty"`
}

// OverHTTPS reports whether browsers reach the office over HTTPS.
func (w *Web) OverHTTPS() bool {
	return w != nil && (w.HTTPS == "direct" || w.HTTPS == "proxy" || w.TLSCert != "")
}

// BehindProxy reports whether a reverse proxy forwards the requests.
func (w *Web) BehindProxy() bool { return w != nil && w.HTTPS == "proxy" }

// PortalBase is the public address the portal's sign-in links are
// written with: portal_url, else the first trusted origin's /portale,
// else "" (a loopback demo: the address the request came to).
func (w *Web) PortalBase() string {
	switch {
	case w == nil:
		return ""
	case w.PortalURL != "":
		return w.PortalURL
	case len(w.TrustedOrigins) > 0:
		return strings.TrimSuffix(w.TrustedOrigins[0], "/") + "/portale"
	}
	return ""
}

// Defaults for what the file leaves out.
const (
	DefaultSettle          = 2 * time.Second
	DefaultMaxFileBytes    = ingest.DefaultMaxFileBytes
	DefaultMaxArchiveBytes = ingest.DefaultMaxArchiveBytes
	DefaultMaxArchiveFiles = ingest.DefaultMaxArchiveFiles
	DefaultMaxMessageBytes = ingest.DefaultMaxMessageBytes
	// DefaultMemoryBytes leaves a large message room under 100 MB with
	// a register of some 35,000 players loaded (measured: integration's
	// TestLargeMessageMemory, README); MinMemoryBytes is below what the
	// process needs at rest, where a soft limit only costs CPU.
	DefaultMemoryBytes = 48 << 20
	MinMemoryBytes     = 16 << 20
	DefaultRetryBase   = 2 * time.Second
	DefaultRetryMax    = 30 * time.Minute
	DefaultMaxAttempts = 12
	DefaultSlowRetry   = 30 * time.Minute
	DefaultSlowFor     = 7 * 24 * time.Hour
	DefaultWebSession  = 12 * time.Hour
	// The arbiters' portal's bounds (portal:): a sign-in link works 15
	// minutes; 5 links an address and 30 uploads a person an hour.
	DefaultPortalLinkLifetime   = 15 * time.Minute
	DefaultPortalLinksPerHour   = 5
	DefaultPortalUploadsPerHour = 30
	DefaultPortalJudging        = 2
)

// The portal's ranges: beyond them a value is a slip (a link valid for
// days, a bound no office means).
const (
	MaxPortalLinkLifetime   = 24 * time.Hour
	MaxPortalLinksPerHour   = 100
	MaxPortalUploadsPerHour = 1000
	MaxPortalJudging        = 64
	MinPortalUploadBytes    = 1 << 10
	MaxPortalSession        = 720 * time.Hour
)

// Load reads and checks a configuration file.
func Load(path string) (*Config, error) { return strictyaml.Load("config", path, Parse) }

// Parse decodes a configuration strictly, fills the defaults, resolves
// relative paths against the file's folder and checks the values.
func Parse(path string, data []byte) (*Config, error) {
	c := &Config{}
	root, err := strictyaml.DecodeNode(path, data, c)
	if err != nil {
		return nil, err
	}
	c.File = path
	// The portal's keys are checked as given, before the defaults take
	// the place of those left out.
	perr := errors.Join(c.checkPortal(root), c.checkOps(root))
	c.defaults()
	c.opsDefaults()
	if err := errors.Join(perr, c.check()); err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	c.resolve(dir)
	return c, nil
}

func (c *Config) defaults() {
	if c.Drop != nil && c.Drop.Settle == 0 {
		c.Drop.Settle = DefaultSettle
	}
	if c.IMAP != nil && c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = "INBOX"
	}
	if c.Notices.Language == "" {
		c.Notices.Language = "it"
	}
	if c.Notices.RetryBase == 0 {
		c.Notices.RetryBase = DefaultRetryBase
	}
	if c.Notices.RetryMax == 0 {
		c.Notices.RetryMax = DefaultRetryMax
	}
	if c.Notices.MaxAttempts == 0 {
		c.Notices.MaxAttempts = DefaultMaxAttempts
	}
	if c.Notices.SlowRetry == 0 {
		c.Notices.SlowRetry = DefaultSlowRetry
	}
	if c.Notices.SlowFor == 0 {
		c.Notices.SlowFor = DefaultSlowFor
	}
	if w := c.Web; w != nil {
		if w.Session == 0 {
			w.Session = DefaultWebSession
		}
		if w.Language == "" {
			w.Language = "it"
		}
	}
	l := &c.Limits
	if l.MaxFileBytes == 0 {
		l.MaxFileBytes = DefaultMaxFileBytes
	}
	if l.MaxArchiveBytes == 0 {
		l.MaxArchiveBytes = DefaultMaxArchiveBytes
	}
	if l.MaxArchiveFiles == 0 {
		l.MaxArchiveFiles = DefaultMaxArchiveFiles
	}
	if l.MaxMessageBytes == 0 {
		l.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if l.MemoryBytes == 0 {
		l.MemoryBytes = DefaultMemoryBytes
	}
	p := &c.Portal
	defaults.Fill(&p.LinkLifetime, DefaultPortalLinkLifetime)
	defaults.Fill(&p.LinksPerHour, DefaultPortalLinksPerHour)
	defaults.Fill(&p.UploadsPerHour, DefaultPortalUploadsPerHour)
	defaults.Fill(&p.Judging, DefaultPortalJudging)
	defaults.Fill(&p.MaxUploadBytes, l.MaxFileBytes)
	session := DefaultWebSession
	if c.Web != nil {
		session = c.Web.Session
	}
	defaults.Fill(&p.Session, session)
}

// checkPortal checks the portal's keys the file gives, each error naming
// the file, the line and the key; a key left out takes its default.
func (c *Config) checkPortal(root *yaml.Node) error {
	var errs strictyaml.Errors
	maxFile := c.Limits.MaxFileBytes
	defaults.Fill(&maxFile, DefaultMaxFileBytes)
	p := c.Portal
	for _, k := range []struct {
		key string
		bad bool
		msg string
	}{
		{"link_lifetime", p.LinkLifetime < time.Minute || p.LinkLifetime > MaxPortalLinkLifetime || p.LinkLifetime%time.Minute != 0,
			fmt.Sprintf("is %s: whole minutes from 1m to %s (leave it out for %s)", p.LinkLifetime, MaxPortalLinkLifetime, DefaultPortalLinkLifetime)},
		{"links_per_hour", p.LinksPerHour < 1 || p.LinksPerHour > MaxPortalLinksPerHour,
			fmt.Sprintf("is %d: from 1 to %d (leave it out for %d)", p.LinksPerHour, MaxPortalLinksPerHour, DefaultPortalLinksPerHour)},
		{"uploads_per_hour", p.UploadsPerHour < 1 || p.UploadsPerHour > MaxPortalUploadsPerHour,
			fmt.Sprintf("is %d: from 1 to %d (leave it out for %d)", p.UploadsPerHour, MaxPortalUploadsPerHour, DefaultPortalUploadsPerHour)},
		{"judging", p.Judging < 1 || p.Judging > MaxPortalJudging,
			fmt.Sprintf("is %d: from 1 to %d (leave it out for %d)", p.Judging, MaxPortalJudging, DefaultPortalJudging)},
		{"max_upload_bytes", p.MaxUploadBytes < MinPortalUploadBytes || p.MaxUploadBytes > maxFile,
			fmt.Sprintf("is %d: from %d to limits.max_file_bytes, %d (leave it out for that)", p.MaxUploadBytes, MinPortalUploadBytes, maxFile)},
		{"session", p.Session < time.Minute || p.Session > MaxPortalSession,
			fmt.Sprintf("is %s: from 1m to %s (leave it out for web.session)", p.Session, MaxPortalSession)},
	} {
		if line, given := strictyaml.Locate(root, []any{"portal", k.key}); given && k.bad {
			errs = append(errs, &strictyaml.Error{File: c.File, Line: line, Msg: "portal." + k.key + " " + k.msg})
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func (c *Config) check() error {
	var errs []error
	bad := func(format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{c.File}, a...)...))
	}
	if c.Drop == nil && c.IMAP == nil {
		bad("neither drop nor imap is configured: nothing would be taken in")
	}
	if c.Drop != nil && c.Drop.Folder == "" {
		bad("drop.folder is empty")
	}
	if c.Drop != nil && c.Drop.Settle < 0 {
		bad("drop.settle is negative")
	}
	if c.Drop != nil && c.Drop.SeedReceived != "" {
		if _, err := time.Parse(time.RFC3339, c.Drop.SeedReceived); err != nil {
			bad("drop.seed_received %q: an RFC 3339 time is expected (2026-11-23T10:00:00+01:00)", c.Drop.SeedReceived)
		}
		if len(c.Drop.Seed) == 0 {
			bad("drop.seed_received is set but drop.seed lists no folder")
		}
	}
	if c.Clock != "" {
		if _, err := time.Parse(time.RFC3339, c.Clock); err != nil {
			bad("clock %q: an RFC 3339 time is expected (2026-11-28T10:00:00+01:00)", c.Clock)
		}
	}
	if c.Spool == "" {
		bad("spool is empty")
	}
	if c.Store.Path == "" {
		bad("store.path is empty")
	}
	if c.SMTP == nil && c.Outbox == "" {
		bad("neither smtp nor outbox is configured: notices could not leave")
	}
	if c.Rules == "" {
		bad("rules is empty")
	}
	tlsOK := func(s string) bool { return s == TLSImplicit || s == TLSStartTLS || s == TLSNone }
	if m := c.IMAP; m != nil {
		if m.Host == "" || m.Port <= 0 || m.Port > 65535 {
			bad("imap: host and a port in 1-65535 are required")
		}
		if !tlsOK(m.TLS) {
			bad("imap.tls is %q: want implicit, starttls or none", m.TLS)
		}
		if m.User == "" {
			bad("imap: user is required")
		}
		if msg := m.Secret.check("imap", true); msg != "" {
			bad("%s", msg)
		}
	}
	if s := c.SMTP; s != nil {
		if s.Host == "" || s.Port <= 0 || s.Port > 65535 {
			bad("smtp: host and a port in 1-65535 are required")
		}
		if !tlsOK(s.TLS) {
			bad("smtp.tls is %q: want implicit, starttls or none", s.TLS)
		}
		if msg := s.Secret.check("smtp", s.User != ""); msg != "" {
			bad("%s", msg)
		}
		if s.User == "" && s.Given() {
			bad("smtp: a password is given without user")
		}
	}
	if !strings.Contains(c.Notices.From, "@") {
		bad("notices.from %q is not an e-mail address", c.Notices.From)
	}
	if !strings.Contains(c.Notices.Office, "@") {
		bad("notices.office %q is not an e-mail address", c.Notices.Office)
	}
	if c.Notices.Language != "it" && c.Notices.Language != "en" {
		bad("notices.language is %q: want it or en", c.Notices.Language)
	}
	if c.Notices.RetryBase < 0 || c.Notices.RetryMax < c.Notices.RetryBase || c.Notices.MaxAttempts < 1 {
		bad("notices: retry_base must be positive, retry_max at least retry_base, max_attempts at least 1")
	}
	if c.AllowedSenders.Authenticating() && strings.TrimSpace(c.AllowedSenders.AuthServID) == "" {
		bad("allowed_senders: authserv_id (the authserv-id of the office's receiving mail server, as in its Authentication-Results headers) is required to authenticate senders; or set authenticate: false")
	}
	if c.Notices.SlowRetry < 0 || c.Notices.SlowFor < 0 {
		bad("notices: slow_retry and slow_for must be positive")
	}
	if w := c.Web; w != nil {
		if _, port, err := net.SplitHostPort(w.Listen); err != nil || port == "" {
			bad("web.listen %q: host:port expected (127.0.0.1:8080)", w.Listen)
		}
		if (w.TLSCert == "") != (w.TLSKey == "") {
			bad("web: tls_cert and tls_key go together")
		}
		switch w.HTTPS {
		case "", "none":
		case "direct":
			if w.TLSCert == "" {
				bad("web.https is direct: tls_cert and tls_key are needed")
			}
		case "proxy":
			if w.TLSCert != "" {
				bad("web.https is proxy but tls_cert is set: choose direct or proxy")
			}
		default:
			bad("web.https is %q: want direct, proxy or none", w.HTTPS)
		}
		if w.Session < time.Minute {
			bad("web.session is %s: at least 1m", w.Session)
		}
		if w.Language != "it" && w.Language != "en" {
			bad("web.language is %q: want it or en", w.Language)
		}
	}
	if p := c.Payments; p != nil {
		if strings.TrimSpace(p.Beneficiary) == "" {
			bad("payments.beneficiary is empty: the notices say to whom the fee is paid")
		}
		if err := CheckIBAN(p.IBAN); err != nil {
			bad("payments.iban: %v", err)
		}
		for i, l := range p.Layouts {
			if err := l.Check(); err != nil {
				bad("payments.statement_layouts[%d]: %v", i, err)
			}
		}
		if p.MaxReferenceDays < 0 {
			bad("payments.suggest_days is negative")
		}
	}
	l := c.Limits
	if l.MaxFileBytes < 1 || l.MaxArchiveBytes < 1 || l.MaxArchiveFiles < 1 || l.MaxMessageBytes < 1 {
		bad("limits must be positive")
	}
	if l.MemoryBytes < MinMemoryBytes {
		bad("limits.memory_bytes is %d: at least %d (16 MiB)", l.MemoryBytes, MinMemoryBytes)
	}
	return errors.Join(errs...)
}

func (c *Config) resolve(dir string) {
	abs := func(p *string) {
		if *p != "" && !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	if c.Drop != nil {
		abs(&c.Drop.Folder)
		for i := range c.Drop.Seed {
			abs(&c.Drop.Seed[i])
		}
	}
	abs(&c.Spool)
	abs(&c.Store.Path)
	abs(&c.Outbox)
	abs(&c.Rules)
	abs(&c.Registers.Players)
	abs(&c.Registers.Arbiters)
	abs(&c.Registers.Calendar)
	if c.IMAP != nil {
		abs(&c.IMAP.File)
	}
	if c.SMTP != nil {
		abs(&c.SMTP.File)
	}
	if c.Web != nil {
		abs(&c.Web.TLSCert)
		abs(&c.Web.TLSKey)
	}
	c.resolveOps(dir)
}

// ArchiveDir is where recorded originals are moved.
func (c *Config) ArchiveDir() string { return filepath.Join(c.Spool, "archive") }

// RejectedDir is where unreadable originals are moved, each with a
// reason file.
func (c *Config) RejectedDir() string { return filepath.Join(c.Spool, "rejected") }

// IncomingDir is the spool of what is being received: messages and
// files are read into it, not into memory, until they are recorded.
func (c *Config) IncomingDir() string { return filepath.Join(c.Spool, "incoming") }

// PublishDir is the public folder name beside the store
// (publish/<name>): a list's published files, the public site.
func (c *Config) PublishDir(name string) string {
	return filepath.Join(filepath.Dir(c.Store.Path), "publish", name)
}

// OfficeDir is the office's folder name beside the store
// (office/<name>): its exports, never published (regs §4b).
func (c *Config) OfficeDir(name string) string {
	return filepath.Join(filepath.Dir(c.Store.Path), "office", name)
}

// Now returns the office's one clock: the machine's time, or, with
// Clock set, Clock when the configuration first asked for it and running
// on from there. Every call returns the same clock, so that whatever the
// process records and compares reads one time (package clock).
func (c *Config) Now() clock.Clock {
	c.clockOnce.Do(func() {
		at, err := time.Parse(time.RFC3339, c.Clock)
		if c.Clock == "" || err != nil {
			c.clock = clock.System()
			return
		}
		c.clock = clock.Pinned(at)
	})
	return c.clock
}

// Payments are the office's bank details and its banks' statement
// layouts (issue 33).
type Payments struct {
	// Beneficiary is the account holder the transfer is made to
	// ("Federazione Scacchistica Italiana").
	Beneficiary string `yaml:"beneficiary"`
	// IBAN is the office's account, checked by its digits (ISO 13616).
	IBAN string `yaml:"iban"`
	// Bank is the bank's name, for the notices; optional.
	Bank string `yaml:"bank,omitempty"`
	// Layouts are statement layouts of the office's own banks, tried
	// before the built-in ones (plain Data;Valuta;Importo;Descrizione
	// and the CBI movements' columns).
	Layouts []statement.Layout `yaml:"statement_layouts,omitempty"`
	// MaxReferenceDays: a movement without reference is suggested for
	// fees due within this many days of it (0: any).
	MaxReferenceDays int `yaml:"suggest_days,omitempty"`
}

// CheckIBAN checks an IBAN by its check digits (ISO 13616, mod 97);
// spaces are allowed.
func CheckIBAN(iban string) error {
	s := strings.ToUpper(strings.ReplaceAll(iban, " ", ""))
	if len(s) < 15 || len(s) > 34 {
		return fmt.Errorf("%q is not an IBAN (IT60 X054 2811 1010 0000 0123 456)", iban)
	}
	s = s[4:] + s[:4]
	rem := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			rem = (rem*100 + int(r-'A') + 10) % 97
		default:
			return fmt.Errorf("%q is not an IBAN: only letters and digits", iban)
		}
	}
	if rem != 1 {
		return fmt.Errorf("%q: its check digits are wrong (a digit mistyped?)", iban)
	}
	return nil
}

// FormatIBAN writes an IBAN in groups of four, as people read it.
func FormatIBAN(iban string) string {
	s := strings.ToUpper(strings.ReplaceAll(iban, " ", ""))
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
