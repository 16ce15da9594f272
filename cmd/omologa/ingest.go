//go:build !lite

package main

import (
	"fmt"
	"io"

	"omologa/internal/daemon"
	"omologa/internal/homologation/validate"
)

const ingestUsage = "usage: omologa ingest [--config FILE] [--json] FILE...\n\nFILE is a result file, a zip archive of them, or a saved e-mail message (.eml)."

func runIngest(c *call) int {
	fl := c.fs
	// Every path is checked before anything is recorded.
	if code, ok := c.parseArgs(1, -1, "file"); !ok {
		return code
	}
	if msg := regularFiles(fl.Args(), "give the files in it (omologa watch takes a drop folder)"); msg != "" {
		return c.bad("%s", msg)
	}
	cfg, log, ok := c.loadConfig(false)
	if !ok {
		return exitUsage
	}
	a, daemonRuns, done, err := daemon.OneShot(c.ctx, cfg, log)
	if err != nil {
		return c.fail(err)
	}
	defer done()
	taken, err := a.Ingest(c.ctx, fl.Args())
	code := exitOK
	var ids []int64
	dups := map[int64]bool{}
	for _, t := range taken {
		switch {
		case t.Err != nil:
			fmt.Fprintln(c.stderr, "omologa ingest:", t.Err)
			code = exitUsage
			continue
		case t.Repeat:
			// Not a rejection: the file was judged when it first came
			// (exit 1 is kept for rejections).
			fmt.Fprintf(c.stderr, "omologa ingest: %s was already recorded as submission %d\n", t.Path, t.ID)
			dups[t.ID] = true
		}
		ids = append(ids, t.ID)
	}
	if err != nil {
		return c.fail(err)
	}
	if daemonRuns {
		// Recorded: the running daemon judges and answers them.
		fmt.Fprintln(c.stderr, "omologa ingest: recorded; the running `omologa watch` judges them and sends the notices (see omologa status)")
	} else {
		pending, err := a.Pipeline.Drain(c.ctx)
		if err != nil {
			return c.fail(err)
		}
		if pending > 0 {
			fmt.Fprintf(c.stderr, "omologa ingest: %d notices not delivered yet: `omologa watch` retries them\n", pending)
		}
	}
	rows, err := a.Store.StatusesOf(c.ctx, ids...)
	if err != nil {
		return c.fail(err)
	}
	for _, r := range rows {
		if dups[r.ID] {
			continue
		}
		for _, f := range r.Files {
			if f.Verdict == string(validate.Rejected) && code == exitOK {
				code = exitRejected
			}
		}
		if len(r.Files) == 0 && code == exitOK {
			code = exitRejected
		}
	}
	return c.print(code, rows, func(w io.Writer) { printStatusesIn(w, rows, a.Office.Rules.Rating.Location()) })
}
