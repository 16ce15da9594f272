// Command omologa is the homologation office of a chess federation: it
// takes tournament result files (by e-mail, drop folder or command line),
// checks them against the regulations, computes Elo Italia and Elo Italia
// Rapid, and answers the arbiters.
//
// Each subcommand lives in its own file; commands.go declares them.
package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"omologa/internal/platform/termsafe"
)

// Exit codes shared by the subcommands.
const (
	exitOK       = 0
	exitRejected = 1 // a check or verdict said no
	exitUsage    = 2 // unreadable input or bad usage
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runMain(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// What a command prints comes in good part from files (names, cities,
	// subjects): none of it may drive the terminal (JSON escapes its
	// control characters already, so it passes unchanged).
	stdout = termsafe.Writer(stdout)
	if len(args) == 0 {
		fmt.Fprintln(stderr, "omologa: a command is expected (omologa -h lists them)")
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "omologa: unknown command %q (omologa -h lists them)\n", args[0])
		return exitUsage
	}
	if code, done := handOver(args); done {
		return code
	}
	return c.runCommand(ctx, c.name, args[1:], stdout, stderr)
}

func usage(out io.Writer) {
	// One write, not one a line.
	w := bufio.NewWriter(out)
	defer w.Flush()
	fmt.Fprintln(w, "usage: omologa COMMAND [flags] [args]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'omologa COMMAND -h' for a command's flags.")
	fmt.Fprintln(w, "Every command also takes --cpuprofile FILE and --memprofile FILE (profiles for go tool pprof).")
}
