//go:build !lite

package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/platform/italian"
	"omologa/internal/publishing/notice"
	"omologa/internal/store"
)

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
			// The one state model's words (homologation/state), as every page.
			verdict := f.State.LabelEN + ": " + f.State.WhyEN
			if f.Verdict == "" && same != "" {
				verdict = same
			}
			if f.SupersedesNumber != "" {
				verdict += fmt.Sprintf(" (supersedes file %s)", f.SupersedesNumber)
			}
			if fw := f.Fide; fw != nil {
				verdict += fmt.Sprintf(" (to FIDE for list %s by %s on %s)", fw.Period, fw.By, italian.DateTime(fw.At, loc))
			}
			name := f.Number + " " + f.Name
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
