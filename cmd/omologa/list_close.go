package main

import (
	"bufio"
	"fmt"
	"io"
	"omologa/internal/office/files"
	"strconv"

	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

// closeOutput is the --json form of `omologa list close`.
type closeOutput struct {
	Out      string   `json:"out"`
	Warnings []string `json:"warnings,omitempty"`
	rating.Report
}

const listCloseUsage = `usage: omologa list close [--json] --kind standard|rapid --period YYYY-MM --players CSV --received CSV --out CSV [--rules rules.yaml] TRF...

Rates the period's homologated tournaments against the list in force (ratings frozen,
variations summed: RTF 4.2.3, RAPID 6.3), writes the new list to --out and prints the
change report. Tournaments received outside the period are reported and not rated.`

func runListClose(c *call) int {
	// The flags fill the request: what the office's close of files reads.
	var req files.FileClose
	c.fs.StringVar(&req.Period, "period", "", "the list being issued, YYYY-MM (e.g. 2026-03)")
	c.fs.StringVar(&req.Players, "players", "", "the list in force: the players' register (CSV, state columns kept)")
	c.fs.StringVar(&req.Received, "received", "", "CSV with columns file,received: each tournament file and its receipt date (YYYY-MM-DD or RFC 3339)")
	c.fs.StringVar(&req.Out, "out", "", "where to write the new list (players' register format, so that periods chain)")
	c.fs.StringVar(&req.Rules, "rules", "rules.yaml", "the rules file whose rating: section is used")
	if code, ok := c.parse(); !ok {
		return code
	}
	req.Kind, req.Files = c.kind, c.fs.Args()
	if msg := firstOf(missingFlag("--period", req.Period, "--players", req.Players, "--received", req.Received, "--out", req.Out),
		argCount(c.fs, 1, -1, "tournament file"), regularFiles(req.Files, "give the tournament files")); msg != "" {
		return c.bad("%s", msg)
	}
	bar := newProgress(c.stderr, "reading", len(req.Files))
	defer bar.Done()
	req.Reading = func(string) { bar.Add(1) }
	res, err := files.CloseFiles(req)
	bar.Done()
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, closeOutput{Out: req.Out, Warnings: res.Warnings, Report: res.Report},
		func(w io.Writer) {
			// A season's report is tens of thousands of lines: one
			// write a line was most of the command's time.
			bw := bufio.NewWriterSize(w, 64<<10)
			printClose(bw, req.Out, res.Warnings, &res.Report)
			bw.Flush()
		})
}

func printClose(w io.Writer, out string, warnings []string, r *rating.Report) {
	dmy := func(d tournament.Date) string { return italian.DMY(d.Year, d.Month, d.Day) }
	where := "new list written to " + out
	if out == "" {
		where = "preview: nothing stored or published"
	}
	fmt.Fprintf(w, "%s list of %s: tournaments received %s to %s; %s\n", r.Kind,
		italian.MonthYearEN(r.Period.Issue.Year, r.Period.Issue.Month), dmy(r.Period.From), dmy(r.Period.Cutoff), where)
	for _, s := range warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	for _, t := range r.Tournaments {
		fmt.Fprintf(w, "  %s  %s (%s): %d players, %d games\n", dmy(t.Received), t.Name, t.File, t.Players, t.Games)
	}
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, "\nchanges: none")
	} else {
		fmt.Fprintln(w, "\nchanges:")
	}
	printChanges(w, r.Changes)
	section := func(title string, notes []rating.PlayerNote) {
		if len(notes) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		// Strings, not fmt: a million lines at FIDE's scale (issue 31).
		for _, n := range notes {
			put(w, "  ", n.FSIID, " ", n.Name, ": ", n.Reason)
			if n.Article != "" {
				put(w, " (", n.Article, ")")
			}
			put(w, "\n")
		}
	}
	cats := func(title string, cs []rating.CategoryChange) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, c := range cs {
			from := c.From
			if from == "" {
				from = "-"
			}
			put(w, "  ", c.FSIID, " ", c.Name, ": ", from, " → ", c.To, " at ", strconv.Itoa(c.Rating), " (", c.Article, ")\n")
		}
	}
	cats("promotions", r.Promotions)
	cats("rapid categories", r.Categories)
	cats("withheld (unjustified withdrawal)", r.Withheld)
	section("norms", r.Norms)
	section("added", r.Added)
	section("inactive (left out of the list)", r.Inactive)
	section("removed", r.Removed)
	section("re-entered", r.Reentered)
	section("K locked", r.KLocked)
	section("round-robin withdrawals awaiting the office's decision (omologa decide)", r.Undecided)
}

// put writes the strings in turn (w is buffered).
func put(w io.Writer, ss ...string) {
	for _, s := range ss {
		io.WriteString(w, s)
	}
}
