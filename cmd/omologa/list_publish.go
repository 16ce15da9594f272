//go:build !lite

package main

import (
	"fmt"
	"io"
	"omologa/internal/office/files"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/publishing/lists"
	"omologa/internal/tournament"
)

const listPublishUsage = `usage: omologa list publish [--json] --kind standard|rapid --players CSV --out DIR [--title T] [--history FSI_ID OLDER_LIST.csv...]

Writes the published list (players active and registered, RTF 4.2.9; rapid: on the list)
as CSV and HTML with a chart of the rating distribution; with --history, a chart of one
player's rating across the lists.`

func runListPublish(c *call) int {
	fs := c.fs
	playersPath := fs.String("players", "", "the list written by 'list close' (players' register format)")
	dir := fs.String("out", "", "directory for list.csv, list.html and distribution.png (created)")
	title := fs.String("title", "", "the page's title (default: the kind and --period)")
	label := fs.String("period", "", "the list's period, YYYY-MM, for the page's title (e.g. 2027-01)")
	history := fs.String("history", "", "FSI id: also draw this player's rating over the lists given as arguments (oldest first) and --players")
	if code, ok := c.parse(); !ok {
		return code
	}
	k := c.kind
	if msg := missingFlag("--players", *playersPath, "--out", *dir); msg != "" {
		return c.bad("%s", msg)
	}
	if fs.NArg() > 0 && *history == "" {
		return c.bad("older lists given without --history FSI_ID")
	}
	list, err := files.LoadPlayers(*playersPath)
	if err != nil {
		return c.fail(err)
	}
	pub := lists.Publication{Kind: k, List: list, Title: *title}
	if *label != "" {
		y, m, ok := fsi.ParsePeriod(*label)
		if !ok {
			return c.fail(fmt.Errorf("--period %q: not a list period YYYY-MM", *label))
		}
		pub.Period.Issue = tournament.NewDate(y, m, 1)
	}
	out, err := lists.Publish(*dir, pub)
	if err != nil {
		return c.fail(err)
	}
	if *history != "" {
		ls := []*registers.Players{}
		for _, path := range fs.Args() {
			l, err := files.LoadPlayers(path)
			if err != nil {
				return c.fail(err)
			}
			ls = append(ls, l)
		}
		// --players, read above, comes last.
		name, points := lists.HistoryOf(*history, k, append(ls, list), append(fs.Args(), *playersPath))
		if name == "" {
			name = *history
		}
		if len(points) == 0 {
			return c.fail(fmt.Errorf("--history %s: the player has no rating in the lists given", *history))
		}
		p, err := office.WriteOut(*dir, "history-"+*history+".png", func(w io.Writer) error { return lists.HistoryPNG(w, name+" – "+k.ListName(), points) })
		if err != nil {
			return c.fail(err)
		}
		out.Files = append(out.Files, p)
	}
	return c.print(exitOK, out, func(w io.Writer) {
		fmt.Fprintf(w, "%d players on the list; wrote %s\n", out.Players, strings.Join(out.Files, ", "))
	})
}
