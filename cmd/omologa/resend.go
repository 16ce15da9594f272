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
		return badUsage(stderr, "resend", "give the submission ids, or --failed, not both")
	}
	ids, ok := submissionIDs(stderr, "resend", fl.Args())
	if !ok {
		return exitUsage
	}
	o, closeOffice, ok := oneShotOffice(ctx, stderr, "resend", *cfgPath, *verbose)
	if !ok {
		return exitUsage
	}
	defer closeOffice()

	actor := office.CLIActor()
	code := exitOK
	var put []int64
	if *failed {
		var err error
		if put, err = o.ResendFailed(ctx, actor); err != nil {
			fmt.Fprintln(stderr, "omologa resend:", err)
			return exitUsage
		}
		if len(put) == 0 {
			fmt.Fprintln(stderr, "omologa resend: no failed or failing notice")
		}
	}
	for _, id := range ids {
		if err := o.Resend(ctx, actor, id); err != nil {
			fmt.Fprintln(stderr, "omologa resend:", err)
			code = exitUsage
			continue
		}
		put = append(put, id)
	}
	if o.DaemonElsewhere && len(put) > 0 {
		fmt.Fprintln(stderr, "omologa resend: the running `omologa watch` delivers them")
	}
	if err := printSubmissions(ctx, o.Store, put, *asJSON, stdout); err != nil {
		fmt.Fprintln(stderr, "omologa resend:", err)
		return exitUsage
	}
	return code
}
