package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi/registers"
	"omologa/internal/intake/email"
	"omologa/internal/intake/imap"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
	"omologa/internal/store/lock"
)

func init() {
	register(&command{
		name:    "watch",
		summary: "the daemon: take submissions from the drop folder (and IMAP), judge them, send the notices",
		run:     runWatch,
	})
}

// defaultConfig is omologa.yaml in the working folder when there is one,
// else the demo configuration of the samples.
func defaultConfig() string {
	if _, err := os.Stat("omologa.yaml"); err == nil {
		return "omologa.yaml"
	}
	return filepath.Join("samples", "omologa.yaml")
}

// newLoggerAs logs as text for a person, or as one JSON object a line
// for a log collector (watch --json).
func newLoggerAs(w io.Writer, verbose, asJSON bool) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if verbose {
		opts.Level = slog.LevelDebug
	}
	if asJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func runWatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "watch", "usage: omologa watch [--config FILE] [--once] [--json] [-v]")
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	once := fl.Bool("once", false, "take what is waiting (drop folder, mailbox), judge it, deliver the notices, and exit")
	verbose := fl.Bool("v", false, "debug logging")
	asJSON := fl.Bool("json", false, "log one JSON object a line (for a log collector) instead of text")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	cfg, log, ok := loadConfig(stderr, "watch", *cfgPath, *verbose, *asJSON)
	if !ok {
		return exitUsage
	}
	// One daemon per store: a second one is refused; a one-shot
	// command (ingest) holding the store is waited for.
	role := lock.RoleDaemon
	if *once {
		role = lock.RoleOneShot
	}
	lk, err := lock.Wait(ctx, cfg.Store.Path, role)
	if err != nil {
		return startupFailed(ctx, stderr, log, err)
	}
	defer lk.Release()
	a, err := openApp(ctx, cfg, log)
	if err != nil {
		return startupFailed(ctx, stderr, log, err)
	}
	defer a.close()
	if err := resumeDelivery(ctx, a.store, log); err != nil {
		return startupFailed(ctx, stderr, log, err)
	}
	if a.spool, err = ingest.NewSpool(cfg.IncomingDir()); err != nil {
		return startupFailed(ctx, stderr, log, err)
	}

	var drop *ingest.Drop
	if cfg.Drop != nil {
		if _, err := a.pipe.ReconcileArchive(ctx, cfg.ArchiveDir(), cfg.RejectedDir()); err != nil {
			return startupFailed(ctx, stderr, log, err)
		}
		seeded, err := seedDrop(ctx, a.store, cfg.Drop, log)
		if err != nil {
			return startupFailed(ctx, stderr, log, err)
		}
		drop, err = ingest.NewDrop(ingest.DropOptions{Folder: cfg.Drop.Folder, Archive: cfg.ArchiveDir(),
			ReceivedAt: seeded.receivedAt,
			Rejected:   cfg.RejectedDir(), Settle: cfg.Drop.Settle, Limits: limitsOf(cfg), Logger: log, Spool: a.spool,
			MaxMessage: cfg.Limits.MaxMessageBytes,
			Message: func(orig ingest.Content, at time.Time) (*ingest.Submission, error) {
				return email.Read(orig, at, mailLimits(cfg), a.spool)
			}})
		if err != nil {
			return startupFailed(ctx, stderr, log, err)
		}
	}
	intakes, err := a.intakes(drop)
	if err != nil {
		return startupFailed(ctx, stderr, log, err)
	}

	if *once {
		code := exitOK
		for _, in := range intakes {
			// One intake failing (the mailbox unreachable) does not keep
			// what the others took from being judged and answered.
			if err := in.once(ctx, a.pipe.Handle); err != nil {
				fmt.Fprintln(stderr, "omologa watch:", err)
				code = exitUsage
			}
		}
		pending, err := a.pipe.Drain(ctx)
		if err != nil {
			return failed(stderr, "watch", err)
		}
		c, _ := a.store.Counts(ctx)
		log.Info("done", "judged", c["submissions."+store.StateJudged], "quarantined", c["submissions."+store.StateQuarantined],
			"notices_sent", c["notices."+store.NoticeSent], "notices_pending", pending, "notices_failed", c["notices."+store.NoticeFailed])
		return code
	}

	log.Info("omologa watching", "config", cfg.File, "store", cfg.Store.Path, "outbox", cfg.Outbox, "smtp", cfg.SMTP != nil)
	var wg sync.WaitGroup
	errc := make(chan error, len(intakes)+2)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.Web != nil {
		// The web application shares the daemon's store and pipeline, so
		// that a release from a page is judged and answered at once.
		o, err := a.office()
		if err != nil {
			return startupFailed(ctx, stderr, log, err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errc <- serveWeb(ctx, o, cfg.Web, log, stdout)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		errc <- a.pipe.Run(ctx)
	}()
	for _, in := range intakes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errc <- in.run(ctx, a.pipe.Handle)
		}()
	}
	code := exitOK
	select {
	case <-ctx.Done():
	case err := <-errc:
		if err != nil && !errors.Is(err, context.Canceled) {
			log.Error("intake stopped", "err", err)
			code = exitUsage
		}
	}
	cancel()
	wg.Wait()
	log.Info("omologa stopped")
	return code
}

// intake is one source of submissions: run takes them until ctx is
// done, once takes what is there now and returns.
type intake struct {
	run, once func(ctx context.Context, h ingest.Handler) error
}

// intakes lists the configured intakes.
func (a *app) intakes(drop *ingest.Drop) ([]intake, error) {
	var out []intake
	if drop != nil {
		out = append(out, intake{drop.Run, drop.Once})
	}
	if a.cfg.IMAP != nil {
		in, err := imapIntake(a)
		if err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	return out, nil
}

func limitsOf(cfg *config.Config) ingest.Limits {
	return ingest.Limits{MaxFileBytes: cfg.Limits.MaxFileBytes, MaxArchiveBytes: cfg.Limits.MaxArchiveBytes,
		MaxArchiveFiles: cfg.Limits.MaxArchiveFiles}
}

// app is the store, the pipeline and what they were built from.
type app struct {
	cfg   *config.Config
	store *store.Store
	pipe  *pipeline.Pipeline
	log   *slog.Logger
	off   *office.Office
	// spool is where the intakes read messages and files into (nil:
	// memory), set by the command that runs them.
	spool *ingest.Spool
}

// startupFailed ends a start-up that could not complete. When the reason
// is a shutdown asked for meanwhile (SIGTERM while the store opened, as a
// service manager may send right after a restart) that is a graceful
// shutdown, not a failure: nothing was taken yet, so nothing is lost.
func startupFailed(ctx context.Context, stderr io.Writer, log *slog.Logger, err error) int {
	if ctx.Err() != nil {
		log.Info("shutdown requested during start-up", "err", err)
		return exitOK
	}
	return failed(stderr, "watch", err)
}

func openApp(ctx context.Context, cfg *config.Config, log *slog.Logger) (*app, error) {
	softMemoryLimit(cfg)
	o, err := office.OpenWith(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	p, err := office.NewPipeline(ctx, cfg, o.Rules, o.Store, log)
	if err != nil {
		o.Close()
		return nil, err
	}
	// The office acting on the daemon's store shares its pipeline, so
	// that a release from the web application is judged at once.
	o.Pipeline = p
	return &app{cfg: cfg, store: o.Store, pipe: p, log: log, off: o}, nil
}

func (a *app) close() { a.store.Close() }

// softMemoryLimit sets the configured soft limit of the process's memory
// (limits.memory_bytes) for the commands that take submissions in, unless
// GOMEMLIMIT is set in the environment: the operator's word wins.
func softMemoryLimit(cfg *config.Config) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	debug.SetMemoryLimit(cfg.Limits.MemoryBytes)
}

// resumeDelivery is the lock holder's first step: claims left in the
// store were left by a deliverer that died, and are dropped so that
// their notices are sent (again, with the same Message-ID) now.
func resumeDelivery(ctx context.Context, st *store.Store, log *slog.Logger) error {
	n, err := st.ReleaseClaims(ctx)
	if n > 0 {
		log.Warn("notices claimed by a deliverer that stopped: sent again, with the same Message-ID", "notices", n)
	}
	return err
}

// lockOneShot takes the store's lock for a command that records or
// changes work and then judges and delivers once (ingest, release,
// resend), waiting while another such command holds it. When a daemon
// holds it, daemon is true and the command must only write the store:
// the daemon judges and delivers what it finds there (it polls), so that
// delivery happens in one place.
func lockOneShot(ctx context.Context, cfg *config.Config) (lk *lock.Lock, daemon bool, err error) {
	lk, err = lock.Wait(ctx, cfg.Store.Path, lock.RoleOneShot)
	var held *lock.HeldError
	if errors.As(err, &held) {
		return nil, true, nil
	}
	return lk, false, err
}

// oneShot opens the store and the pipeline for a one-shot command under
// lockOneShot. Call done when finished.
func oneShot(ctx context.Context, cfg *config.Config, log *slog.Logger) (a *app, daemon bool, done func(), err error) {
	lk, daemon, err := lockOneShot(ctx, cfg)
	if err != nil {
		return nil, false, nil, err
	}
	a, err = openApp(ctx, cfg, log)
	if err == nil && !daemon {
		err = resumeDelivery(ctx, a.store, log)
		if err != nil {
			a.close()
		}
	}
	if err != nil {
		lk.Release()
		return nil, false, nil, err
	}
	return a, daemon, func() { a.close(); lk.Release() }, nil
}

// openOfficeOneShot opens the office for a one-shot command under
// lockOneShot. Call done when finished.
func openOfficeOneShot(ctx context.Context, cfg *config.Config, log *slog.Logger) (o *office.Office, done func(), err error) {
	lk, daemon, err := lockOneShot(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	o, err = office.OpenWith(ctx, cfg, log)
	if err == nil && !daemon {
		err = resumeDelivery(ctx, o.Store, log)
		if err != nil {
			o.Close()
		}
	}
	if err != nil {
		lk.Release()
		return nil, nil, err
	}
	o.DaemonElsewhere = daemon
	return o, func() { o.Close(); lk.Release() }, nil
}

// office is the office acting on the daemon's store and pipeline.
func (a *app) office() (*office.Office, error) { return a.off, nil }

// loadRegisters takes each register from the store when imported there
// (omologa import), else from the configured CSV file.
func loadRegisters(ctx context.Context, st *store.Store, cfg *config.Config) (*registers.Set, error) {
	return office.LoadRegisters(ctx, st, cfg)
}

// seedDrop copies the seed folders' files into the drop folder, through
// a temporary name, unless their content is already recorded: the demo
// processes the committed samples once without ever moving them. Each
// folder's files get a later modification time than the previous
// folder's, so that the drop folder takes them in seed order.
func seedDrop(ctx context.Context, st *store.Store, d *config.Drop, log *slog.Logger) (*seededFiles, error) {
	seeded := &seededFiles{names: map[string]bool{}}
	seeded.at, seeded.pinned = d.SeedTime()
	if err := os.MkdirAll(d.Folder, 0o755); err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	n := 0
	base := time.Now().Add(-time.Hour)
	for i, seed := range d.Seed {
		ents, err := os.ReadDir(seed)
		if errors.Is(err, fs.ErrNotExist) {
			log.Warn("seed folder missing: nothing to seed from it", "seed", seed)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("seed: %w", err)
		}
		// An old modification time makes the start-up scan take the
		// files at once.
		mtime := base.Add(time.Duration(i) * time.Minute)
		for _, e := range ents {
			if !e.Type().IsRegular() || ingest.IsTempName(e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(seed, e.Name()))
			if err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			if known, err := st.HasContent(ctx, store.Hash(data)); err != nil {
				return nil, err
			} else if known {
				continue
			}
			dst := filepath.Join(d.Folder, e.Name())
			if _, err := os.Stat(dst); err == nil {
				seeded.names[e.Name()] = true
				continue // already waiting in the drop folder
			}
			tmp := filepath.Join(d.Folder, "."+e.Name()+".tmp")
			if err := os.WriteFile(tmp, data, 0o644); err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			_ = os.Chtimes(tmp, mtime, mtime)
			if err := os.Rename(tmp, dst); err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			seeded.names[e.Name()] = true
			n++
		}
	}
	if n > 0 {
		log.Info("drop folder seeded", "from", d.Seed, "files", n)
	}
	return seeded, nil
}

// seededFiles remembers which files of the drop folder the seeding put
// there, so that they, and only they, get the configured receipt time
// (drop.seed_received); each name counts once, so a file the office
// drops later under the same name gets its real drop time.
type seededFiles struct {
	mu     sync.Mutex
	names  map[string]bool
	at     time.Time
	pinned bool
}

func (s *seededFiles) receivedAt(name string) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.pinned || !s.names[name] {
		return time.Time{}, false
	}
	delete(s.names, name)
	return s.at, true
}

// imapIntake builds the mailbox intake from the configuration; the
// mailbox position (UIDVALIDITY, last UID) is kept in the store, so that
// a restart resumes where the last run stopped.
func imapIntake(a *app) (intake, error) {
	m := a.cfg.IMAP
	pw, err := config.Password(m.PasswordEnv)
	if err != nil {
		return intake{}, fmt.Errorf("imap: %w", err)
	}
	w, err := imap.New(imap.Options{Host: m.Host, Port: m.Port, TLS: m.TLS, User: m.User, Password: pw,
		InsecureSkipVerify: m.InsecureSkipVerify, Mailbox: m.Mailbox, Processed: m.Processed,
		State:      imap.StateFuncs{LoadFunc: a.store.MailboxState, SaveFunc: a.store.SaveMailboxState},
		MaxMessage: a.cfg.Limits.MaxMessageBytes, Limits: mailLimits(a.cfg), Logger: a.log, Spool: a.spool})
	if err != nil {
		return intake{}, err
	}
	return intake{w.Run, w.Once}, nil
}

// mailLimits are the MIME parser's limits from the configuration.
func mailLimits(cfg *config.Config) email.Limits {
	lim := email.DefaultLimits
	lim.MaxPart = cfg.Limits.MaxFileBytes
	lim.MaxTotal = cfg.Limits.MaxArchiveBytes
	lim.MaxArchiveFiles = cfg.Limits.MaxArchiveFiles
	return lim
}
