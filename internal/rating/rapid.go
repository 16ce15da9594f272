package rating

// The rapid list's end of a close (RAPID 6.9, 7.3, 8.3), row by row.

import (
	"fmt"
	"strconv"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
)

// closeRapid ends a rapid close row by row: removal, K lock, categories.
// The rows before startLen were on the list in force, row i with the Elo
// Rapid inForce(i).
func closeRapid(w *writer, st []rowState, in Close, rep *Report, noPromotion []bool, startLen int, inForce func(i int) int) {
	list := w.list
	tally := &bandTally{counts: make([]int, len(in.Settings.Rapid.Categories)), held: map[string][]bandCount{}}
	for i := range list.Rows {
		if list.Rows[i].EloRapid != 0 {
			before := 0
			if i < startLen {
				before = inForce(i)
			}
			closeRapidRow(&list.Rows[i], &st[i], tally, in, rep, noPromotion[i], before)
		}
		w.flush(i, &st[i])
	}
}

// closeRapidRow closes one rated row; inForce is its Elo Rapid on the
// list in force (0 when it had none).
func closeRapidRow(row *registers.Player, rs *rowState, tally *bandTally, in Close, rep *Report, noPromotion bool, inForce int) {
	counts := tally.counts
	q := &in.Settings.Rapid
	issue := in.Period.Issue
	// RAPID 6.9: no tournament in the last RemovalYears calendar
	// years.
	if last, known := rs.lastRapid.date(), rs.lastRapid.ok; known && q.RemovalYears > 0 && last.Year < issue.Year-q.RemovalYears {
		rep.Removed = push(rep.Removed, PlayerNote{FSIID: row.FSIID, Name: fullName(row),
			Reason: fmt.Sprintf("no rapid tournament since %s: Elo Rapid %d removed", last, row.EloRapid), Article: "RAPID 6.9"})
		// regs §4b: removed entirely, rating, K lock and category; he
		// re-enters under RAPID 6.1 like a new player.
		row.EloRapid, row.RapidK20 = 0, false
		rs.setRapidCategory("")
		rs.setRapidBands(nil)
		return
	}
	// RAPID 7.3: K 20 for ever from 2200.
	if q.KLock && !row.RapidK20 && row.EloRapid >= q.KHighFrom {
		row.RapidK20 = true
		rep.KLocked = push(rep.KLocked, PlayerNote{FSIID: row.FSIID, Name: fullName(row),
			Reason: fmt.Sprintf("reached %d: K %d from now on", row.EloRapid, q.KHigh), Article: "RAPID 7.3"})
	}
	// RAPID 8.3: bands held, category never lowered. Every list counts
	// as one period held, the list in force too when no band history
	// says it was counted (regs §4b: a migrated list gets its
	// categories at the first close).
	bandCounts(rs.rapidBands, q.Categories, counts)
	if !rs.bandsWritten && inForce > 0 {
		countBand(counts, inForce, q)
	}
	countBand(counts, row.EloRapid, q)
	rs.setRapidBands(tally.heldBands(q.Categories))
	cur := rs.rapidCategory
	best := cur
	for b := range q.Categories {
		if counts[b] >= q.CategoryMinPeriods {
			if best == "" || b < bandIndex(q.Categories, best) {
				best = q.Categories[b].Name
			}
			break
		}
	}
	switch {
	case best != cur && noPromotion:
		rep.Withheld = push(rep.Withheld, CategoryChange{FSIID: row.FSIID, Name: fullName(row),
			From: cur, To: best, Rating: row.EloRapid, Article: ArtWithdrawal})
	case best != cur:
		rep.Categories = push(rep.Categories, CategoryChange{FSIID: row.FSIID, Name: fullName(row),
			From: cur, To: best, Rating: row.EloRapid, Article: "RAPID 8.3"})
		rs.setRapidCategory(best)
	}
}

// countBand counts one list period held at rating (RAPID 8.3).
func countBand(counts []int, rating int, q *rules.RapidRating) {
	for b := range q.Categories {
		// Counts beyond CategoryMinPeriods say nothing more: capping
		// them keeps the state column stable.
		if rating >= q.Categories[b].Min && counts[b] < q.CategoryMinPeriods {
			counts[b]++
			if !q.CategoryCountsHigherBands {
				break
			}
		}
	}
}

// bandCounts puts the bands held into counts, one per band of the
// settings; names not among them are dropped.
func bandCounts(held []bandCount, bands []rules.Band, counts []int) {
	clear(counts)
	for _, h := range held {
		if b := bandIndex(bands, h.name); b < len(bands) {
			counts[b] = h.n
		}
	}
}

// bandTally is closeRapid's scratch: the counts of the row at hand, and
// the bands held made of them, one slice for each set of counts, shared
// by the rows that hold it (a million rows hold a handful of sets, and
// a row's state only reads its bands: setRapidBands keeps what it is
// given).
type bandTally struct {
	counts []int
	held   map[string][]bandCount
	key    []byte
}

// heldBands is heldBands of the counts.
func (t *bandTally) heldBands(bands []rules.Band) []bandCount {
	t.key = t.key[:0]
	for _, n := range t.counts {
		t.key = append(strconv.AppendInt(t.key, int64(n), 10), ';')
	}
	if b, ok := t.held[string(t.key)]; ok {
		return b
	}
	b := heldBands(t.counts, bands)
	t.held[string(t.key)] = b
	return b
}

// heldBands is the bands held of counts, in the settings' order.
func heldBands(counts []int, bands []rules.Band) []bandCount {
	var out []bandCount
	for i, band := range bands {
		if counts[i] > 0 {
			out = append(out, bandCount{band.Name, counts[i]})
		}
	}
	return out
}

func bandIndex(bands []rules.Band, name string) int {
	for i, b := range bands {
		if b.Name == name {
			return i
		}
	}
	return len(bands)
}
