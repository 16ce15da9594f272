//go:build !lite

package main

import (
	"fmt"
	"io"
	"os"

	"omologa/internal/intake/statement"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
)

const paymentsImportUsage = `usage: omologa payments import [--config FILE] [--json] FILE

FILE is a bank statement: the plain "Data;Valuta;Importo;Descrizione" export with decimal
commas, the CBI movements' columns, or a layout of payments.statement_layouts. Every credit
is recorded once (importing the same statement again adds nothing); a causale carrying
payment references (OMOL-2026-0012, spaces and case as written) pays them; the others are
listed unmatched with suggestions (omologa payments confirm). A bad line imports nothing.`

const paymentsAddUsage = `usage: omologa payments add [--config FILE] [--json] --date DD/MM/YYYY --amount 45,00 [--channel cash|bank|other] [--submission ID] [--description TEXT]

A payment received outside a statement (cash, a postal order): it pays --submission's fee,
else the references in --description, else it stays unmatched.`

const paymentsConfirmUsage = `usage: omologa payments confirm [--config FILE] [--json] --payment N --submission ID`

const paymentsListUsage = `usage: omologa payments fees|unmatched [--config FILE] [--json]

fees: every fee with its state; unmatched: the payments paying nothing yet, with suggestions.`

const paymentsWaiveUsage = `usage: omologa payments waive [--config FILE] [--json] --submission ID --reason TEXT`

func runPaymentsImport(c *call) int {
	if code, ok := c.parseArgs(1, 1, "one statement file"); !ok {
		return code
	}
	name := c.fs.Arg(0)
	data, err := os.ReadFile(name)
	if err != nil {
		return c.fail(err)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	res, err := o.PaymentsImport(c.ctx, office.CLIActor(), name, data)
	if err != nil {
		return c.failAct(err)
	}
	return c.print(exitOK, res, func(w io.Writer) {
		fmt.Fprintf(w, "%s (%s): %d movements, %d new, %d already imported, %d debits passed over\n",
			res.File, res.Layout, res.Movements, res.Added, res.Known, res.Debits)
		for _, p := range res.Matched {
			for _, a := range p.Allocations {
				fmt.Fprintf(w, "  payment %d (%s) pays %s of submission %d's fee\n", p.ID, p.Source, italian.Euro(a.Cents), a.SubmissionID)
			}
		}
		printUnmatched(w, res.Unmatched)
	})
}

func runPaymentsAdd(c *call) int {
	date := c.fs.String("date", "", "the day it was received (DD/MM/YYYY)")
	amount := c.fs.String("amount", "", "the amount, with a decimal comma (45,00)")
	channel := c.fs.String("channel", "cash", "cash, bank or other")
	sub := c.fs.Int64("submission", 0, "the submission whose fee it pays")
	desc := c.fs.String("description", "", "what was written with it (a reference pays its fee)")
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	d, err := statement.ParseDate(*date)
	if err != nil {
		return c.bad("--date: %v", err)
	}
	cents, err := statement.ParseCents(*amount)
	if err != nil {
		return c.bad("--amount: %v", err)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	p, err := o.PaymentAdd(c.ctx, office.CLIActor(), office.PaymentEntry{Date: d, Cents: cents, Description: *desc, Channel: *channel, Submission: *sub})
	if err != nil {
		return c.failAct(err)
	}
	return c.print(exitOK, p, func(w io.Writer) {
		fmt.Fprintf(w, "payment %d recorded: %s, %d allocation(s)\n", p.ID, italian.Euro(p.Cents), len(p.Allocations))
	})
}

func runPaymentsConfirm(c *call) int {
	pay := c.fs.Int64("payment", 0, "the payment (omologa payments unmatched)")
	sub := c.fs.Int64("submission", 0, "the submission whose fee it pays")
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	if *pay == 0 || *sub == 0 {
		return c.bad("--payment and --submission are required")
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	if err := o.PaymentConfirm(c.ctx, office.CLIActor(), *pay, *sub); err != nil {
		return c.failAct(err)
	}
	f, err := o.FeeOf(c.ctx, *sub)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, f, func(w io.Writer) { printFees(w, []office.FeeRow{*f}) })
}

func runPaymentsWaive(c *call) int {
	sub := c.fs.Int64("submission", 0, "the submission whose fee is waived")
	reason := c.fs.String("reason", "", "why (recorded in the audit trail)")
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	if *sub == 0 {
		return c.bad("--submission is required")
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	if err := o.FeeWaive(c.ctx, office.CLIActor(), *sub, *reason); err != nil {
		return c.failAct(err)
	}
	f, err := o.FeeOf(c.ctx, *sub)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, f, func(w io.Writer) { printFees(w, []office.FeeRow{*f}) })
}

func runPaymentsFees(c *call) int {
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	fs, err := o.Fees(c.ctx)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, fs, func(w io.Writer) { printFees(w, fs) })
}

func runPaymentsUnmatched(c *call) int {
	if code, ok := c.parseArgs(0, 0, ""); !ok {
		return code
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	us, err := o.Unmatched(c.ctx)
	if err != nil {
		return c.fail(err)
	}
	return c.print(exitOK, us, func(w io.Writer) { printUnmatched(w, us) })
}
