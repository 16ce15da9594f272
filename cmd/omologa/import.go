package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"omologa/config"
	"omologa/registers"
	"omologa/store"
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
	// The register is checked with the same reader the daemon uses, so
	// that a bad file is refused here rather than at the next start.
	var rows int
	switch kind {
	case store.RegisterPlayers:
		var ps *registers.Players
		if ps, err = registers.ReadPlayers(path, data); err == nil {
			rows = len(ps.Rows)
		}
	case store.RegisterArbiters:
		var as []registers.Arbiter
		as, err = registers.ReadArbiters(path, data)
		rows = len(as)
	case store.RegisterCalendar:
		var es []registers.Event
		es, err = registers.ReadCalendar(path, data)
		rows = len(es)
	default:
		fmt.Fprintf(stderr, "omologa import: unknown register %q: want players, arbiters or calendar\n", kind)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	defer st.Close()
	if err := st.SaveRegister(ctx, kind, path, data, rows, time.Now()); err != nil {
		fmt.Fprintln(stderr, "omologa import:", err)
		return exitUsage
	}
	if *asJSON {
		if err := writeJSON(stdout, importOutput{Register: kind, File: path, Rows: rows}); err != nil {
			fmt.Fprintln(stderr, "omologa import:", err)
			return exitUsage
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "%s register imported from %s: %d rows (a running watch uses it after a restart)\n", kind, path, rows)
	return exitOK
}

// importOutput is the --json form of `omologa import`.
type importOutput struct {
	Register string `json:"register"` // players, arbiters or calendar
	File     string `json:"file"`
	Rows     int    `json:"rows"`
}
