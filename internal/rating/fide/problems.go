package fide

import (
	"math"
	"slices"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
)

// HasID reports whether a FIDE id is written (Vega writes 0 for none).
func HasID(id string) bool { return strings.Trim(id, "0 ") != "" }

// ratedPlayers counts the players with a FIDE rating.
func ratedPlayers(t *tournament.Tournament) int {
	n := 0
	for i := range t.Players {
		if t.Players[i].Rating > 0 {
			n++
		}
	}
	return n
}

// Rated reports whether a homologated tournament of the kind of play
// (standard, rapid) is FIDE-rated, and so forwarded (see the package
// doc): its kind is one the rule set forwards and it has enough
// FIDE-rated players.
func Rated(s *rules.Fide, kind fsi.Kind, t *tournament.Tournament) bool {
	return slices.Contains(s.ForwardKinds, kind) && ratedPlayers(t) >= s.ForwardMinRated
}

// List returns the FIDE list a tournament ending on end goes into
// (FIDE-RR 7.13: the first list whose cut-off, 7 days before it, is on
// or after the last day; lists as 7.11).
func List(s *rules.Fide, end tournament.Date) periods.Period {
	return s.List.ForReceipt(end)
}

// Unregistered reports whether a player is one FIDE must register before
// it rates the tournament: no FIDE id, and at least one game played
// (FIDE-RR 5.1; a player who played none has nothing to rate).
func Unregistered(p *tournament.Player) bool {
	if HasID(p.FideID) {
		return false
	}
	return slices.ContainsFunc(p.Rounds, tournament.RoundEntry.IsPlayed)
}

// Problems returns what FIDE would raise about a tournament before it is
// forwarded: a player without FIDE id who played a game (he is
// registered with FIDE first, and the tournament waits for his id), a
// FIDE id written twice, a federation missing (the tournament's or a
// player's), a rate of play below FIDE-RR 1.1, an arbiter without FIDE
// id: unless the arbiters' register reg (nil when none is given) has
// it, which the export writes (WithArbiterIDs) and a note says. The
// findings carry the rule set's article, severity and messages.
func Problems(s *rules.Fide, t *tournament.Tournament, reg []registers.Arbiter) []validate.Finding {
	var out []validate.Finding
	report := func(rule string, at validate.At, args validate.Args) {
		if f, ok := validate.FindingOf(rule, s.Findings[rule], t.File, at, args); ok {
			out = append(out, f)
		}
	}
	if strings.TrimSpace(t.Federation) == "" {
		report("fide.tournament-federation-missing", validate.At{Line: tagLine(t, "032")}, nil)
	}
	byID := map[string]*tournament.Player{}
	for i := range t.Players {
		p := &t.Players[i]
		at := validate.At{Line: p.Line, Player: p.Start}
		args := validate.Args{"player": p.Start, "name": p.Name}
		if strings.TrimSpace(p.Federation) == "" {
			report("fide.federation-missing", at, args)
		}
		if !HasID(p.FideID) {
			if Unregistered(p) {
				report("fide.no-id", at, args)
			}
			continue
		}
		if other, dup := byID[p.FideID]; dup {
			args["fide_id"], args["other"], args["other_name"] = p.FideID, other.Start, other.Name
			report("fide.id-twice", at, args)
			continue
		}
		byID[p.FideID] = p
	}
	rateProblems(s, t, report)
	arbiterProblems(t, reg, report)
	return out
}

// rateProblems: FIDE-RR 1.1, the minimum by the highest rating.
func rateProblems(s *rules.Fide, t *tournament.Tournament, report func(string, validate.At, validate.Args)) {
	line := tagLine(t, "122")
	if t.RateOfPlay == nil {
		report("fide.rate-unknown", validate.At{Line: line}, nil)
		return
	}
	var top *tournament.Player
	for i := range t.Players {
		if top == nil || t.Players[i].Rating > top.Rating {
			top = &t.Players[i]
		}
	}
	if top == nil {
		return
	}
	m := t.RateOfPlay.MinutesFor60Moves()
	for _, th := range s.RateOfPlay {
		if top.Rating >= th.Rating {
			if m < th.Minutes {
				report("fide.rate-too-short", validate.At{Line: line, Player: top.Start}, validate.Args{
					"rate": t.RateOfPlayText, "minutes": math.Round(m*10) / 10, "limit": th.Minutes,
					"rating": top.Rating, "threshold": th.Rating, "player": top.Start, "name": top.Name})
			}
			return
		}
	}
}

func tagLine(t *tournament.Tournament, code string) int {
	if g, ok := t.Tag(code); ok {
		return g.Line
	}
	return 0
}
