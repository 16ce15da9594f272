package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"omologa/config"
	"omologa/office"
)

func runListRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("list run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print what was done as JSON")
	kind := fs.String("kind", "", "rapid (the monthly Elo Italia Rapid list) or standard (the bimonthly Elo Italia list)")
	label := fs.String("period", "", "the list being issued, YYYY-MM (e.g. 2027-01)")
	cfgPath := fs.String("config", defaultConfig(), "configuration file: its store, rules and players' register")
	outDir := fs.String("out", "", "where to publish (default: publish/<kind>-<period> beside the store)")
	force := fs.Bool("force", false, "close the period again, replacing the list stored for it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: omologa list run [--json] --kind rapid|standard --period YYYY-MM [--config FILE] [--out DIR] [--force]

The office's monthly rapid run or bimonthly standard run, from the store: takes
the list in force (the last list this command stored for the kind, else the
players' register), the tournaments homologated in the store whose receipt
falls in the period (RTF 4.2.2, RAPID 6.2; superseded files left out, and any
tournament already rated in another list), closes the period (frozen ratings,
summed variations, promotions, categories: rating.ClosePeriod), stores the new
list so that the next run chains from it, and publishes into DIR: list.csv,
list.html, distribution.png (the published list), register.csv (the whole new
list with the engine's state, the next period's input), changes.json and
changes.html (the change report). A period already closed is refused (exit 1)
unless --force.`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	k, err := parseKind(*kind)
	if err != nil || *label == "" || fs.NArg() > 0 {
		if err != nil {
			fmt.Fprintf(stderr, "omologa list run: %v\n", err)
		}
		fs.Usage()
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "omologa list run: %v\n", err)
		return exitFor(err)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return fail(err)
	}
	o, err := office.Open(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	defer o.Close()
	res, err := o.ListRun(ctx, office.CLIActor(), office.ListRunRequest{Kind: k, Period: *label, Out: *outDir, Force: *force})
	if err != nil {
		return fail(err)
	}
	if *asJSON {
		if err := writeJSON(stdout, res); err != nil {
			return fail(err)
		}
		return exitOK
	}
	printClose(stdout, res.Out, res.Warnings, &res.Report)
	c := res.Crosscheck
	fmt.Fprintf(stdout, "\nlist in force: %s; new list stored (id %d), %d players published\n", res.BasedOn, res.ListID, res.Players)
	if res.OtherList != "" {
		fmt.Fprintf(stdout, "from the %s list in force: %d players' ratings of that kind brought up to date\n", res.OtherList, res.OtherRows)
	}
	fmt.Fprintf(stdout, "provisional variations: %d compared, %d agree, %d differ\n", c.Compared, c.Agree, len(c.Differ))
	for _, d := range c.Differ {
		fmt.Fprintf(stdout, "  %s %d %s: provisional %s, final %s\n", d.File, d.Start, d.Name, signed(d.Provisional), signed(d.Final))
	}
	if len(res.Decisions) > 0 {
		fmt.Fprintln(stdout, "office decisions applied:")
		for _, d := range res.Decisions {
			fmt.Fprintf(stdout, "  %s\n", d)
		}
	}
	fmt.Fprintf(stdout, "published: %s\n", strings.Join(res.Files, ", "))
	return exitOK
}
