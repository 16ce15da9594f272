package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"omologa/internal/config"
	"omologa/internal/office"
	"sort"
	"strconv"
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

// writeJSON writes v indented, as every --json output is.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeJSONFiles writes the per-file results of a command that takes
// several files: one object for one file, an array for several, so that
// a script reading one file's result needs no unwrapping.
func writeJSONFiles[T any](w io.Writer, out []T) error {
	if len(out) == 1 {
		return writeJSON(w, out[0])
	}
	return writeJSON(w, out)
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

// exitFor is the exit code of an office act's failure: 1 when the act was
// already done (a list closed twice), 2 otherwise.
func exitFor(err error) int {
	if office.KindOf(err) == office.Conflict {
		return exitRejected
	}
	return exitUsage
}

// openOffice opens the office of the configuration at path (its store and
// rules), for a command that does one of its acts.
func openOffice(ctx context.Context, path string) (*office.Office, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return office.Open(ctx, cfg)
}

// submissionIDs reads the submission ids given as arguments (as status
// shows them); a wrong one is said in one line.
func submissionIDs(stderr io.Writer, cmd string, args []string) ([]int64, bool) {
	var ids []int64
	for _, a := range args {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(stderr, "omologa %s: %q is not a submission id (omologa status lists them)\n", cmd, a)
			return nil, false
		}
		ids = append(ids, id)
	}
	return ids, true
}

// submissionFlags are the flags of the commands that put submissions
// through the office and print their state (ingest, release, resend).
type submissionFlags struct {
	config        *string
	json, verbose *bool
}

func addSubmissionFlags(fs *flag.FlagSet) submissionFlags {
	return submissionFlags{
		config:  fs.String("config", defaultConfig(), "configuration file"),
		json:    fs.Bool("json", false, "print the submissions' state as JSON"),
		verbose: fs.Bool("v", false, "debug logging"),
	}
}

// open reads the submission ids given (submissionIDs) and opens the
// office of --config for a one-shot command (oneShotOffice); a failure
// is said in one line. Call done when finished.
func (sf submissionFlags) open(ctx context.Context, stderr io.Writer, cmd string, args []string) (o *office.Office, ids []int64, done func(), ok bool) {
	if ids, ok = submissionIDs(stderr, cmd, args); !ok {
		return nil, nil, nil, false
	}
	if o, done, ok = oneShotOffice(ctx, stderr, cmd, *sf.config, *sf.verbose); !ok {
		return nil, nil, nil, false
	}
	return o, ids, done, true
}

// actOnSubmissions does an office act (release, discard, resend) on each
// submission id: a failure is said in one line and the others are still
// done (exit 2 at the end). It returns the ids done.
func actOnSubmissions(stderr io.Writer, cmd string, ids []int64, act func(id int64) error) (done []int64, code int) {
	code = exitOK
	for _, id := range ids {
		if err := act(id); err != nil {
			failed(stderr, cmd, err)
			code = exitUsage
			continue
		}
		done = append(done, id)
	}
	return done, code
}

// loadConfig loads the configuration at path and makes the command's
// logger (text, or JSON with asJSON; debug with verbose); a failure is
// said in one line.
func loadConfig(stderr io.Writer, cmd, path string, verbose, asJSON bool) (*config.Config, *slog.Logger, bool) {
	cfg, err := config.Load(path)
	if err != nil {
		failed(stderr, cmd, err)
		return nil, nil, false
	}
	return cfg, newLoggerAs(stderr, verbose, asJSON), true
}

// oneShotOffice loads the configuration at cfgPath and opens the office
// under the store's lock for a one-shot command (openOfficeOneShot);
// a failure is said in one line. Call done when finished.
func oneShotOffice(ctx context.Context, stderr io.Writer, cmd, cfgPath string, verbose bool) (o *office.Office, done func(), ok bool) {
	cfg, log, ok := loadConfig(stderr, cmd, cfgPath, verbose, false)
	if !ok {
		return nil, nil, false
	}
	o, done, err := openOfficeOneShot(ctx, cfg, log)
	if err != nil {
		failed(stderr, cmd, err)
		return nil, nil, false
	}
	return o, done, true
}

// printResult prints a command's result: as JSON with --json
// (writeJSON), for a script, else with text, for a person.
func printResult(w io.Writer, asJSON bool, v any, text func(io.Writer)) error {
	if asJSON {
		return writeJSON(w, v)
	}
	text(w)
	return nil
}

// printFiles prints the results of a command that reads files: as JSON
// (writeJSONFiles), or each with print, a blank line between them, in
// one write for the whole listing, not one a line.
func printFiles[T any](w io.Writer, out []T, asJSON bool, print func(io.Writer, T)) error {
	if asJSON {
		return writeJSONFiles(w, out)
	}
	bw := bufio.NewWriter(w)
	for i, x := range out {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		print(bw, x)
	}
	return bw.Flush()
}
