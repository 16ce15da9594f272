package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"omologa/internal/config"
	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

func init() {
	register(&command{
		name:    "backup",
		summary: "write a consistent, checked copy of the store (while watch or serve run)",
		run:     runBackup,
	})
	register(&command{
		name:    "restore",
		summary: "put a backup in place of the store (refused while a daemon holds it)",
		run:     runRestore,
	})
}

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "backup", "usage: omologa backup [--config FILE] [--json] BACKUP\n\nBACKUP is the copy to write; it must not exist.")
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if msg := argCount(fl, 1, 1, "backup file"); msg != "" {
		return badUsage(stderr, "backup", "%s", msg)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return failed(stderr, "backup", err)
	}
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return failed(stderr, "backup", err)
	}
	defer st.Close()
	inv, err := st.Backup(ctx, fl.Arg(0))
	if err != nil {
		return failed(stderr, "backup", err)
	}
	if err := printResult(stdout, *asJSON, inv, func(w io.Writer) {
		fmt.Fprintf(w, "backup of %s written to %s and checked:\n", cfg.Store.Path, inv.Path)
		printInventory(w, inv)
	}); err != nil {
		return failed(stderr, "backup", err)
	}
	return exitOK
}

func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "restore", "usage: omologa restore [--config FILE] [--json] BACKUP\n\nBACKUP (from omologa backup) replaces the configured store; the store it replaces is kept beside it.")
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if msg := argCount(fl, 1, 1, "backup file"); msg != "" {
		return badUsage(stderr, "restore", "%s", msg)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return failed(stderr, "restore", err)
	}
	inv, err := store.Restore(ctx, fl.Arg(0), cfg.Store.Path, time.Now())
	if err != nil {
		return failed(stderr, "restore", err)
	}
	if err := printResult(stdout, *asJSON, inv, func(w io.Writer) {
		fmt.Fprintf(w, "%s restored to %s, checked:\n", fl.Arg(0), inv.Path)
		printInventory(w, inv)
		if inv.Previous != "" {
			fmt.Fprintf(w, "the store it replaced is kept as %s\n", inv.Previous)
		}
	}); err != nil {
		return failed(stderr, "restore", err)
	}
	return exitOK
}

func printInventory(w io.Writer, inv store.Inventory) {
	fmt.Fprintf(w, "  %d submissions, %d files, %d verdicts, %d notices\n", inv.Submissions, inv.Files, inv.Verdicts, inv.Notices)
	fmt.Fprintf(w, "  %d rating lists, %d registers (%d versions imported)\n", inv.Lists, inv.Registers, inv.RegisterVersions)
	fmt.Fprintf(w, "  %d originals and files (%s), every one's SHA-256 checked\n", inv.Blobs, italian.Size(inv.BlobBytes))
}
