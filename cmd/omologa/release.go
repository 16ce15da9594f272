package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/user"
	"strconv"

	"omologa/config"
	"omologa/store"
)

func init() {
	register(&command{
		name:    "release",
		summary: "the office's word on quarantined submissions: judge and answer them, or --drop them unanswered",
		run:     runRelease,
	})
}

func runRelease(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("release", flag.ContinueOnError)
	fl.SetOutput(stderr)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print the submissions' state as JSON")
	drop := fl.Bool("drop", false, "close the submissions as discarded by the office, without any notice")
	verbose := fl.Bool("v", false, "debug logging")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa release [--config FILE] [--json] [--drop] ID...\n\n"+
			"ID is a quarantined submission (omologa status --quarantined). Released, it is judged and\n"+
			"answered as if its sender were allowed; with --drop it is kept but never answered.")
		fl.PrintDefaults()
	}
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return exitUsage
	}
	var ids []int64
	for _, a := range fl.Args() {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(stderr, "omologa release: %q is not a submission id\n", a)
			return exitUsage
		}
		ids = append(ids, id)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	a, daemon, done, err := oneShot(ctx, cfg, newLogger(stderr, *verbose))
	if err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	defer done()

	by := officeUser()
	code := exitOK
	var released []int64
	for _, id := range ids {
		if *drop {
			err = a.pipe.Discard(ctx, id, by)
		} else {
			err = a.pipe.Release(ctx, id, by)
		}
		if err != nil {
			var se *store.StateError
			switch {
			case errors.As(err, &se):
				fmt.Fprintf(stderr, "omologa release: submission %d is %s, not quarantined: nothing to release\n", id, se.State)
			case errors.Is(err, store.ErrNoSubmission):
				fmt.Fprintf(stderr, "omologa release: no submission %d\n", id)
			default:
				fmt.Fprintln(stderr, "omologa release:", err)
			}
			code = exitUsage
			continue
		}
		released = append(released, id)
	}
	if len(released) > 0 && !*drop && !daemon {
		// No daemon runs (a running one finds the release in the
		// store), so it is judged and answered here, as ingest does.
		pending, err := a.pipe.Drain(ctx)
		if err != nil {
			fmt.Fprintln(stderr, "omologa release:", err)
			return exitUsage
		}
		if pending > 0 {
			fmt.Fprintf(stderr, "omologa release: %d notices not delivered yet: `omologa watch` retries them\n", pending)
		}
	}
	all, err := a.store.Statuses(ctx, 0)
	if err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	want := map[int64]bool{}
	for _, id := range released {
		want[id] = true
	}
	rows := []store.Status{}
	for _, r := range all {
		if want[r.ID] {
			rows = append(rows, r)
		}
	}
	if *asJSON {
		if err := writeJSON(stdout, rows); err != nil {
			fmt.Fprintln(stderr, "omologa release:", err)
			return exitUsage
		}
	} else if len(rows) > 0 {
		printStatuses(stdout, rows)
	}
	return code
}

// officeUser names who released a submission: the OS user running the
// command.
func officeUser() string {
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
