package main

import (
	"context"
	"io"

	"omologa/internal/office"
)

func init() {
	register(&command{
		name:    "release",
		summary: "the office's word on quarantined submissions: judge and answer them, or --drop them unanswered",
		run:     runRelease,
	})
}

func runRelease(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "release", "usage: omologa release [--config FILE] [--json] [--drop] ID...\n\n"+
		"ID is a quarantined submission (omologa status --quarantined). Released, it is judged and\n"+
		"answered as if its sender were allowed; with --drop it is kept but never answered.")
	sf := addSubmissionFlags(fl)
	drop := fl.Bool("drop", false, "close the submissions as discarded by the office, without any notice")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if fl.NArg() == 0 {
		return badUsage(stderr, "release", "no submission id given (omologa status --quarantined lists them)")
	}
	o, ids, closeOffice, ok := sf.open(ctx, stderr, "release", fl.Args())
	if !ok {
		return exitUsage
	}
	defer closeOffice()

	actor := office.CLIActor()
	done, code := actOnSubmissions(stderr, "release", ids, func(id int64) error {
		if *drop {
			return o.Discard(ctx, actor, id)
		}
		return o.Release(ctx, actor, id)
	})
	if err := printSubmissions(ctx, o.Store, o.Rules.Rating.Location(), done, *sf.json, stdout); err != nil {
		return failed(stderr, "release", err)
	}
	return code
}

// officeUser names who does an office act from the command line: the OS
// user (office.CLIActor); kept for the commands that record it
// themselves.
func officeUser() string { return office.CLIActor().User }
