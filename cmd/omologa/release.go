package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"omologa/office"
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
		return badUsage(stderr, "release", "no submission id given (omologa status --quarantined lists them)")
	}
	ids, ok := submissionIDs(stderr, "release", fl.Args())
	if !ok {
		return exitUsage
	}
	o, closeOffice, ok := oneShotOffice(ctx, stderr, "release", *cfgPath, *verbose)
	if !ok {
		return exitUsage
	}
	defer closeOffice()

	actor := office.CLIActor()
	code := exitOK
	var done []int64
	for _, id := range ids {
		var err error
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
	if err := printSubmissions(ctx, o.Store, done, *asJSON, stdout); err != nil {
		fmt.Fprintln(stderr, "omologa release:", err)
		return exitUsage
	}
	return code
}

// officeUser names who does an office act from the command line: the OS
// user (office.CLIActor); kept for the commands that record it
// themselves.
func officeUser() string { return office.CLIActor().User }
