package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/lists"
	"omologa/internal/rating"
	"omologa/internal/tournament"
)

func init() {
	register(&command{
		name:    "list",
		summary: "rating lists: 'list run' closes a period from the store and publishes it; 'list close' and 'list publish' work on files",
		run:     runList,
	})
}

func runList(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return subcommands(stderr, "list", "usage: omologa list close [flags] TRF...   (omologa list close -h)\n       omologa list publish [flags]        (omologa list publish -h)\n       omologa list run [flags]            (omologa list run -h)",
		args, map[string]func([]string) int{
			"close":   func(a []string) int { return runListClose(ctx, a, stdout, stderr) },
			"publish": func(a []string) int { return runListPublish(ctx, a, stdout, stderr) },
			"run":     func(a []string) int { return runListRun(ctx, a, stdout, stderr) },
		})
}

// closeOutput is the --json form of `omologa list close`.
type closeOutput struct {
	Out      string   `json:"out"`
	Warnings []string `json:"warnings,omitempty"`
	rating.Report
}

func runListClose(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "list close", "usage: omologa list close [--json] --kind standard|rapid --period YYYY-MM --players CSV --received CSV --out CSV [--rules rules.yaml] TRF...\n\n"+
		"Rates the period's homologated tournaments against the list in force (ratings frozen,\n"+
		"variations summed: RTF 4.2.3, RAPID 6.3), writes the new list to --out and prints the\n"+
		"change report. Tournaments received outside the period are reported and not rated.")
	asJSON := fs.Bool("json", false, "print the change report as JSON")
	kind := fs.String("kind", "", "standard (Elo Italia) or rapid (Elo Italia Rapid)")
	label := fs.String("period", "", "the list being issued, YYYY-MM (e.g. 2026-03)")
	playersPath := fs.String("players", "", "the list in force: the players' register (CSV, state columns kept)")
	receivedPath := fs.String("received", "", "CSV with columns file,received: each tournament file and its receipt date (YYYY-MM-DD or RFC 3339)")
	out := fs.String("out", "", "where to write the new list (players' register format, so that periods chain)")
	rulesPath := fs.String("rules", "rules.yaml", "the rules file whose rating: section is used")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	k, err := parseKind(*kind)
	if err != nil {
		return badUsage(stderr, "list close", "%v", err)
	}
	if msg := firstOf(missingFlag("--period", *label, "--players", *playersPath, "--received", *receivedPath, "--out", *out),
		argCount(fs, 1, -1, "tournament file")); msg != "" {
		return badUsage(stderr, "list close", "%s", msg)
	}
	for _, f := range fs.Args() {
		if st, err := os.Stat(f); err != nil {
			return badUsage(stderr, "list close", "%s: no such file", f)
		} else if st.IsDir() {
			return badUsage(stderr, "list close", "%s is a folder: give the tournament files", f)
		}
	}
	fail := func(err error) int {
		return failed(stderr, "list close", err)
	}
	cfg, err := loadRating(*rulesPath)
	if err != nil {
		return fail(err)
	}
	period, err := cfg.Schedule(k).Parse(*label)
	if err != nil {
		return fail(err)
	}
	list, err := loadPlayers(*playersPath)
	if err != nil {
		return fail(err)
	}
	rdata, err := os.ReadFile(*receivedPath)
	if err != nil {
		return fail(err)
	}
	dates, err := readReceived(*receivedPath, rdata, cfg.Location())
	if err != nil {
		return fail(err)
	}
	var ts []rating.Received
	var warnings []string
	bar := newProgress(stderr, "reading", fs.NArg())
	defer bar.Done()
	for _, f := range fs.Args() {
		bar.Add(1)
		day, ok := dates[f]
		if !ok {
			day, ok = dates[filepath.Base(f)]
		}
		if !ok {
			return fail(fmt.Errorf("%s: no receipt date in %s", f, *receivedPath))
		}
		t, ws, err := readTournament(f)
		if err != nil {
			return fail(fmt.Errorf("%s: %w", f, err))
		}
		warnings = append(warnings, ws...)
		ts = append(ts, rating.Received{File: f, Tournament: t, Received: day})
	}
	bar.Done()
	res, err := rating.ClosePeriod(rating.Close{Kind: k, Period: period, List: list, Tournaments: ts, Settings: cfg, InPlace: true})
	if err != nil {
		return fail(err)
	}
	var buf bytes.Buffer
	if err := registers.WritePlayers(&buf, res.List); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fail(err)
	}
	for _, e := range res.Report.Excluded {
		warnings = append(warnings, fmt.Sprintf("%s: received %s, counts in the list of %s: not rated here", e.File, e.Received, e.Period))
	}
	if err := printResult(stdout, *asJSON, closeOutput{Out: *out, Warnings: warnings, Report: res.Report},
		func(w io.Writer) { printClose(w, *out, warnings, &res.Report) }); err != nil {
		return fail(err)
	}
	return exitOK
}

// readReceived reads file,received pairs; a time with a zone becomes a
// calendar day in loc.
func readReceived(name string, data []byte, loc *time.Location) (map[string]tournament.Date, error) {
	t, err := registers.ReadTable(name, data)
	if err != nil {
		return nil, err
	}
	if !t.Has("file") || !t.Has("received") {
		return nil, fmt.Errorf("%s:1: header must name the columns file and received", name)
	}
	out := map[string]tournament.Date{}
	for i, rec := range t.Rows {
		if len(rec) < len(t.Header) && (t.Get(i, "file") == "" || t.Get(i, "received") == "") {
			return nil, fmt.Errorf("%s:%d: file and received expected", name, t.Lines[i])
		}
		s := t.Get(i, "received")
		var d tournament.Date
		if ts, err := time.Parse(time.RFC3339, s); err == nil {
			d = tournament.DateOf(ts.In(loc))
		} else if err := d.UnmarshalText([]byte(s)); err != nil || !d.IsFull() {
			return nil, fmt.Errorf("%s:%d: received: %q is not a date YYYY-MM-DD or an RFC 3339 time", name, t.Lines[i], s)
		}
		out[t.Get(i, "file")] = d
	}
	return out, nil
}

func printClose(w io.Writer, out string, warnings []string, r *rating.Report) {
	dmy := func(d tournament.Date) string { return italian.DMY(d.Year, d.Month, d.Day) }
	where := "new list written to " + out
	if out == "" {
		where = "preview: nothing stored or published"
	}
	fmt.Fprintf(w, "%s list of %s: tournaments received %s to %s; %s\n", r.Kind,
		italian.MonthYearEN(r.Period.Issue.Year, r.Period.Issue.Month), dmy(r.Period.From), dmy(r.Period.Cutoff), where)
	for _, s := range warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	for _, t := range r.Tournaments {
		fmt.Fprintf(w, "  %s  %s (%s): %d players, %d games\n", dmy(t.Received), t.Name, t.File, t.Players, t.Games)
	}
	if len(r.Changes) == 0 {
		fmt.Fprintln(w, "\nchanges: none")
	} else {
		fmt.Fprintln(w, "\nchanges:")
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	if len(r.Changes) > 0 {
		fmt.Fprintln(tw, "fsi_id\tname\tprevious\tused\tsum\treached\tnew\tper tournament\tarticles")
	}
	for _, c := range r.Changes {
		var per []string
		for _, v := range c.Variations {
			s := fmt.Sprintf("%s %s", v.Name, signed(v.Applied))
			if len(v.Articles) > 0 {
				s += " [" + strings.Join(v.Articles, ",") + "]"
			}
			per = append(per, s)
		}
		reached := ""
		if c.Rated {
			reached = fmt.Sprint(c.Reached)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d %s\t%s\t%s\t%d\t%s\t%s\n", c.FSIID, c.Name, c.Previous, c.Used, c.Source,
			signed(c.Sum), reached, c.New, strings.Join(per, "; "), strings.Join(c.Articles, " "))
	}
	tw.Flush()
	section := func(title string, notes []rating.PlayerNote) {
		if len(notes) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, n := range notes {
			fmt.Fprintf(w, "  %s %s: %s", n.FSIID, n.Name, n.Reason)
			if n.Article != "" {
				fmt.Fprintf(w, " (%s)", n.Article)
			}
			fmt.Fprintln(w)
		}
	}
	cats := func(title string, cs []rating.CategoryChange) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, c := range cs {
			from := c.From
			if from == "" {
				from = "-"
			}
			fmt.Fprintf(w, "  %s %s: %s → %s at %d (%s)\n", c.FSIID, c.Name, from, c.To, c.Rating, c.Article)
		}
	}
	cats("promotions", r.Promotions)
	cats("rapid categories", r.Categories)
	cats("withheld (unjustified withdrawal)", r.Withheld)
	section("norms", r.Norms)
	section("added", r.Added)
	section("inactive (left out of the list)", r.Inactive)
	section("removed", r.Removed)
	section("re-entered", r.Reentered)
	section("K locked", r.KLocked)
	section("round-robin withdrawals awaiting the office's decision (omologa decide)", r.Undecided)
}

func runListPublish(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "list publish", "usage: omologa list publish [--json] --kind standard|rapid --players CSV --out DIR [--title T] [--history FSI_ID OLDER_LIST.csv...]\n\n"+
		"Writes the published list (players active and registered, RTF 4.2.9; rapid: on the list)\n"+
		"as CSV and HTML with a chart of the rating distribution; with --history, a chart of one\n"+
		"player's rating across the lists.")
	asJSON := fs.Bool("json", false, "print the files written as JSON")
	kind := fs.String("kind", "", "standard (Elo Italia) or rapid (Elo Italia Rapid)")
	playersPath := fs.String("players", "", "the list written by 'list close' (players' register format)")
	dir := fs.String("out", "", "directory for list.csv, list.html and distribution.png (created)")
	title := fs.String("title", "", "the page's title (default: the kind and --period)")
	label := fs.String("period", "", "the list's period, YYYY-MM, for the page's title (e.g. 2027-01)")
	history := fs.String("history", "", "FSI id: also draw this player's rating over the lists given as arguments (oldest first) and --players")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	k, err := parseKind(*kind)
	if err != nil {
		return badUsage(stderr, "list publish", "%v", err)
	}
	if msg := missingFlag("--players", *playersPath, "--out", *dir); msg != "" {
		return badUsage(stderr, "list publish", "%s", msg)
	}
	if fs.NArg() > 0 && *history == "" {
		return badUsage(stderr, "list publish", "older lists given without --history FSI_ID")
	}
	fail := func(err error) int {
		return failed(stderr, "list publish", err)
	}
	list, err := loadPlayers(*playersPath)
	if err != nil {
		return fail(err)
	}
	pub := lists.Publication{Kind: k, List: list, Title: *title}
	if *label != "" {
		y, m, ok := fsi.ParsePeriod(*label)
		if !ok {
			return fail(fmt.Errorf("--period %q: not a list period YYYY-MM", *label))
		}
		pub.Period.Issue = tournament.NewDate(y, m, 1)
	}
	out, err := lists.Publish(*dir, pub)
	if err != nil {
		return fail(err)
	}
	if *history != "" {
		var points []lists.Point
		name := *history
		for i, path := range append(fs.Args(), *playersPath) {
			l := list // --players, read above, comes last
			if i < fs.NArg() {
				if l, err = loadPlayers(path); err != nil {
					return fail(err)
				}
			}
			for _, r := range l.Rows {
				if r.FSIID != *history {
					continue
				}
				v := r.EloItalia
				if k == fsi.Rapid {
					v = r.EloRapid
				}
				name = r.Surname + " " + r.Name
				if v > 0 {
					points = append(points, lists.Point{Label: listLabel(path), Rating: v})
				}
			}
		}
		if len(points) == 0 {
			return fail(fmt.Errorf("--history %s: the player has no rating in the lists given", *history))
		}
		p, err := office.WriteOut(*dir, "history-"+*history+".png", func(w io.Writer) error { return lists.HistoryPNG(w, name+" – "+k.ListName(), points) })
		if err != nil {
			return fail(err)
		}
		out.Files = append(out.Files, p)
	}
	if err := printResult(stdout, *asJSON, out, func(w io.Writer) {
		fmt.Fprintf(w, "%d players on the list; wrote %s\n", out.Players, strings.Join(out.Files, ", "))
	}); err != nil {
		return fail(err)
	}
	return exitOK
}

// periodInPath finds a list period (YYYY-MM) in a list file's path, the
// last one: var/publish/rapid-2026-12/register.csv is the list of 2026-12.
var periodInPath = regexp.MustCompile(`(19|20)\d\d-(0[1-9]|1[0-2])`)

// listLabel names a list file on the history chart's axis: its period
// when the path holds one, else the file's name.
func listLabel(path string) string {
	if m := periodInPath.FindAllString(filepath.ToSlash(path), -1); len(m) > 0 {
		return m[len(m)-1]
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
