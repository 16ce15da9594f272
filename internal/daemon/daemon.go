// Package daemon composes the office's long-running process (omologa
// watch): the store's lock policy (one daemon per store, one-shot
// commands waiting their turn or leaving the work to the daemon), the
// intakes (drop folder, with the demo's seeding, and IMAP), the
// pipeline that judges and answers, the delivery of notices resumed
// after a crash, and the web application sharing the daemon's store.
// The command line parses flags and calls it; the acts themselves are
// the office's.
package daemon

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"runtime/debug"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
	"omologa/internal/store/lock"
)

// App is the store, the pipeline and the office acting on them, and the
// configuration they were built from.
type App struct {
	Config   *config.Config
	Store    *store.Store
	Pipeline *pipeline.Pipeline
	Office   *office.Office
	Log      *slog.Logger
	// Vitals are the process's health the web's /readyz and /metrics
	// read (the daemon's intakes and pipeline report to them).
	Vitals *office.Vitals
	// spool is where the intakes read messages and files into (nil:
	// memory).
	spool *ingest.Spool
}

// Open opens the configured store with its pipeline and office, after
// setting the process's soft memory limit. The office shares the
// pipeline, so that a release from the web application is judged at
// once. Close it when done.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*App, error) {
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
	o.Pipeline = p
	v := &office.Vitals{}
	p.SetHooks(pipeline.Hooks{Judged: v.Judged, Delivering: func(running bool) { v.Delivering(running, o.Now()) }})
	return &App{Config: cfg, Store: o.Store, Pipeline: p, Office: o, Log: log, Vitals: v}, nil
}

// Close closes the store.
func (a *App) Close() error { return a.Store.Close() }

// softMemoryLimit sets the configured soft limit of the process's memory
// (limits.memory_bytes) for the commands that take submissions in, unless
// GOMEMLIMIT is set in the environment: the operator's word wins.
func softMemoryLimit(cfg *config.Config) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	debug.SetMemoryLimit(cfg.Limits.MemoryBytes)
}

// ResumeDelivery is the lock holder's first step: claims left in the
// store were left by a deliverer that died, and are dropped so that
// their notices are sent (again, with the same Message-ID) now.
func ResumeDelivery(ctx context.Context, st *store.Store, log *slog.Logger) error {
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

// OneShot opens the store and the pipeline for a one-shot command under
// the store's lock (see lockOneShot for daemon). Call done when finished.
func OneShot(ctx context.Context, cfg *config.Config, log *slog.Logger) (a *App, daemon bool, done func(), err error) {
	return openOneShot(ctx, cfg, log, func() (*App, error) { return Open(ctx, cfg, log) },
		func(a *App) *store.Store { return a.Store })
}

// OpenOffice opens the office for a one-shot command under the store's
// lock (see lockOneShot): when a daemon holds it, the office only writes
// the store (office.Office.DaemonElsewhere). Call done when finished.
func OpenOffice(ctx context.Context, cfg *config.Config, log *slog.Logger) (o *office.Office, done func(), err error) {
	o, daemon, done, err := openOneShot(ctx, cfg, log, func() (*office.Office, error) { return office.OpenWith(ctx, cfg, log) },
		func(o *office.Office) *store.Store { return o.Store })
	if err != nil {
		return nil, nil, err
	}
	o.DaemonElsewhere = daemon
	return o, done, nil
}

// openOneShot is OneShot's and OpenOffice's policy, said once: take the
// store's lock (lockOneShot), open what the command works with, and,
// unless a daemon holds the lock, resume the delivery a crash left
// (ResumeDelivery); on failure nothing stays open or locked. done
// closes what was opened and releases the lock.
func openOneShot[T interface{ Close() error }](ctx context.Context, cfg *config.Config, log *slog.Logger,
	open func() (T, error), storeOf func(T) *store.Store) (v T, daemon bool, done func(), err error) {
	var none T
	lk, daemon, err := lockOneShot(ctx, cfg)
	if err != nil {
		return none, false, nil, err
	}
	v, err = open()
	if err == nil && !daemon {
		err = ResumeDelivery(ctx, storeOf(v), log)
		if err != nil {
			v.Close()
		}
	}
	if err != nil {
		lk.Release()
		return none, false, nil, err
	}
	return v, daemon, func() { v.Close(); lk.Release() }, nil
}
