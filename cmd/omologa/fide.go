package main

import (
	"fmt"
	"io"
	"path/filepath"

	"omologa/internal/homologation/rules"
	"omologa/internal/office"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
)

const fideExportUsage = `usage: omologa fide export --period YYYY-MM [--config F] [--out DIR] [--again] [--json]

Writes, for every homologated FIDE-rated tournament (rules.yaml fide:
forward_kinds and forward_min_rated) that ends by the list's cut-off
(FIDE-RR 7.13) and was not forwarded yet, the TRF for FIDE's rating server
(ASCII, FIDE titles only, no national records), and records the forwarding
(omologa status shows it). A tournament with an error FIDE would raise (an
arbiter or players without FIDE id...) is held back and its findings
printed (exit 1); the players without FIDE id are written to
fide-registration.csv in the same folder, for FIDE to register first.`

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
		dir = filepath.Join(filepath.Dir(o.Config.Store.Path), "office", "fide-"+*label)
	}
	res, err := o.FideExport(c.ctx, office.CLIActor(), office.FideExportRequest{Period: *label, Out: dir, Again: *again})
	if err != nil {
		return c.fail(err)
	}
	code := exitOK
	if res.Count(fideexport.Held) > 0 {
		code = exitRejected
	}
	return c.print(code, res, func(w io.Writer) { printExport(w, res, o.Rules.Rating.Location()) })
}

const fidePreviewUsage = `usage: omologa fide preview [--rules F] [--json] FILE

What FIDE will make of a tournament by the FIDE Rating Regulations in
force at its start (rules.yaml fide:, one dated set per version, named in
the output): the games it rates, the rated players' changes (K, expected
score, the change summed then rounded) and the unrated players' first
results (2010: 8.2-8.3, 7.14, round robins 8.58; 2024: 8.2, 7.1.4).`

func runFidePreview(c *call) int {
	rulesPath := c.fs.String("rules", "rules.yaml", "the rules file")
	if code, ok := c.parseArgs(1, 1, "result file"); !ok {
		return code
	}
	rf, err := rules.Load(*rulesPath)
	if err != nil {
		return c.fail(err)
	}
	t, _, err := office.ReadTournament(c.fs.Arg(0))
	if err != nil {
		return c.fail(err)
	}
	pv, ok := fide.PreviewOf(rf, t, nil)
	if !ok {
		return c.fail(fmt.Errorf("%s has no fide rule set", *rulesPath))
	}
	return c.print(exitOK, pv, func(w io.Writer) { printPreview(w, t.Name, &pv) })
}
