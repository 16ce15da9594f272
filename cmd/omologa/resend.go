package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"omologa/config"
	"omologa/office"
)

func init() {
	register(&command{
		name:    "resend",
		summary: "send a submission's notice again (after a failed delivery)",
		run:     runResend,
	})
}

func runResend(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("resend", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", defaultConfig(), "configuration file")
	verbose := fs.Bool("v", false, "debug logging")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa resend [--config FILE] ID...\n\nQueues the notice of each submission again, attempts counted from zero, and delivers it.")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	var ids []int64
	for _, a := range fs.Args() {
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
	o, err := office.OpenWith(ctx, cfg, newLogger(stderr, *verbose))
	if err != nil {
		fmt.Fprintln(stderr, "omologa resend:", err)
		return exitUsage
	}
	defer o.Close()
	code := exitOK
	for _, id := range ids {
		if err := o.Resend(ctx, office.CLIActor(), id); err != nil {
			fmt.Fprintln(stderr, "omologa resend:", err)
			code = exitFor(err)
			continue
		}
		fmt.Fprintf(stdout, "submission %d: notice sent again\n", id)
	}
	return code
}
