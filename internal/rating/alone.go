package rating

import (
	"fmt"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// Alone is one tournament rated on its own against the list in force,
// with the office's overrides (omologa rate): the lines, the options
// they were computed with, the theoretical ratings the articles did not
// let count (said, not dropped silently) and the players not in the
// list.
type Alone struct {
	Lines     []Line
	Options   Options
	Unused    []string
	Unmatched []string
}

// RateAlone rates t for the kind's list against list, under the rating
// settings, with the overrides ov (nil: none); detail keeps every game.
func RateAlone(k fsi.Kind, t *tournament.Tournament, list *registers.Players, cfg *rules.Rating, ov *Overrides, detail bool) Alone {
	if ov == nil {
		ov = &Overrides{}
	}
	ix := NewIndex(list, cfg.MatchByName)
	th := ov.Theoretical()
	seeds := SeedsWith(k, t, ix, cfg, th)
	o := OptionsFor(k, cfg)
	o.Detail = detail
	o.Withdrawals = ov.Withdrawals
	out := Alone{Lines: Rate(t, seeds, o), Options: o}
	for i, s := range seeds {
		p := &t.Players[i]
		if th.For(p) > 0 && s.Source != SourceTheoretical {
			out.Unused = append(out.Unused, fmt.Sprintf("theoretical rating of %d %s not used: rating %d from %s "+
				"(RTF 4.2.7, RAPID 6.8: only for foreign players without FIDE rating or Elo Rapid)", p.Start, p.Name, s.Rating, s.Source))
		}
	}
	for i, s := range seeds {
		if s.Row < 0 {
			p := &t.Players[i]
			out.Unmatched = append(out.Unmatched, fmt.Sprintf("%d %s (%s)", p.Start, p.Name, s.Source))
		}
	}
	return out
}
