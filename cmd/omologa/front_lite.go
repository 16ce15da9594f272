//go:build lite

package main

// The lite front (`go build -tags lite`, bin/omologa of `make build`): the
// commands that never touch the store, the web or the mail run here, in a
// binary that does not link SQLite, Prometheus, IMAP, SMTP, net/http or
// the chart and table libraries, so that they start as fast as Go allows
// (issue 31 item 1); every other command is handed over, with the same
// arguments and environment, to omologa-full beside this binary. The
// command table (commands.go) is the same in both, so that -h lists the
// same commands.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// fullName is the full program's file name, in the folder of the front.
const fullName = "omologa-full"

// lightCommands are the commands the front runs itself ("list close":
// one command of a group).
var lightCommands = map[string]bool{"check": true, "gen": true, "parse": true, "rate": true, "fide preview": true, "list close": true}

// light tells whether the front runs the command line args itself: a
// light command, or a group (list, fide) with no known command after it,
// whose usage and errors the table gives alike in both builds.
func light(args []string) bool {
	if lightCommands[args[0]] {
		return true
	}
	c := commands[args[0]]
	if c == nil || c.subs == nil {
		return c == nil
	}
	if len(args) < 2 || lightCommands[args[0]+" "+args[1]] {
		return true
	}
	for _, s := range c.subs {
		if s.name == args[1] {
			return false
		}
	}
	return true
}

// handOver execs the full program for a command the front does not run;
// it returns only when that fails (exit 2, naming the path expected).
func handOver(args []string) (code int, done bool) {
	if len(args) == 0 || light(args) {
		return 0, false
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "omologa %s: cannot find the full program: %v\n", args[0], err)
		return exitUsage, true
	}
	full := filepath.Join(filepath.Dir(self), fullName)
	argv0 := full
	if len(os.Args) > 0 {
		argv0 = os.Args[0]
	}
	err = syscall.Exec(full, append([]string{argv0}, args...), os.Environ())
	// Exec returns only on a failure.
	fmt.Fprintf(os.Stderr, "omologa %s: this command needs the full program %s: %v (install it beside %s)\n", args[0], full, err, self)
	return exitUsage, true
}

// notHere stands for the run of a command the front hands over
// (handOver, in runMain) before it could get here.
func notHere(c *call) int {
	return failed(c.stderr, c.name, errors.New("this command runs in "+fullName+" (omologa -h)"))
}

// The runs and usages of the commands handed over live in the files the
// lite build leaves out.
var (
	runAudit             = notHere
	runBackup            = notHere
	runDecide            = notHere
	runFideExport        = notHere
	runImport            = notHere
	runDoctor            = notHere
	runIngest            = notHere
	runInit              = notHere
	runListPublish       = notHere
	runListRun           = notHere
	runPaymentsAdd       = notHere
	runPaymentsConfirm   = notHere
	runPaymentsFees      = notHere
	runPaymentsImport    = notHere
	runPaymentsUnmatched = notHere
	runPaymentsWaive     = notHere
	runRelease           = notHere
	runReport            = notHere
	runResend            = notHere
	runRestore           = notHere
	runServe             = notHere
	runSite              = notHere
	runStats             = notHere
	runStatus            = notHere
	runTournament        = notHere
	runUser              = notHere
	runVerdict           = notHere
	runWatch             = notHere
)

const (
	auditUsage           = ""
	backupUsage          = ""
	decideUsage          = ""
	fideExportUsage      = ""
	importUsage          = ""
	ingestUsage          = ""
	doctorUsage          = ""
	initUsage            = ""
	listPublishUsage     = ""
	listRunUsage         = ""
	paymentsAddUsage     = ""
	paymentsConfirmUsage = ""
	paymentsImportUsage  = ""
	paymentsListUsage    = ""
	paymentsWaiveUsage   = ""
	releaseUsage         = ""
	reportUsage          = ""
	resendUsage          = ""
	restoreUsage         = ""
	serveUsage           = ""
	tournamentUsage      = ""
	userUsage            = ""
	verdictUsage         = ""
)
