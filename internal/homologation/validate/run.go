package validate

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/tournament"
)

// Validate judges one submission against the rules: it decides the kind
// of play (LAWS A.1, B.1) and chooses the rule set in force on the
// tournament's start date, runs every registered check that applies to
// that rule set, and derives the verdict from the findings' severities
// (any error rejects; warnings accept with warnings). It does no I/O and
// reads no clock.
//
// A rulebook from rules.Load is expected to configure every rule id of
// the registered checks (see CheckRules); an id it lacks is reported as
// an error finding rather than ignored.
func Validate(f *Rulebook, in Input) Report {
	t := in.Tournament
	rep := Report{File: in.File, Findings: []Finding{}}
	if t != nil {
		if rep.File == "" {
			rep.File = t.File
		}
		rep.Format = t.Format
		rep.Summary = summarise(t)
	}

	d := decide(f, in)
	set, inRange := f.Select(d.RuleSetKind, d.On)
	if set == nil {
		msg := say("validate.no-rule-set", f.Name, d.RuleSetKind)
		rep.Findings = append(rep.Findings, Finding{
			Rule: "format.no-rule-set", Severity: SeverityError,
			MessageIT: msg.IT, MessageEN: msg.EN, File: rep.File,
		})
		rep.Verdict = Rejected
		return rep
	}
	d.InRange = inRange
	rep.RuleSet = set.ID
	rep.Kind = d.Play
	rep.Decision = &d

	p := &Pass{Input: in, Set: set, Kind: d.Play, Decision: d}
	for _, c := range Checks() {
		if !c.appliesTo(set.Kind) {
			continue
		}
		// Without a tournament only the format checks have anything to
		// look at.
		if t == nil && !strings.HasPrefix(c.Name, "format.") {
			continue
		}
		c.Run(p)
	}
	rep.Findings = append(rep.Findings, p.findings...)
	for i := range rep.Findings {
		if rep.Findings[i].File == "" {
			rep.Findings[i].File = rep.File
		}
	}
	rep.Verdict = verdict(rep.Findings)
	if rep.Verdict == Rejected {
		// Errors win: a rejected file waits for nothing, and what the
		// office would have had to settle is said as a warning.
		for i := range rep.Findings {
			if rep.Findings[i].Severity == SeverityHold {
				rep.Findings[i].Severity = SeverityWarning
			}
		}
	}
	sortFindings(rep.Findings)
	rep.Standings = p.Standings
	if t != nil {
		rep.Authorisation = p.authorisation()
		rep.Candidates = p.candidates()
	}
	if t != nil && !in.Submission.ReceivedAt.IsZero() {
		per := p.listPeriod()
		rep.Period = &per
	}
	return rep
}

// verdict: any error rejects; else any hold leaves the file to the
// office; else any warning accepts with warnings.
func verdict(fs []Finding) Verdict {
	v := Accepted
	for _, f := range fs {
		switch f.Severity {
		case SeverityError:
			return Rejected
		case SeverityHold:
			v = Held
		case SeverityWarning:
			if v != Held {
				v = AcceptedWithWarnings
			}
		}
	}
	return v
}

var severityRank = map[Severity]int{SeverityError: 0, SeverityHold: 1, SeverityWarning: 2, SeverityInfo: 3}

// sortFindings orders findings by severity, then by place in the file
// (findings about the whole tournament first), then by rule, so that
// output and golden files are stable.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if severityRank[a.Severity] != severityRank[b.Severity] {
			return severityRank[a.Severity] < severityRank[b.Severity]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Player != b.Player {
			return a.Player < b.Player
		}
		if a.Round != b.Round {
			return a.Round < b.Round
		}
		return a.Rule < b.Rule
	})
}

// decide chooses the kind of play and the kind of rule set (see
// Decision).
func decide(f *Rulebook, in Input) Decision {
	k := f.KindOfPlay
	t := in.Tournament
	d := Decision{Declared: declaredKind(in.Submission.Kind)}
	if r := rateOf(t); r != nil {
		d.Minutes60 = r.MinutesFor60Moves()
		d.FromRate = classify(k, d.Minutes60)
	}
	switch {
	case d.Declared == fsi.Promotion:
		d.Play = fsi.Standard
	case d.Declared != "":
		d.Play = d.Declared
	case d.FromRate != "":
		d.Play = d.FromRate
	default:
		d.Play = k.WhenUnknown
	}
	d.On = rulesDate(t, in.Submission.ReceivedAt)
	switch {
	case d.Declared == fsi.Promotion:
		d.RuleSetKind, d.PromotionBy = fsi.Promotion, "submission"
	case d.Play == fsi.Blitz:
		d.RuleSetKind = k.BlitzJudgedBy
	case d.Play == fsi.Standard && d.Declared == "":
		d.RuleSetKind = fsi.Standard
		if by := promotionBy(f, in, d.On); by != "" {
			d.RuleSetKind, d.PromotionBy = fsi.Promotion, by
		}
	default:
		d.RuleSetKind = d.Play
	}
	return d
}

// declaredKind reads what the submission says the tournament is.
func declaredKind(s string) fsi.Kind {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case string(fsi.Standard), "std", "classical", "standard play", "lento", "gioco lento":
		return fsi.Standard
	case string(fsi.Rapid), "rapido", "gioco rapido", "rapid play":
		return fsi.Rapid
	case string(fsi.Blitz), "lampo", "gioco lampo":
		return fsi.Blitz
	case string(fsi.Promotion), "promozione", "torneo di promozione":
		return fsi.Promotion
	}
	return ""
}

// classify gives the kind of play of a time per player for 60 moves
// (LAWS A.1, B.1, with the bounds of rules.yaml).
func classify(k KindOfPlay, minutes float64) fsi.Kind {
	switch {
	case minutes <= k.BlitzMaxMinutes:
		return fsi.Blitz
	case minutes < k.RapidMaxMinutes, k.RapidMaxInclusive && minutes == k.RapidMaxMinutes:
		return fsi.Rapid
	}
	return fsi.Standard
}

// promotionBy says why a standard tournament is a promotion tournament
// (RTF 5.2.1 a): the calendar lists it so, or its name says so; "" when
// neither.
func promotionBy(f *Rulebook, in Input, on tournament.Date) string {
	if std, _ := f.Select(fsi.Standard, on); std != nil && in.Registers != nil {
		if m := matchEvent(in.Tournament, in.Submission, in.Registers.Calendar, in.Registers.Arbiters, std.Params.Eligibility.Authorisation); m != nil && len(m.events) == 1 &&
			fsi.Kind(m.events[0].Kind) == fsi.Promotion {
			return "calendar"
		}
	}
	if in.Tournament != nil && hasNameWord(in.Tournament.Name, f.KindOfPlay.PromotionNameWords) {
		return "name"
	}
	return ""
}

// rulesDate is the date the rule set is chosen for: the start of the
// tournament, else its end, else its first round, else the receipt date.
func rulesDate(t *tournament.Tournament, received time.Time) tournament.Date {
	if t != nil {
		s, e := startEnd(t)
		if !s.IsZero() {
			return s
		}
		if !e.IsZero() {
			return e
		}
	}
	if !received.IsZero() {
		return tournament.DateOf(received)
	}
	return tournament.Date{}
}

// startEnd returns the tournament's first and last day: 042 and 052,
// else the first and last round dates.
func startEnd(t *tournament.Tournament) (start, end tournament.Date) {
	start, end = t.Start, t.End
	var first, last tournament.Date
	for _, d := range t.RoundDates {
		if !d.IsFull() {
			continue
		}
		if first.IsZero() || d.Before(first) {
			first = d
		}
		if last.IsZero() || last.Before(d) {
			last = d
		}
	}
	if !start.IsFull() && !first.IsZero() {
		start = first
	}
	if !end.IsFull() && !last.IsZero() {
		end = last
	}
	return start, end
}

func summarise(t *tournament.Tournament) Summary {
	s := Summary{Name: t.Name, City: t.City, Players: len(t.Players), Rounds: t.Rounds(),
		RateOfPlay: t.RateOfPlayText, Arbiter: t.ChiefArbiter}
	s.Start, s.End = startEnd(t)
	if r := rateOf(t); r != nil {
		s.Minutes60 = r.MinutesFor60Moves()
	}
	return s
}

// listPeriod is the rating list the tournament counts in, given when it
// was received (RTF 4.2.2, RAPID 6.2), with the schedule the rating close
// uses; computed once per file, for the deadline check and the report.
func (p *Pass) listPeriod() periods.Period {
	if p.period == nil {
		d := p.Set.Params.Deadline
		sch := p.Set.List
		per := sch.CountsIn(sch.ForReceipt(tournament.DateOf(p.Submission.ReceivedAt.In(d.Location()))),
			func(label string) bool { return slices.Contains(p.Submission.ClosedLists, string(sch.Kind)+" "+label) })
		// The validator's report has never carried the period's first
		// day: kept out so that its JSON stays as scripts know it.
		per.From = tournament.Date{}
		p.period = &per
	}
	return *p.period
}

// readErrorKind classifies a reader's error for the format check.
func readErrorKind(err error) (refused *tournament.RefusedError, parse *tournament.ParseError, empty bool) {
	errors.As(err, &refused)
	errors.As(err, &parse)
	return refused, parse, errors.Is(err, tournament.ErrEmpty)
}
