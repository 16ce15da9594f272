package rating

// The end of a close, once every tournament is rated (closer.finish):
// the corrections carried in, each player's variations together, the
// new ratings, the players added, and the new list handed on.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
)

// carryCorrections carries the corrections of earlier lists, after the
// period's tournaments: a player seen only here keeps his rating in
// force as the one used.
func (c *closer) carryCorrections() {
	for _, cr := range c.in.Corrections {
		row := -1
		if cr.FSIID != "" {
			row = c.ix.Find(&tournament.Player{NationalID: cr.FSIID, Name: cr.Name})
		}
		if row < 0 || row >= c.startLen {
			c.rep.Corrections = append(c.rep.Corrections, cr)
			continue
		}
		cr.Applied = true
		c.rep.Corrections = append(c.rep.Corrections, cr)
		k := c.rowAcc[row]
		if k == 0 {
			k = c.openAcc(row)
			v := c.list.Rows[row].Rating(c.in.Kind)
			c.accs.at(k - 1).seed = Seed{Rating: v, Source: "list", Rated: v > 0, Row: row}
		}
		a := c.accs.at(k - 1)
		a.sum += cr.Delta
		a.corrected = true
		c.addVariation(k-1, c.addSource(ArtCorrection, cr.Tournament), &Line{Applied: cr.Delta, Delta: cr.Delta,
			Articles: []string{"correzione: " + cr.Reason + " (lista " + cr.List + ")"}})
	}
}

// groupVariations puts each player's variations, in the order of the
// tournaments, in one array, the players in the order of the list's
// rows: the order of the report's changes, which the report's readers
// walk in turn (in the order the players were first seen, a walk of the
// changes jumped all over the array: a cache miss a player, issue 31).
func (c *closer) groupVariations() {
	c.off = make([]int32, c.accs.len())
	at := int32(0)
	for _, k := range c.rowAcc {
		if k > 0 {
			c.off[k-1] = at
			at += c.accs.at(k - 1).nvars
		}
	}
	c.grouped = make([]Variation, c.vars.len())
	next := slices.Clone(c.off)
	for _, b := range c.vars.b {
		for j := range b {
			g := &b[j]
			c.grouped[next[g.acc]] = c.variation(g)
			next[g.acc]++
		}
	}
	c.vars, c.sources, c.articles = blocks[gathered]{}, nil, nil
}

// newRatings writes each player's new rating (RTF 4.3.3, 4.4.2; RAPID
// 7.3) and his change; for the rapid list, it keeps the Elo Rapid in
// force of the rows it changes (rapidInForce; RAPID 8.3: the list in
// force is a period held).
func (c *closer) newRatings() {
	in, r := c.in, c.r
	lastCol, last := stLastStandard, func(s *rowState) day { return s.lastStandard }
	if in.Kind == fsi.Rapid {
		lastCol, last = stLastRapid, func(s *rowState) day { return s.lastRapid }
	}
	c.rep.Changes = make([]Change, 0, c.accs.len())
	q := &r.Rapid
	for i, k := range c.rowAcc {
		if k == 0 {
			continue
		}
		a := c.accs.at(k - 1)
		row := &c.list.Rows[i]
		if a.played {
			if old := last(&c.st[i]); old.date().Before(a.last) {
				c.st[i].setLast(lastCol, a.last)
			}
		}
		ch := Change{FSIID: row.FSIID, Name: fullName(row), Used: a.seed.Rating, Source: a.seed.Source,
			Rated: a.seed.Rated, Sum: a.sum, Articles: []string{}, Variations: c.grouped[c.off[k-1] : c.off[k-1]+a.nvars : c.off[k-1]+a.nvars]}
		if i < c.startLen {
			ch.Previous = row.Rating(in.Kind)
		}
		ch.New = ch.Previous
		if in.Kind == fsi.Rapid && i < c.startLen {
			a.rapidInForce = row.EloRapid
		}
		// RAPID 7.3, regs §4b: the K lock starts whenever a player holds
		// 2200 at the start of a period, whatever its origin (the list
		// in force, a RAPID 6.1 entry rating).
		if in.Kind == fsi.Rapid && q.KLock && !row.RapidK20 && a.seed.Rated && a.played && a.seed.Rating >= q.KHighFrom {
			row.RapidK20 = true
			c.rep.KLocked = push(c.rep.KLocked, PlayerNote{FSIID: row.FSIID, Name: fullName(row),
				Reason: fmt.Sprintf("started the period at %d (%s): K %d from now on", a.seed.Rating, a.seed.Source, q.KHigh), Article: "RAPID 7.3"})
		}
		if a.seed.Rated && (a.played || a.corrected) {
			ch.Reached = Round(a.seed.Rating, a.sum)
			ch.New = ch.Reached
			if in.Kind == fsi.Standard && r.Standard.Cap > 0 && slices.Contains(r.Standard.CapCategories, a.seed.Category) {
				limit := max(r.Standard.Cap, a.seed.Rating)
				if ch.New > limit {
					ch.New = limit
					ch.Articles = append(ch.Articles, "RTF 4.4.2")
				}
			}
			row.SetRating(in.Kind, ch.New)
		}
		c.rep.Changes = push(c.rep.Changes, ch)
	}
}

// rapidInForce is row i's Elo Rapid on the list in force (the rows
// after startLen had none), for closeRapid once newRatings has run: a
// row without a change still holds it.
func (c *closer) rapidInForce(i int) int {
	if i >= c.startLen {
		return 0
	}
	if k := c.rowAcc[i]; k > 0 {
		return c.accs.at(k - 1).rapidInForce
	}
	return c.list.Rows[i].EloRapid
}

// noteAdded notes the players the period added to the list.
func (c *closer) noteAdded() {
	for i := c.startLen; i < len(c.list.Rows); i++ {
		row := &c.list.Rows[i]
		a := c.accs.at(c.rowAcc[i] - 1)
		reason := "first rated tournament, entered at " + strconv.Itoa(a.seed.Rating) + " (" + a.seed.Source + ")"
		if !a.played {
			reason = "in a tournament without a game played: no rating yet"
		}
		c.rep.Added = push(c.rep.Added, PlayerNote{FSIID: row.FSIID, Name: fullName(row), Reason: reason})
	}
}

// withdrawalsBlockPromotion marks the rows whose unjustified withdrawal
// loses the promotion (RTF 7.5.3).
func (c *closer) withdrawalsBlockPromotion() []bool {
	noPromotion := make([]bool, len(c.list.Rows))
	if c.opts.Withdrawal.BlocksPromotion {
		for i, k := range c.rowAcc {
			noPromotion[i] = k > 0 && c.accs.at(k-1).withdrew
		}
	}
	return noPromotion
}

// result names the state columns in the new list's header and hands the
// new list on with its state (in place, with its index too).
func (c *closer) result() *Result {
	for _, col := range StateColumns {
		if !slices.Contains(c.list.ExtraHeader, col) {
			c.list.ExtraHeader = append(c.list.ExtraHeader, col)
		}
	}
	next := &List{Players: c.list, st: c.st, lean: c.in.Lean}
	if c.in.InPlace {
		next.ix, next.ixOf, next.ixRows = c.ix, c.list, len(c.list.Rows)
	}
	return &Result{List: c.list, Report: c.rep, Next: next}
}

func fullName(row *registers.Player) string {
	if row.Name == "" {
		return row.Surname
	}
	return row.Surname + " " + row.Name
}

// newRow is the list row of a player first seen in a tournament.
func newRow(p *tournament.Player) registers.Player {
	surname, name, ok := strings.Cut(p.Name, ",")
	if !ok {
		surname, name = p.Name, ""
	}
	fed := p.Federation
	if fed == "" {
		fed = p.NationalFed
	}
	cat := p.Category
	if !fsi.IsCategory(cat) {
		cat = "NC"
	}
	// Copies: the tournament's strings are parts of its file's text,
	// which the list would otherwise keep whole.
	cl := strings.Clone
	return registers.Player{FSIID: cl(p.NationalID), FideID: cl(p.FideID), Surname: cl(strings.TrimSpace(surname)),
		Name: cl(strings.TrimSpace(name)), Sex: cl(strings.ToUpper(p.Sex)), BirthDate: p.BirthDate, Federation: cl(fed),
		Category: cl(cat)}
}
