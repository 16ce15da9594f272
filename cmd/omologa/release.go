//go:build !lite

package main

import (
	"omologa/internal/office"
)

const releaseUsage = `usage: omologa release [--config FILE] [--json] [--drop] ID...

ID is a quarantined submission (omologa status --quarantined). Released, it is judged and
answered as if its sender were allowed; with --drop it is kept but never answered.`

func runRelease(c *call) int {
	drop := c.fs.Bool("drop", false, "close the submissions as discarded by the office, without any notice")
	if code, ok := c.parse(); !ok {
		return code
	}
	if c.fs.NArg() == 0 {
		return c.bad("no submission id given (omologa status --quarantined lists them)")
	}
	o, ids, ok := c.submissions()
	if !ok {
		return exitUsage
	}
	done, code := actOnSubmissions(c.stderr, c.name, ids, func(id int64) error {
		if *drop {
			return o.Discard(c.ctx, office.CLIActor(), id)
		}
		return o.Release(c.ctx, office.CLIActor(), id)
	})
	return c.printSubmissions(o, done, code)
}
