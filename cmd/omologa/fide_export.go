//go:build !lite

package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"omologa/internal/office"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/fideexport"
)

const fideExportUsage = `usage: omologa fide export --period YYYY-MM [--config F] [--out DIR] [--again] [--json]

Writes, for every homologated FIDE-rated tournament (rules.yaml fide:
forward_kinds and forward_min_rated) that ends by the list's cut-off
(FIDE-RR 7.13) and was not forwarded yet, the TRF for FIDE's rating server
(ASCII, FIDE titles only, no national records), and records the forwarding
(omologa status shows it). A tournament with an error FIDE would raise (an
arbiter or players without FIDE id...) is held back and its findings
printed; the players without FIDE id are written to
fide-registration.csv in the same folder, for FIDE to register first.

Exit 0 when the export did its job, held tournaments included (they are
the office's normal work, listed above and on the FIDE page), so that a
monthly job alarms only when something went wrong: 2 for bad usage or
an unreadable configuration, 1 when the export itself failed.`

func runFideExport(c *call) int {
	fs := c.fs
	label := fs.String("period", "", "the FIDE list, `YYYY-MM` (monthly since July 2012, FIDE-RR 7.3; bimonthly before, 7.11)")
	out := fs.String("out", "", "folder for the TRF files (default: var/office/fide-PERIOD next to the store: they carry birth dates, sex and FIDE ids, never published, regs §4b)")
	again := fs.Bool("again", false, "forward again the tournaments already forwarded")
	if code, ok := c.parse(); !ok {
		return code
	}
	if msg := firstOf(missingFlag("--period", *label), argCount(fs, 0, 0, "argument")); msg != "" {
		return c.bad("%s", msg)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	dir := *out
	if dir == "" {
		dir = o.Config.OfficeDir("fide-" + *label)
	}
	res, err := o.FideExport(c.ctx, office.CLIActor(), office.FideExportRequest{Period: *label, Out: dir, Again: *again})
	if err != nil {
		return c.fail(err)
	}
	// Held tournaments are not a failure of the export (issue 32): a
	// scheduler's monthly job must not alarm every month.
	return c.print(exitOK, res, func(w io.Writer) { printExport(w, res, o.Rules.Rating.Location()) })
}

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
