package validate

import (
	"slices"
	"strings"
	"unicode"

	"omologa/registers"
	"omologa/rules"
	"omologa/tournament"
)

// How a player of the file was found in the players' register.
const (
	byFide       = "fide"        // FIDE id
	byFSI        = "fsi"         // FSI id from a national record or .tdf column
	byFSIInFide  = "fsi-in-fide" // FSI id written in the FIDE-id column
	byNameBirth  = "name+birth"  // normalised name and birth date
	byNameOnly   = "name"        // normalised name, no birth date to compare
	matchUnknown = ""
)

// playerMatch is one player of the file looked up in the register.
type playerMatch struct {
	start int
	row   *registers.Player // nil when not found or ambiguous
	by    string
	// candidates are the rows a name or an id fits when more than one
	// does (ambiguous).
	candidates []*registers.Player
	// conflict is the row the FSI id names when the FIDE id named
	// another.
	conflict *registers.Player
}

// registerIndex indexes the players' register by id and name.
type registerIndex struct {
	fide, fsi, name map[string][]*registers.Player
}

func indexPlayers(ps *registers.Players) *registerIndex {
	ix := &registerIndex{fide: map[string][]*registers.Player{}, fsi: map[string][]*registers.Player{},
		name: map[string][]*registers.Player{}}
	for i := range ps.Rows {
		r := &ps.Rows[i]
		if id := digits(r.FideID); id != "" {
			ix.fide[id] = append(ix.fide[id], r)
		}
		if id := digits(r.FSIID); id != "" {
			ix.fsi[id] = append(ix.fsi[id], r)
		}
		k := nameKeys(r.Surname, r.Name)
		ix.name[k[0]] = append(ix.name[k[0]], r)
		if k[1] != k[0] {
			ix.name[k[1]] = append(ix.name[k[1]], r)
		}
	}
	return ix
}

// digits returns s when it is a number (leading zeros dropped), else "".
func digits(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return ""
		}
	}
	s = strings.TrimLeft(s, "0")
	return s
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
	ix := indexPlayers(p.Registers.Players)
	cfg := p.Set.Params.Identity
	out := make([]playerMatch, len(p.Tournament.Players))
	for i := range p.Tournament.Players {
		out[i] = matchPlayer(ix, &p.Tournament.Players[i], cfg)
	}
	p.playerMatches = out
	return out
}

func matchPlayer(ix *registerIndex, pl *tournament.Player, cfg rules.Identity) playerMatch {
	m := playerMatch{start: pl.Start}
	fide, fsi := digits(pl.FideID), digits(pl.NationalID)
	if fide != "" {
		switch rows := ix.fide[fide]; {
		case len(rows) == 1:
			m.row, m.by = rows[0], byFide
		case len(rows) > 1:
			m.candidates, m.by = rows, byFide
			return m
		default:
			// Italian programs often write the FSI id in the FIDE-id
			// column.
			if rows := ix.fsi[fide]; len(rows) == 1 && (fsi == "" || fsi == fide) {
				m.row, m.by = rows[0], byFSIInFide
			}
		}
	}
	if fsi != "" {
		rows := ix.fsi[fsi]
		switch {
		case m.row != nil && len(rows) == 1 && rows[0] != m.row:
			m.conflict = rows[0]
		case m.row == nil && len(rows) == 1:
			m.row, m.by = rows[0], byFSI
		case m.row == nil && len(rows) > 1:
			m.candidates, m.by = rows, byFSI
			return m
		}
	}
	if m.row != nil || !cfg.MatchByName {
		return m
	}
	var cands []*registers.Player
	withBirth := false
	for _, r := range ix.name[letters(pl.Name)] {
		switch {
		case !pl.BirthDate.IsZero() && !r.BirthDate.IsZero():
			if sameBirth(pl.BirthDate, r.BirthDate) {
				if !withBirth {
					cands, withBirth = cands[:0], true
				}
				cands = append(cands, r)
			}
		case !withBirth && !cfg.NameMatchNeedsBirthDate:
			cands = append(cands, r)
		}
	}
	switch {
	case len(cands) == 1:
		m.row = cands[0]
		m.by = byNameOnly
		if withBirth {
			m.by = byNameBirth
		}
	case len(cands) > 1:
		m.candidates, m.by = cands, byNameOnly
	}
	return m
}

// sameBirth compares two birth dates to the precision both have (a file
// often gives the year only).
func sameBirth(a, b tournament.Date) bool {
	if a.Year != b.Year {
		return false
	}
	if a.Month != 0 && b.Month != 0 && a.Month != b.Month {
		return false
	}
	return a.Day == 0 || b.Day == 0 || a.Day == b.Day
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
		id := digits(w)
		if id == "" {
			continue
		}
		for i := range as {
			if digits(as[i].FSIID) == id {
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
		k := nameKeys(a.Surname, a.Name)
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
	self := t.Name + " " + t.City
	best := 0.0
	var top []*registers.Event
	for i := range cal {
		ev := &cal[i]
		if ev.Start.IsZero() || ev.End.IsZero() {
			continue
		}
		from, to := ev.Start.AddDays(-cfg.DateSlackDays), ev.End.AddDays(cfg.DateSlackDays)
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
	if len(top) == 0 {
		return nil
	}
	return &eventMatch{events: top, by: "name"}
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
	return &Authorisation{Code: e.Code, Name: e.Name, City: e.City, Start: e.Start, End: e.End,
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
