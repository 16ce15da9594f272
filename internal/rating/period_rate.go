package rating

// One tournament of a period rated: its seeds, the calculation, and its
// account in the period (closer.rate; a Closing runs the calculation on
// a goroutine of its own between the other two).

import "strings"

// rate rates one tournament of the period against the frozen list, or
// notes it excluded when it was received for another period.
func (c *closer) rate(rc Received) {
	if j := c.prepare(rc, nil); j != nil {
		j.rate()
		c.account(j)
		c.seeds, c.lines = j.seeds, j.lines
	}
}

// A tournamentRating is one tournament's rating in three steps:
// prepare, in receipt order (the seeds: frozen for the period, the
// first sight decides a new player's); rate, the calculation, pure,
// which may run on another goroutine; account, in receipt order again
// (the sums, the variations, the report).
type tournamentRating struct {
	rc    Received
	name  string // the tournament's, copied
	o     Options
	seeds []Seed
	lines []Line
}

// prepare starts the rating of rc, its seeds and lines in the buffers
// of j (nil: c's); nil when rc was received for another period (noted
// excluded).
func (c *closer) prepare(rc Received, j *tournamentRating) *tournamentRating {
	in, r := c.in, c.r
	if !in.Period.Contains(rc.Received) {
		c.rep.Excluded = push(c.rep.Excluded, Excluded{File: rc.File, Received: rc.Received,
			Period: r.Schedule(in.Kind).ForReceipt(rc.Received).Label})
		return nil
	}
	if j == nil {
		j = &tournamentRating{seeds: c.seeds, lines: c.lines}
	}
	// The name is a part of the file's text: the report keeps a copy,
	// not the whole text (a caller may drop the tournament once rated).
	j.rc, j.name, j.o = rc, strings.Clone(rc.Tournament.Name), c.opts
	j.o.Withdrawals = rc.Withdrawals
	j.seeds = c.seedPlayers(rc, j.seeds[:0])
	return j
}

// rate computes the lines of j's tournament (Rate): it reads only the
// tournament, the seeds and the options.
func (j *tournamentRating) rate() { j.lines = rateInto(j.lines, j.rc.Tournament, j.seeds, j.o) }

// account adds what j's lines give each player to the period.
func (c *closer) account(j *tournamentRating) {
	rc, t, tname, lines := j.rc, j.rc.Tournament, j.name, j.lines
	end := t.End
	if !end.IsFull() {
		end = t.Start
	}
	if !end.IsFull() {
		end = rc.Received
	}
	games := 0
	src := c.addSource(rc.File, tname)
	for i := range lines {
		l := &lines[i]
		row := j.seeds[i].Row
		k := c.rowAcc[row] - 1
		a := c.accs.at(k)
		games += l.Games
		if l.Games > 0 {
			a.played = true
			if a.last.Before(end) {
				a.last = end
			}
		}
		if l.Rated && l.Games > 0 {
			a.sum += l.Applied
		}
		a.withdrew = a.withdrew || l.Withdrew
		if l.Undecided {
			pr := &c.list.Rows[row]
			c.rep.Undecided = push(c.rep.Undecided, PlayerNote{FSIID: pr.FSIID, Name: fullName(pr),
				Reason:  tname + ": withdrew from a round robin, no office decision: nothing zeroed",
				Article: "FIDE-GR 6.6; RTF 7.5.3"})
		}
		c.addVariation(k, src, l)
		if l.Norm != nil {
			c.addNorm(row, tname, l.Norm)
		}
	}
	c.rep.Tournaments = push(c.rep.Tournaments, TournamentSummary{File: rc.File, Name: tname,
		Received: rc.Received, Players: len(t.Players), Games: games / 2})
}
