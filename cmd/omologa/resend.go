//go:build !lite

package main

import (
	"fmt"

	"omologa/internal/office"
)

const resendUsage = `usage: omologa resend [--config FILE] [--json] (ID... | --failed)

ID is a submission (omologa status) whose notice failed or is failing: it is delivered again
at once, with the same Message-ID, and retried as a new notice would be.`

func runResend(c *call) int {
	allFailed := c.fs.Bool("failed", false, "every failed or failing notice")
	if code, ok := c.parse(); !ok {
		return code
	}
	if (c.fs.NArg() == 0) == !*allFailed {
		return c.bad("give the submission ids, or --failed, not both")
	}
	o, ids, ok := c.submissions()
	if !ok {
		return exitUsage
	}
	var put []int64
	if *allFailed {
		var err error
		if put, err = o.ResendFailed(c.ctx, office.CLIActor()); err != nil {
			return c.fail(err)
		}
		if len(put) == 0 {
			fmt.Fprintln(c.stderr, "omologa resend: no failed or failing notice")
		}
	}
	done, code := actOnSubmissions(c.stderr, c.name, ids, func(id int64) error { return o.Resend(c.ctx, office.CLIActor(), id) })
	put = append(put, done...)
	if o.DaemonElsewhere && len(put) > 0 {
		fmt.Fprintln(c.stderr, "omologa resend: the running `omologa watch` delivers them")
	}
	return c.printSubmissions(o, put, code)
}
