package main

import (
	"context"
	"fmt"
	"io"
)

func init() {
	register(&command{
		name:    "site",
		summary: "the public site: `site build` writes the published lists, players, tournaments, provinces and statistics into publish/site",
		run:     runSite,
	})
}

func runSite(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "site", "usage: omologa site build [--config FILE] [--out DIR] [--json]")
	cfgPath := fs.String("config", defaultConfig(), "configuration file")
	out := fs.String("out", "", "the site's folder (default: publish/site beside the store)")
	asJSON := fs.Bool("json", false, "print what was written as JSON")
	if len(args) == 0 || args[0] != "build" {
		if code, ok := parseFlags(fs, args); !ok {
			return code
		}
		return badUsage(stderr, "site", "want `omologa site build`")
	}
	if code, ok := parseFlags(fs, args[1:]); !ok {
		return code
	}
	if msg := argCount(fs, 0, 0, "argument"); msg != "" {
		return badUsage(stderr, "site", "%s", msg)
	}
	o, err := openOffice(ctx, *cfgPath)
	if err != nil {
		return failed(stderr, "site", err)
	}
	defer o.Close()
	r, err := o.BuildSite(ctx, *out)
	if err != nil {
		return failed(stderr, "site", err)
	}
	if err := printResult(stdout, *asJSON, r, func(w io.Writer) {
		fmt.Fprintf(w, "%s: %d files (%d players, %d tournaments); %d written, %d unchanged, %d removed\n",
			r.Dir, r.Files, r.Players, r.Tourns, len(r.Written), r.Kept, len(r.Removed))
	}); err != nil {
		return failed(stderr, "site", err)
	}
	return exitOK
}
