package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"

	"omologa/internal/config"
	"omologa/internal/daemon"
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

// openOffice opens the office of the configuration at path (its store and
// rules), for a command that does one of its acts.
func openOffice(ctx context.Context, path string) (*office.Office, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return office.Open(ctx, cfg)
}

// submissionIDs reads the submission ids given as arguments (as status
// shows them); a wrong one is said in one line.
func submissionIDs(stderr io.Writer, cmd string, args []string) ([]int64, bool) {
	var ids []int64
	for _, a := range args {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(stderr, "omologa %s: %q is not a submission id (omologa status lists them)\n", cmd, a)
			return nil, false
		}
		ids = append(ids, id)
	}
	return ids, true
}

// submissions reads the submission ids given as arguments
// (submissionIDs) and opens the office of --config for a one-shot
// command under the store's lock (oneShotOffice), closed when the
// command returns; a failure is said.
func (c *call) submissions() (o *office.Office, ids []int64, ok bool) {
	if ids, ok = submissionIDs(c.stderr, c.name, c.fs.Args()); !ok {
		return nil, nil, false
	}
	o, done, ok := oneShotOffice(c.ctx, c.stderr, c.name, *c.config, *c.verbose)
	if !ok {
		return nil, nil, false
	}
	c.closers = append(c.closers, func() error { done(); return nil })
	return o, ids, true
}

// printSubmissions prints the state of the submissions ids after an
// office act (printSubmissions) and returns code.
func (c *call) printSubmissions(o *office.Office, ids []int64, code int) int {
	if err := printSubmissions(c.ctx, o.Store, o.Rules.Rating.Location(), ids, *c.json, c.stdout); err != nil {
		return c.fail(err)
	}
	return code
}

// actOnSubmissions does an office act (release, discard, resend) on each
// submission id: a failure is said in one line and the others are still
// done (exit 2 at the end). It returns the ids done.
func actOnSubmissions(stderr io.Writer, cmd string, ids []int64, act func(id int64) error) (done []int64, code int) {
	code = exitOK
	for _, id := range ids {
		if err := act(id); err != nil {
			failed(stderr, cmd, err)
			code = exitUsage
			continue
		}
		done = append(done, id)
	}
	return done, code
}

// loadConfig loads the configuration at path and makes the command's
// logger (text, or JSON with asJSON; debug with verbose); a failure is
// said in one line.
func loadConfig(stderr io.Writer, cmd, path string, verbose, asJSON bool) (*config.Config, *slog.Logger, bool) {
	cfg, err := config.Load(path)
	if err != nil {
		failed(stderr, cmd, err)
		return nil, nil, false
	}
	return cfg, newLoggerAs(stderr, verbose, asJSON), true
}

// oneShotOffice loads the configuration at cfgPath and opens the office
// under the store's lock for a one-shot command (openOfficeOneShot);
// a failure is said in one line. Call done when finished.
func oneShotOffice(ctx context.Context, stderr io.Writer, cmd, cfgPath string, verbose bool) (o *office.Office, done func(), ok bool) {
	cfg, log, ok := loadConfig(stderr, cmd, cfgPath, verbose, false)
	if !ok {
		return nil, nil, false
	}
	o, done, err := openOfficeOneShot(ctx, cfg, log)
	if err != nil {
		failed(stderr, cmd, err)
		return nil, nil, false
	}
	return o, done, true
}
