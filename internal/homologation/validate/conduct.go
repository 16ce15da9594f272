package validate

import (
	"strconv"
	"strings"

	"omologa/internal/tournament"
)

// Conduct checks: what the crosstable shows of the players' conduct that
// the regulations sanction or that changes the rating (RTF 7.5; FIDE-GR
// 6.6, 6.7). They flag cases for the office; the chief arbiter may have
// decided otherwise, so they do not reject by default.

func init() {
	register(&Check{
		Name: "conduct.players",
		Rules: []string{"conduct.forfeit-losses", "conduct.first-round-forfeit", "conduct.absences",
			"conduct.half-point-byes", "conduct.unjustified-withdrawal"},
		Article: "RTF 7.5.1, 7.5.2, 7.5.3; FIDE-GR 6.7.4",
		Doc:     "forfeits, absences, half-point byes and withdrawals without notice",
		Run:     checkConduct,
	})
	register(&Check{
		Name:    "conduct.round-robin",
		Rules:   []string{"conduct.rr-withdrawal-under-half", "conduct.rr-withdrawal", "conduct.rr-withdrawal-undecided"},
		Article: "FIDE-GR 6.6",
		Doc:     "a player withdrawn from a round robin with fewer than half his games stays out of the standings",
		Run:     checkRoundRobinWithdrawals,
	})
}

func roundList(rs []int) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = strconv.Itoa(r)
	}
	return strings.Join(s, ", ")
}

func checkConduct(p *Pass) {
	t := p.Tournament
	cfg := p.Set.Params.Conduct
	n := t.Rounds()
	absence := codeSet(cfg.AbsenceCodes)
	late := codeSet(cfg.LateEntryCodes)
	// A file written before the end has no last round yet: its last
	// round's forfeits say nothing of a withdrawal.
	lastRound := cfg.LastRoundForfeitIsUnjustified && n > 0 && !unfinished(t)
	// A round robin's withdrawn players have their remaining games
	// written as forfeits by the Berger schedule (FIDE-GR 6.6): those
	// are neither forfeits after which they were paired again (RTF
	// 7.5.1) nor a withdrawal without notice (RTF 7.5.3), which the
	// crosstable cannot show; conduct.rr-withdrawal-undecided asks the
	// office (regs §4c).
	withdrawnFrom := map[int]int{}
	if cfg.RoundRobinWithdrawalAsksOffice && p.roundRobin() {
		for _, w := range rrWithdrawals(t) {
			withdrawnFrom[w.index] = w.round
		}
	}
	for i := range t.Players {
		pl := &t.Players[i]
		at := At{Line: pl.Line, Player: pl.Start}
		var forfeits, absences, halfByes []int
		last := n
		if w, ok := withdrawnFrom[i]; ok {
			last = w - 1
		}
		lastPaired := 0
		for r := 1; r <= last; r++ {
			if pl.Entry(r).Opponent > 0 {
				lastPaired = r
			}
		}
		entered := lateEntry(pl, lastPaired, late, cfg.LateEntryNeedsEveryLaterRound)
		for r := 1; r <= last; r++ {
			e := pl.Entry(r)
			switch {
			case e.Opponent > 0 && e.Code == tournament.CodeForfeitLoss:
				forfeits = append(forfeits, r)
			case e.Opponent == 0 && e.Code == tournament.CodeHalfBye:
				halfByes = append(halfByes, r)
			}
			// Rounds before a late entry are not absences, nor are the
			// rounds after the last pairing (a withdrawal).
			if e.Opponent == 0 && r > entered && r < lastPaired && absence[e.Code] {
				absences = append(absences, r)
			}
		}
		args := Args{"player": pl.Start, "name": pl.Name}
		if len(forfeits) > cfg.MaxForfeitLosses {
			excl := forfeits[cfg.MaxForfeitLosses]
			if lastPaired > excl {
				args["round_list"], args["count"], args["round"], args["limit"] = roundList(forfeits), len(forfeits), excl, cfg.MaxForfeitLosses+1
				p.Report("conduct.forfeit-losses", at, args)
			}
		}
		if cfg.FirstRoundForfeitExcludes && len(forfeits) > 0 && forfeits[0] == 1 && lastPaired > 1 {
			p.Report("conduct.first-round-forfeit", At{Line: pl.Line, Player: pl.Start, Round: 1}, Args{"player": pl.Start,
				"name": pl.Name})
		}
		if len(absences) > cfg.MaxAnnouncedAbsences {
			p.Report("conduct.absences", at, Args{"player": pl.Start, "name": pl.Name, "count": len(absences),
				"round_list": roundList(absences), "limit": cfg.MaxAnnouncedAbsences})
		}
		if len(halfByes) > cfg.MaxHalfPointByes {
			p.Report("conduct.half-point-byes", at, Args{"player": pl.Start, "name": pl.Name, "count": len(halfByes),
				"round_list": roundList(halfByes), "limit": cfg.MaxHalfPointByes})
		}
		if _, rr := withdrawnFrom[i]; lastRound && !rr {
			if e := pl.Entry(n); e.Opponent > 0 && e.Code == tournament.CodeForfeitLoss {
				p.Report("conduct.unjustified-withdrawal", At{Line: pl.Line, Player: pl.Start, Round: n},
					Args{"player": pl.Start, "name": pl.Name, "round": n})
			}
		}
	}
}

// codeSet turns configured result codes into a set; "" is nothing
// written (CodeNone).
func codeSet(codes []string) map[tournament.Code]bool {
	set := map[tournament.Code]bool{}
	for _, c := range codes {
		if c == "" {
			set[tournament.CodeNone] = true
		} else {
			set[tournament.Code(c[0])] = true
		}
	}
	return set
}

// present reports whether a round entry shows the player in the
// tournament that round: paired, or given the pairing-allocated bye.
func present(e tournament.RoundEntry) bool {
	return e.Opponent > 0 || isPairingBye(e) || e.Code == tournament.CodeFullBye
}

// lateEntry returns the last round before a late entry (0 when the
// player was there from round 1): his first rounds are unpaired with a
// late-entry code, and, when everyLater is set, he is present in every
// round from his entry to his last pairing. Those rounds are not
// announced absences (RTF 7.5.2): the player was not yet in the
// tournament.
func lateEntry(pl *tournament.Player, lastPaired int, codes map[tournament.Code]bool, everyLater bool) int {
	lead := 0
	for r := 1; r < lastPaired; r++ {
		e := pl.Entry(r)
		if e.Opponent != 0 || !codes[e.Code] || isPairingBye(e) {
			break
		}
		lead = r
	}
	if lead == 0 || !everyLater {
		return lead
	}
	for r := lead + 1; r <= lastPaired; r++ {
		if !present(pl.Entry(r)) {
			return 0
		}
	}
	return lead
}

// rrWithdrawal is a player withdrawn from a round robin: from round on,
// his crosstable holds only unplayed rounds, after games played of the
// scheduled ones.
type rrWithdrawal struct {
	index, round, games, scheduled int
}

// rrWithdrawals finds the players withdrawn from a round robin: their
// crosstable ends with unplayed rounds (forfeit losses, absences) that
// reach the last round.
func rrWithdrawals(t *tournament.Tournament) []rrWithdrawal {
	n := t.Rounds()
	np := len(t.Players)
	if np < 2 || n == 0 {
		return nil
	}
	// Games each player is scheduled: one per opponent per cycle.
	cycles := max(1, (n+np-1)/np)
	if np%2 == 0 {
		cycles = max(1, n/(np-1))
	}
	scheduled := cycles * (np - 1)
	var out []rrWithdrawal
	for i := range t.Players {
		pl := &t.Players[i]
		from := 0
		for r := n; r >= 1; r-- {
			e := pl.Entry(r)
			if e.IsPlayed() || e.IsUnratedGame() || e.Code == tournament.CodeForfeitWin ||
				e.Code == tournament.CodePairingBye || e.Code == tournament.CodeFullBye || e.Code == tournament.CodeHalfBye {
				break
			}
			from = r
		}
		if from == 0 {
			continue
		}
		games := 0
		for r := 1; r <= n; r++ {
			if e := pl.Entry(r); e.IsPlayed() || e.IsUnratedGame() {
				games++
			}
		}
		out = append(out, rrWithdrawal{index: i, round: from, games: games, scheduled: scheduled})
	}
	return out
}

// underShare reports whether a withdrawn player completed fewer games
// than the share of FIDE-GR 6.6.
func (w rrWithdrawal) underShare(min float64) bool {
	return float64(w.games) < min*float64(w.scheduled)-1e-9
}

// outOfStandings returns the starting numbers of the players who stay in
// a round robin's table for rating but not in its standings (FIDE-GR
// 6.6.2.1): nil for a Swiss.
func (p *Pass) outOfStandings() map[int]bool {
	if p.outDone {
		return p.out
	}
	p.outDone = true
	if !p.roundRobin() {
		return nil
	}
	min := p.Set.Params.Conduct.RoundRobinMinShare
	for _, w := range rrWithdrawals(p.Tournament) {
		if w.underShare(min) {
			if p.out == nil {
				p.out = map[int]bool{}
			}
			p.out[p.Tournament.Players[w.index].Start] = true
		}
	}
	return p.out
}

func checkRoundRobinWithdrawals(p *Pass) {
	if !p.roundRobin() {
		return
	}
	t := p.Tournament
	min := p.Set.Params.Conduct.RoundRobinMinShare
	for _, w := range rrWithdrawals(t) {
		pl := &t.Players[w.index]
		args := Args{"player": pl.Start, "name": pl.Name, "games": count("count.game", w.games), "scheduled": w.scheduled,
			"round": w.round, "share": min * 100}
		at := At{Line: pl.Line, Player: pl.Start, Round: w.round}
		if w.underShare(min) {
			p.Report("conduct.rr-withdrawal-under-half", at, args)
		} else {
			p.Report("conduct.rr-withdrawal", at, args)
		}
		// regs §4c: whether he withdrew with notice is not in the
		// crosstable; the office decides (RTF 7.5.2–7.5.3), and until it
		// does no variation is zeroed.
		if e := pl.Entry(t.Rounds()); p.Set.Params.Conduct.RoundRobinWithdrawalAsksOffice &&
			e.Opponent > 0 && e.Code == tournament.CodeForfeitLoss && !unfinished(t) {
			p.Report("conduct.rr-withdrawal-undecided", at, args)
		}
	}
}
