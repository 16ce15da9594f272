//go:build !lite

package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"omologa/internal/office"
	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

const tournamentUsage = `usage: omologa tournament list [--unclear]
       omologa tournament show ID
       omologa tournament link FILE ID     (the file is a version of tournament ID)
       omologa tournament unlink FILE      (the file is a tournament of its own)
       omologa tournament revoke ID --reason TEXT
       omologa tournament reinstate ID --reason TEXT
common flags: [--config FILE] [--json]

A file belongs to a tournament by the calendar authorisation the validator
matched, else by its dates, venue, rounds and players; when these do not say,
the file is kept as a tournament of its own and listed by 'list --unclear' for
the office to link. FILE is a file's number as status, the notices and
'tournament show' give it: N.M, the M-th file of submission N. The version in force is the latest accepted one; a
revocation takes the tournament out of the lists (a closed list is corrected
at the next close).`

// tournamentArgs are the arguments each verb takes.
var tournamentArgs = map[string]int{"list": 0, "show": 1, "link": 2, "unlink": 1, "revoke": 1, "reinstate": 1}

func runTournament(c *call) int {
	sub, fs := c.verb, c.fs
	unclear := fs.Bool("unclear", false, "list: only the tournaments the office has to attribute")
	reason := fs.String("reason", "", "revoke, reinstate: why (recorded and shown in the next list's corrections)")
	n, ok := tournamentArgs[sub]
	if !ok {
		return c.unknownVerb()
	}
	// Flags may follow the ids ("revoke 12 --reason …").
	pos, code, ok := c.parseInterleaved()
	if !ok {
		return code
	}
	if len(pos) != n {
		// One line naming what is missing or too much: "show: one ID
		// expected, 0 given".
		want := map[int]string{0: "no argument", 1: "one ID", 2: "FILE and ID"}[n]
		if sub == "unlink" {
			want = "one FILE"
		}
		fmt.Fprintf(c.stderr, "omologa tournament %s: %s expected, %d given (omologa tournament -h)\n", sub, want, len(pos))
		return exitUsage
	}
	// link and unlink take a file's number N.M first (as status and
	// tournament show give it), the others a tournament's number.
	var file string
	if sub == "link" || sub == "unlink" {
		file, pos = pos[0], pos[1:]
	}
	var ids []int64
	for _, a := range pos {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			fmt.Fprintf(c.stderr, "omologa tournament %s: ID %q: a tournament's number expected (omologa tournament list)\n", sub, a)
			return exitUsage
		}
		ids = append(ids, id)
	}
	o, ok := c.office()
	if !ok {
		return exitUsage
	}
	actor := office.CLIActor()
	var fileID int64
	var err error
	if file != "" {
		if fileID, err = o.FileNumbered(c.ctx, file); err != nil {
			return c.failAct(err)
		}
	}
	var show *store.Tournament
	switch sub {
	case "list":
		ts, err := o.Tournaments(c.ctx, *unclear)
		if err != nil {
			return c.failAct(err)
		}
		return c.print(exitOK, ts, func(w io.Writer) {
			for _, t := range ts {
				printTournament(w, &t, false, o.Rules.Rating.Location())
			}
		})
	case "show":
		show, err = o.Tournament(c.ctx, ids[0])
	case "link":
		if err = o.Link(c.ctx, actor, fileID, ids[0]); err == nil {
			show, err = o.Tournament(c.ctx, ids[0])
		}
	case "unlink":
		show, err = o.Unlink(c.ctx, actor, fileID)
	case "revoke", "reinstate":
		if sub == "revoke" {
			err = o.Revoke(c.ctx, actor, ids[0], *reason)
		} else {
			err = o.Reinstate(c.ctx, actor, ids[0], *reason)
		}
		if err == nil {
			show, err = o.Tournament(c.ctx, ids[0])
		}
	}
	if err != nil {
		return c.failAct(err)
	}
	return c.print(exitOK, show, func(w io.Writer) { printTournament(w, show, true, o.Rules.Rating.Location()) })
}

func printTournament(w io.Writer, t *store.Tournament, versions bool, loc *time.Location) {
	var facts []string
	for _, f := range []string{t.City, italian.DateISO(t.Start), t.Code} {
		if f != "" {
			facts = append(facts, f)
		}
	}
	facts = append(facts, italian.Count(t.Rounds, "round", "rounds")+", "+italian.Count(len(t.Players), "player", "players"))
	state := "not homologated"
	if t.CurrentFile != 0 {
		state = "in force: file " + t.CurrentNumber
	}
	if t.Revoked != nil {
		state = fmt.Sprintf("REVOKED by %s on %s: %s", t.Revoked.By, italian.DateTime(t.Revoked.At, loc), t.Revoked.Reason)
	}
	fmt.Fprintf(w, "%d  %s (%s): %s\n", t.ID, t.Name, strings.Join(facts, ", "), state)
	if t.UnclearWith != "" {
		fmt.Fprintf(w, "    unclear: may be the same tournament as %q (omologa tournament link FILE ID)\n", t.UnclearWith)
	}
	if !versions {
		return
	}
	for _, v := range t.Versions {
		mark := " "
		if v.InForce {
			mark = "*"
		}
		fmt.Fprintf(w, "  %s file %s %s, submission %d received %s: %s\n", mark, v.Number, v.Name, v.SubmissionID,
			italian.DateTime(v.ReceivedAt, loc), v.Verdict)
	}
}
