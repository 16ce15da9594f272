//go:build !lite

package main

import (
	"bufio"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"omologa/internal/office"
	"omologa/internal/office/setup"
)

const initUsage = "usage: omologa init [--rules FILE] [--password-stdin] DIR\n" +
	"Writes a new, empty office in DIR: omologa.yaml (every section commented, no demo\n" +
	"clock or seeding, IMAP and SMTP to fill in with password files), rules.yaml (a copy of\n" +
	"--rules), the three registers with their headers and the var/ folders; then makes the\n" +
	"first account, admin, with a generated password printed once (or the one read from\n" +
	"standard input with --password-stdin). Nothing is overwritten: exit 2 naming what exists."

func runInit(c *call) int {
	rulesPath := c.fs.String("rules", "rules.yaml", "the rules to copy into the office (the repository's rules.yaml)")
	fromStdin := c.fs.Bool("password-stdin", false, "read the admin's password from standard input instead of generating one")
	if code, ok := c.parseArgs(1, 1, "DIR"); !ok {
		return code
	}
	dir := c.fs.Arg(0)
	rules, err := os.ReadFile(*rulesPath)
	if err != nil {
		return c.fail(fmt.Errorf("--rules: %w", err))
	}
	password := rand.Text()
	if *fromStdin {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if password = strings.TrimRight(line, "\r\n"); err != nil && password == "" {
			return c.fail(fmt.Errorf("no password on standard input"))
		}
	}
	files, err := setup.Write(dir, rules)
	if err != nil {
		return c.fail(err)
	}
	cfgPath := filepath.Join(dir, setup.ConfigName)
	o, err := openOffice(c.ctx, cfgPath)
	if err != nil {
		return c.fail(err)
	}
	defer o.Close()
	if err := o.AddUser(c.ctx, office.CLIActor(), "admin", office.Role("admin"), password); err != nil {
		return c.fail(err)
	}
	for _, f := range files {
		fmt.Fprintln(c.stdout, "written:", f)
	}
	fmt.Fprint(c.stdout, "account: admin")
	if !*fromStdin {
		fmt.Fprintf(c.stdout, ", password %s (shown only now: change it at the first login)", password)
	}
	fmt.Fprintf(c.stdout, "\nnext: edit %s (the lines marked CHANGE, imap: and smtp:), import the registers, then omologa doctor --config %s\n", cfgPath, cfgPath)
	return exitOK
}
