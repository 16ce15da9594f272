//go:build !lite

package main

import (
	"fmt"
	"io"
	"time"

	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

const auditUsage = "usage: omologa audit [--config FILE] [--json] [--user U] [--action A] [--object O] [--since DAY] [--until DAY] [--limit N] [--offset N]"

func runAudit(c *call) int {
	fs := c.fs
	var f store.AuditFilter
	fs.StringVar(&f.User, "user", "", "only this user's acts")
	fs.StringVar(&f.Action, "action", "", "only this act (release, discard, decide, revoke, reinstate, link, unlink, import, undo-import, list-run)")
	fs.StringVar(&f.Object, "object", "", `only acts on this object ("submission 12", "tournament 3", "register players")`)
	since := fs.String("since", "", "only acts from this day, YYYY-MM-DD")
	until := fs.String("until", "", "only acts before this day, YYYY-MM-DD")
	fs.IntVar(&f.Limit, "limit", 50, "at most this many entries, newest first (0: all)")
	fs.IntVar(&f.Offset, "offset", 0, "skip this many entries")
	if code, ok := c.parseArgs(0, 0, "argument"); !ok {
		return code
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
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
			return c.fail(fmt.Errorf("%s %q: want a day YYYY-MM-DD", d.flag, d.s))
		}
		*d.dst = t
	}
	es, err := o.Audit(c.ctx, f)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, es, func(w io.Writer) {
		for _, e := range es {
			fmt.Fprintf(w, "%s  %s (%s, %s)  %s %s", italian.DateTime(e.At, o.Rules.Rating.Location()), e.User, e.Role, e.Via, e.Action, e.Object)
			if e.Details != "" {
				fmt.Fprintf(w, ": %s", e.Details)
			}
			fmt.Fprintln(w)
		}
	})
}
