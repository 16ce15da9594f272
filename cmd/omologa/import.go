package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"omologa/config"
	"omologa/office"
)

func init() {
	register(&command{
		name:    "import",
		summary: "load a register (players, arbiters or calendar CSV) into the store",
		run:     runImport,
	})
}

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("import", flag.ContinueOnError)
	fl.SetOutput(stderr)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print what was imported as JSON")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa import [--config FILE] [--json] players|arbiters|calendar CSV")
		fl.PrintDefaults()
	}
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if fl.NArg() != 2 {
		fl.Usage()
		return exitUsage
	}
	kind, path := fl.Arg(0), fl.Arg(1)
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	o, err := office.Open(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	defer o.Close()
	res, err := o.Import(ctx, office.CLIActor(), office.ImportRequest{Kind: kind, Name: path, Data: data})
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitFor(err)
	}
	if *asJSON {
		if err := writeJSON(stdout, res); err != nil {
			fmt.Fprintln(stderr, "omologa import:", err)
			return exitUsage
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "%s register imported from %s: %d rows (a running watch uses it after a restart)\n", res.Register, res.File, res.Rows)
	return exitOK
}
