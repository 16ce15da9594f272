package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"omologa/internal/fsi"
	"omologa/internal/platform/italian"
	"omologa/internal/rating"
)

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
	art := "RTF 4.2.7"
	if out.Kind == fsi.Rapid {
		art = "RAPID 6.8"
	}
	for _, l := range out.Players {
		if l.TheoreticalWanted {
			fmt.Fprintf(w, "wanted: %d %s is a foreign player without any rating; he counts at the entry rating until the office gives the chief arbiter's theoretical rating (%s: --theoretical %d=RATING)\n", l.Start, l.Name, art, l.Start)
		}
	}
	if ov := out.Overrides; ov != nil {
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

// unknownPlayers says which --theoretical and --withdrawal-* flags name
// a player the tournament does not have.
func unknownPlayers(bad []rating.Unknown) string {
	var msgs []string
	for _, u := range bad {
		what := "starting number"
		if u.ByID {
			what = "FSI or FIDE id"
		}
		msgs = append(msgs, fmt.Sprintf("--%s %s: no player with that %s", u.Decision, u.Player, what))
	}
	slices.Sort(msgs)
	return strings.Join(msgs, "; ")
}
