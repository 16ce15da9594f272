package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
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
	File       string        `json:"file"`
	Tournament string        `json:"tournament"`
	Kind       fsi.Kind      `json:"kind"`
	Players    []rating.Line `json:"players"`
	Unmatched  []string      `json:"unmatched,omitempty"`
	// Overrides are the office's decisions given on the command line.
	Overrides *rateOverrides `json:"overrides,omitempty"`
	Warnings  []string       `json:"warnings,omitempty"`
	Settings  map[string]any `json:"settings"`
}

// rateOverrides are the office's decisions on one tournament: the chief
// arbiter's theoretical ratings (RTF 4.2.7, RAPID 6.8) and its reading
// of a last-round forfeit (RTF 7.5.2–7.5.3).
type rateOverrides struct {
	// TheoreticalByStart and TheoreticalByID as given (START=RATING,
	// id:ID=RATING).
	TheoreticalByStart map[int]int    `json:"theoretical_by_start,omitempty"`
	TheoreticalByID    map[string]int `json:"theoretical_by_id,omitempty"`
	// Withdrawals: starting number → true for an unjustified withdrawal,
	// false for a justified one.
	Withdrawals map[int]bool `json:"withdrawals,omitempty"`
}

func (o *rateOverrides) empty() bool {
	return len(o.TheoreticalByStart) == 0 && len(o.TheoreticalByID) == 0 && len(o.Withdrawals) == 0
}

// theoretical reads one --theoretical value: START=RATING or
// id:ID=RATING (an FSI or FIDE id).
func (o *rateOverrides) theoretical(v string) error {
	key, val, ok := strings.Cut(v, "=")
	if !ok {
		return fmt.Errorf("%q: START=RATING or id:ID=RATING expected", v)
	}
	r, err := strconv.Atoi(strings.TrimSpace(val))
	if err != nil || r < 1 || r > 3500 {
		return fmt.Errorf("%q: the rating must be a whole number from 1 to 3500", v)
	}
	key = strings.TrimSpace(key)
	if id, isID := strings.CutPrefix(key, "id:"); isID {
		if id == "" {
			return fmt.Errorf("%q: empty id", v)
		}
		if o.TheoreticalByID == nil {
			o.TheoreticalByID = map[string]int{}
		}
		if _, dup := o.TheoreticalByID[id]; dup {
			return fmt.Errorf("%q: id %s given twice", v, id)
		}
		o.TheoreticalByID[id] = r
		return nil
	}
	start, err := strconv.Atoi(key)
	if err != nil || start < 1 {
		return fmt.Errorf("%q: %q is not a starting number (or id:ID)", v, key)
	}
	if o.TheoreticalByStart == nil {
		o.TheoreticalByStart = map[int]int{}
	}
	if _, dup := o.TheoreticalByStart[start]; dup {
		return fmt.Errorf("%q: starting number %d given twice", v, start)
	}
	o.TheoreticalByStart[start] = r
	return nil
}

// withdrawal reads one --withdrawal-justified/-unjustified value.
func (o *rateOverrides) withdrawal(v string, unjustified bool) error {
	start, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || start < 1 {
		return fmt.Errorf("%q is not a starting number", v)
	}
	if prev, dup := o.Withdrawals[start]; dup {
		if prev != unjustified {
			return fmt.Errorf("starting number %d is given as both justified and unjustified", start)
		}
		return fmt.Errorf("starting number %d given twice", start)
	}
	if o.Withdrawals == nil {
		o.Withdrawals = map[int]bool{}
	}
	o.Withdrawals[start] = unjustified
	return nil
}

// check refuses overrides naming a player the tournament does not have.
func (o *rateOverrides) check(t *tournament.Tournament) error {
	idx := t.Index()
	var bad []string
	for s := range o.TheoreticalByStart {
		if _, ok := idx[s]; !ok {
			bad = append(bad, fmt.Sprintf("--theoretical %d: no player with that starting number", s))
		}
	}
	for id := range o.TheoreticalByID {
		found := false
		for i := range t.Players {
			if p := &t.Players[i]; p.NationalID == id || p.FideID == id {
				found = true
				break
			}
		}
		if !found {
			bad = append(bad, fmt.Sprintf("--theoretical id:%s: no player with that FSI or FIDE id", id))
		}
	}
	for s, u := range o.Withdrawals {
		if _, ok := idx[s]; !ok {
			flag := "--withdrawal-justified"
			if u {
				flag = "--withdrawal-unjustified"
			}
			bad = append(bad, fmt.Sprintf("%s %d: no player with that starting number", flag, s))
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

func runRate(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "rate", "usage: omologa rate [--json] --kind standard|rapid --players CSV [--rules rules.yaml]\n"+
		"                   [--theoretical START=RATING]... [--withdrawal-justified START]...\n"+
		"                   [--withdrawal-unjustified START]... FILE\n\n"+
		"Prints, for every player of the tournament, the rating used, the games actually played,\n"+
		"the score, the expected points PA, K, the variation K(P − PA) and the variation applied\n"+
		"after winner protection (RTF 4.2.15, RAPID 6.7) and withdrawal (RTF 7.5.3).")
	asJSON := fs.Bool("json", false, "print JSON")
	kind := fs.String("kind", "", "standard (Elo Italia) or rapid (Elo Italia Rapid)")
	playersPath := fs.String("players", "", "the players' register: the list in force (CSV)")
	rulesPath := fs.String("rules", "rules.yaml", "the rules file whose rating: section is used")
	detail := fs.Bool("detail", false, "show every game (opponent's rating, expected percentage)")
	var ov rateOverrides
	fs.Func("theoretical", "START=RATING or id:ID=RATING: the chief arbiter's theoretical rating of a foreign\n"+
		"player without FIDE rating (RTF 4.2.7) or Elo Rapid (RAPID 6.8); repeatable", ov.theoretical)
	fs.Func("withdrawal-justified", "START: the office judged the player's withdrawal justified, so RTF 7.5.3 does\n"+
		"not apply (RTF 7.5.2); repeatable", func(v string) error { return ov.withdrawal(v, false) })
	fs.Func("withdrawal-unjustified", "START: the office judged the player's withdrawal unjustified, whatever the\n"+
		"crosstable shows (RTF 7.5.2–7.5.3); repeatable", func(v string) error { return ov.withdrawal(v, true) })
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	k, err := parseKind(*kind)
	if err != nil {
		return badUsage(stderr, "rate", "%v", err)
	}
	if msg := firstOf(missingFlag("--players", *playersPath), argCount(fs, 1, 1, "result file")); msg != "" {
		return badUsage(stderr, "rate", "%s", msg)
	}
	cfg, err := loadRating(*rulesPath)
	if err != nil {
		return failed(stderr, "rate", err)
	}
	list, err := loadPlayers(*playersPath)
	if err != nil {
		return failed(stderr, "rate", err)
	}
	t, warnings, err := readTournament(fs.Arg(0))
	if err != nil {
		return failed(stderr, "rate", err)
	}
	if err := ov.check(t); err != nil {
		fmt.Fprintf(stderr, "omologa rate: %s: %v\n", fs.Arg(0), err)
		return exitUsage
	}
	ix := rating.NewIndex(list, cfg.MatchByName)
	th := rating.Theoretical{ByStart: ov.TheoreticalByStart, ByID: ov.TheoreticalByID}
	seeds := rating.SeedsWith(k, t, ix, cfg, th)
	o := rating.OptionsFor(k, cfg)
	o.Detail = *detail
	o.Withdrawals = ov.Withdrawals
	lines := rating.Rate(t, seeds, o)
	out := rateOutput{File: fs.Arg(0), Tournament: t.Name, Kind: k, Players: lines, Warnings: warnings,
		Settings: map[string]any{"diff_cap": cfg.DiffCap, "first_place": cfg.FirstPlace,
			"winner_protection": o.WinnerProtection, "withdrawal_zeroes_positive": o.Withdrawal.ZeroPositive}}
	if !ov.empty() {
		out.Overrides = &ov
	}
	// A theoretical rating the articles do not let count is said, not
	// dropped silently.
	for i, s := range seeds {
		p := &t.Players[i]
		if th.For(p) > 0 && s.Source != rating.SourceTheoretical {
			out.Warnings = append(out.Warnings, fmt.Sprintf("theoretical rating of %d %s not used: rating %d from %s "+
				"(RTF 4.2.7, RAPID 6.8: only for foreign players without FIDE rating or Elo Rapid)", p.Start, p.Name, s.Rating, s.Source))
		}
	}
	for i, s := range seeds {
		if s.Row < 0 {
			p := &t.Players[i]
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("%d %s (%s)", p.Start, p.Name, s.Source))
		}
	}
	if err := printResult(stdout, *asJSON, out, func(w io.Writer) { printRate(w, &out, *detail) }); err != nil {
		return failed(stderr, "rate", err)
	}
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
	for _, l := range out.Players {
		if l.Undecided {
			fmt.Fprintf(w, "undecided: %d %s withdrew from a round robin; nothing zeroed until the office decides (FIDE-GR 6.6, RTF 7.5.2–7.5.3: --withdrawal-justified/--withdrawal-unjustified %d)\n", l.Start, l.Name, l.Start)
		}
	}
	if ov := out.Overrides; ov != nil {
		art := "RTF 4.2.7"
		if out.Kind == fsi.Rapid {
			art = "RAPID 6.8"
		}
		for _, s := range slices.Sorted(maps.Keys(ov.TheoreticalByStart)) {
			fmt.Fprintf(w, "office: %d has the theoretical rating %d (%s)\n", s, ov.TheoreticalByStart[s], art)
		}
		for _, id := range slices.Sorted(maps.Keys(ov.TheoreticalByID)) {
			fmt.Fprintf(w, "office: id %s has the theoretical rating %d (%s)\n", id, ov.TheoreticalByID[id], art)
		}
		for _, s := range slices.Sorted(maps.Keys(ov.Withdrawals)) {
			if ov.Withdrawals[s] {
				fmt.Fprintf(w, "office: %d withdrew without justification (RTF 7.5.2–7.5.3)\n", s)
			} else {
				fmt.Fprintf(w, "office: %d withdrew with justification, RTF 7.5.3 does not apply (RTF 7.5.2)\n", s)
			}
		}
	}
	if len(out.Unmatched) > 0 {
		fmt.Fprintf(w, "not in the list (rating taken from the file or their category, see source): %s\n", strings.Join(out.Unmatched, "; "))
	}
}

// signed writes a variation for the (English) command output: "+3.5".
func signed(t rating.Tenths) string { return italian.SignedTenthsEN(int(t)) }

func parseKind(s string) (fsi.Kind, error) {
	if k := fsi.Kind(s); k.IsList() {
		return k, nil
	}
	if s == "" {
		return "", fmt.Errorf("--kind is required: standard or rapid")
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
	return rules.RatingOf(path, data)
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
