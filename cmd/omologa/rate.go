package main

import (
	"fmt"
	"io"
	"omologa/internal/office/files"

	"omologa/internal/fsi"
	"omologa/internal/rating"
)

// rateOutput is the --json form of `omologa rate`.
type rateOutput struct {
	File       string        `json:"file"`
	Tournament string        `json:"tournament"`
	Kind       fsi.Kind      `json:"kind"`
	Players    []rating.Line `json:"players"`
	Unmatched  []string      `json:"unmatched,omitempty"`
	// Overrides are the office's decisions given on the command line.
	Overrides *rating.Overrides `json:"overrides,omitempty"`
	Warnings  []string          `json:"warnings,omitempty"`
	Settings  map[string]any    `json:"settings"`
}

const rateUsage = `usage: omologa rate [--json] --kind standard|rapid --players CSV [--rules rules.yaml]
                   [--theoretical START=RATING]... [--withdrawal-justified START]...
                   [--withdrawal-unjustified START]... FILE

Prints, for every player of the tournament, the rating used, the games actually played,
the score, the expected points PA, K, the variation K(P − PA) and the variation applied
after winner protection (RTF 4.2.15, RAPID 6.7) and withdrawal (RTF 7.5.3).`

func runRate(c *call) int {
	fs := c.fs
	playersPath := fs.String("players", "", "the players' register: the list in force (CSV)")
	rulesPath := fs.String("rules", "rules.yaml", "the rules file whose rating: section is used")
	detail := fs.Bool("detail", false, "show every game (opponent's rating, expected percentage)")
	var ov rating.Overrides
	fs.Func("theoretical", "START=RATING or id:ID=RATING: the chief arbiter's theoretical rating of a foreign\n"+
		"player without FIDE rating (RTF 4.2.7) or Elo Rapid (RAPID 6.8); repeatable", ov.AddTheoretical)
	fs.Func("withdrawal-justified", "START: the office judged the player's withdrawal justified, so RTF 7.5.3 does\n"+
		"not apply (RTF 7.5.2); repeatable", func(v string) error { return ov.AddWithdrawal(v, false) })
	fs.Func("withdrawal-unjustified", "START: the office judged the player's withdrawal unjustified, whatever the\n"+
		"crosstable shows (RTF 7.5.2–7.5.3); repeatable", func(v string) error { return ov.AddWithdrawal(v, true) })
	if code, ok := c.parse(); !ok {
		return code
	}
	k := c.kind
	if msg := firstOf(missingFlag("--players", *playersPath), argCount(fs, 1, 1, "result file")); msg != "" {
		return c.bad("%s", msg)
	}
	cfg, err := files.LoadRating(*rulesPath)
	if err != nil {
		return c.fail(err)
	}
	list, err := files.LoadPlayers(*playersPath)
	if err != nil {
		return c.fail(err)
	}
	t, warnings, err := files.ReadTournament(fs.Arg(0))
	if err != nil {
		return c.fail(err)
	}
	if bad := ov.Unknown(t); len(bad) > 0 {
		return c.fail(fmt.Errorf("%s: %s", fs.Arg(0), unknownPlayers(bad)))
	}
	r := rating.RateAlone(k, t, list, cfg, &ov, *detail)
	o := r.Options
	out := rateOutput{File: fs.Arg(0), Tournament: t.Name, Kind: k, Players: r.Lines, Warnings: append(warnings, r.Unused...),
		Unmatched: r.Unmatched,
		Settings: map[string]any{"diff_cap": cfg.DiffCap, "first_place": cfg.FirstPlace,
			"winner_protection": o.WinnerProtection, "withdrawal_zeroes_positive": o.Withdrawal.ZeroPositive}}
	if !ov.Empty() {
		out.Overrides = &ov
	}
	return c.print(exitOK, out, func(w io.Writer) { printRate(w, &out, *detail) })
}
