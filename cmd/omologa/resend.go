package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"omologa/config"
	"omologa/store"
)

func init() {
	register(&command{
		name:    "resend",
		summary: "put a failed or failing notice back to be delivered at once (or every one with --failed)",
		run:     runResend,
	})
}

func runResend(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("resend", flag.ContinueOnError)
	fl.SetOutput(stderr)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print the submissions' state as JSON")
	failed := fl.Bool("failed", false, "every failed or failing notice")
	verbose := fl.Bool("v", false, "debug logging")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa resend [--config FILE] [--json] (ID... | --failed)\n\n"+
			"ID is a submission (omologa status) whose notice failed or is failing: it is delivered again\n"+
			"at once, with the same Message-ID, and retried as a new notice would be.")
		fl.PrintDefaults()
	}
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if (fl.NArg() == 0) == !*failed {
		fl.Usage()
		return exitUsage
	}
	var ids []int64
	for _, a := range fl.Args() {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(stderr, "omologa resend: %q is not a submission id\n", a)
			return exitUsage
		}
		ids = append(ids, id)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa resend:", err)
		return exitUsage
	}
	a, daemon, done, err := oneShot(ctx, cfg, newLogger(stderr, *verbose))
	if err != nil {
		fmt.Fprintln(stderr, "omologa resend:", err)
		return exitUsage
	}
	defer done()

	code := exitOK
	var put []int64
	if *failed {
		if put, err = a.pipe.ResendFailed(ctx); err != nil {
			fmt.Fprintln(stderr, "omologa resend:", err)
			return exitUsage
		}
		if len(put) == 0 {
			fmt.Fprintln(stderr, "omologa resend: no failed or failing notice")
		}
	}
	for _, id := range ids {
		if err := a.pipe.Resend(ctx, id); err != nil {
			var ne *store.NoticeError
			switch {
			case errors.As(err, &ne):
				fmt.Fprintf(stderr, "omologa resend: the notice of submission %d was already delivered (omologa status --show %d)\n", id, id)
			case errors.Is(err, store.ErrNoNotice):
				fmt.Fprintf(stderr, "omologa resend: submission %d has no notice (not judged yet, quarantined or discarded)\n", id)
			case errors.Is(err, store.ErrNoSubmission):
				fmt.Fprintf(stderr, "omologa resend: no submission %d\n", id)
			default:
				fmt.Fprintln(stderr, "omologa resend:", err)
			}
			code = exitUsage
			continue
		}
		put = append(put, id)
	}
	if len(put) > 0 && !daemon {
		// No daemon runs: one attempt now; watch retries what fails.
		pending, err := a.pipe.Drain(ctx)
		if err != nil {
			fmt.Fprintln(stderr, "omologa resend:", err)
			return exitUsage
		}
		if pending > 0 {
			fmt.Fprintf(stderr, "omologa resend: %d notices not delivered yet: `omologa watch` retries them\n", pending)
		}
	}
	all, err := a.store.Statuses(ctx, 0)
	if err != nil {
		fmt.Fprintln(stderr, "omologa resend:", err)
		return exitUsage
	}
	want := map[int64]bool{}
	for _, id := range put {
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
			fmt.Fprintln(stderr, "omologa resend:", err)
			return exitUsage
		}
	} else if len(rows) > 0 {
		printStatuses(stdout, rows)
	}
	return code
}
