package validate

import (
	"slices"
	"strings"
	"unicode"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// playerMatch is one player of the file looked up in the register with
// the project's one matcher (registers.Index.Match), as rows.
type playerMatch struct {
	start int
	row   *registers.Player // nil when not found or ambiguous
	by    string            // registers.ByFide, ByFSI, ...
	// candidates are the rows a name or an id fits when more than one
	// does (ambiguous).
	candidates []*registers.Player
	// conflict is the row the FSI id names when the FIDE id named
	// another.
	conflict *registers.Player
}

// matchOptions are the identity settings as the matcher takes them.
func matchOptions(cfg rules.Identity) registers.MatchOptions {
	return registers.MatchOptions{ByName: cfg.MatchByName, NameNeedsBirthDate: cfg.NameMatchNeedsBirthDate}
}

// matches returns the register match of every player of the file, in
// file order; nil when there is no players' register.
func (p *Pass) matches() []playerMatch {
	if p.matchedDone {
		return p.playerMatches
	}
	p.matchedDone = true
	if p.Registers == nil || p.Registers.Players == nil || p.Tournament == nil {
		return nil
	}
	ix := registers.NewIndex(p.Registers.Players)
	o := matchOptions(p.Set.Params.Identity)
	out := make([]playerMatch, len(p.Tournament.Players))
	for i := range p.Tournament.Players {
		pl := &p.Tournament.Players[i]
		m := ix.Match(pl, o)
		pm := playerMatch{start: pl.Start, row: ix.Row(m.Row), by: m.By, conflict: ix.Row(m.Conflict)}
		for _, c := range m.Candidates {
			pm.candidates = append(pm.candidates, ix.Row(c))
		}
		out[i] = pm
	}
	p.playerMatches = out
	return out
}

func registerName(r *registers.Player) string { return strings.TrimSpace(r.Surname + " " + r.Name) }

func candidateList(rs []*registers.Player) string {
	var parts []string
	for _, r := range rs {
		s := registerName(r)
		if r.FSIID != "" {
			s += " (FSI " + r.FSIID + ")"
		} else if r.FideID != "" {
			s += " (FIDE " + r.FideID + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// matchArbiter finds the chief arbiter named in 102 in the register: an
// FSI id written in the text, else every word of the register's surname
// and name found among the text's words (either order, accents folded,
// titles such as "IA" or "AN" ignored because only the register's words
// are looked for).
func matchArbiter(text string, as []registers.Arbiter) []*registers.Arbiter {
	var byID []*registers.Arbiter
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsDigit(r) }) {
		id := registers.IDKey(w)
		if id == "" {
			continue
		}
		for i := range as {
			if registers.IDKey(as[i].FSIID) == id {
				byID = append(byID, &as[i])
			}
		}
	}
	if len(byID) > 0 {
		return byID
	}
	in := map[string]bool{}
	for _, w := range words(text) {
		in[w] = true
	}
	letterText := letters(text)
	var out []*registers.Arbiter
	for i := range as {
		a := &as[i]
		ws := words(a.Surname + " " + a.Name)
		if len(ws) == 0 {
			continue
		}
		all := true
		for _, w := range ws {
			all = all && in[w]
		}
		k := registers.NameKeys(a.Surname, a.Name)
		if all || letterText == k[0] || letterText == k[1] {
			out = append(out, a)
		}
	}
	return out
}

// eventMatch is the calendar's answer for a tournament.
type eventMatch struct {
	events []*registers.Event // one: matched; more: ambiguous
	by     string             // "code" or "name"
}

// matchEvent looks the tournament up in the calendar of authorised
// tournaments: by event code (stated in the e-mail or written in the
// tournament's name), else by overlapping dates and similar name and
// city. It returns nil when nothing fits.
func matchEvent(t *tournament.Tournament, sub Submission, cal []registers.Event, cfg rules.Authorisation) *eventMatch {
	if t == nil || len(cal) == 0 {
		return nil
	}
	codes := map[string]bool{}
	for _, k := range []string{"code", "codice"} {
		if v := letters(sub.Fields[k]); v != "" {
			codes[v] = true
		}
	}
	for _, w := range strings.Fields(t.Name) {
		if v := letters(w); v != "" {
			codes[v] = true
		}
	}
	var byCode []*registers.Event
	for i := range cal {
		if c := letters(cal[i].Code); c != "" && codes[c] {
			byCode = append(byCode, &cal[i])
		}
	}
	if len(byCode) > 0 {
		return &eventMatch{events: byCode, by: "code"}
	}
	start, end := startEnd(t)
	if start.IsZero() && end.IsZero() {
		return nil
	}
	if start.IsZero() {
		start = end
	}
	if end.IsZero() {
		end = start
	}
	if top := eventsByName(t, cal, cfg, start, end, cfg.DateSlackDays); len(top) > 0 {
		return &eventMatch{events: top, by: "name"}
	}
	// regs §4c: dates that differ from the authorised ones are a warning
	// for the office, not a missing authorisation; the same name within
	// OtherDatesDays of the event is that event, played on other dates.
	if cfg.OtherDatesDays > cfg.DateSlackDays {
		if top := eventsByName(t, cal, cfg, start, end, cfg.OtherDatesDays); len(top) > 0 {
			return &eventMatch{events: top, by: "name-other-dates"}
		}
	}
	return nil
}

// eventsByName returns the calendar events whose dates, widened by slack
// days on both sides, overlap start–end and whose name (and city) share
// the most words with the tournament's, at least MinNameSimilarity.
func eventsByName(t *tournament.Tournament, cal []registers.Event, cfg rules.Authorisation, start, end tournament.Date, slack int) []*registers.Event {
	self := t.Name + " " + t.City
	best := 0.0
	var top []*registers.Event
	for i := range cal {
		ev := &cal[i]
		if ev.Start.IsZero() || ev.End.IsZero() {
			continue
		}
		from, to := ev.Start.AddDays(-slack), ev.End.AddDays(slack)
		if end.Before(from) || to.Before(start) {
			continue
		}
		s := max(similarity(t.Name, ev.Name), similarity(self, ev.Name+" "+ev.City))
		if s < cfg.MinNameSimilarity {
			continue
		}
		switch {
		case s > best:
			best, top = s, []*registers.Event{ev}
		case s == best:
			top = append(top, ev)
		}
	}
	return top
}

// event returns the calendar match (cached), nil when none.
func (p *Pass) eventMatch() *eventMatch {
	if !p.eventDone {
		p.eventDone = true
		if p.Registers != nil {
			p.event = matchEvent(p.Tournament, p.Submission, p.Registers.Calendar, p.Set.Params.Eligibility.Authorisation)
		}
	}
	return p.event
}

// authorisation is the report's form of the calendar match: the one
// event matched, nil when none or several.
func (p *Pass) authorisation() *Authorisation {
	m := p.eventMatch()
	if m == nil || len(m.events) != 1 {
		return nil
	}
	e := m.events[0]
	return &Authorisation{Code: e.Code, Name: e.Name, City: e.City, Province: e.Province, Start: e.Start, End: e.End,
		OrganiserEmail: e.OrganiserEmail, By: m.by}
}

func eventCodes(es []*registers.Event) string {
	var cs []string
	for _, e := range es {
		cs = append(cs, e.Code)
	}
	slices.Sort(cs)
	return strings.Join(cs, ", ")
}

// MatchArbiter finds the register's arbiters a file's arbiter field (102
// or 112) names, by FSI id or by name: the validator's own matcher, for
// the intake's check that a sender is the tournament's arbiter.
func MatchArbiter(text string, as []registers.Arbiter) []*registers.Arbiter {
	return matchArbiter(text, as)
}
