package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"omologa/config"
	"omologa/office"
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
	o, err := office.OpenWith(ctx, cfg, newLogger(stderr, *verbose))
	if err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	defer o.Close()

	actor := office.CLIActor()
	code := exitOK
	var done []int64
	for _, id := range ids {
		if *drop {
			err = o.Discard(ctx, actor, id)
		} else {
			err = o.Release(ctx, actor, id)
		}
		if err != nil {
			fmt.Fprintln(stderr, "omologa release:", err)
			code = exitUsage
			continue
		}
		done = append(done, id)
	}
	all, err := o.Store.Statuses(ctx, 0)
	if err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	want := map[int64]bool{}
	for _, id := range done {
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
