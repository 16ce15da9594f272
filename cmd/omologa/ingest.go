package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/italian"
)

func init() {
	register(&command{
		name:    "ingest",
		summary: "take files in once (as the drop folder would), judge them and deliver the notices",
		run:     runIngest,
	})
}

func runIngest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "ingest", "usage: omologa ingest [--config FILE] [--json] FILE...\n\nFILE is a result file, a zip archive of them, or a saved e-mail message (.eml).")
	sf := addSubmissionFlags(fl)
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if msg := argCount(fl, 1, -1, "file"); msg != "" {
		return badUsage(stderr, "ingest", "%s", msg)
	}
	// Every path is checked before anything is recorded, so that a typo
	// does not leave half of the command's files recorded.
	for _, path := range fl.Args() {
		if st, err := os.Stat(path); err != nil {
			return badUsage(stderr, "ingest", "%s: no such file", path)
		} else if st.IsDir() {
			return badUsage(stderr, "ingest", "%s is a folder: give the files in it (omologa watch takes a drop folder)", path)
		}
	}
	cfg, log, ok := loadConfig(stderr, "ingest", *sf.config, *sf.verbose, false)
	if !ok {
		return exitUsage
	}
	a, daemon, done, err := oneShot(ctx, cfg, log)
	if err != nil {
		return failed(stderr, "ingest", err)
	}
	defer done()
	// Each file is read into the spool, not into memory, until recorded.
	sp, err := ingest.NewSpool(cfg.IncomingDir())
	if err != nil {
		return failed(stderr, "ingest", err)
	}
	lim := limitsOf(cfg)
	code := exitOK
	var ids []int64
	dups := map[int64]bool{}
	for _, path := range fl.Args() {
		s := &ingest.Submission{Channel: ingest.ChannelCLI, ReceivedAt: time.Now(), Subject: filepath.Base(path), Source: path}
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "omologa ingest:", err)
			code = exitUsage
			continue
		}
		// A saved message is bounded as the mailbox bounds one; a file
		// as the drop folder does.
		eml := strings.EqualFold(filepath.Ext(path), ".eml")
		limit, key := lim.MaxFileBytes, "max_file_bytes"
		if eml {
			limit, key = cfg.Limits.MaxMessageBytes, "max_message_bytes"
		}
		orig, n, err := sp.ReadUpTo(f, limit+1)
		f.Close()
		if err == nil && n > limit {
			orig.Remove()
			fmt.Fprintf(stderr, "omologa ingest: %s: larger than the limit of %s (%s)\n", path, italian.Size(limit), key)
			code = exitUsage
			continue
		}
		if err != nil {
			orig.Remove()
			fmt.Fprintf(stderr, "omologa ingest: %s: %v (limit %d bytes)\n", path, err, limit)
			code = exitUsage
			continue
		}
		if eml {
			// A saved e-mail message: its sender, body fields and
			// attachments, as if it had come from the mailbox.
			m, err := email.Read(orig, s.ReceivedAt, mailLimits(cfg), sp)
			if err != nil {
				orig.Remove()
				fmt.Fprintf(stderr, "omologa ingest: %s: %v\n", path, err)
				code = exitUsage
				continue
			}
			m.Channel, m.Source = ingest.ChannelCLI, path
			if m.Subject == "" {
				m.Subject = s.Subject
			}
			s = m
		} else {
			s.Original = orig
			s.Files, s.Problems, err = ingest.ExpandArchives([]ingest.File{{Name: ingest.CleanName(filepath.Base(path)), Content: s.Original}}, lim, sp)
			if err != nil {
				orig.Remove()
				fmt.Fprintf(stderr, "omologa ingest: %s: %v\n", path, err)
				code = exitUsage
				continue
			}
		}
		id, dup, err := a.pipe.Record(ctx, s)
		// Recorded (the store keeps its own copy) or not: the spool
		// files go.
		s.Cleanup()
		if err != nil {
			return failed(stderr, "ingest", err)
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
			return failed(stderr, "ingest", err)
		}
		if pending > 0 {
			fmt.Fprintf(stderr, "omologa ingest: %d notices not delivered yet: `omologa watch` retries them\n", pending)
		}
	}
	rows, err := a.store.StatusesOf(ctx, ids...)
	if err != nil {
		return failed(stderr, "ingest", err)
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
	if err := printResult(stdout, *sf.json, rows, func(w io.Writer) { printStatusesIn(w, rows, zoneOf(cfg)) }); err != nil {
		return failed(stderr, "ingest", err)
	}
	return code
}
