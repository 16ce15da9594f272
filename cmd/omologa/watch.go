//go:build !lite

package main

import (
	"context"
	"io"
	"log/slog"

	"omologa/internal/daemon"
)

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

func runWatch(c *call) int {
	once := c.fs.Bool("once", false, "take what is waiting (drop folder, mailbox), judge it, deliver the notices, and exit")
	if code, ok := c.parse(); !ok {
		return code
	}
	cfg, log, ok := c.loadConfig(*c.json)
	if !ok {
		return exitUsage
	}
	d, err := daemon.Start(c.ctx, cfg, log, *once)
	if err != nil {
		return startupFailed(c.ctx, c.stderr, log, err)
	}
	defer d.Close()
	if *once {
		code := exitOK
		err := d.Once(c.ctx, func(err error) {
			c.fail(err)
			code = exitUsage
		})
		if err != nil {
			return c.fail(err)
		}
		return code
	}
	if err := d.Run(c.ctx, c.stdout); err != nil {
		return exitUsage
	}
	return exitOK
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
