package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
)

const ingestUsage = "usage: omologa ingest [--config FILE] [--json] FILE...\n\nFILE is a result file, a zip archive of them, or a saved e-mail message (.eml)."

func runIngest(c *call) int {
	ctx, stderr, fl := c.ctx, c.stderr, c.fs
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
	a, daemon, done, err := oneShot(ctx, cfg, log)
	if err != nil {
		return c.fail(err)
	}
	defer done()
	// Each file is read into the spool, not into memory, until recorded.
	sp, err := ingest.NewSpool(cfg.IncomingDir())
	if err != nil {
		return c.fail(err)
	}
	// The drop folder's way of reading a file (ingest.FileReader): a
	// saved message is read as if it had come from the mailbox, and its
	// sender authenticated as the mailbox's are; a file over its limit is
	// recorded unread and answered with a rejection, as when dropped.
	rd := ingest.FileReader{Limits: limitsOf(cfg), MaxMessage: cfg.Limits.MaxMessageBytes, Spool: sp,
		Message: func(orig ingest.Content, at time.Time) (*ingest.Submission, error) {
			return email.Read(orig, at, mailLimits(cfg), sp)
		}}
	code := exitOK
	var ids []int64
	dups := map[int64]bool{}
	for _, path := range fl.Args() {
		info, err := os.Stat(path)
		if err != nil {
			fmt.Fprintln(stderr, "omologa ingest:", err)
			code = exitUsage
			continue
		}
		s, _, err := rd.Read(path, info, ingest.ChannelCLI, time.Now())
		if err != nil {
			fmt.Fprintf(stderr, "omologa ingest: %s: %v\n", path, err)
			code = exitUsage
			continue
		}
		s.Source = path
		id, dup, err := a.pipe.Record(ctx, s)
		// Recorded (the store keeps its own copy) or not: the spool
		// files go.
		s.Cleanup()
		if err != nil {
			return c.fail(err)
		}
		if dup {
			// Not a rejection: the file was judged when it first came
			// (exit 1 is kept for rejections).
			fmt.Fprintf(stderr, "omologa ingest: %s was already recorded as submission %d\n", path, id)
			dups[id] = true
		}
		ids = append(ids, id)
	}
	if daemon {
		// Recorded: the running daemon judges and answers them.
		fmt.Fprintln(stderr, "omologa ingest: recorded; the running `omologa watch` judges them and sends the notices (see omologa status)")
	} else {
		pending, err := a.pipe.Drain(ctx)
		if err != nil {
			return c.fail(err)
		}
		if pending > 0 {
			fmt.Fprintf(stderr, "omologa ingest: %d notices not delivered yet: `omologa watch` retries them\n", pending)
		}
	}
	rows, err := a.store.StatusesOf(ctx, ids...)
	if err != nil {
		return c.fail(err)
	}
	for _, r := range rows {
		if dups[r.ID] {
			continue
		}
		for _, f := range r.Files {
			if f.Verdict == "rejected" && code == exitOK {
				code = exitRejected
			}
		}
		if len(r.Files) == 0 && code == exitOK {
			code = exitRejected
		}
	}
	return c.print(code, rows, func(w io.Writer) { printStatusesIn(w, rows, zoneOf(cfg)) })
}
