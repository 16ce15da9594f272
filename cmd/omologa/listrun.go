//go:build !lite

package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"omologa/internal/office"
)

const listRunUsage = `usage: omologa list run [--json] --kind rapid|standard --period YYYY-MM [--config FILE] [--out DIR]
                        [--office DIR] [--as-of YYYY-MM-DD] [--preview] [--close-earlier] [--force]

The office's monthly rapid run or bimonthly standard run, from the store: takes
the list in force (the last list this command stored for the kind, else the
players' register), the tournaments homologated in the store first received in
the period (RTF 4.2.2, RAPID 6.2), each once with its version in force (revoked
ones left out), closes the period (frozen ratings, summed variations,
promotions, categories: rating.ClosePeriod), stores the new list so that the
next run chains from it, and publishes into DIR the public files (published
fields only, RAPID 5.3): list.html, lista.csv (Excel), list.csv and list.json
(scripts), distribution.png and changes.html. The office's exports go to the
--office DIR, never published: register.csv (the whole new list with the
engine's state, the next period's input), changes.json and changes.html (the
full change report with the run's notes). A tournament rated in an earlier list whose version in
force, revocation or office decisions changed since is re-rated with the list
in force it was rated with, and each player's difference is carried into this
list as a correction. A period whose cut-off has not passed by --as-of (default
the office's clock: today, or omologa.yaml's clock) is refused (exit 2);
--preview shows the changes so far, storing and publishing nothing. A period already closed is refused (exit 1) unless --force.`

func runListRun(c *call) int {
	fs := c.fs
	label := fs.String("period", "", "the list being issued, YYYY-MM (e.g. 2027-01)")
	outDir := fs.String("out", "", "where to publish (default: publish/<kind>-<period> beside the store)")
	officeDir := fs.String("office", "", "where to write the office's exports, never published (default: office/<kind>-<period> beside the store)")
	force := fs.Bool("force", false, "repair only: close the period again, replacing the list stored for it (a published list is never rewritten for a correction: corrections go into the next list)")
	preview := fs.Bool("preview", false, "compute and show the changes of the list, storing and publishing nothing (also before the cut-off)")
	asOf := fs.String("as-of", "", "close as on this day, YYYY-MM-DD (default the office's clock): a period whose cut-off has not passed by then is refused")
	closeEarlier := fs.Bool("close-earlier", false, "close first, in the same act, the earlier list of the kind still open (else the close is refused: lists close in order)")
	if code, ok := c.parse(); !ok {
		return code
	}
	k := c.kind
	if msg := firstOf(missingFlag("--period", *label), argCount(fs, 0, 0, "")); msg != "" {
		return c.bad("%s", msg)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	var err error
	req := office.ListRunRequest{Kind: k, Period: *label, Out: *outDir, Office: *officeDir, Force: *force, Preview: *preview,
		CloseEarlier: *closeEarlier}
	if *asOf != "" {
		if req.AsOf, err = time.ParseInLocation("2006-01-02", *asOf, o.Rules.Rating.Location()); err != nil {
			return c.failAct(fmt.Errorf("--as-of %q: want a day YYYY-MM-DD", *asOf))
		}
		req.AsOf = req.AsOf.Add(12 * time.Hour)
	}
	res, err := o.ListRun(c.ctx, office.CLIActor(), req)
	if err != nil {
		return c.failAct(err)
	}
	return c.print(exitOK, res, func(w io.Writer) { printListRun(w, res, *preview, o.Rules.Rating.Location()) })
}

// printListRun shows what a list run did, or with preview what it would
// do.
func printListRun(w io.Writer, res *office.ListRunResult, preview bool, loc *time.Location) {
	if preview {
		printClose(w, "", res.Warnings, &res.Report)
		printCorrections(w, res)
		fmt.Fprintf(w, "\nlist in force: %s\n", res.BasedOn)
		return
	}
	printClose(w, res.Out, res.Warnings, &res.Report)
	c := res.Crosscheck
	fmt.Fprintf(w, "\nlist in force: %s; new list stored (id %d), %d players published\n", res.BasedOn, res.ListID, res.Players)
	if res.OtherList != "" {
		fmt.Fprintf(w, "from the %s list in force: %d players' ratings of that kind brought up to date\n", res.OtherList, res.OtherRows)
	}
	fmt.Fprintf(w, "provisional variations: %d compared, %d agree, %d differ\n", c.Compared, c.Agree, len(c.Differ))
	for _, d := range c.Differ {
		fmt.Fprintf(w, "  %s %d %s: provisional %s, final %s\n", d.File, d.Start, d.Name, signed(d.Provisional), signed(d.Final))
	}
	if len(res.Decisions) > 0 {
		fmt.Fprintln(w, "office decisions applied:")
		for _, d := range res.Decisions {
			fmt.Fprintf(w, "  %s\n", d.Text(loc))
		}
	}
	printCorrections(w, res)
	fmt.Fprintf(w, "published: %s\n", strings.Join(res.Files, ", "))
}

// printCorrections lists the tournaments of earlier lists corrected in
// this one and each player's difference.
func printCorrections(w io.Writer, res *office.ListRunResult) {
	if len(res.Corrections) == 0 {
		return
	}
	fmt.Fprintln(w, "corrections of tournaments rated in earlier lists:")
	for _, c := range res.Corrections {
		fmt.Fprintf(w, "  %s\n", c)
	}
	for _, c := range res.Report.Corrections {
		note := ""
		if !c.Applied {
			note = " (not on the list: not applied)"
		}
		fmt.Fprintf(w, "    %s %s: %s, %s%s\n", c.FSIID, c.Name, signed(c.Delta), c.Tournament, note)
	}
}
