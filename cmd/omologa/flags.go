package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// newFlags is a command's flag set: its errors go to stderr, and -h
// prints usage (the command's synopsis and what it does) then the flags.
func newFlags(stderr io.Writer, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// failed says in one line why the command cmd stopped, "omologa cmd:
// err", and returns exit 2: the end of every command that cannot go on
// (unreadable input, a configuration or store that does not open).
func failed(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "omologa %s: %v\n", cmd, err)
	return exitUsage
}

// parseFlags parses a subcommand's flags. ok is false when the command
// must stop at once with code: -h asked for the usage (printed, exit 0),
// or a flag was wrong: then one line says which (exit 2), not the whole
// usage, in which the reason would be lost.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return exitOK, false
		}
		return badUsage(out, fs.Name(), "%v", err), false
	}
	return exitOK, true
}

// badUsage says in one line what is wrong with a command line, naming
// the flag or value, and where the flags are listed; it returns exit 2.
func badUsage(w io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(w, "omologa %s: %s (omologa %s -h lists the flags)\n", cmd, fmt.Sprintf(format, args...), cmd)
	return exitUsage
}

// missingFlag returns the first of the required flags, given as name and
// value pairs, whose value is empty: "--players is required".
func missingFlag(pairs ...string) string {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			return pairs[i] + " is required"
		}
	}
	return ""
}

// argCount checks the number of arguments after the flags: "no result
// file given", "one FILE expected, 3 given".
func argCount(fs *flag.FlagSet, min, max int, what string) string {
	n := fs.NArg()
	switch {
	case n < min && n == 0:
		return "no " + what + " given"
	case n < min:
		return fmt.Sprintf("at least %d %s expected, %d given", min, what, n)
	case max >= 0 && n > max && max == 0:
		return fmt.Sprintf("unexpected argument %q", fs.Arg(0))
	case max >= 0 && n > max:
		return fmt.Sprintf("at most %d %s expected, %d given", max, what, n)
	}
	return ""
}

// regularFiles checks the files given as arguments before anything is
// done with them, so that a typo does not leave half of a command's
// work done: "x: no such file", or "x is a folder: " and what to give
// instead (folder).
func regularFiles(paths []string, folder string) string {
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil {
			return p + ": no such file"
		} else if st.IsDir() {
			return p + " is a folder: " + folder
		}
	}
	return ""
}

// firstOf returns the first non-empty message.
func firstOf(msgs ...string) string {
	for _, m := range msgs {
		if m != "" {
			return m
		}
	}
	return ""
}

// subcommands runs the subcommand of a group (omologa list close, omologa
// fide export): -h prints the group's usage and exits 0; a missing or
// unknown subcommand is said in one line, exit 2.
func subcommands(stderr io.Writer, group, usage string, args []string, subs map[string]func(args []string) int) int {
	names := make([]string, 0, len(subs))
	for n := range subs {
		names = append(names, n)
	}
	sort.Strings(names)
	switch {
	case len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help"):
		fmt.Fprintln(stderr, usage)
		return exitOK
	case len(args) == 0:
		fmt.Fprintf(stderr, "omologa %s: %s expected (omologa %s -h)\n", group, orList(names), group)
		return exitUsage
	}
	run, ok := subs[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "omologa %s: unknown %s command %q: %s (omologa %s -h)\n", group, group, args[0], orList(names), group)
		return exitUsage
	}
	return run(args[1:])
}

// orList writes the names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// parseInterleaved parses args whose flags may come before, between or
// after the positional arguments ("revoke 12 --reason …"), and returns
// those arguments in order.
func parseInterleaved(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	for rest := args; ; {
		if code, ok := parseFlags(fs, rest); !ok {
			return nil, code, false
		}
		if fs.NArg() == 0 {
			return pos, 0, true
		}
		pos, rest = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
}
