package main

import (
	"context"
	"log/slog"

	"omologa/internal/config"
	"omologa/internal/daemon"
	"omologa/internal/homologation/validate"
	"omologa/internal/office"
	"omologa/internal/office/pipeline"
	"omologa/internal/store"
)

// app is the store and the pipeline (daemon.App) under short names, for
// the tests that put submissions in before a command runs.
type app struct {
	*daemon.App
	store *store.Store
	pipe  *pipeline.Pipeline
}

func (a *app) close() { a.Close() }

// openApp opens the store and the pipeline (daemon.Open).
func openApp(ctx context.Context, cfg *config.Config, log *slog.Logger) (*app, error) {
	a, err := daemon.Open(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	return &app{App: a, store: a.Store, pipe: a.Pipeline}, nil
}

// officeUser names who does an office act from the command line: the OS
// user (office.CLIActor).
func officeUser() string { return office.CLIActor().User }

// checkData judges the bytes of one file as omologa check does.
func checkData(opts checkOptions, name string, data []byte) validate.Report {
	rep, _ := validate.Judge(&opts.Rules.Rulebook, opts.Registers, name, data, opts.submission())
	return rep
}
