//go:build !lite

package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"omologa/internal/office"
	"omologa/internal/platform/italian"
)

const importUsage = `usage: omologa import [--config FILE] [--json] [--replace] [--preview] players|arbiters|calendar CSV
       omologa import --history [players|arbiters|calendar]
       omologa import --undo players|arbiters|calendar

The file's header must be the named register's; it is read with the daemon's
reader, compared with the register in force (rows added, removed, changed) and
refused if it would remove more than a set share of the rows, unless --replace.
Every imported version is kept; a running watch uses the new register from its
next submission on.`

func runImport(c *call) int {
	fl := c.fs
	replace := fl.Bool("replace", false, fmt.Sprintf("import even a file that removes more than %d%% of the rows in force", int(office.MaxRemovedShare*100)))
	dry := fl.Bool("preview", false, "show the difference with the register in force, import nothing")
	history := fl.Bool("history", false, "list the imported versions (of the register named, else of all)")
	undo := fl.Bool("undo", false, "undo the latest import of the register named: the version before it is in force again")
	if code, ok := c.parse(); !ok {
		return code
	}
	switch {
	case *history && fl.NArg() <= 1, *undo && fl.NArg() == 1, !*history && !*undo && fl.NArg() == 2:
	default:
		fl.Usage()
		return exitUsage
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	actor := office.CLIActor()
	switch {
	case *history:
		vs, err := o.ImportHistory(c.ctx, fl.Arg(0))
		if err != nil {
			return c.failAct(err)
		}
		return c.print(exitOK, vs, func(w io.Writer) {
			for _, v := range vs {
				state := ""
				if v.InForce {
					state = " (in force)"
				}
				if !v.UndoneAt.IsZero() {
					state = fmt.Sprintf(" (undone by %s on %s)", v.UndoneBy, italian.DateTime(v.UndoneAt, o.Rules.Rating.Location()))
				}
				fmt.Fprintf(w, "%d  %s  %s: %d rows, imported %s by %s%s\n", v.ID, v.Kind, v.Name, v.Rows,
					italian.DateTime(v.ImportedAt, o.Rules.Rating.Location()), orDash(v.ImportedBy), state)
			}
		})
	case *undo:
		v, err := o.UndoImport(c.ctx, actor, fl.Arg(0))
		if err != nil {
			return c.failAct(err)
		}
		return c.print(exitOK, v, func(w io.Writer) {
			fmt.Fprintf(w, "%s register: import of %s (%d rows) undone; the version before it is in force\n", v.Kind, v.Name, v.Rows)
		})
	}
	kind, path := fl.Arg(0), fl.Arg(1)
	data, err := os.ReadFile(path)
	if err != nil {
		return c.failAct(err)
	}
	if *dry {
		d, err := o.ImportPreview(c.ctx, actor, kind, path, data)
		if err != nil {
			return c.failAct(err)
		}
		return c.print(exitOK, d, func(w io.Writer) { printDiff(w, d) })
	}
	res, err := o.Import(c.ctx, actor, office.ImportRequest{Kind: kind, Name: path, Data: data, Replace: *replace})
	if err != nil {
		return c.failAct(err)
	}
	return c.print(exitOK, res, func(w io.Writer) {
		fmt.Fprintf(w, "%s register imported from %s: %d rows (a running watch uses it from its next submission)\n", res.Register, res.File, res.Rows)
		printDiff(w, res.Diff)
	})
}

// printDiff shows what an import changes.
func printDiff(w io.Writer, d *office.ImportDiff) {
	if d.BeforeFile == "" {
		fmt.Fprintf(w, "no %s register in force before: %d rows, all new\n", d.Register, d.Rows)
		return
	}
	fmt.Fprintf(w, "against %s (%d rows): %d added, %d removed, %d changed\n", d.BeforeFile, d.Before, len(d.Added), len(d.Removed), len(d.Changed))
	for _, s := range []struct {
		sign string
		rows []string
	}{{"+", d.Added}, {"-", d.Removed}, {"~", d.Changed}} {
		const most = 20
		for i, r := range s.rows {
			if i == most {
				fmt.Fprintf(w, "  %s … and %d more\n", s.sign, len(s.rows)-most)
				break
			}
			fmt.Fprintf(w, "  %s %s\n", s.sign, strings.TrimSpace(r))
		}
	}
}
