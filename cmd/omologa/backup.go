//go:build !lite

package main

import (
	"fmt"
	"io"

	"omologa/internal/config"
	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

const (
	backupUsage  = "usage: omologa backup [--config FILE] [--json] BACKUP\n\nBACKUP is the copy to write; it must not exist."
	restoreUsage = "usage: omologa restore [--config FILE] [--json] BACKUP\n\nBACKUP (from omologa backup) replaces the configured store; the store it replaces is kept beside it."
)

func runBackup(c *call) int {
	return runInventory(c, func(cfg *config.Config, file string) (store.Inventory, error) {
		st, err := store.Open(c.ctx, cfg.Store.Path)
		if err != nil {
			return store.Inventory{}, err
		}
		defer st.Close()
		return st.Backup(c.ctx, file)
	}, "backup of %[1]s written to %[2]s and checked:\n")
}

func runRestore(c *call) int {
	return runInventory(c, func(cfg *config.Config, file string) (store.Inventory, error) {
		return store.Restore(c.ctx, file, cfg.Store.Path, cfg.Now()())
	}, "restored to %[2]s, checked:\n")
}

// runInventory is backup's and restore's command line: one file, an
// act of the store returning what it holds, printed as text (head, given
// the store and the copy written, then the inventory) or JSON.
func runInventory(c *call, act func(*config.Config, string) (store.Inventory, error), head string) int {
	if code, ok := c.parseArgs(1, 1, "backup file"); !ok {
		return code
	}
	cfg, err := config.Load(*c.config)
	if err != nil {
		return c.fail(err)
	}
	inv, err := act(cfg, c.fs.Arg(0))
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, inv, func(w io.Writer) {
		fmt.Fprintf(w, head, cfg.Store.Path, inv.Path)
		fmt.Fprintf(w, "  %d submissions, %d files, %d verdicts, %d notices\n", inv.Submissions, inv.Files, inv.Verdicts, inv.Notices)
		fmt.Fprintf(w, "  %d rating lists, %d registers (%d versions imported)\n", inv.Lists, inv.Registers, inv.RegisterVersions)
		fmt.Fprintf(w, "  %d originals and files (%s), every one's SHA-256 checked\n", inv.Blobs, italian.Size(inv.BlobBytes))
		if inv.Previous != "" {
			fmt.Fprintf(w, "the store it replaced is kept as %s\n", inv.Previous)
		}
	})
}
