package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/notice"
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

// printStatusesIn lists the submissions with their times in loc, in one
// write for the whole table, not one a cell.
func printStatusesIn(out io.Writer, rows []store.Status, loc *time.Location) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	if len(rows) == 0 {
		fmt.Fprintln(w, "no submissions recorded")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tRECEIVED\tCHANNEL\tFROM\tSTATE\tFILE\tTOURNAMENT\tVERDICT\tERR/WARN\tNOTICE")
	for _, r := range rows {
		from := r.Sender
		if from == "" {
			from = "-"
		}
		notice := "-"
		if n := r.Notice; n != nil {
			notice = fmt.Sprintf("%s %s (%s) to %s", n.Kind, n.Status, italian.Count(n.Attempts, "attempt", "attempts"), strings.Join(n.To, ","))
			switch n.Status {
			case store.NoticeFailing:
				notice += fmt.Sprintf(", next attempt %s (omologa resend %d)", italian.DateTime(n.NextAttempt, loc), r.ID)
			case store.NoticeFailed:
				notice += fmt.Sprintf(", given up (omologa resend %d)", r.ID)
			}
			if n.LastError != "" {
				notice += ": " + n.LastError
			}
		} else if r.State == store.StateQuarantined {
			notice = fmt.Sprintf("none: %s (omologa release %d, or --drop)", r.Note, r.ID)
		} else if r.State == store.StateDiscarded {
			notice = "none: " + r.Note
		}
		head := fmt.Sprintf("%d\t%s\t%s\t%s\t%s", r.ID, italian.DateTime(r.ReceivedAt, loc), r.Channel, from, stateLabel(r, loc))
		same := ""
		if r.RepeatOf != 0 {
			same = fmt.Sprintf("(same as submission %d)", r.RepeatOf)
		}
		if len(r.Files) == 0 {
			fmt.Fprintf(tw, "%s\t-\t-\t%s\t-\t%s\n", head, orDash(same), notice)
		}
		for i, f := range r.Files {
			verdict := f.Verdict
			if verdict == "" && same != "" {
				verdict = same
			} else if verdict == "" {
				verdict = "(pending)"
				if r.State == store.StateQuarantined || r.State == store.StateDiscarded {
					verdict = "(not judged)"
				}
			}
			if f.SupersededBy != 0 {
				verdict += fmt.Sprintf(" (superseded by file %d)", f.SupersededBy)
			}
			if f.Supersedes != 0 {
				verdict += fmt.Sprintf(" (supersedes file %d)", f.Supersedes)
			}
			if fw := f.Fide; fw != nil {
				verdict += fmt.Sprintf(" (to FIDE for list %s by %s on %s)", fw.Period, fw.By, italian.DateTime(fw.At, loc))
			}
			name := f.Name
			if f.From != "" {
				name += " (in " + f.From + ")"
			}
			tour := f.Tournament
			if tour == "" {
				tour = "-"
			}
			if i > 0 {
				head, notice = "\t\t\t\t", ""
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d/%d\t%s\n", head, name, tour, verdict, f.Errors, f.Warnings, notice)
		}
		for _, p := range r.Problems {
			fmt.Fprintf(tw, "\t\t\t\t\tproblem: %s\t\t\t\t\n", p)
		}
	}
	tw.Flush()
}

// stateLabel makes a quarantine stand out and says when the office
// decided a submission's fate.
func stateLabel(r store.Status, loc *time.Location) string {
	if r.State == store.StateQuarantined {
		return "QUARANTINED"
	}
	if o := r.Office; o != nil {
		action := o.Action + " "
		if o.Action == r.State {
			action = ""
		}
		return fmt.Sprintf("%s (%sby %s %s)", r.State, action, o.By, italian.DateTime(o.At, loc))
	}
	return r.State
}

// printNoticeText prints a notice's headers of interest and its text part.
func printNoticeText(w io.Writer, msg []byte) error {
	n, err := notice.Read(msg)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "To: %s\nSubject: %s\n\n%s", strings.Join(n.To, ", "), n.Subject, n.Text)
	return err
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
