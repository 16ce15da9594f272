//go:build !lite

package main

import (
	"fmt"
	"io"
	"time"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/store"
)

func runStatus(c *call) int {
	fl := c.fs
	limit := fl.Int("n", 0, "show only the newest N submissions (0: all)")
	show := fl.Int64("show", 0, "print the text of submission `ID`'s notice")
	quarantined := fl.Bool("quarantined", false, "list only the quarantined submissions (for omologa release)")
	if code, ok := c.parse(); !ok {
		return code
	}
	switch {
	case *limit < 0:
		return c.bad("-n %d: a number of submissions, 0 for all", *limit)
	case *show < 0:
		return c.bad("--show %d: a submission number from omologa status", *show)
	case fl.NArg() > 0:
		return c.bad("unexpected argument %q", fl.Arg(0))
	}
	cfg, err := config.Load(*c.config)
	if err != nil {
		return c.fail(err)
	}
	st, err := store.Open(c.ctx, cfg.Store.Path)
	if err != nil {
		return c.fail(err)
	}
	defer st.Close()
	if *show != 0 {
		msg, ok, err := st.NoticeMessage(c.ctx, *show)
		if err != nil {
			return c.fail(err)
		}
		if !ok {
			fmt.Fprintf(c.stderr, "omologa status: submission %d has no notice (not judged yet, quarantined, or unknown)\n", *show)
			return exitUsage
		}
		if err := printNoticeText(c.stdout, msg); err != nil {
			return c.fail(err)
		}
		return exitOK
	}
	state := ""
	if *quarantined {
		state = store.StateQuarantined
	}
	rows, err := st.StatusesIn(c.ctx, state, *limit)
	if err != nil {
		return c.fail(err)
	}
	if rows == nil {
		rows = []store.Status{}
	}
	return c.print(exitOK, rows, func(w io.Writer) {
		if *quarantined && len(rows) == 0 {
			fmt.Fprintln(w, "no quarantined submissions")
			return
		}
		printStatusesIn(w, rows, zoneOf(cfg))
	})
}

// zoneOf is the office's time zone, in which the commands show times as
// the notices do: the rules' time_zone; UTC when the rules cannot be
// read (the command says so elsewhere).
func zoneOf(cfg *config.Config) *time.Location {
	rf, err := rules.Load(cfg.Rules)
	if err != nil {
		return time.UTC
	}
	return rf.Rating.Location()
}
