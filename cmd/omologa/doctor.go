//go:build !lite

package main

import (
	"fmt"
	"io"
	"time"

	"omologa/internal/config"
	"omologa/internal/office/doctor"
	"omologa/internal/platform/italian"
)

const doctorUsage = "usage: omologa doctor [--config FILE] [--json] [--timeout D]\n" +
	"Checks the configuration against the world, one line a check, OK or PROBLEM with the fix:\n" +
	"the store opens and passes integrity_check; the folders exist and this user may write them;\n" +
	"the mailbox logs in and its folders exist; the mail server answers EHLO and accepts the login\n" +
	"(nothing is sent); the registers load (how many rows); the portal's public address agrees\n" +
	"with the trusted origins; no secret file is readable by others (no secret is shown); the rules'\n" +
	"time zone is known; the disks have room. Run it as the service's user.\n" +
	"Exit 0: every check OK; 1: a PROBLEM; 2: the configuration cannot be read."

func runDoctor(c *call) int {
	timeout := c.fs.Duration("timeout", 20*time.Second, "how long each network probe may take")
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	cfg, err := config.Load(*c.config)
	if err != nil {
		return c.fail(err)
	}
	r := doctor.Run(c.ctx, cfg, doctor.Options{Timeout: *timeout})
	code := exitOK
	if !r.OK {
		code = exitRejected
	}
	return c.print(code, r, func(w io.Writer) { printDoctor(w, r) })
}

func printDoctor(w io.Writer, r *doctor.Report) {
	for _, ck := range r.Checks {
		mark := "OK     "
		if !ck.OK {
			mark = "PROBLEM"
		}
		fmt.Fprintf(w, "%s  %-17s %s\n", mark, ck.Name, ck.Detail)
		if ck.Fix != "" {
			fmt.Fprintf(w, "         %-17s fix: %s\n", "", ck.Fix)
		}
	}
	checks := italian.Count(len(r.Checks), "check", "checks")
	if n := r.Problems(); n > 0 {
		fmt.Fprintf(w, "%s, %s: the office is not ready\n", checks, italian.Count(n, "problem", "problems"))
		return
	}
	fmt.Fprintf(w, "%s, all OK: the office is ready\n", checks)
}
