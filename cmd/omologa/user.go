//go:build !lite

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"omologa/internal/config"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
)

// stdin is where a password is read from when no variable names it;
// tests replace it.
var stdin io.Reader = os.Stdin

const userUsage = "usage: omologa user add [--config F] [--password-env VAR] --role clerk|officer|admin NAME\n" +
	"       omologa user passwd [--config F] [--password-env VAR] NAME\n" +
	"       omologa user disable|enable [--config F] NAME\n" +
	"       omologa user list [--config F] [--json]\n\n" +
	"The password is read from the environment variable --password-env names, else from the\n" +
	"first line of standard input. Roles: clerk (reads; releases, discards, resends), officer\n" +
	"(also decisions, revocations, imports, list close and publish), admin (also users)."

func runUser(c *call) int {
	ctx, stdout, stderr, sub, fl := c.ctx, c.stdout, c.stderr, c.verb, c.fs
	// The usage alone: the flags are said in it, each with the verbs it
	// goes with.
	usage := func() { fmt.Fprintln(stderr, userUsage) }
	fl.Usage = usage
	role := fl.String("role", "", "the user's role: clerk, officer or admin (add)")
	pwEnv := fl.String("password-env", "", "environment variable holding the password (add, passwd)")
	if code, ok := c.parse(); !ok {
		return code
	}
	want := 1
	if sub == "list" {
		want = 0
	}
	if fl.NArg() != want {
		usage()
		return exitUsage
	}
	cfg, log, ok := loadConfig(stderr, "user", *c.config, false, false)
	if !ok {
		return exitUsage
	}
	o, err := office.OpenWith(ctx, cfg, log)
	if err != nil {
		return failed(stderr, "user", err)
	}
	defer o.Close()
	actor := office.CLIActor()
	name := fl.Arg(0)
	password := func() (string, error) {
		if *pwEnv != "" {
			return config.Password(*pwEnv)
		}
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return "", fmt.Errorf("no password on standard input")
		}
		return strings.TrimRight(line, "\r\n"), nil
	}
	if sub == "add" && !office.ValidRole(office.Role(*role)) {
		// Said before the password is asked for: a wrong role is the
		// mistake to mend first.
		return badUsage(stderr, "user add", "--role %q: clerk, officer or admin", *role)
	}
	switch sub {
	case "add", "passwd":
		pw, perr := password()
		if perr != nil {
			return failed(stderr, "user", perr)
		}
		if sub == "add" {
			err = o.AddUser(ctx, actor, name, office.Role(*role), pw)
		} else {
			err = o.SetPassword(ctx, actor, name, pw)
		}
	case "disable", "enable":
		err = o.DisableUser(ctx, actor, name, sub == "disable")
	case "list":
		us, lerr := o.Users(ctx, actor)
		if lerr != nil {
			err = lerr
			break
		}
		if *c.json {
			err = writeJSON(stdout, us)
			break
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "USER\tROLE\tSTATE\tSINCE")
		for _, u := range us {
			state := "active"
			if u.Disabled {
				state = "disabled"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", u.Name, u.Role, state, italian.DateIn(u.CreatedAt, o.Rules.Rating.Location()))
		}
		err = tw.Flush()
	default:
		fmt.Fprintf(stderr, "omologa user: unknown subcommand %q\n\n", sub)
		usage()
		return exitUsage
	}
	if err != nil {
		fmt.Fprintln(stderr, "omologa user:", err)
		return exitFor(err)
	}
	return exitOK
}
