package main

import (
	"context"
	"fmt"
	"io"

	"omologa/internal/office"
)

func init() {
	register(&command{
		name:    "resend",
		summary: "put a failed or failing notice back to be delivered at once (or every one with --failed)",
		run:     runResend,
	})
}

func runResend(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "resend", "usage: omologa resend [--config FILE] [--json] (ID... | --failed)\n\n"+
		"ID is a submission (omologa status) whose notice failed or is failing: it is delivered again\n"+
		"at once, with the same Message-ID, and retried as a new notice would be.")
	sf := addSubmissionFlags(fl)
	allFailed := fl.Bool("failed", false, "every failed or failing notice")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if (fl.NArg() == 0) == !*allFailed {
		return badUsage(stderr, "resend", "give the submission ids, or --failed, not both")
	}
	o, ids, closeOffice, ok := sf.open(ctx, stderr, "resend", fl.Args())
	if !ok {
		return exitUsage
	}
	defer closeOffice()

	actor := office.CLIActor()
	var put []int64
	if *allFailed {
		var err error
		if put, err = o.ResendFailed(ctx, actor); err != nil {
			return failed(stderr, "resend", err)
		}
		if len(put) == 0 {
			fmt.Fprintln(stderr, "omologa resend: no failed or failing notice")
		}
	}
	done, code := actOnSubmissions(stderr, "resend", ids, func(id int64) error { return o.Resend(ctx, actor, id) })
	put = append(put, done...)
	if o.DaemonElsewhere && len(put) > 0 {
		fmt.Fprintln(stderr, "omologa resend: the running `omologa watch` delivers them")
	}
	if err := printSubmissions(ctx, o.Store, o.Rules.Rating.Location(), put, *sf.json, stdout); err != nil {
		return failed(stderr, "resend", err)
	}
	return code
}
