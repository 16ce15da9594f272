package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/office"
	"omologa/internal/publishing/fideexport"
	"omologa/internal/rating/fide"
)

func init() {
	register(&command{
		name:    "fide",
		summary: "FIDE: 'fide export' forwards the homologated FIDE-rated tournaments of a FIDE list; 'fide preview' shows what FIDE will make of a file",
		run:     runFide,
	})
}

func runFide(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return subcommands(stderr, "fide", "usage: omologa fide export [flags]        (omologa fide export -h)\n       omologa fide preview [flags] FILE  (omologa fide preview -h)",
		args, map[string]func([]string) int{
			"export":  func(a []string) int { return runFideExport(ctx, a, stdout, stderr) },
			"preview": func(a []string) int { return runFidePreview(a, stdout, stderr) },
		})
}

func runFideExport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "fide export", `usage: omologa fide export --period YYYY-MM [--config F] [--out DIR] [--again] [--json]

Writes, for every homologated FIDE-rated tournament (rules.yaml fide:
forward_kinds and forward_min_rated) that ends by the list's cut-off
(FIDE-RR 7.13) and was not forwarded yet, the TRF for FIDE's rating server
(ASCII, FIDE titles only, no national records), and records the forwarding
(omologa status shows it). A tournament with an error FIDE would raise (an
arbiter or players without FIDE id...) is held back and its findings
printed (exit 1); the players without FIDE id are written to
fide-registration.csv in the same folder, for FIDE to register first.`)
	cfgPath := fs.String("config", defaultConfig(), "configuration file")
	label := fs.String("period", "", "the FIDE list, `YYYY-MM` (monthly since July 2012, FIDE-RR 7.3; bimonthly before, 7.11)")
	out := fs.String("out", "", "folder for the TRF files (default: var/office/fide-PERIOD next to the store: they carry birth dates, sex and FIDE ids, never published, regs §4b)")
	again := fs.Bool("again", false, "forward again the tournaments already forwarded")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if msg := firstOf(missingFlag("--period", *label), argCount(fs, 0, 0, "argument")); msg != "" {
		return badUsage(stderr, "fide export", "%s", msg)
	}
	fail := func(err error) int {
		return failed(stderr, "fide export", err)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return fail(err)
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join(filepath.Dir(cfg.Store.Path), "office", "fide-"+*label)
	}
	o, err := office.Open(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	defer o.Close()
	res, err := o.FideExport(ctx, office.CLIActor(), office.FideExportRequest{Period: *label, Out: dir, Again: *again})
	if err != nil {
		return fail(err)
	}
	code := exitOK
	if res.Count(fideexport.Held) > 0 {
		code = exitRejected
	}
	if err := printResult(stdout, *asJSON, res, func(w io.Writer) { printExport(w, res, o.Rules.Rating.Location()) }); err != nil {
		return fail(err)
	}
	return code
}

func runFidePreview(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "fide preview", `usage: omologa fide preview [--rules F] [--json] FILE

What FIDE will make of a tournament by the FIDE Rating Regulations in
force at its start (rules.yaml fide:, one dated set per version, named in
the output): the games it rates, the rated players' changes (K, expected
score, the change summed then rounded) and the unrated players' first
results (2010: 8.2-8.3, 7.14, round robins 8.58; 2024: 8.2, 7.1.4).`)
	rulesPath := fs.String("rules", "rules.yaml", "the rules file")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if msg := argCount(fs, 1, 1, "result file"); msg != "" {
		return badUsage(stderr, "fide preview", "%s", msg)
	}
	rf, err := rules.Load(*rulesPath)
	if err != nil {
		return failed(stderr, "fide preview", err)
	}
	t, _, err := readTournament(fs.Arg(0))
	if err != nil {
		return failed(stderr, "fide preview", err)
	}
	pv, ok := fide.PreviewOf(rf, t, nil)
	if !ok {
		fmt.Fprintf(stderr, "omologa fide preview: %s has no fide rule set\n", *rulesPath)
		return exitUsage
	}
	if err := printResult(stdout, *asJSON, pv, func(w io.Writer) { printPreview(w, t.Name, &pv) }); err != nil {
		return exitUsage
	}
	return exitOK
}
