package main

import (
	"fmt"
	"io"
	"omologa/internal/office/files"
	"strings"
	"text/tabwriter"

	"omologa/internal/homologation/rules"
	"omologa/internal/platform/italian"
	"omologa/internal/rating/fide"
)

const fidePreviewUsage = `usage: omologa fide preview [--rules F] [--json] FILE

What FIDE will make of a tournament by the FIDE Rating Regulations in
force at its start (rules.yaml fide:, one dated set per version, named in
the output): the games it rates, the rated players' changes (K, expected
score, the change summed then rounded) and the unrated players' first
results (2010: 8.2-8.3, 7.14, round robins 8.58; 2024: 8.2, 7.1.4).`

func runFidePreview(c *call) int {
	rulesPath := c.fs.String("rules", "rules.yaml", "the rules file")
	if code, ok := c.parseArgs(1, 1, "result file"); !ok {
		return code
	}
	rf, err := rules.Load(*rulesPath)
	if err != nil {
		return c.fail(err)
	}
	t, _, err := files.ReadTournament(c.fs.Arg(0))
	if err != nil {
		return c.fail(err)
	}
	pv, ok := fide.PreviewOf(rf, t, nil)
	if !ok {
		return c.fail(fmt.Errorf("%s has no fide rule set", *rulesPath))
	}
	return c.print(exitOK, pv, func(w io.Writer) { printPreview(w, t.Name, &pv) })
}

func printPreview(w io.Writer, name string, pv *fide.Preview) {
	fmt.Fprintf(w, "%s\nrules: %s (%s), in force from %s\n%s\n", name, pv.SetName, pv.Set,
		italian.DMY(pv.SetFrom.Year, pv.SetFrom.Month, pv.SetFrom.Day), previewSystem(pv))
	fmt.Fprintf(w, "games: %d rated by FIDE, %d Elo Italia only (RTF 4.2.12), %d not played (FIDE-RR 5.1)\n\n",
		pv.Games.Fide, pv.Games.EloItalia, pv.Games.NotRated)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tNAME\tFIDE\tGAMES\tW\tWE\tK\tCHANGE\tNEW\tRC\tRU\tRC NEW\tRU NEW\tNOTE\t")
	unknownK, junior, capped := false, false, false
	for _, p := range pv.Players {
		note := ""
		if p.Rated() {
			k := fmt.Sprint(p.K)
			if p.Junior {
				k += "j"
				junior = true
			}
			if p.KCapped {
				k += "c"
				capped = true
			}
			if p.Games > 0 && !p.KKnown {
				k += "*"
				unknownK = true
			}
			change, nv := "", ""
			if p.Games > 0 {
				change, nv = fmt.Sprintf("%+.1f", p.Change), fmt.Sprint(p.NewValue)
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%.2f\t%s\t%s\t%s\t\t\t\t\t%s\t\n", p.Start, p.Name, p.Rating, p.Games,
				points(p.Points), float64(p.Expected)/100, k, change, nv, note)
			continue
		}
		switch {
		case p.Games == 0:
			note = "no game FIDE rates"
		case p.NotCounted != "":
			note = "does not count (FIDE-RR " + p.NotCounted + ")"
		case p.Published:
			note = "rating published"
		default:
			note = "counts; not yet enough games to publish"
		}
		rcN, ruN := "", ""
		if pv.RoundRobin && !pv.OnlyRated && p.Games > 0 && p.NotCounted != "6.1" {
			rcN, ruN = fmt.Sprint(p.RcNew), fmt.Sprint(p.RuNew)
		}
		rc, ru := "", ""
		if p.Games > 0 && p.NotCounted != "6.1" {
			rc, ru = fmt.Sprint(p.Rc), fmt.Sprint(p.Ru)
		}
		fmt.Fprintf(tw, "%d\t%s\t-\t%d\t%s\t\t\t\t\t%s\t%s\t%s\t%s\t%s\t\n", p.Start, p.Name, p.Games, points(p.Points), rc, ru, rcN, ruN, note)
	}
	tw.Flush()
	if junior {
		fmt.Fprintln(w, "\nj: a junior's K (born within 18 years, rated under 2300)")
	}
	if capped {
		fmt.Fprintln(w, "c: K lowered so that K × games is within the set's limit")
	}
	if unknownK {
		fmt.Fprintln(w, "* K from the rating and age alone: a player with fewer than 30 rated games has the new player's K")
	}
}

// previewSystem says how FIDE rates the tournament: a Swiss or a round
// robin, and which games.
func previewSystem(pv *fide.Preview) string {
	switch {
	case pv.OnlyRated && pv.RoundRobin:
		return "round robin; only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1), no iteration"
	case pv.OnlyRated:
		return "Swiss; only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1)"
	case pv.SwissBy643:
		return "round robin with unplayed games, rated as a Swiss (FIDE-RR 6.43)"
	case pv.RoundRobin:
		return fmt.Sprintf("round robin (FIDE-RR 8.21 b, 8.58): Rar %.1f, dpa %.1f, Ra %d", pv.Rar, pv.DPA, pv.Ra)
	}
	return "Swiss (FIDE-RR 8.21 a, 8.24; games against unrated players not rated, 6.42)"
}

func points(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f), ".0")
}
