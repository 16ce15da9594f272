package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"omologa/internal/fsi"
)

// command is one subcommand as the table of commands.go declares it: what
// `omologa -h` lists, what -h prints, the flags it shares with the others
// and what it does. The shared flags are declared here once, so that each
// command file keeps only its own.
type command struct {
	name    string
	summary string
	// usage is what -h prints before the flags: the synopsis and what
	// the command does.
	usage string
	// config is the help of the --config flag (defaultConfig), json of
	// --json; "" when the command has none. verbose gives it -v.
	config, json string
	verbose      bool
	// kind is the help of the --kind flag of the commands on a rating
	// list (standard or rapid), required and checked with the flags.
	kind string
	// verbs: the word after the command's name is its verb (tournament
	// show, verdict accept), taken before the flags; none given prints
	// the usage (exit 2), -h too (exit 0).
	verbs bool
	// run does the command, its own flags declared on c.fs.
	run func(c *call) int
	// subs, for a group of commands (list, fide), are its commands, run
	// by the word after the group's name; the group has no run.
	subs []*command
}

// call is one run of a command: its name for the messages ("list
// close", "tournament show"), its flags with the shared ones declared,
// its arguments and writers.
type call struct {
	ctx            context.Context
	name           string
	command, verb  string // tournament show: "tournament", "show"
	fs             *flag.FlagSet
	args           []string
	stdout, stderr io.Writer
	config         *string // --config; nil when the command has none
	json, verbose  *bool   // --json, -v; false when the command has none
	kindFlag       *string // --kind of a list; nil when the command has none
	kind           fsi.Kind
	// closers are closed when the command returns, last first (the
	// office it opened).
	closers []func() error
}

// runCommand runs c, named name on the command line ("list close"), with
// the arguments after its name.
func (c *command) runCommand(ctx context.Context, name string, args []string, stdout, stderr io.Writer) int {
	if c.subs != nil {
		subs := map[string]func([]string) int{}
		for _, s := range c.subs {
			subs[s.name] = func(a []string) int { return s.runCommand(ctx, name+" "+s.name, a, stdout, stderr) }
		}
		return subcommands(stderr, name, c.usage, args, subs)
	}
	k := &call{ctx: ctx, name: name, command: name, args: args, stdout: stdout, stderr: stderr, json: new(bool), verbose: new(bool)}
	if c.verbs {
		if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
			fmt.Fprintln(stderr, c.usage)
			if len(args) == 0 {
				return exitUsage
			}
			return exitOK
		}
		k.verb, k.args = args[0], args[1:]
		k.name += " " + k.verb
	}
	rest, prof, err := takeProfileFlags(k.args)
	if err != nil {
		return badUsage(stderr, k.name, "%v", err)
	}
	k.args = rest
	k.fs = newFlags(stderr, k.name, c.usage)
	if c.config != "" {
		k.config = k.fs.String("config", defaultConfig(), c.config)
	}
	if c.json != "" {
		k.json = k.fs.Bool("json", false, c.json)
	}
	if c.verbose {
		k.verbose = k.fs.Bool("v", false, "debug logging")
	}
	if c.kind != "" {
		k.kindFlag = k.fs.String("kind", "", c.kind)
	}
	stop, err := prof.startFor(k.name, stderr)
	if err != nil {
		return failed(stderr, k.name, err)
	}
	defer stop() // registered first, so run last: the profiles take in the closing of what the command opened
	defer func() {
		for i := len(k.closers) - 1; i >= 0; i-- {
			k.closers[i]()
		}
	}()
	return c.run(k)
}

// parse parses the command's flags (parseFlags), and its --kind of list
// (parseKind) when it has one: ok is false when the command must stop at
// once with code.
func (c *call) parse() (code int, ok bool) {
	if code, ok := parseFlags(c.fs, c.args); !ok {
		return code, false
	}
	if c.kindFlag != nil {
		k, err := parseKind(*c.kindFlag)
		if err != nil {
			return c.bad("%v", err), false
		}
		c.kind = k
	}
	return exitOK, true
}

// parseArgs parses the command's flags and checks the number of
// arguments after them (argCount): ok is false when the command must stop
// at once with code.
func (c *call) parseArgs(min, max int, what string) (code int, ok bool) {
	if code, ok := c.parse(); !ok {
		return code, false
	}
	if msg := argCount(c.fs, min, max, what); msg != "" {
		return c.bad("%s", msg), false
	}
	return exitOK, true
}

// parseInterleaved parses flags that may stand between the arguments
// (parseInterleaved) and returns the arguments.
func (c *call) parseInterleaved() (pos []string, code int, ok bool) {
	return parseInterleaved(c.fs, c.args)
}

// bad says what is wrong with the command line (badUsage): exit 2.
func (c *call) bad(format string, a ...any) int { return badUsage(c.stderr, c.name, format, a...) }

// fail says why the command stopped (failed): exit 2.
func (c *call) fail(err error) int { return failed(c.stderr, c.name, err) }

// unknownVerb says that the verb is not one of the command's, then the
// usage: exit 2.
func (c *call) unknownVerb() int {
	fmt.Fprintf(c.stderr, "omologa %s: unknown subcommand %q\n", c.command, c.verb)
	c.fs.Usage()
	return exitUsage
}

// print prints the command's result v, as JSON with --json, else with
// text (printResult), and returns code, the exit the command reached;
// a failure to print is said (exit 2).
func (c *call) print(code int, v any, text func(io.Writer)) int {
	if err := printResult(c.stdout, *c.json, v, text); err != nil {
		return c.fail(err)
	}
	return code
}

// parseKind is the --kind of a rating list.
func parseKind(s string) (fsi.Kind, error) {
	if k := fsi.Kind(s); k.IsList() {
		return k, nil
	}
	if s == "" {
		return "", fmt.Errorf("--kind is required: standard or rapid")
	}
	return "", fmt.Errorf("--kind %q: standard or rapid", s)
}

// defaultConfig is omologa.yaml in the working folder when there is one,
// else the demo configuration of the samples.
func defaultConfig() string {
	if _, err := os.Stat("omologa.yaml"); err == nil {
		return "omologa.yaml"
	}
	return filepath.Join("samples", "omologa.yaml")
}
