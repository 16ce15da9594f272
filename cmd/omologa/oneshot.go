//go:build !lite

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
)

// openOffice opens the office of the configuration at path (its store and
// rules), for a command that does one of its acts.
func openOffice(ctx context.Context, path string) (*office.Office, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return office.Open(ctx, cfg)
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
// command under the store's lock (daemon.OpenOffice), closed and
// unlocked when the command returns; a failure is said.
func (c *call) submissions() (o *office.Office, ids []int64, ok bool) {
	if ids, ok = submissionIDs(c.stderr, c.name, c.fs.Args()); !ok {
		return nil, nil, false
	}
	cfg, log, ok := c.loadConfig(false)
	if !ok {
		return nil, nil, false
	}
	o, done, err := daemon.OpenOffice(c.ctx, cfg, log)
	if err != nil {
		c.fail(err)
		return nil, nil, false
	}
	c.closers = append(c.closers, func() error { done(); return nil })
	return o, ids, true
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

// printSubmissions prints the state of the submissions ids after an
// office act (release, resend), as JSON or as status's table, and
// returns code.
func (c *call) printSubmissions(o *office.Office, ids []int64, code int) int {
	rows, err := o.Store.StatusesOf(c.ctx, ids...)
	if err != nil {
		return c.fail(err)
	}
	return c.print(code, rows, func(w io.Writer) {
		if len(rows) > 0 {
			printStatusesIn(w, rows, o.Rules.Rating.Location())
		}
	})
}
