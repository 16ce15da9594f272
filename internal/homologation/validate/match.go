package validate

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"omologa/internal/fsi/registers"
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

// MatchOptions are the identity settings as the register's matcher
// takes them: the validator's, and the FIDE export's, which must find
// the same players.
func (cfg IdentityParams) MatchOptions() registers.MatchOptions {
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
	o := p.Set.Params.Identity.MatchOptions()
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
	events []*registers.Event // one: matched; more: ambiguous among them
	by     string             // "code", "name" or "name-other-dates"
	// uncertain, when events is empty, are the events the tournament
	// fits on one piece of evidence only (the dates, or the name): never
	// authorised nor refused on that alone, the office decides.
	uncertain []candidate
}

// candidate is a calendar event and what the tournament has in common
// with it.
type candidate struct {
	ev *registers.Event
	evidence
}

// evidence is what a tournament has in common with a calendar event.
type evidence struct {
	dates      bool // overlapping, within DateSlackDays
	otherDates bool // within OtherDatesDays, not overlapping
	name       bool // name similarity at least MinNameSimilarity
	similarity float64
	city       bool // the file's city (or the mail's venue) is the event's
	noCity     bool // neither the file nor the mail says where
	arbiter    bool // the file's chief arbiter is the event's
	organiser  bool // the sender, or the organiser the mail names, is the event's
	otherCity  bool // the file (or the mail) names a city, and not the event's
	code       bool // the tournament names the event's code, and nothing else is the event's
}

func (e evidence) support() bool { return e.arbiter || e.organiser }

// score ranks the events fitting at the same level: more in common first.
func (e evidence) score() float64 {
	s := e.similarity
	for _, b := range []bool{e.city, e.arbiter, e.organiser} {
		if b {
			s++
		}
	}
	return s
}

// matchEvent looks the tournament up in the calendar of authorised
// tournaments (regs §4c): by event code (stated in the e-mail or written
// in the tournament's name); else on evidence: dates overlapping the
// authorised ones, a similar name (after the one fold of
// registers.Fold), the same city, and as support the chief arbiter and
// the organiser (the sender, or the organiser the mail names). Dates and
// name match with the city, or with nothing saying the city differs, or
// with the arbiter or organiser backing them; the same name within
// OtherDatesDays, backed by the city, the arbiter or the organiser, is
// the event played on other dates. Among several, the one with more in
// common wins. The dates without the name (an arbiter runs several
// tournaments in one club: even with the city, the arbiter and the
// organiser), or the name alone, are uncertain: the office is shown the
// candidates. It returns nil when nothing fits at all.
func matchEvent(t *tournament.Tournament, sub Submission, cal []registers.Event, arbiters []registers.Arbiter, cfg AuthorisationParams) *eventMatch {
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
	start, end := startEnd(t)
	if start.IsZero() {
		start = end
	}
	if end.IsZero() {
		end = start
	}
	var byCode []*registers.Event
	var otherCode []candidate
	for i := range cal {
		ev := &cal[i]
		if c := letters(ev.Code); c == "" || !codes[c] {
			continue
		}
		// A code names its event, unless nothing else of the
		// tournament is the event's: a code copied from another
		// tournament's notice (issue 30) is a candidate, not an
		// authorisation.
		sim := similarity(t.Name, ev.Name)
		near := start.IsZero() || ev.Start.IsZero() || ev.End.IsZero() ||
			overlaps(start, end, ev.Start, ev.End, max(cfg.OtherDatesDays, cfg.DateSlackDays))
		if near || (sim >= cfg.MinNameSimilarity && sim > 0) {
			byCode = append(byCode, ev)
			continue
		}
		otherCode = append(otherCode, candidate{ev: ev, evidence: evidence{code: true, similarity: sim}})
	}
	if len(byCode) > 0 {
		return &eventMatch{events: byCode, by: "code"}
	}
	if len(otherCode) > 0 {
		return &eventMatch{uncertain: otherCode[:min(len(otherCode), 5)]}
	}
	if start.IsZero() && end.IsZero() {
		return nil
	}
	city := strings.TrimSpace(t.City)
	if city == "" {
		city = strings.TrimSpace(sub.Fields["venue"])
	}
	var chief map[string]bool
	if strings.TrimSpace(t.ChiefArbiter) != "" {
		chief = map[string]bool{}
		for _, a := range matchArbiter(t.ChiefArbiter, arbiters) {
			chief[registers.IDKey(a.FSIID)] = true
		}
	}
	sender := strings.ToLower(strings.TrimSpace(sub.Sender))
	levels := map[string][]candidate{}
	var uncertain []candidate
	for i := range cal {
		ev := &cal[i]
		if ev.Start.IsZero() || ev.End.IsZero() {
			continue
		}
		var e evidence
		e.dates = overlaps(start, end, ev.Start, ev.End, cfg.DateSlackDays)
		e.otherDates = !e.dates && cfg.OtherDatesDays > cfg.DateSlackDays && overlaps(start, end, ev.Start, ev.End, cfg.OtherDatesDays)
		if !e.dates && !e.otherDates {
			continue
		}
		e.similarity = similarity(t.Name, ev.Name)
		e.name = e.similarity >= cfg.MinNameSimilarity && e.similarity > 0
		e.noCity = city == ""
		e.city = !e.noCity && ev.City != "" && (containsWords(ev.City, city) || containsWords(city, ev.City))
		e.arbiter = ev.ArbiterFSIID != "" && chief[registers.IDKey(ev.ArbiterFSIID)]
		e.organiser = (ev.OrganiserEmail != "" && sender != "" && strings.Contains(sender, strings.ToLower(ev.OrganiserEmail))) ||
			(ev.Organiser != "" && similarity(sub.Fields["organiser"], ev.Organiser) >= cfg.MinNameSimilarity)
		c := candidate{ev: ev, evidence: e}
		// The same name and dates in another city (or province) is not
		// that event, whoever backs it: another club may run a
		// tournament of the same name on the same weekend (issue 30).
		e.otherCity = !e.noCity && !e.city && ev.City != ""
		c.otherCity = e.otherCity
		switch {
		case e.dates && e.name && (e.city || e.noCity):
			levels["name"] = append(levels["name"], c)
		case e.otherDates && e.name && (e.city || (e.support() && !e.otherCity)):
			levels["name-other-dates"] = append(levels["name-other-dates"], c)
		case e.dates && e.name && e.support() && !e.otherCity:
			levels["name"] = append(levels["name"], c)
		case e.dates && (e.name || e.city || e.noCity || e.support()), e.otherDates && e.name:
			// The dates alone (nothing saying the place differs), or the
			// name alone: a candidate for the office. The dates of an
			// event elsewhere, by another name, are not evidence: the
			// calendar has many events on one weekend.
			uncertain = append(uncertain, c)
		}
	}
	for _, by := range []string{"name", "name-other-dates"} {
		if top := best(levels[by]); len(top) > 0 {
			return &eventMatch{events: top, by: by}
		}
	}
	if len(uncertain) > 0 {
		// The most alike first, a few at most.
		slices.SortStableFunc(uncertain, func(a, b candidate) int { return cmp.Compare(b.score(), a.score()) })
		return &eventMatch{uncertain: uncertain[:min(len(uncertain), 5)]}
	}
	return nil
}

// overlaps reports whether start–end overlaps from–to widened by slack
// days on both sides.
func overlaps(start, end, from, to tournament.Date, slack int) bool {
	return !end.Before(from.AddDays(-slack)) && !to.AddDays(slack).Before(start)
}

// best returns the candidates of the highest score.
func best(cs []candidate) []*registers.Event {
	top, hi := []*registers.Event(nil), -1.0
	for _, c := range cs {
		switch s := c.score(); {
		case s > hi:
			top, hi = []*registers.Event{c.ev}, s
		case s == hi:
			top = append(top, c.ev)
		}
	}
	return top
}

// event returns the calendar match (cached), nil when none.
func (p *Pass) eventMatch() *eventMatch {
	if !p.eventDone {
		p.eventDone = true
		switch o := p.Submission.Office; {
		case p.Registers == nil:
		case o != nil && o.Refused:
			// The office declared the tournament not authorised.
		case o != nil && o.Code != "":
			// The office confirmed the event the calendar left
			// uncertain: that one, whatever the evidence says.
			for i := range p.Registers.Calendar {
				if ev := &p.Registers.Calendar[i]; letters(ev.Code) == letters(o.Code) {
					p.event = &eventMatch{events: []*registers.Event{ev}, by: "office"}
					break
				}
			}
			if p.event == nil {
				p.event = matchEvent(p.Tournament, p.Submission, p.Registers.Calendar, p.Registers.Arbiters, p.Set.Params.Eligibility.Authorisation)
			}
		default:
			p.event = matchEvent(p.Tournament, p.Submission, p.Registers.Calendar, p.Registers.Arbiters, p.Set.Params.Eligibility.Authorisation)
		}
	}
	return p.event
}

// authorisation is the report's form of the calendar match: the one
// event matched, nil when none or several.
func (p *Pass) authorisation() *Authorisation {
	m := p.eventMatch()
	if m == nil || len(m.events) != 1 {
		return nil // none, several, or uncertain
	}
	e := m.events[0]
	return &Authorisation{Code: e.Code, Name: e.Name, City: e.City, Province: e.Province, Start: e.Start, End: e.End,
		OrganiserEmail: e.OrganiserEmail, By: m.by}
}

// commonWords and differWords are what a candidate has in common with
// the tournament and what differs, in the words of validate.common.* and
// validate.differs.*, in the order they are said.
func (c candidate) commonWords() []string {
	var out []string
	for _, x := range []struct {
		ok   bool
		what string
	}{
		{c.dates, "dates"}, {c.otherDates, "nearby-dates"}, {c.name, "name"},
		{c.city, "city"}, {c.arbiter, "arbiter"}, {c.organiser, "organiser"}, {c.code, "code"},
	} {
		if x.ok {
			out = append(out, x.what)
		}
	}
	return out
}

func (c candidate) differWords() []string {
	var out []string
	for _, x := range []struct {
		ok   bool
		what string
	}{
		{!c.dates && !c.otherDates, "dates"}, {c.otherDates, "dates"}, {!c.name, "name"}, {c.otherCity, "city"},
	} {
		if x.ok && !slices.Contains(out, x.what) {
			out = append(out, x.what)
		}
	}
	return out
}

// candidateEvents lists the uncertain candidates for the office: code,
// name, city and dates of each, what the tournament has in common with
// it and what differs.
func candidateEvents(cs []candidate) Text {
	var events []Text
	for _, c := range cs {
		var common, differs []Text
		for _, w := range c.commonWords() {
			common = append(common, say("validate.common."+w))
		}
		for _, w := range c.differWords() {
			differs = append(differs, say("validate.differs."+w))
		}
		if len(common) == 0 {
			common = append(common, say("validate.common.nothing"))
		}
		e := say("validate.candidate", c.ev.Code, c.ev.Name, c.ev.City, dateSpan(c.ev.Start, c.ev.End), joinAnd(common))
		if len(differs) > 0 {
			e = say("validate.candidate.differs", e, joinAnd(differs))
		}
		events = append(events, e)
	}
	return join(events, "; ")
}

// candidates is the report's form of an uncertain match: the events the
// office chooses among (nil when the calendar settled it).
func (p *Pass) candidates() []Candidate {
	m := p.eventMatch()
	if m == nil || len(m.events) == 1 {
		return nil
	}
	var out []Candidate
	if len(m.events) > 1 {
		for _, e := range m.events {
			out = append(out, Candidate{Code: e.Code, Name: e.Name, City: e.City, Province: e.Province, Start: e.Start, End: e.End})
		}
		return out
	}
	for _, c := range m.uncertain {
		e := c.ev
		out = append(out, Candidate{Code: e.Code, Name: e.Name, City: e.City, Province: e.Province, Start: e.Start, End: e.End,
			Common: c.commonWords(), Differs: c.differWords()})
	}
	return out
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
