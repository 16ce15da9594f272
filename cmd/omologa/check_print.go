package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"omologa/internal/platform/italian"
	"omologa/internal/tournament/dates"
)

func printChecked(w io.Writer, c checked, lang string) {
	fmt.Fprintf(w, "%s\n", c.File)
	if c.Unreadable != "" {
		fmt.Fprintf(w, "  not readable: %s\n", c.Unreadable)
		return
	}
	s := c.Summary
	if c.Format != "" {
		fmt.Fprintf(w, "  format:      %s\n", c.Format)
		name := s.Name
		if name == "" {
			name = "(no name)"
		}
		fmt.Fprintf(w, "  tournament:  %s", name)
		if s.City != "" {
			fmt.Fprintf(w, ", %s", s.City)
		}
		fmt.Fprintf(w, "\n               %s – %s, %s, %s", orDash(dates.ItalianDate(s.Start)), orDash(dates.ItalianDate(s.End)),
			italian.Count(s.Players, "player", "players"), italian.Count(s.Rounds, "round", "rounds"))
		if s.RateOfPlay != "" {
			fmt.Fprintf(w, ", rate %s", s.RateOfPlay)
			if s.Minutes60 > 0 {
				fmt.Fprintf(w, " (%g min for 60 moves)", s.Minutes60)
			}
		}
		fmt.Fprintln(w)
		if s.Arbiter != "" {
			fmt.Fprintf(w, "               arbiter %s\n", s.Arbiter)
		}
	}
	if c.RuleSet != "" {
		d := c.Decision
		fmt.Fprintf(w, "  rule set:    %s (%s play", c.RuleSet, c.Kind)
		if d != nil {
			if d.FromRate != "" {
				fmt.Fprintf(w, ", %s by the rate of play", d.FromRate)
			}
			if d.Declared != "" {
				fmt.Fprintf(w, ", declared %s", d.Declared)
			}
			if !d.InRange {
				fmt.Fprint(w, ", nearest rule set: none in force then")
			}
		}
		fmt.Fprintln(w, ")")
	}
	fmt.Fprintf(w, "  verdict:     %s\n", strings.ToUpper(string(c.Verdict)))
	if c.Period != nil {
		fmt.Fprintf(w, "  list period: %s list of %s (received %s, cut-off %s)\n", c.Period.Kind,
			italian.MonthYearEN(c.Period.Issue.Year, c.Period.Issue.Month), italian.DateTime(c.Received, c.Received.Location()),
			italian.DMY(c.Period.Cutoff.Year, c.Period.Cutoff.Month, c.Period.Cutoff.Day))
	}
	fmt.Fprintf(w, "  findings:    %d\n", len(c.Findings))
	for _, f := range c.Findings {
		where := []string{}
		for _, at := range []struct {
			what string
			n    int
		}{{"line", f.Line}, {"player", f.Player}, {"round", f.Round}} {
			if at.n > 0 {
				where = append(where, fmt.Sprintf("%s %d", at.what, at.n))
			}
		}
		loc := ""
		if len(where) > 0 {
			loc = " (" + strings.Join(where, ", ") + ")"
		}
		msg := f.MessageIT
		if lang == "en" {
			msg = f.MessageEN
		}
		fmt.Fprintf(w, "    %-7s %s [%s]%s\n            %s\n", strings.ToUpper(string(f.Severity)), f.Rule, f.Article, loc, msg)
	}
	if len(c.Standings) > 0 {
		fmt.Fprintln(w, "  standings:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		// The name is the text after the last cell, so it stays
		// left-aligned while the numbers align right.
		fmt.Fprintln(tw, "    rank\tstart\tpoints\tBH\tBH-C1\tSB\t  name")
		for _, st := range c.Standings {
			fmt.Fprintf(tw, "    %d\t%d\t%g\t%g\t%g\t%g\t  %s\n", st.Rank, st.Start, st.Points, st.BH, st.BHC1, st.SB, st.Name)
		}
		tw.Flush()
	}
}

func orDash(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
