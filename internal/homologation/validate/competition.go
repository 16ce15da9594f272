package validate

import (
	"slices"
	"sort"
	"strings"

	"omologa/internal/tournament"
)

// Competitions that the individual rules do not fit: league
// championships, which may last more than 90 days (FIDE-RR 4.11), and
// team competitions, which RTF 5.4.1 judges by its own requirements; and
// files written before the end of the tournament, which cannot be
// homologated yet.

func init() {
	register(&Check{
		Name:    "eligibility.team",
		Rules:   []string{"eligibility.team-competition", "eligibility.team-ranking", "eligibility.team-ranking-unverified"},
		Article: "RTF 5.4.1",
		Doc:     "a team competition is judged by RTF 5.4.1: rate of play, arbiter, individual points as the main ranking criterion",
		Run:     checkTeam,
	})
}

// reasonText says in both languages why a competition was recognised.
var reasonText = texts[string]("validate.competition-by.")

// recognisedBy says why the tournament is of the kind of competition r
// describes: "submission", "calendar" or "name"; "" when nothing says so.
func recognisedBy(p *Pass, r Recognise) string {
	in := func(v string, list []string) bool {
		f := fold(v)
		if f == "" {
			return false
		}
		return slices.ContainsFunc(list, func(w string) bool { return fold(w) == f })
	}
	if in(p.Submission.Kind, r.SubmissionKinds) {
		return "submission"
	}
	if p.Registers != nil && p.Registers.Calendar != nil {
		if m := p.eventMatch(); m != nil && len(m.events) == 1 && in(m.events[0].Kind, r.CalendarKinds) {
			return "calendar"
		}
	}
	if hasNameWord(p.Tournament.Name, r.NameWords) {
		return "name"
	}
	return ""
}

// hasNameWord reports whether one of words (or phrases) is among the
// whole words of name.
func hasNameWord(name string, words []string) bool {
	n := " " + fold(name) + " "
	for _, w := range words {
		if fw := fold(w); fw != "" && strings.Contains(n, " "+fw+" ") {
			return true
		}
	}
	return false
}

// teamBy says why the tournament is a team competition (RTF 5.4.1):
// "file" when it has team records, else as recognisedBy.
func teamBy(p *Pass) string {
	if len(p.Tournament.Teams) > 0 {
		return "file"
	}
	return recognisedBy(p, p.Set.Params.Eligibility.Team.Recognise)
}

// individualMinimums reports whether the minimum rounds and participants
// of individual tournaments apply (RTF 5.3.1 a, c; RAPID 4.3, 4.4): not
// to a team competition unless the rule set says so.
func individualMinimums(p *Pass) bool {
	return p.Set.Params.Eligibility.Team.IndividualMinimums || teamBy(p) == ""
}

// progress says how far the crosstable goes: the rounds with results,
// and the round paired without any result yet (0 when none), which a
// file exported after publishing the next round's pairings holds.
func progress(t *tournament.Tournament) (played, pending int) {
	n := t.Rounds()
	if n == 0 {
		return 0, 0
	}
	paired := false
	for i := range t.Players {
		e := t.Players[i].Entry(n)
		if e.Opponent == 0 {
			continue
		}
		if e.Code != tournament.CodeNone {
			return n, 0
		}
		paired = true
	}
	if paired {
		return n - 1, n
	}
	return n, 0
}

// unfinished reports whether the file was written before the end of the
// tournament: it declares more rounds (XXR, 142) than it holds results
// for, or its last round is paired without results.
func unfinished(t *tournament.Tournament) bool {
	played, pending := progress(t)
	return pending > 0 || (t.DeclaredRounds > 0 && played < t.DeclaredRounds)
}

// reportUnfinished reports a file written before the end. It is one
// finding, in place of what the missing rounds would make of the
// minimum-rounds and participants checks.
func reportUnfinished(p *Pass) {
	t := p.Tournament
	played, pending := progress(t)
	line := p.tagLine("XXR")
	if line == 0 {
		line = p.tagLine("142")
	}
	var why, advice Text
	if d := t.DeclaredRounds; d > played {
		why = say("validate.unfinished.declared", d)
		advice = say("validate.unfinished.declared-advice", roundsText(played))
	}
	if pending > 0 {
		p2 := say("validate.unfinished.pending", pending)
		a2 := say("validate.unfinished.pending-advice", pending)
		if why.IT == "" {
			why, advice = p2, a2
			// No declared rounds to point at: the first pairing of the
			// round without results.
			line = 0
			for i := range t.Players {
				if t.Players[i].Entry(pending).Opponent > 0 {
					line = t.Players[i].Line
					break
				}
			}
		} else {
			why = joinAnd([]Text{why, p2})
			advice = join([]Text{a2, advice}, "; ")
		}
	}
	p.Report("eligibility.unfinished", At{Line: line, Round: pending}, Args{"declared": t.DeclaredRounds,
		"rounds": roundsText(played), "why": why, "advice": advice})
}

// rankedTeams are the teams of the 310 records, with the ranks and
// points the reader read; ok is false when a record lacks them.
func rankedTeams(t *tournament.Tournament) (out []tournament.Team, ok bool) {
	for _, tm := range t.Teams {
		if !tm.Ranked {
			return nil, false
		}
	}
	return slices.Clone(t.Teams), len(t.Teams) > 1
}

func checkTeam(p *Pass) {
	by := teamBy(p)
	if by == "" {
		return
	}
	cfg := p.Set.Params.Eligibility.Team
	minimums := say("validate.team.minimums-waived")
	if cfg.IndividualMinimums {
		minimums = say("validate.team.minimums-apply")
	}
	p.Report("eligibility.team-competition", At{}, Args{"reason": reasonText.of(by), "minimums": minimums})
	if !cfg.IndividualPointsFirst {
		return
	}
	teams, ok := rankedTeams(p.Tournament)
	if !ok {
		p.Report("eligibility.team-ranking-unverified", At{}, Args{})
		return
	}
	sort.SliceStable(teams, func(i, j int) bool { return teams[i].Rank < teams[j].Rank })
	for i := 1; i < len(teams); i++ {
		prev, tm := teams[i-1], teams[i]
		if tm.Rank > prev.Rank && tm.GamePoints > prev.GamePoints+1e-9 {
			p.Report("eligibility.team-ranking", At{Line: tm.Line}, Args{"team": tm.Name, "rank": tm.Rank,
				"game": tm.GamePoints, "match": tm.MatchPoints, "other": prev.Name, "other_rank": prev.Rank,
				"other_game": prev.GamePoints, "other_match": prev.MatchPoints})
			return
		}
	}
}

// roundsText is a number of rounds with its noun: "1 turno", "5 turni".
func roundsText(n int) Text { return count("count.round", n) }
