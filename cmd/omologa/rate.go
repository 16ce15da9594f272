package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"omologa/periods"
	"omologa/rating"
	"omologa/registers"
	"omologa/rules"
	"omologa/tournament"
	"omologa/tournament/codec"
)

func init() {
	register(&command{
		name:    "rate",
		summary: "the Elo Italia or Elo Italia Rapid variations of one tournament",
		run:     runRate,
	})
}

// rateOutput is the --json form of `omologa rate`.
type rateOutput struct {
	File       string         `json:"file"`
	Tournament string         `json:"tournament"`
	Kind       periods.Kind   `json:"kind"`
	Players    []rating.Line  `json:"players"`
	Unmatched  []string       `json:"unmatched,omitempty"`
	Warnings   []string       `json:"warnings,omitempty"`
	Settings   map[string]any `json:"settings"`
}

func runRate(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	kind := fs.String("kind", "", "standard (Elo Italia) or rapid (Elo Italia Rapid)")
	playersPath := fs.String("players", "", "the players' register: the list in force (CSV)")
	rulesPath := fs.String("rules", "rules.yaml", "the rules file whose rating: section is used")
	detail := fs.Bool("detail", false, "show every game (opponent's rating, expected percentage)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: omologa rate [--json] --kind standard|rapid --players CSV [--rules rules.yaml] FILE\n\n"+
			"Prints, for every player of the tournament, the rating used, the games actually played,\n"+
			"the score, the expected points PA, K, the variation K(P − PA) and the variation applied\n"+
			"after winner protection (RTF 4.2.15, RAPID 6.7) and withdrawal (RTF 7.5.3).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	k, err := parseKind(*kind)
	if err != nil || *playersPath == "" || fs.NArg() != 1 {
		if err != nil {
			fmt.Fprintf(stderr, "omologa rate: %v\n", err)
		}
		fs.Usage()
		return exitUsage
	}
	cfg, err := loadRating(*rulesPath)
	if err != nil {
		fmt.Fprintf(stderr, "omologa rate: %v\n", err)
		return exitUsage
	}
	list, err := loadPlayers(*playersPath)
	if err != nil {
		fmt.Fprintf(stderr, "omologa rate: %v\n", err)
		return exitUsage
	}
	t, warnings, err := readTournament(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "omologa rate: %v\n", err)
		return exitUsage
	}
	ix := rating.NewIndex(list, cfg.MatchByName)
	seeds := rating.Seeds(k, t, ix, cfg)
	o := rating.OptionsFor(k, cfg)
	o.Detail = *detail
	lines := rating.Rate(t, seeds, o)
	out := rateOutput{File: fs.Arg(0), Tournament: t.Name, Kind: k, Players: lines, Warnings: warnings,
		Settings: map[string]any{"diff_cap": cfg.DiffCap, "first_place": cfg.FirstPlace,
			"winner_protection": o.WinnerProtection, "withdrawal_zeroes_positive": o.Withdrawal.ZeroPositive}}
	for i, s := range seeds {
		if s.Row < 0 {
			p := &t.Players[i]
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("%d %s (%s)", p.Start, p.Name, s.Source))
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "omologa rate: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	printRate(stdout, &out, *detail)
	return exitOK
}

func printRate(w io.Writer, out *rateOutput, detail bool) {
	fmt.Fprintf(w, "%s: %s (%s)\n", out.File, out.Tournament, out.Kind)
	for _, s := range out.Warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "start\tname\tfsi_id\trating\tsource\trated\tgames\tscore\texpected\tk\tdelta\tapplied\tarticles\t")
	for _, l := range out.Players {
		rated := "yes"
		if !l.Rated {
			rated = "no"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%d\t%g\t%s\t%d\t%s\t%s\t%s\t\n", l.Start, l.Name, l.FSIID,
			l.Rating, l.Source, rated, l.Games, l.Score, l.Expected, l.K, signed(l.Delta), signed(l.Applied),
			strings.Join(l.Articles, " "))
	}
	tw.Flush()
	if detail {
		for _, l := range out.Players {
			for _, g := range l.Detail {
				fmt.Fprintf(w, "  %d r%d vs %d (%d): %d%% scored %g\n", l.Start, g.Round, g.Opponent, g.OpponentRating, g.Percent, g.Score)
			}
		}
	}
	for _, l := range out.Players {
		if l.Norm != nil {
			kind := "short (RTF 4.4.1.5.2)"
			if l.Norm.Long {
				kind = "long (RTF 4.4.1.5.1)"
			}
			fmt.Fprintf(w, "norm: %d %s: %s, %g/%d against %d (needed %g)\n", l.Start, l.Name, kind, l.Norm.Score, l.Norm.Played, l.Norm.Average, l.Norm.Needed)
		}
	}
	if len(out.Unmatched) > 0 {
		fmt.Fprintf(w, "not in the list (rating taken from the file or their category, see source): %s\n", strings.Join(out.Unmatched, "; "))
	}
}

func signed(t rating.Tenths) string {
	if t > 0 {
		return "+" + t.String()
	}
	return t.String()
}

func parseKind(s string) (periods.Kind, error) {
	switch s {
	case "standard":
		return periods.Standard, nil
	case "rapid":
		return periods.Rapid, nil
	}
	return "", fmt.Errorf("--kind %q: standard or rapid", s)
}

// loadRating reads the rating settings from rules.yaml; a file holding
// only a `rating:` section is accepted too.
func loadRating(path string) (*rules.Rating, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	f, err := rules.Parse(path, data)
	if err == nil {
		return &f.Rating, nil
	}
	if r, err2 := rules.ParseRating(path, data); err2 == nil {
		return r, nil
	}
	return nil, err
}

func loadPlayers(path string) (*registers.Players, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("players register: %w", err)
	}
	return registers.ReadPlayers(path, data)
}

// readTournament reads a result file; the reader's diagnostics of
// severity error come back as warnings, since the rating is computed on
// what could be read.
func readTournament(path string) (*tournament.Tournament, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	t, diags, err := codec.Read(path, data)
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	for _, d := range diags {
		if d.Severity == tournament.Error {
			warnings = append(warnings, d.String())
		}
	}
	return t, warnings, nil
}
