// Package office holds every act of the homologation office, once, for
// the command line and the web application alike: closing a list (with
// the corrections of tournaments changed after their list was closed),
// deciding about a tournament's players, attributing a file to a
// tournament and revoking or reinstating a homologation, releasing or
// discarding a quarantined submission, sending a notice again, importing
// a register and undoing an import, forwarding a FIDE list's tournaments
// to FIDE. Each act checks the actor's role and
// is written to the audit trail (store.AuditEntry) with who did it, how
// and when.
package office

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/user"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/intake/email"
	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/failure"
	"omologa/internal/store"
)

// Role is what an office user may do.
type Role string

// The roles, each allowed what the one before is, and more.
const (
	Clerk   Role = "clerk"         // reads; releases, discards and resends
	Officer Role = "officer"       // also decides, links, revokes, imports registers and closes lists
	Admin   Role = store.RoleAdmin // also manages the users
)

// Italian is the role's name in Italian, for what the office reads: the
// catalogue's, as the web's pages name it.
func (r Role) Italian() string {
	if s, ok := catalogue.IT.Lookup("web.role." + string(r)); ok {
		return s
	}
	return string(r)
}

// Action is one kind of office act, as the audit trail names it.
type Action string

// The office's acts.
const (
	ActRelease Action = "release"
	ActDiscard Action = "discard"
	ActResend  Action = "resend"
	// ActAnswer is the office's written answer to a reply, or its
	// reading it (issue 34).
	ActAnswer      Action = "answer"
	ActDecide      Action = "decide"
	ActRevoke      Action = "revoke"
	ActReinstate   Action = "reinstate"
	ActLink        Action = "link"
	ActUnlink      Action = "unlink"
	ActImport      Action = "import"
	ActUndoImport  Action = "undo-import"
	ActListRun     Action = "list-run"
	ActListPreview Action = "list-preview"
	ActUsers       Action = "users"
	ActFideExport  Action = "fide-export"
	// ActOwnPassword is every user's change of his own password.
	ActOwnPassword Action = "own-password"
	// ActProfile is reading the running server's profiles
	// (net/http/pprof): how it spends time and memory, for the admin.
	ActProfile Action = "profile"
)

// rank orders the roles; minRank is the lowest role allowed each act.
var rank = map[Role]int{Clerk: 1, Officer: 2, Admin: 3}

var minRank = map[Action]int{
	ActRelease: 1, ActDiscard: 1, ActResend: 1, ActAnswer: 1,
	ActDecide: 2, ActRevoke: 2, ActReinstate: 2, ActLink: 2, ActUnlink: 2,
	ActImport: 2, ActUndoImport: 2, ActListRun: 2, ActListPreview: 2, ActFideExport: 2,
	ActUsers: 3, ActOwnPassword: 1, ActProfile: 3,
}

// May reports whether the role may do the act. An unknown role or act
// may nothing.
func (r Role) May(a Action) bool {
	need, ok := minRank[a]
	return ok && rank[r] >= need
}

// Actor is who does an act and through what.
type Actor struct {
	User string
	Role Role
	Via  string // "cli" or "web"
}

// CLIActor is the actor of a command run on the office's machine: the
// OS user, with every right (whoever can run the command can open the
// store).
func CLIActor() Actor {
	return Actor{User: osUser(), Role: Admin, Via: "cli"}
}

// osUser names the OS user running the command.
func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return "unknown"
}

// ErrorKind says what sort of failure an *Error is, so that the command
// line picks its exit code and the web its HTTP status: the one
// vocabulary of failures (platform/failure) that the store's errors
// speak too.
type ErrorKind = failure.Kind

// The kinds of failure, as the office names them.
const (
	Invalid   = failure.Invalid   // bad input: exit 2, HTTP 400
	NotFound  = failure.NotFound  // no such submission, file, list…: HTTP 404
	Forbidden = failure.Forbidden // the actor's role may not do the act: HTTP 403
	Refused   = failure.Refused   // the act does not apply (decide on a rejected tournament): HTTP 422
	Conflict  = failure.Conflict  // the act was already done (a list closed twice): exit 1, HTTP 409
)

// Error is an act the office could not do, with the reason in English
// (Msg) and Italian (MsgIT) and the article it rests on, if any.
type Error struct {
	Kind    ErrorKind
	Msg     string
	MsgIT   string
	Article string
	Err     error // the cause, if any
	// CLI is the message as the command line says it, naming the
	// command or flag that helps ("no submission 9 (omologa status
	// lists them)"); "" when Msg serves both. The web shows Msg or
	// MsgIT, which name no command.
	CLI string
}

// Error is the message for the command line (CLI, else Msg).
func (e *Error) Error() string {
	if e.CLI != "" {
		return e.CLI
	}
	return e.Msg
}

// FailureKind is the error's Kind (failure.Kinded).
func (e *Error) FailureKind() failure.Kind { return e.Kind }
func (e *Error) Unwrap() error             { return e.Err }

// KindOf returns the kind of failure err is, the office's (*Error) or
// the store's (store.ErrNoSubmission is NotFound); 0 when it is none (an
// I/O or internal failure).
func KindOf(err error) ErrorKind { return failure.Of(err) }

// Office is the store, the rules and the pipeline the acts work on.
type Office struct {
	Store  *store.Store
	Config *config.Config
	Rules  *rules.File
	// Pipeline judges and answers a released submission. Nil, the
	// first release builds one from the configuration (NewPipeline); a
	// process running the daemon sets its own, so that a release wakes it.
	Pipeline *pipeline.Pipeline
	// DaemonElsewhere is true when another process (omologa watch or
	// serve) holds the store's lock (store/lock): acts then only write
	// the store, and that process, which polls it, judges and delivers,
	// so that every notice is sent from one place. False, an act that
	// needs judging or delivery does it at once (Drain).
	DaemonElsewhere bool
	Now             func() time.Time
	Log             *slog.Logger
}

// Open opens the configured store and reads the rules. The registers and
// the mailer are read only by the acts that need them, so that a broken
// register can still be replaced by an import.
func Open(ctx context.Context, cfg *config.Config) (*Office, error) {
	return OpenWith(ctx, cfg, slog.Default())
}

// OpenWith is Open with a logger.
func OpenWith(ctx context.Context, cfg *config.Config, log *slog.Logger) (*Office, error) {
	rf, err := rules.Load(cfg.Rules)
	if err != nil {
		return nil, err
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return nil, err
	}
	return &Office{Store: st, Config: cfg, Rules: rf, Now: cfg.Now(), Log: log}, nil
}

// pipeline returns o.Pipeline, built on first use.
func (o *Office) pipeline(ctx context.Context) (*pipeline.Pipeline, error) {
	if o.Pipeline == nil {
		p, err := NewPipeline(ctx, o.Config, o.Rules, o.Store, o.Log)
		if err != nil {
			return nil, err
		}
		o.Pipeline = p
	}
	return o.Pipeline, nil
}

// pipelineFor checks that a may do act and returns the pipeline the act
// is done through (pipeline): the head of every act on a submission.
func (o *Office) pipelineFor(ctx context.Context, a Actor, act Action) (*pipeline.Pipeline, error) {
	if err := o.allow(a, act); err != nil {
		return nil, err
	}
	return o.pipeline(ctx)
}

// NewPipeline builds the pipeline of the configuration over st: its
// registers (LoadRegisters), its mailer and its notice settings.
func NewPipeline(ctx context.Context, cfg *config.Config, rf *rules.File, st *store.Store, log *slog.Logger) (*pipeline.Pipeline, error) {
	regs, err := LoadRegisters(ctx, st, cfg)
	if err != nil {
		return nil, err
	}
	m, err := NewMailer(cfg)
	if err != nil {
		return nil, err
	}
	load := func(ctx context.Context) (*registers.Set, error) { return LoadRegisters(ctx, st, cfg) }
	return pipeline.New(pipeline.Options{Store: st, Rules: rf, Registers: regs, LoadRegisters: load, Mailer: m, Now: cfg.Now(),
		From: cfg.Notices.From, Office: cfg.Notices.Office, Lang: cfg.Notices.Language,
		AllowedSenders: cfg.AllowedSenders.Enabled, ExtraSenders: cfg.AllowedSenders.Extra,
		RetryBase: cfg.Notices.RetryBase, RetryMax: cfg.Notices.RetryMax, MaxAttempts: cfg.Notices.MaxAttempts,
		SlowRetry: cfg.Notices.SlowRetry, SlowFor: cfg.Notices.SlowFor, Auth: authPolicy(cfg), Logger: log,
		Payee: payeeOf(cfg)})
}

// payeeOf is the office's account the notices give for the fee.
func payeeOf(cfg *config.Config) *pipeline.Payee {
	p := cfg.Payments
	if p == nil {
		return nil
	}
	return &pipeline.Payee{Beneficiary: p.Beneficiary, IBAN: config.FormatIBAN(p.IBAN), Bank: p.Bank}
}

// authPolicy is how senders are authenticated, nil when they are not.
func authPolicy(cfg *config.Config) *email.AuthPolicy {
	if !cfg.AllowedSenders.Authenticating() {
		return nil
	}
	return &email.AuthPolicy{AuthServID: cfg.AllowedSenders.AuthServID, PECProviders: cfg.AllowedSenders.PECProviders}
}

// drain judges and delivers what an act put in the store, unless a
// daemon elsewhere does.
func (o *Office) drain(ctx context.Context, p *pipeline.Pipeline) error {
	if o.DaemonElsewhere {
		return nil
	}
	pending, err := p.Drain(ctx)
	if err != nil {
		return err
	}
	if pending > 0 {
		o.Log.Warn("notices not delivered yet: omologa watch retries them", "pending", pending)
	}
	return nil
}

// Close closes the store.
func (o *Office) Close() error { return o.Store.Close() }

// allow refuses an act the actor's role may not do.
func (o *Office) allow(a Actor, act Action) error {
	if a.Role.May(act) {
		return nil
	}
	o.Log.Warn("office act refused to the role", "user", a.User, "role", a.Role, "via", a.Via, "action", act)
	return newError(Forbidden, "office.forbidden", a.User, a.Role, act)
}

// audit records a done act, its details in English and in Italian from
// the catalogue's text (say("") for none).
func (o *Office) audit(ctx context.Context, a Actor, act Action, object string, s said) error {
	details, detailsIT := s.both()
	_, err := o.Store.Audit(ctx, store.AuditEntry{At: o.Now(), User: a.User, Role: string(a.Role), Via: a.Via,
		Action: string(act), Object: object, Details: details, DetailsIT: detailsIT})
	if err != nil {
		return fmt.Errorf("audit trail: %w", err)
	}
	return nil
}

// Audit lists the audit trail, newest first.
func (o *Office) Audit(ctx context.Context, f store.AuditFilter) ([]store.AuditEntry, error) {
	return o.Store.AuditLog(ctx, f)
}
