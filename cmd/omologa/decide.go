//go:build !lite

package main

import (
	"fmt"
	"io"

	"omologa/internal/office"
	"omologa/internal/store"
)

const decideUsage = `usage: omologa decide [--config FILE] [--json] --submission ID [--file NAME]
                      [--withdrawal-justified START]... [--withdrawal-unjustified START]...
                      [--theoretical START=RATING]... [--clear START]...

Records the office's decisions about the players of a homologated file, with
who decided (the OS user) and when; omologa list run applies them when it rates
the file. A later decision about the same player and kind replaces the earlier
one; --clear removes a player's decisions (applied before the others given).
Without decisions, lists those recorded for the submission.`

func runDecide(c *call) int {
	fs := c.fs
	subID := fs.Int64("submission", 0, "the submission (omologa status) whose file the decisions are about")
	fileName := fs.String("file", "", "the file of the submission, when it has several")
	var ops []office.DecideOp
	// add records one decision as its flag is read.
	add := func(parse func(string) (office.DecideOp, error)) func(string) error {
		return func(v string) error {
			op, err := parse(v)
			if err == nil {
				ops = append(ops, op)
			}
			return err
		}
	}
	withdrawal := func(value string) func(string) error {
		return add(func(v string) (office.DecideOp, error) { return office.WithdrawalOp(v, value) })
	}
	fs.Func("withdrawal-justified", "START: the player's last-round forfeit is a justified withdrawal, RTF 7.5.3 does\n"+
		"not apply (RTF 7.5.2); repeatable", withdrawal(store.WithdrawalJustified))
	fs.Func("withdrawal-unjustified", "START: the player withdrew without justification, whatever the crosstable shows\n"+
		"(RTF 7.5.2–7.5.3): a positive variation is zeroed; repeatable", withdrawal(store.WithdrawalUnjustified))
	fs.Func("theoretical", "START=RATING: the chief arbiter's theoretical rating of a foreign player without FIDE\n"+
		"rating (RTF 4.2.7) or Elo Rapid (RAPID 6.8); repeatable", add(office.TheoreticalOp))
	fs.Func("clear", "START: remove the player's decisions (the crosstable's reading applies again); repeatable",
		add(office.ClearOp))
	if code, ok := c.parse(); !ok {
		return code
	}
	if *subID <= 0 || fs.NArg() > 0 {
		if fs.NArg() > 0 {
			fmt.Fprintf(c.stderr, "omologa decide: unexpected arguments %q\n", fs.Args())
		} else {
			fmt.Fprintln(c.stderr, "omologa decide: --submission ID is required")
		}
		fs.Usage()
		return exitUsage
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	out, err := o.Decide(c.ctx, office.CLIActor(), office.DecideRequest{Submission: *subID, File: *fileName, Ops: ops})
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, out, func(w io.Writer) {
		for _, f := range out.Files {
			fmt.Fprintf(w, "file %s %s: ", f.Number, f.Name)
			if len(f.Decisions) == 0 {
				fmt.Fprintln(w, "no decisions recorded")
				continue
			}
			fmt.Fprintln(w)
			for _, d := range f.Decisions {
				fmt.Fprintf(w, "  %s\n", d.Text(o.Rules.Rating.Location()))
			}
		}
	})
}
