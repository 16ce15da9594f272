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
	// Help and a mistaken command line are answered before the signals
	// are watched: watching them starts the runtime's signal thread, a
	// good tenth of what `omologa -h` costs.
	if code, done := answerWithoutRunning(os.Args[1:], os.Stderr); done {
		os.Exit(code)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runMain(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if code, done := answerWithoutRunning(args, stderr); done {
		return code
	}
	if code, done := handOver(args); done {
		return code
	}
	// What a command prints comes in good part from files (names, cities,
	// subjects): none of it may drive the terminal (JSON escapes its
	// control characters already, so it passes unchanged).
	c := commands[args[0]]
	return c.runCommand(ctx, c.name, args[1:], termsafe.Writer(stdout), stderr)
}

// answerWithoutRunning answers the command lines that run no command: none,
// help, an unknown command. done is false when args name a command.
func answerWithoutRunning(args []string, stderr io.Writer) (code int, done bool) {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "omologa: a command is expected (omologa -h lists them)")
		return exitUsage, true
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return exitOK, true
	}
	if _, ok := commands[args[0]]; !ok {
		fmt.Fprintf(stderr, "omologa: unknown command %q (omologa -h lists them)\n", args[0])
		return exitUsage, true
	}
	return 0, false
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
