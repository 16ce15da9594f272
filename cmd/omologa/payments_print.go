//go:build !lite

package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"omologa/internal/office"
	"omologa/internal/platform/italian"
)

func printUnmatched(w io.Writer, us []office.Unmatched) {
	if len(us) == 0 {
		fmt.Fprintln(w, "no payment unmatched")
		return
	}
	fmt.Fprintln(w, "unmatched (omologa payments confirm --payment N --submission ID):")
	for _, u := range us {
		fmt.Fprintf(w, "  payment %d  %s  %s  %q\n", u.ID, italian.DateISO(u.Date), italian.Euro(u.LeftCents), u.Description)
		for _, s := range u.Suggestions {
			fmt.Fprintf(w, "      may pay submission %d %s (%s, owes %s): %s\n", s.Submission, s.Reference, s.Tournament,
				italian.Euro(s.OwedCents), strings.Join(s.Why, ", "))
		}
	}
}

func printFees(w io.Writer, fs []office.FeeRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tREFERENCE\tTOURNAMENT\tDUE\tPAID\tBY\tSTATE")
	for _, f := range fs {
		st := f.View.LabelEN
		if f.View.BalanceCents > 0 {
			st += " (balance " + italian.Euro(f.View.BalanceCents) + ")"
		}
		if f.WaivedReason != "" {
			st += ": " + f.WaivedReason
		}
		due := italian.Euro(f.DueCents)
		if f.View.State == "none" {
			due = "-" // not homologated, or nothing charged
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", f.SubmissionID, f.Reference, f.Tournament, due,
			italian.Euro(f.PaidCents), italian.DateISO(f.DueBy), st)
	}
	tw.Flush()
}
