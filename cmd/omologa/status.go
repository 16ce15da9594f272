package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/store"
)

func init() {
	register(&command{
		name:    "status",
		summary: "the submissions recorded, with their state, verdicts and notices",
		run:     runStatus,
	})
}

func runStatus(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "status", "usage: omologa status [--config FILE] [--json] [-n N] [--quarantined] [--show ID]")
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print JSON")
	limit := fl.Int("n", 0, "show only the newest N submissions (0: all)")
	show := fl.Int64("show", 0, "print the text of submission `ID`'s notice")
	quarantined := fl.Bool("quarantined", false, "list only the quarantined submissions (for omologa release)")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	switch {
	case *limit < 0:
		return badUsage(stderr, "status", "-n %d: a number of submissions, 0 for all", *limit)
	case *show < 0:
		return badUsage(stderr, "status", "--show %d: a submission number from omologa status", *show)
	case fl.NArg() > 0:
		return badUsage(stderr, "status", "unexpected argument %q", fl.Arg(0))
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return failed(stderr, "status", err)
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return failed(stderr, "status", err)
	}
	defer st.Close()
	if *show != 0 {
		msg, ok, err := st.NoticeMessage(ctx, *show)
		if err != nil {
			return failed(stderr, "status", err)
		}
		if !ok {
			fmt.Fprintf(stderr, "omologa status: submission %d has no notice (not judged yet, quarantined, or unknown)\n", *show)
			return exitUsage
		}
		if err := printNoticeText(stdout, msg); err != nil {
			return failed(stderr, "status", err)
		}
		return exitOK
	}
	state := ""
	if *quarantined {
		state = store.StateQuarantined
	}
	rows, err := st.StatusesIn(ctx, state, *limit)
	if err != nil {
		return failed(stderr, "status", err)
	}
	if rows == nil {
		rows = []store.Status{}
	}
	if err := printResult(stdout, *asJSON, rows, func(w io.Writer) {
		if *quarantined && len(rows) == 0 {
			fmt.Fprintln(w, "no quarantined submissions")
			return
		}
		printStatusesIn(w, rows, zoneOf(cfg))
	}); err != nil {
		return exitUsage
	}
	return exitOK
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

// printSubmissions prints the state of the submissions ids (an office
// act's outcome), as JSON or as status's table.
func printSubmissions(ctx context.Context, st *store.Store, loc *time.Location, ids []int64, asJSON bool, w io.Writer) error {
	all, err := st.Statuses(ctx, 0)
	if err != nil {
		return err
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	rows := []store.Status{}
	for _, r := range all {
		if want[r.ID] {
			rows = append(rows, r)
		}
	}
	if asJSON {
		return writeJSON(w, rows)
	}
	if len(rows) > 0 {
		printStatusesIn(w, rows, loc)
	}
	return nil
}
