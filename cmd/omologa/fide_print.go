package main

// The printing of omologa fide export and fide preview, apart from their
// flags (a command file parses, calls and prints; issue 19).

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/platform/italian"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
)

// exportStates are the words of the export's STATE column.
var exportStates = map[string]string{
	fideexport.Forwarded:    "forwarded",
	fideexport.Ready:        "ready to forward",
	fideexport.Held:         "HELD BACK (errors below)",
	fideexport.Already:      "already forwarded (--again to repeat)",
	fideexport.Later:        "ends after the cut-off: next list",
	fideexport.NotFideRated: "not FIDE-rated",
	fideexport.Unreadable:   "UNREADABLE",
}

func printExport(w io.Writer, res *fideexport.Result, loc *time.Location) {
	// Dates as every date the office shows (dd/mm/yyyy), times in the
	// office's zone (the rules' time_zone), not the machine's.
	cut := res.Period.Cutoff
	fmt.Fprintf(w, "FIDE list of %s (cut-off %s, FIDE-RR 7.13), rules %s\n",
		italian.MonthYearEN(res.Period.Issue.Year, res.Period.Issue.Month), italian.DMY(cut.Year, cut.Month, cut.Day), res.Set)
	if len(res.Items) == 0 {
		fmt.Fprintln(w, "no homologated FIDE-rated tournament for this list")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tTOURNAMENT\tEND\tLIST\tSTATE\tWRITTEN")
	for _, it := range res.Items {
		state := exportStates[it.State]
		if it.Late {
			state += " (late: list " + it.List + ")"
		}
		if p := it.Previous; p != nil {
			state += fmt.Sprintf("; before: list %s by %s on %s", p.Period, p.By, italian.DateTime(p.At, loc))
		}
		if it.Error != "" {
			state += ": " + it.Error
		}
		path := it.Path
		if path == "" {
			path = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", it.Number, it.Tournament, italian.DateISO(it.End), it.List, state, path)
	}
	tw.Flush()
	for _, it := range res.Items {
		for _, f := range it.Findings {
			fmt.Fprintf(w, "  file %s: %s [%s, %s] %s\n", it.Number, f.Severity, f.Rule, f.Article, f.MessageEN)
		}
	}
	fmt.Fprintf(w, "%d forwarded, %d held back\n", res.Count(fideexport.Forwarded), res.Count(fideexport.Held))
	if regs := res.Registrations(); len(regs) > 0 {
		fmt.Fprintf(w, "%d players wait for a FIDE id", len(regs))
		if res.Registration != "" {
			fmt.Fprintf(w, ": registration file %s", res.Registration)
		}
		fmt.Fprintln(w)
	}
}

func printPreview(w io.Writer, name string, pv *fide.Preview) {
	system := "Swiss (FIDE-RR 8.21 a, 8.24; games against unrated players not rated, 6.42)"
	switch {
	case pv.OnlyRated && pv.RoundRobin:
		system = "round robin; only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1), no iteration"
	case pv.OnlyRated:
		system = "Swiss; only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1)"
	case pv.SwissBy643:
		system = "round robin with unplayed games, rated as a Swiss (FIDE-RR 6.43)"
	case pv.RoundRobin:
		system = fmt.Sprintf("round robin (FIDE-RR 8.21 b, 8.58): Rar %.1f, dpa %.1f, Ra %d", pv.Rar, pv.DPA, pv.Ra)
	}
	fmt.Fprintf(w, "%s\nrules: %s (%s), in force from %s\n%s\n", name, pv.SetName, pv.Set,
		italian.DMY(pv.SetFrom.Year, pv.SetFrom.Month, pv.SetFrom.Day), system)
	fmt.Fprintf(w, "games: %d rated by FIDE, %d Elo Italia only (RTF 4.2.12), %d not played (FIDE-RR 5.1)\n\n",
		pv.Games.Fide, pv.Games.EloItalia, pv.Games.NotRated)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tNAME\tFIDE\tGAMES\tW\tWE\tK\tCHANGE\tNEW\tRC\tRU\tRC NEW\tRU NEW\tNOTE\t")
	unknownK, junior, capped := false, false, false
	for _, p := range pv.Players {
		note := ""
		if p.Rated() {
			k := fmt.Sprint(p.K)
			if p.Junior {
				k += "j"
				junior = true
			}
			if p.KCapped {
				k += "c"
				capped = true
			}
			if p.Games > 0 && !p.KKnown {
				k += "*"
				unknownK = true
			}
			change, nv := "", ""
			if p.Games > 0 {
				change, nv = fmt.Sprintf("%+.1f", p.Change), fmt.Sprint(p.NewValue)
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%.2f\t%s\t%s\t%s\t\t\t\t\t%s\t\n", p.Start, p.Name, p.Rating, p.Games,
				points(p.Points), float64(p.Expected)/100, k, change, nv, note)
			continue
		}
		switch {
		case p.Games == 0:
			note = "no game FIDE rates"
		case p.NotCounted != "":
			note = "does not count (FIDE-RR " + p.NotCounted + ")"
		case p.Published:
			note = "rating published"
		default:
			note = "counts; not yet enough games to publish"
		}
		rcN, ruN := "", ""
		if pv.RoundRobin && !pv.OnlyRated && p.Games > 0 && p.NotCounted != "6.1" {
			rcN, ruN = fmt.Sprint(p.RcNew), fmt.Sprint(p.RuNew)
		}
		rc, ru := "", ""
		if p.Games > 0 && p.NotCounted != "6.1" {
			rc, ru = fmt.Sprint(p.Rc), fmt.Sprint(p.Ru)
		}
		fmt.Fprintf(tw, "%d\t%s\t-\t%d\t%s\t\t\t\t\t%s\t%s\t%s\t%s\t%s\t\n", p.Start, p.Name, p.Games, points(p.Points), rc, ru, rcN, ruN, note)
	}
	tw.Flush()
	if junior {
		fmt.Fprintln(w, "\nj: a junior's K (born within 18 years, rated under 2300)")
	}
	if capped {
		fmt.Fprintln(w, "c: K lowered so that K × games is within the set's limit")
	}
	if unknownK {
		fmt.Fprintln(w, "* K from the rating and age alone: a player with fewer than 30 rated games has the new player's K")
	}
}

func points(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f), ".0")
}
