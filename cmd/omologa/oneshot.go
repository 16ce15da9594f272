package main

import (
	"context"
	"log/slog"

	"omologa/internal/config"
	"omologa/internal/daemon"
	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
)

// app is the store and the pipeline of a one-shot command that takes
// submissions in (daemon.App), under the names ingest uses.
type app struct {
	*daemon.App
	store *store.Store
	pipe  *pipeline.Pipeline
}

func appOf(a *daemon.App) *app { return &app{App: a, store: a.Store, pipe: a.Pipeline} }

func (a *app) close() { a.Close() }

// openApp opens the store and the pipeline (daemon.Open).
func openApp(ctx context.Context, cfg *config.Config, log *slog.Logger) (*app, error) {
	a, err := daemon.Open(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	return appOf(a), nil
}

// oneShot opens the store and the pipeline for a one-shot command under
// the store's lock (daemon.OneShot). Call done when finished.
func oneShot(ctx context.Context, cfg *config.Config, log *slog.Logger) (a *app, daemonRuns bool, done func(), err error) {
	da, daemonRuns, done, err := daemon.OneShot(ctx, cfg, log)
	if err != nil {
		return nil, false, nil, err
	}
	return appOf(da), daemonRuns, done, nil
}

// openOfficeOneShot opens the office for a one-shot command under the
// store's lock (daemon.OpenOffice). Call done when finished.
func openOfficeOneShot(ctx context.Context, cfg *config.Config, log *slog.Logger) (*office.Office, func(), error) {
	return daemon.OpenOffice(ctx, cfg, log)
}

func limitsOf(cfg *config.Config) ingest.Limits { return daemon.Limits(cfg) }

func mailLimits(cfg *config.Config) email.Limits { return daemon.MailLimits(cfg) }
