package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"omologa/config"
	"omologa/ingest"
	"omologa/ingest/mail"
)

func init() {
	register(&command{
		name:    "ingest",
		summary: "take files in once (as the drop folder would), judge them and deliver the notices",
		run:     runIngest,
	})
}

func runIngest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("ingest", flag.ContinueOnError)
	fl.SetOutput(stderr)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print the submissions' state as JSON")
	verbose := fl.Bool("v", false, "debug logging")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa ingest [--config FILE] [--json] FILE...\n\nFILE is a result file, a zip archive of them, or a saved e-mail message (.eml).")
		fl.PrintDefaults()
	}
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return exitUsage
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa ingest:", err)
		return exitUsage
	}
	log := newLogger(stderr, *verbose)
	a, err := openApp(ctx, cfg, log)
	if err != nil {
		fmt.Fprintln(stderr, "omologa ingest:", err)
		return exitUsage
	}
	defer a.close()
	lim := limitsOf(cfg)
	code := exitOK
	var ids []int64
	for _, path := range fl.Args() {
		s := &ingest.Submission{Channel: ingest.ChannelCLI, ReceivedAt: time.Now(), Subject: filepath.Base(path), Source: path}
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(stderr, "omologa ingest:", err)
			code = exitUsage
			continue
		}
		data, err := ingest.ReadAllBounded(f, lim.MaxFileBytes)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "omologa ingest: %s: %v (limit %d bytes)\n", path, err, lim.MaxFileBytes)
			code = exitUsage
			continue
		}
		if strings.EqualFold(filepath.Ext(path), ".eml") {
			// A saved e-mail message: its sender, body fields and
			// attachments, as if it had come from the mailbox.
			m, err := mail.ParseWithLimits(data, s.ReceivedAt, mailLimits(cfg))
			if err != nil {
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
			s.Raw = data
			s.Files, s.Problems = ingest.ExpandArchives([]ingest.File{{Name: ingest.CleanName(filepath.Base(path)), Data: data}}, lim)
		}
		id, dup, err := a.pipe.Record(ctx, s)
		if err != nil {
			fmt.Fprintln(stderr, "omologa ingest:", err)
			return exitUsage
		}
		if dup {
			fmt.Fprintf(stderr, "omologa ingest: %s was already recorded as submission %d\n", path, id)
		}
		ids = append(ids, id)
	}
	pending, err := a.pipe.Drain(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "omologa ingest:", err)
		return exitUsage
	}
	if pending > 0 {
		fmt.Fprintf(stderr, "omologa ingest: %d notices not delivered yet: `omologa watch` retries them\n", pending)
	}
	rows, err := a.store.StatusesOf(ctx, ids...)
	if err != nil {
		fmt.Fprintln(stderr, "omologa ingest:", err)
		return exitUsage
	}
	for _, r := range rows {
		for _, f := range r.Files {
			if f.Verdict == "rejected" && code == exitOK {
				code = exitRejected
			}
		}
		if len(r.Files) == 0 && code == exitOK {
			code = exitRejected
		}
	}
	if *asJSON {
		if err := writeJSON(stdout, rows); err != nil {
			fmt.Fprintf(stderr, "omologa ingest: %v\n", err)
			return exitUsage
		}
	} else {
		printStatuses(stdout, rows)
	}
	return code
}
