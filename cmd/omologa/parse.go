package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// parsed is the --json form of one file: the tournament as read, the
// number of rounds of its crosstable, and every diagnostic.
type parsed struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Rounds int    `json:"rounds"`
	*tournament.Tournament
	Diagnostics []tournament.Diagnostic `json:"diagnostics"`
	// Error is set when no tournament could be read; Refused names the
	// kind of a refused file and Advice says what to send instead.
	Error   string `json:"error,omitempty"`
	Refused string `json:"refused,omitempty"`
	Advice  string `json:"advice,omitempty"`
}

const parseUsage = "usage: omologa parse [--json] FILE...\n\nReads each file, choosing the format by content, and prints the tournament\nand the diagnostics. Exit status 0 when every file is readable, 2 otherwise."

func runParse(c *call) int {
	if code, ok := c.parseArgs(1, -1, "file"); !ok {
		return code
	}
	code := exitOK
	var out []parsed
	for _, name := range c.fs.Args() {
		p := parseFile(name)
		if p.Error != "" {
			code = exitUsage
		}
		out = append(out, p)
	}
	return printFiles(c, code, out, printParsed)
}

func parseFile(name string) parsed {
	p := parsed{File: name, Diagnostics: []tournament.Diagnostic{}}
	data, err := os.ReadFile(name)
	if err != nil {
		p.Error = err.Error()
		return p
	}
	t, diags, err := codec.Read(name, data)
	if diags != nil {
		p.Diagnostics = diags
	}
	var refused *tournament.RefusedError
	if errors.As(err, &refused) {
		p.Refused, p.Advice = refused.Kind, refused.AdviceEN
	}
	if err != nil {
		p.Error = err.Error()
		return p
	}
	p.Tournament = t
	p.Format = string(t.Format)
	p.Rounds = t.Rounds()
	return p
}

func printParsed(w io.Writer, p parsed) {
	if p.Tournament == nil {
		fmt.Fprintf(w, "%s: not readable: %s\n", p.File, p.Error)
		printDiagnostics(w, p.Diagnostics)
		return
	}
	t := p.Tournament
	fmt.Fprintf(w, "%s (%s)\n", p.File, p.Format)
	kv := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	line := func(k, v string) {
		if v != "" {
			fmt.Fprintf(kv, "  %s\t%s\n", k, v)
		}
	}
	line("Name", t.Name)
	line("City", t.City)
	line("Federation", t.Federation)
	line("Dates", strings.TrimSuffix(fmt.Sprintf("%s – %s", t.Start, t.End), " – "))
	if len(t.RoundDates) > 0 {
		ds := make([]string, len(t.RoundDates))
		for i, d := range t.RoundDates {
			ds[i] = d.String()
			if ds[i] == "" {
				ds[i] = "?"
			}
		}
		line("Round dates", strings.Join(ds, " "))
	}
	rounds := fmt.Sprint(p.Rounds)
	if t.DeclaredRounds != 0 {
		rounds += fmt.Sprintf(" (declared %d)", t.DeclaredRounds)
	}
	line("Rounds", rounds)
	line("Players", fmt.Sprint(len(t.Players)))
	line("Type", t.Type)
	line("Chief arbiter", t.ChiefArbiter)
	line("Deputies", strings.Join(t.DeputyArbiters, "; "))
	rate := t.RateOfPlayText
	if t.RateOfPlay != nil {
		rate += fmt.Sprintf(" (%.0f min per player for 60 moves)", t.RateOfPlay.MinutesFor60Moves())
	} else if t.RateOfPlayError != "" {
		rate += " (not readable)"
	}
	line("Rate of play", rate)
	line("Pairing system", t.PairingSystem)
	line("Tie-breaks", strings.Join(t.TieBreaks, ", "))
	if t.Scoring.Source != "default" {
		s := t.Scoring
		line("Scoring", fmt.Sprintf("%s: win %g, draw %g, loss %g, pairing bye %g", s.Source, s.Win, s.Draw, s.Loss, s.PairingBye))
	}
	if len(t.Teams) > 0 {
		line("Teams", fmt.Sprint(len(t.Teams)))
	}
	kv.Flush()
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	fmt.Fprint(tw, "  #\tName\tTitle\tRating\tFed\tFIDE id\tNat. id\tPts\tRank\t")
	for r := 1; r <= p.Rounds; r++ {
		fmt.Fprintf(tw, "R%d\t", r)
	}
	fmt.Fprintln(tw)
	for i := range t.Players {
		pl := &t.Players[i]
		title := pl.Title
		if pl.Category != "" && pl.Category != pl.Title {
			title = strings.TrimSpace(title + " " + pl.Category)
		}
		pts := ""
		if pl.PointsGiven {
			pts = fmt.Sprintf("%.1f", pl.Points)
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%d\t", pl.Start, pl.Name, title, pl.Rating,
			pl.Federation, pl.FideID, pl.NationalID, pts, pl.Rank)
		for r := 1; r <= p.Rounds; r++ {
			e := pl.Entry(r)
			opp := "-"
			if e.Opponent > 0 {
				opp = fmt.Sprint(e.Opponent)
			}
			fmt.Fprintf(tw, "%s%s%s\t", opp, e.Colour, e.Code)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	printDiagnostics(w, p.Diagnostics)
}

func printDiagnostics(w io.Writer, diags []tournament.Diagnostic) {
	if len(diags) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d diagnostics:\n", len(diags))
	for _, d := range diags {
		fmt.Fprintf(w, "  %s\n", d)
	}
}
