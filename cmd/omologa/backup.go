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
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			return runInventory(ctx, "backup", "usage: omologa backup [--config FILE] [--json] BACKUP\n\nBACKUP is the copy to write; it must not exist.",
				args, stdout, stderr, func(cfg *config.Config, file string) (store.Inventory, error) {
					st, err := store.Open(ctx, cfg.Store.Path)
					if err != nil {
						return store.Inventory{}, err
					}
					defer st.Close()
					return st.Backup(ctx, file)
				}, func(w io.Writer, cfg *config.Config, inv store.Inventory) {
					fmt.Fprintf(w, "backup of %s written to %s and checked:\n", cfg.Store.Path, inv.Path)
				})
		},
	})
	register(&command{
		name:    "restore",
		summary: "put a backup in place of the store (refused while a daemon holds it)",
		run: func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
			return runInventory(ctx, "restore", "usage: omologa restore [--config FILE] [--json] BACKUP\n\nBACKUP (from omologa backup) replaces the configured store; the store it replaces is kept beside it.",
				args, stdout, stderr, func(cfg *config.Config, file string) (store.Inventory, error) {
					return store.Restore(ctx, file, cfg.Store.Path, time.Now())
				}, func(w io.Writer, cfg *config.Config, inv store.Inventory) {
					fmt.Fprintf(w, "restored to %s, checked:\n", inv.Path)
				})
		},
	})
}

// runInventory is backup's and restore's command line: one file, an
// act of the store returning what it holds, printed as text (head, then
// the inventory) or JSON.
func runInventory(ctx context.Context, name, usage string, args []string, stdout, stderr io.Writer,
	act func(*config.Config, string) (store.Inventory, error), head func(io.Writer, *config.Config, store.Inventory)) int {
	fl := newFlags(stderr, name, usage)
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	asJSON := fl.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	if msg := argCount(fl, 1, 1, "backup file"); msg != "" {
		return badUsage(stderr, name, "%s", msg)
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return failed(stderr, name, err)
	}
	inv, err := act(cfg, fl.Arg(0))
	if err != nil {
		return failed(stderr, name, err)
	}
	if err := printResult(stdout, *asJSON, inv, func(w io.Writer) {
		head(w, cfg, inv)
		fmt.Fprintf(w, "  %d submissions, %d files, %d verdicts, %d notices\n", inv.Submissions, inv.Files, inv.Verdicts, inv.Notices)
		fmt.Fprintf(w, "  %d rating lists, %d registers (%d versions imported)\n", inv.Lists, inv.Registers, inv.RegisterVersions)
		fmt.Fprintf(w, "  %d originals and files (%s), every one's SHA-256 checked\n", inv.Blobs, italian.Size(inv.BlobBytes))
		if inv.Previous != "" {
			fmt.Fprintf(w, "the store it replaced is kept as %s\n", inv.Previous)
		}
	}); err != nil {
		return failed(stderr, name, err)
	}
	return exitOK
}
