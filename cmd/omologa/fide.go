package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
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
