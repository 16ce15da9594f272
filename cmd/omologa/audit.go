package main

import (
	"context"
	"fmt"
	"io"
	"omologa/internal/platform/italian"
	"time"

	"omologa/internal/store"
)

func init() {
	register(&command{
		name:    "audit",
		summary: "the office's audit trail: who did what and when, from the command line or the web",
		run:     runAudit,
	})
}

func runAudit(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "audit", "usage: omologa audit [--config FILE] [--json] [--user U] [--action A] [--object O] [--since DAY] [--until DAY] [--limit N] [--offset N]")
	cfgPath := fs.String("config", defaultConfig(), "configuration file")
	asJSON := fs.Bool("json", false, "print the entries as JSON")
	var f store.AuditFilter
	fs.StringVar(&f.User, "user", "", "only this user's acts")
	fs.StringVar(&f.Action, "action", "", "only this act (release, discard, decide, revoke, reinstate, link, unlink, import, undo-import, list-run)")
	fs.StringVar(&f.Object, "object", "", `only acts on this object ("submission 12", "tournament 3", "register players")`)
	since := fs.String("since", "", "only acts from this day, YYYY-MM-DD")
	until := fs.String("until", "", "only acts before this day, YYYY-MM-DD")
	fs.IntVar(&f.Limit, "limit", 50, "at most this many entries, newest first (0: all)")
	fs.IntVar(&f.Offset, "offset", 0, "skip this many entries")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if msg := argCount(fs, 0, 0, "argument"); msg != "" {
		return badUsage(stderr, "audit", "%s", msg)
	}
	fail := func(err error) int {
		return failed(stderr, "audit", err)
	}
	o, err := openOffice(ctx, *cfgPath)
	if err != nil {
		return fail(err)
	}
	defer o.Close()
	// A day is a day in the office's zone (the rules' time_zone), as the audit
	// lines show their times.
	for _, d := range []struct {
		flag, s string
		dst     *time.Time
	}{{"--since", *since, &f.From}, {"--until", *until, &f.To}} {
		if d.s == "" {
			continue
		}
		t, err := time.ParseInLocation("2006-01-02", d.s, o.Rules.Rating.Location())
		if err != nil {
			return fail(fmt.Errorf("%s %q: want a day YYYY-MM-DD", d.flag, d.s))
		}
		*d.dst = t
	}
	es, err := o.Audit(ctx, f)
	if err != nil {
		return fail(err)
	}
	if err := printResult(stdout, *asJSON, es, func(w io.Writer) {
		for _, e := range es {
			fmt.Fprintf(w, "%s  %s (%s, %s)  %s %s", italian.DateTime(e.At, o.Rules.Rating.Location()), e.User, e.Role, e.Via, e.Action, e.Object)
			if e.Details != "" {
				fmt.Fprintf(w, ": %s", e.Details)
			}
			fmt.Fprintln(w)
		}
	}); err != nil {
		return fail(err)
	}
	return exitOK
}
