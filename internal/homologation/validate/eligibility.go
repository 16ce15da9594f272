package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
	"omologa/internal/tournament/rateofplay"
)

// Eligibility checks: is this tournament of a kind the regulations rate?
// Rounds, participants, rate of play, games and hours a day, duration,
// arbiter, authorisation, pairing system, membership (RTF 5.3.1, 7.2;
// FIDE-RR 1, 3, 4; RAPID 2–4; LAWS A.1, B.1).

func init() {
	register(&Check{
		Name: "eligibility.kind",
		Rules: []string{"eligibility.kind-mismatch", "eligibility.blitz", "eligibility.kind-assumed",
			"eligibility.promotion", "eligibility.rule-set-out-of-range"},
		Article: "LAWS A.1, B.1; RTF 5.2.1 a",
		Doc:     "the kind of play the rate of play gives, against what the submission says; blitz is not rated; which rule set applies",
		Run:     checkKind,
	})
	register(&Check{
		Name: "eligibility.rounds",
		Rules: []string{"eligibility.unfinished", "eligibility.min-rounds", "eligibility.few-rounds-not-consecutive",
			"eligibility.few-rounds-unverified"},
		Article: "RTF 5.3.1 a; RAPID 4.3",
		Doc:     "the file holds every round declared; minimum number of rounds, fewer allowed only on consecutive days",
		Run:     checkRounds,
	})
	register(&Check{
		Name:    "eligibility.players",
		Rules:   []string{"eligibility.min-players"},
		Article: "RTF 5.3.1 c; RAPID 4.4",
		Doc:     "minimum number of participants",
		Run:     checkPlayers,
	})
	register(&Check{
		Name: "eligibility.rate-of-play",
		Rules: []string{"eligibility.rate-unknown", "eligibility.rate-unreadable", "eligibility.rate-too-short", "eligibility.team-rate-too-short",
			"eligibility.rate-too-long", "eligibility.rate-fide-threshold", "eligibility.first-control-moves"},
		Article: "RTF 5.3.1 d; FIDE-RR 1.1, 1.3; RAPID 4.1",
		Doc:     "time per player for a 60-move game within the bounds, and the FIDE minimum by the players' ratings",
		Run:     checkRate,
	})
	register(&Check{
		Name: "eligibility.schedule",
		Rules: []string{"eligibility.round-dates-missing", "eligibility.games-per-day", "eligibility.hours-per-day",
			"eligibility.games-per-day-span", "eligibility.hours-per-day-span"},
		Article: "RTF 5.3.1 b; FIDE-RR 3.1",
		Doc:     "at most 3 games and 12 hours of play a day, from the round dates and the rate of play",
		Run:     checkSchedule,
	})
	register(&Check{
		Name:    "eligibility.duration",
		Rules:   []string{"eligibility.dates-missing", "eligibility.end-before-start", "eligibility.too-long", "eligibility.league"},
		Article: "RTF 5.3.1 e; FIDE-RR 4.1, 4.11",
		Doc:     "start and end known, at most 90 days (league championships excepted)",
		Run:     checkDuration,
	})
	register(&Check{
		Name: "eligibility.arbiter",
		Rules: []string{"eligibility.arbiter-missing", "eligibility.arbiter-not-checked", "eligibility.arbiter-unknown",
			"eligibility.arbiter-ambiguous", "eligibility.arbiter-category", "eligibility.arbiter-expired",
			"eligibility.arbiter-found"},
		Article: "RTF 5.3.1 f; RAPID 3.1",
		Doc:     "the chief arbiter (102) is in the arbiters' register, of an allowed category, not expired",
		Run:     checkArbiter,
	})
	register(&Check{
		Name: "eligibility.authorisation",
		Rules: []string{"eligibility.authorisation-not-checked", "eligibility.not-authorised", "eligibility.authorised",
			"eligibility.authorisation-ambiguous", "eligibility.authorisation-uncertain", "eligibility.authorisation-dates", "eligibility.authorisation-kind",
			"eligibility.authorised-by-office", "eligibility.declared-unauthorised"},
		Article: "RTF 5.3.1 g, 6.1.1; RAPID 2.1",
		Doc:     "the tournament is in the calendar of authorised tournaments",
		Run:     checkAuthorisation,
	})
	register(&Check{
		Name:    "eligibility.pairing",
		Rules:   []string{"eligibility.pairing-not-allowed", "eligibility.pairing-unknown", "eligibility.pairing-inferred"},
		Article: "RTF 7.2.1, 7.2.2; RAPID 4.5",
		Doc:     "Swiss or round robin (Italo-Swiss for promotion tournaments)",
		Run:     checkPairing,
	})
	register(&Check{
		Name:    "eligibility.membership",
		Rules:   []string{"eligibility.membership-not-checked", "eligibility.membership-missing", "eligibility.membership-unknown"},
		Article: "RAPID 3.2",
		Doc:     "every participant holds an FSI card for the year (from the players' register)",
		Run:     checkMembership,
	})
}

// kinds name a kind of play or of rule set in both languages, as an
// adjective that follows "torneo"/"gioco" (Italian) or precedes
// "tournament"/"play" (English).
var kinds = texts[fsi.Kind]("validate.kind.")

// promotionReasons say why a tournament is judged as a promotion
// tournament (Decision.PromotionBy).
var promotionReasons = texts[string]("validate.promotion-by.")

func rateOf(t *tournament.Tournament) *rateofplay.Rate {
	if t == nil {
		return nil
	}
	return t.RateOfPlay
}

func rateText(t *tournament.Tournament) string {
	if t == nil {
		return ""
	}
	if s := strings.TrimSpace(t.RateOfPlayText); s != "" {
		return s
	}
	if t.RateOfPlay != nil {
		return t.RateOfPlay.Text
	}
	return ""
}

func checkKind(p *Pass) {
	d := p.Decision
	line := p.tagLine("122")
	base := d.Declared
	if base == fsi.Promotion {
		base = fsi.Standard
	}
	if d.FromRate != "" && base != "" && base != d.FromRate {
		p.Report("eligibility.kind-mismatch", At{Line: line}, Args{"rate": rateText(p.Tournament),
			"minutes": d.Minutes60, "from_rate": kinds.of(d.FromRate), "declared": kinds.of(d.Declared)})
	}
	if d.Play == fsi.Blitz {
		p.Report("eligibility.blitz", At{Line: line}, Args{"rate": rateText(p.Tournament), "minutes": d.Minutes60})
	}
	if d.FromRate == "" && d.Declared == "" {
		p.Report("eligibility.kind-assumed", At{}, Args{"kind": kinds.of(d.Play)})
	}
	if d.PromotionBy != "" {
		p.Report("eligibility.promotion", At{}, Args{"reason": promotionReasons.of(d.PromotionBy)})
	}
	if !d.InRange {
		date := any(d.On)
		if d.On.IsZero() {
			date = word("unknown-date")
		}
		until := any(p.Set.ValidUntil)
		if p.Set.ValidUntil.IsZero() {
			until = word("today")
		}
		p.Report("eligibility.rule-set-out-of-range", At{Line: p.tagLine("042")}, Args{"date": date,
			"rule_set": p.Set.ID, "from": p.Set.ValidFrom, "until": until})
	}
}

func checkRounds(p *Pass) {
	e := p.Set.Params.Eligibility
	t := p.Tournament
	if unfinished(t) {
		reportUnfinished(p)
		return
	}
	n := t.Rounds()
	if n >= e.MinRounds || !individualMinimums(p) {
		return
	}
	exc := e.MinRoundsConsecutiveDays
	exception := Text{}
	if exc > 0 {
		exception = say("validate.min-rounds.consecutive", exc)
	}
	args := Args{"rounds": n, "rounds_text": roundsText(n), "min": e.MinRounds, "exception": exception}
	if exc == 0 || n < exc {
		p.Report("eligibility.min-rounds", At{}, args)
		return
	}
	ok, known, days := consecutiveDays(t, n, e.SeveralRoundsADayAreConsecutive)
	args["dates"] = days
	switch {
	case !known:
		p.Report("eligibility.few-rounds-unverified", At{Line: p.tagLine("132")}, args)
	case !ok:
		p.Report("eligibility.few-rounds-not-consecutive", At{Line: p.tagLine("132")}, args)
	}
}

// consecutiveDays reports whether the n rounds were played on
// consecutive days: from the round dates when every round has one, else
// from the start and end when they leave no room for a gap. known is
// false when it cannot be told; days lists the playing days.
func consecutiveDays(t *tournament.Tournament, n int, severalADay bool) (ok, known bool, days string) {
	var ds []tournament.Date
	for r := 0; r < n; r++ {
		if r >= len(t.RoundDates) || !t.RoundDates[r].IsFull() {
			ds = nil
			break
		}
		ds = append(ds, t.RoundDates[r])
	}
	if ds == nil {
		start, end := t.Start, t.End
		if start.IsFull() && end.IsFull() && !end.Before(start) {
			span := start.DaysUntil(end) + 1
			if span <= 2 && (severalADay || span >= n) {
				return true, true, fmt.Sprintf("%s – %s", start, end)
			}
			if !severalADay && span < n {
				return false, true, fmt.Sprintf("%s – %s", start, end)
			}
		}
		return false, false, ""
	}
	uniq := slices.Clone(ds)
	slices.SortFunc(uniq, func(a, b tournament.Date) int { return a.Compare(b) })
	uniq = slices.Compact(uniq)
	var parts []string
	for _, d := range uniq {
		parts = append(parts, d.String())
	}
	days = strings.Join(parts, ", ")
	if !severalADay && len(uniq) != len(ds) {
		return false, true, days
	}
	for i := 1; i < len(uniq); i++ {
		if uniq[i-1].AddDays(1) != uniq[i] {
			return false, true, days
		}
	}
	return true, true, days
}

// participants counts the players who took part in at least one round:
// paired (even if they lost by forfeit) or given a bye that scores.
// A player listed with nothing but absences did not take part.
func participants(t *tournament.Tournament) int {
	n := 0
	for i := range t.Players {
		for _, e := range t.Players[i].Rounds {
			if e.Opponent > 0 || (e.Code != tournament.CodeNone && e.Code != tournament.CodeZeroBye && e.Code != tournament.CodeForfeitLoss) {
				n++
				break
			}
		}
	}
	return n
}

func checkPlayers(p *Pass) {
	e := p.Set.Params.Eligibility
	t := p.Tournament
	if unfinished(t) || !individualMinimums(p) {
		// An unfinished file is eligibility.unfinished's; a team
		// competition has no minimum (RTF 5.4.1).
		return
	}
	rounds := t.Rounds()
	need := e.MinPlayers
	if e.MinRoundsConsecutiveDays > 0 && rounds >= e.MinRoundsConsecutiveDays && rounds < e.MinRounds {
		need = e.MinPlayersFewRounds
	}
	if n := participants(t); n < need {
		p.Report("eligibility.min-players", At{}, Args{"players": n, "min": need, "rounds": roundsText(rounds),
			"listed": len(t.Players)})
	}
}

// below reports whether v is under the minimum (equal allowed when
// inclusive); above likewise for a maximum.
func below(v, min float64, inclusive bool) bool {
	if inclusive {
		return v < min-1e-9
	}
	return v <= min+1e-9
}

func above(v, max float64, inclusive bool) bool {
	if inclusive {
		return v > max+1e-9
	}
	return v >= max-1e-9
}

func checkRate(p *Pass) {
	t := p.Tournament
	rp := p.Set.Params.Eligibility.RateOfPlay
	line := p.tagLine("122")
	r := t.RateOfPlay
	if r == nil {
		if t.RateOfPlayError != "" {
			// The reader says why in English only: the Italian message
			// says it was not recognised.
			p.Report("eligibility.rate-unreadable", At{Line: line}, Args{"rate": rateText(t),
				"error": given(word("unrecognised").IT, t.RateOfPlayError)})
		} else {
			p.Report("eligibility.rate-unknown", At{}, Args{})
		}
		return
	}
	m := r.MinutesFor60Moves()
	args := Args{"rate": rateText(t), "minutes": m}
	short := below(m, rp.MinMinutes60, rp.MinInclusive)
	if short {
		args["limit"] = rp.MinMinutes60
		// A team competition has its own article for the same minimum
		// (RTF 5.4.1 a), which is the one its organiser must be shown.
		rule := "eligibility.rate-too-short"
		if teamBy(p) != "" {
			rule = "eligibility.team-rate-too-short"
		}
		p.Report(rule, At{Line: line}, args)
	}
	if rp.MaxMinutes60 > 0 && above(m, rp.MaxMinutes60, rp.MaxInclusive) {
		args["limit"] = rp.MaxMinutes60
		p.Report("eligibility.rate-too-long", At{Line: line}, args)
	}
	if !short && len(rp.RatingThresholds) > 0 {
		var top *tournament.Player
		for i := range t.Players {
			if pl := &t.Players[i]; top == nil || pl.Rating > top.Rating {
				top = pl
			}
		}
		if top != nil {
			for _, th := range rp.RatingThresholds {
				if top.Rating >= th.Rating {
					if below(m, th.Minutes, true) {
						p.Report("eligibility.rate-fide-threshold", At{Line: line, Player: top.Start}, Args{
							"rate": rateText(t), "minutes": m, "limit": th.Minutes, "rating": top.Rating,
							"threshold": th.Rating, "player": top.Start, "name": top.Name})
					}
					break
				}
			}
		}
	}
	if rp.FirstControlMoves > 0 && len(r.Periods) > 1 && r.Periods[0].Moves != 0 && r.Periods[0].Moves != rp.FirstControlMoves {
		p.Report("eligibility.first-control-moves", At{Line: line}, Args{"rate": rateText(t),
			"moves": r.Periods[0].Moves, "limit": rp.FirstControlMoves})
	}
}

func checkSchedule(p *Pass) {
	e := p.Set.Params.Eligibility
	t := p.Tournament
	n := t.Rounds()
	if n == 0 {
		return
	}
	line := p.tagLine("132")
	gameHours := 0.0
	if r := t.RateOfPlay; r != nil {
		gameHours = e.GameClocks * r.MinutesFor60Moves() / 60
	}
	byDay := map[tournament.Date][]int{}
	var order []tournament.Date
	missing := 0
	// Dates outside start–end or out of order are crosstable.counts'.
	for r := 1; r <= n; r++ {
		var d tournament.Date
		if r <= len(t.RoundDates) {
			d = t.RoundDates[r-1]
		}
		if !d.IsFull() {
			missing++
			continue
		}
		if _, seen := byDay[d]; !seen {
			order = append(order, d)
		}
		byDay[d] = append(byDay[d], r)
	}
	if missing > 0 {
		p.Report("eligibility.round-dates-missing", At{Line: line}, Args{"missing": missing, "rounds": n})
		start, end := t.Start, t.End
		if start.IsFull() && end.IsFull() && !end.Before(start) {
			days := start.DaysUntil(end) + 1
			least := (n + days - 1) / days
			args := Args{"rounds": roundsText(n), "days": count("count.day", days),
				"start": start, "end": end, "games": least}
			if e.MaxGamesPerDay > 0 && least > e.MaxGamesPerDay {
				args["limit"] = e.MaxGamesPerDay
				p.Report("eligibility.games-per-day-span", At{}, args)
			}
			if h := float64(least) * gameHours; e.MaxHoursPerDay > 0 && gameHours > 0 && h > e.MaxHoursPerDay+1e-9 {
				args["hours"], args["limit"], args["rate"] = h, e.MaxHoursPerDay, rateText(t)
				p.Report("eligibility.hours-per-day-span", At{}, args)
			}
		}
	}
	for _, d := range order {
		rs := byDay[d]
		list := make([]string, len(rs))
		for i, r := range rs {
			list[i] = strconv.Itoa(r)
		}
		args := Args{"date": d, "games": len(rs), "round_list": strings.Join(list, ", ")}
		if e.MaxGamesPerDay > 0 && len(rs) > e.MaxGamesPerDay {
			args["limit"] = e.MaxGamesPerDay
			p.Report("eligibility.games-per-day", At{Line: line, Round: rs[0]}, args)
		}
		if h := float64(len(rs)) * gameHours; e.MaxHoursPerDay > 0 && gameHours > 0 && h > e.MaxHoursPerDay+1e-9 {
			args["hours"], args["limit"], args["rate"] = h, e.MaxHoursPerDay, rateText(t)
			p.Report("eligibility.hours-per-day", At{Line: line, Round: rs[0]}, args)
		}
	}
}

func checkDuration(p *Pass) {
	e := p.Set.Params.Eligibility
	start, end := startEnd(p.Tournament)
	if !start.IsFull() || !end.IsFull() {
		line := p.tagLine("042")
		if start.IsFull() {
			line = p.tagLine("052")
		}
		p.Report("eligibility.dates-missing", At{Line: line}, Args{"start": dateOrUnknown(start), "end": dateOrUnknown(end)})
		return
	}
	if end.Before(start) {
		p.Report("eligibility.end-before-start", At{Line: p.tagLine("052")}, Args{"start": start, "end": end})
		return
	}
	days := start.DaysUntil(end)
	if e.MaxDaysInclusive {
		days++
	}
	if e.MaxDays > 0 && days > e.MaxDays {
		args := Args{"days": days, "start": start, "end": end, "limit": e.MaxDays}
		if e.League.ExemptFromMaxDays {
			if by := recognisedBy(p, e.League.Recognise); by != "" {
				// FIDE-RR 4.11: a league may last longer.
				args["reason"] = reasonText.of(by)
				p.Report("eligibility.league", At{Line: p.tagLine("052")}, args)
				return
			}
		}
		p.Report("eligibility.too-long", At{Line: p.tagLine("052")}, args)
	}
}

// noArbiter are what programs write in 102 when no arbiter was entered.
var noArbiter = map[string]bool{"": true, "n d": true, "nd": true, "n a": true, "na": true,
	"none": true, "nessuno": true, "arbiter": true, "arbitro": true, "x": true}

func checkArbiter(p *Pass) {
	t := p.Tournament
	e := p.Set.Params.Eligibility
	text := strings.TrimSpace(t.ChiefArbiter)
	line := p.tagLine("102")
	if noArbiter[fold(text)] {
		// The e-mail must name the arbiter too (RAPID 5.2): use it
		// when the file does not.
		if v := strings.TrimSpace(p.Submission.Fields["arbiter"]); v != "" {
			text, line = v, 0
		} else {
			p.Report("eligibility.arbiter-missing", At{Line: line}, Args{"arbiter": text})
			return
		}
	}
	if p.Registers == nil || p.Registers.Arbiters == nil {
		p.Report("eligibility.arbiter-not-checked", At{Line: line}, Args{"arbiter": text})
		return
	}
	ms := matchArbiter(text, p.Registers.Arbiters)
	switch {
	case len(ms) == 0:
		p.Report("eligibility.arbiter-unknown", At{Line: line}, Args{"arbiter": text})
		return
	case len(ms) > 1:
		var cs []string
		for _, a := range ms {
			cs = append(cs, fmt.Sprintf("%s %s (%s, FSI %s)", a.Surname, a.Name, a.Category, a.FSIID))
		}
		p.Report("eligibility.arbiter-ambiguous", At{Line: line}, Args{"arbiter": text, "candidates": strings.Join(cs, "; ")})
		return
	}
	a := ms[0]
	name := strings.TrimSpace(a.Surname + " " + a.Name)
	args := Args{"arbiter": name, "category": a.Category, "fsi_id": a.FSIID,
		"allowed": strings.Join(e.ArbiterCategories, ", ")}
	bad := false
	if !slices.Contains(e.ArbiterCategories, strings.ToUpper(strings.TrimSpace(a.Category))) {
		p.Report("eligibility.arbiter-category", At{Line: line}, args)
		bad = true
	}
	start, _ := startEnd(t)
	if !a.ValidUntil.IsZero() && start.IsFull() && a.ValidUntil.Before(start) {
		args["until"], args["start"] = a.ValidUntil, start
		p.Report("eligibility.arbiter-expired", At{Line: line}, args)
		bad = true
	}
	if !bad {
		p.Report("eligibility.arbiter-found", At{Line: line}, args)
	}
}

func checkAuthorisation(p *Pass) {
	t := p.Tournament
	start, end := startEnd(t)
	args := Args{"name": t.Name, "city": t.City, "start": dateOrUnknown(start), "end": dateOrUnknown(end),
		"dates": dateSpan(start, end)}
	if strings.TrimSpace(t.Name) == "" {
		args["name"] = word("no-name")
	}
	if strings.TrimSpace(t.City) == "" {
		args["city"] = word("no-city")
	}
	if p.Registers == nil || p.Registers.Calendar == nil {
		p.Report("eligibility.authorisation-not-checked", At{}, args)
		return
	}
	if o := p.Submission.Office; o != nil && o.Refused {
		p.Report("eligibility.declared-unauthorised", At{Line: p.tagLine("012")}, args)
		return
	}
	m := p.eventMatch()
	switch {
	case m == nil:
		p.Report("eligibility.not-authorised", At{Line: p.tagLine("012")}, args)
		return
	case len(m.events) == 0:
		// regs §4c: dates alone, or the name alone, neither authorise
		// nor refuse: the office is shown the candidates.
		args["candidates"] = candidateEvents(m.uncertain)
		p.Report("eligibility.authorisation-uncertain", At{Line: p.tagLine("012")}, args)
		return
	case len(m.events) > 1:
		args["codes"] = eventCodes(m.events)
		p.Report("eligibility.authorisation-ambiguous", At{Line: p.tagLine("012")}, args)
		return
	}
	ev := m.events[0]
	args["code"], args["event"], args["event_start"], args["event_end"] = ev.Code, ev.Name, ev.Start, ev.End
	args["event_dates"] = dateSpan(ev.Start, ev.End)
	if m.by == "office" {
		p.Report("eligibility.authorised-by-office", At{}, args)
	} else {
		p.Report("eligibility.authorised", At{}, args)
	}
	slack := p.Set.Params.Eligibility.Authorisation.DateSlackDays
	if m.by != "name" && start.IsFull() && end.IsFull() && ev.Start.IsFull() && ev.End.IsFull() &&
		(end.Before(ev.Start.AddDays(-slack)) || ev.End.AddDays(slack).Before(start)) {
		p.Report("eligibility.authorisation-dates", At{Line: p.tagLine("042")}, args)
	}
	judged := p.Set.Kind
	if p.Kind == fsi.Blitz {
		judged = fsi.Blitz
	}
	if k := declaredKind(ev.Kind); k != "" && k != judged {
		args["event_kind"], args["kind"] = kinds.of(k), kinds.of(judged)
		p.Report("eligibility.authorisation-kind", At{}, args)
	}
}

// recognise returns the pairing system whose words appear in text, "" when
// none. Words match at the start of a word of the text, so "svizzer"
// matches "svizzero" and "round robin" matches "Round-Robin".
func recognise(text string, systems []PairingSystem) string {
	f := " " + fold(text) + " "
	if strings.TrimSpace(f) == "" {
		return ""
	}
	for _, s := range systems {
		for _, w := range s.Words {
			if fw := fold(w); fw != "" && strings.Contains(f, " "+fw) {
				return s.Name
			}
		}
	}
	return ""
}

func checkPairing(p *Pass) {
	t := p.Tournament
	pp := p.Set.Params.Eligibility.Pairing
	label := func(name string) Text {
		for _, s := range pp.Systems {
			if s.Name == name {
				return given(s.IT, s.EN)
			}
		}
		return same(name)
	}
	labels := make([]Text, len(pp.Allowed))
	for i, a := range pp.Allowed {
		labels[i] = label(a)
	}
	allowed := joinOr(labels)
	declared := strings.TrimSpace(t.PairingSystem)
	sys := recognise(declared, pp.Systems)
	line := p.tagLine("192")
	if sys == "" && declared == "" {
		// 092 (type of tournament) often names the system.
		if typ := strings.TrimSpace(t.Type); typ != "" {
			if s := recognise(typ, pp.Systems); s != "" {
				declared, sys, line = typ, s, p.tagLine("092")
			}
		}
	}
	switch {
	case declared == "":
		sys := "swiss"
		if p.roundRobin() {
			sys = "round-robin"
		}
		p.Report("eligibility.pairing-inferred", At{}, Args{"system": label(sys), "allowed": allowed})
	case sys == "":
		p.Report("eligibility.pairing-unknown", At{Line: line}, Args{"declared": declared, "allowed": allowed})
	case !slices.Contains(pp.Allowed, sys):
		p.Report("eligibility.pairing-not-allowed", At{Line: line}, Args{"declared": declared, "system": label(sys), "allowed": allowed})
	}
}

// foreign reports whether a player belongs to another federation, by the
// file or the register.
func foreign(pl *tournament.Player, m playerMatch) bool {
	fed := strings.ToUpper(strings.TrimSpace(pl.Federation))
	if m.row != nil && m.row.Federation != "" {
		fed = strings.ToUpper(strings.TrimSpace(m.row.Federation))
	}
	return fed != "" && fed != "ITA"
}

func checkMembership(p *Pass) {
	if !p.Enabled("eligibility.membership-missing") && !p.Enabled("eligibility.membership-unknown") {
		return
	}
	t := p.Tournament
	ms := p.matches()
	if ms == nil {
		p.Report("eligibility.membership-not-checked", At{}, Args{"players": len(t.Players)})
		return
	}
	year := p.Decision.On.Year
	if year == 0 {
		p.Report("eligibility.membership-not-checked", At{}, Args{"players": len(t.Players)})
		return
	}
	cfg := p.Set.Params.Eligibility.Membership
	for i := range t.Players {
		pl := &t.Players[i]
		m := ms[i]
		if cfg.ForeignExempt && foreign(pl, m) {
			continue
		}
		at := At{Line: pl.Line, Player: pl.Start}
		args := Args{"name": pl.Name, "player": pl.Start, "year": year}
		rows := m.candidates
		if m.row != nil {
			rows = []*registers.Player{m.row}
		}
		if len(rows) == 0 {
			p.Report("eligibility.membership-unknown", at, args)
			continue
		}
		last := 0
		ok := true
		for _, r := range rows {
			ok = ok && r.MembershipYear == year
			last = max(last, r.MembershipYear)
		}
		if !ok {
			args["last"] = last
			if last == 0 {
				args["last"] = word("never")
			}
			p.Report("eligibility.membership-missing", at, args)
		}
	}
}

// dateOrUnknown is a date for a message, or "?" when not fully known.
// dateSpan writes a tournament's or an event's dates as a sentence does:
// a one-day rapid once ("21/11/2026"), not "21/11/2026 – 21/11/2026".
func dateSpan(start, end tournament.Date) any {
	if start.IsFull() && start == end {
		return start
	}
	return say("validate.span", dateOrUnknown(start), dateOrUnknown(end))
}

func dateOrUnknown(d tournament.Date) any {
	if !d.IsFull() {
		return word("unknown")
	}
	return d
}
