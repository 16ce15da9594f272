package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"omologa/internal/daemon"
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
	d, err := daemon.Start(ctx, cfg, log, *once)
	if err != nil {
		return startupFailed(ctx, stderr, log, err)
	}
	defer d.Close()
	if *once {
		code := exitOK
		err := d.Once(ctx, func(err error) {
			fmt.Fprintln(stderr, "omologa watch:", err)
			code = exitUsage
		})
		if err != nil {
			return failed(stderr, "watch", err)
		}
		return code
	}
	if err := d.Run(ctx, stdout); err != nil {
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
