//go:build !lite

package main

import (
	"fmt"
	"io"
)

func runSite(c *call) int {
	out := c.fs.String("out", "", "the site's folder (default: publish/site beside the store)")
	if len(c.args) == 0 || c.args[0] != "build" {
		if code, ok := c.parse(); !ok {
			return code
		}
		return c.bad("want `omologa site build`")
	}
	c.args = c.args[1:]
	if code, ok := c.parseArgs(0, 0, "argument"); !ok {
		return code
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	r, err := o.BuildSite(c.ctx, *out)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, r, func(w io.Writer) {
		fmt.Fprintf(w, "%s: %d files (%d players, %d tournaments); %d written, %d unchanged, %d removed\n",
			r.Dir, r.Files, r.Players, r.Tourns, len(r.Written), r.Kept, len(r.Removed))
	})
}
