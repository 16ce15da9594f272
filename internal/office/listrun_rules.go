package office

// The rules of a list run, pure and table-tested (listrun_test.go):
// which files a close rates (the period's, those homologated late, each
// tournament rated once), and the list in force brought up to date from
// the players' register (RTF 4.2.6, 4.2.9) and the other kind's list
// (RAPID 6.1).

import (
	"fmt"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
)

// laterThan returns the closed periods after period.
func laterThan(closed []string, period string) []string {
	var out []string
	for _, p := range closed {
		if p > period {
			out = append(out, p)
		}
	}
	return out
}

// lateInto reports whether a tournament received on day, never rated,
// is rated late in the period starting on periodFrom: received from the
// first list's period on (before it, the list in force holds it) and
// before the period.
func lateInto(day, firstFrom, periodFrom tournament.Date) bool {
	return !day.Before(firstFrom) && day.Before(periodFrom)
}

// rateChoice is what the close does with one homologated file.
type rateChoice struct {
	Rate bool
	// Day is the receipt day the rating takes (the period's first day
	// for a file rated late).
	Day tournament.Date
	// Warning, in English, says what the office should know ("" none).
	Warning string
}

// ratedIn decides, for one homologated file received on day (late: never
// rated and received before the period), whether the period's close
// rates it: not when outside the period, nor when its tournament was
// rated in another list already (ratedIn names it: its changes go as
// corrections); a late file is rated as received on the period's first
// day; a verdict that recorded another list than the schedule's says so.
func ratedIn(name string, k fsi.Kind, period periods.Period, day tournament.Date, late bool, recorded string, corrected bool,
	ratedInList string) rateChoice {
	switch {
	case !period.Contains(day) && !late:
		return rateChoice{}
	case ratedInList != "" && late:
		return rateChoice{}
	case ratedInList != "":
		return rateChoice{Warning: fmt.Sprintf("%s: the tournament was already rated in the %s list %s: not rated again (its changes are carried as corrections)", name, k, ratedInList)}
	case late:
		return rateChoice{Rate: true, Day: period.From,
			Warning: fmt.Sprintf("%s: received on %s, before this period, and not rated in any list (homologated after its list was closed, or its list never closed): rated in this list", name, dmy(day))}
	case recorded != "" && recorded != period.Label && !corrected:
		return rateChoice{Rate: true, Day: day,
			Warning: fmt.Sprintf("%s: the verdict recorded list %s, the schedule of the rating settings says %s: rated in %s", name, recorded, period.Label, period.Label)}
	}
	return rateChoice{Rate: true, Day: day}
}

// refresh brings a stored list in force up to date with the players'
// register: identity, club, FIDE ratings and membership are the
// federation's register's (a new membership year, a FIDE rating gained
// or lost, RTF 4.2.6 and 4.2.9, reach the rating stage only this way);
// Elo Italia, Elo Italia Rapid, the category and the engine's state are
// the list's own. Members the list lacks join it as the register has
// them. It returns the rows changed and the rows added.
func refresh(list, reg *registers.Players) (changed, joined int) {
	row := make(map[string]int, len(list.Rows))
	for i, r := range list.Rows {
		if r.FSIID != "" {
			row[r.FSIID] = i
		}
	}
	for _, src := range reg.Rows {
		if src.FSIID == "" {
			continue
		}
		i, ok := row[src.FSIID]
		if !ok {
			add := src
			add.Extra = nil // the register's own state columns, if any, are not the list's
			list.Rows = append(list.Rows, add)
			row[src.FSIID] = len(list.Rows) - 1
			joined++
			continue
		}
		dst := &list.Rows[i]
		before := *dst
		dst.FideID, dst.Surname, dst.Name, dst.Sex, dst.BirthDate = src.FideID, src.Surname, src.Name, src.Sex, src.BirthDate
		dst.Federation, dst.Province, dst.Club = src.Federation, src.Province, src.Club
		dst.FideStandard, dst.FideRapid, dst.MembershipYear = src.FideStandard, src.FideRapid, src.MembershipYear
		if dst.FideID != before.FideID || dst.Surname != before.Surname || dst.Name != before.Name || dst.Sex != before.Sex ||
			dst.BirthDate != before.BirthDate || dst.Federation != before.Federation || dst.Province != before.Province ||
			dst.Club != before.Club || dst.FideStandard != before.FideStandard || dst.FideRapid != before.FideRapid ||
			dst.MembershipYear != before.MembershipYear {
			changed++
		}
	}
	return changed, joined
}

// fromOtherList copies into the list in force of kind k the ratings the
// other kind's list in force owns, since each kind chains from its own
// lists only. A rapid list takes Elo Italia and the national category
// from the standard list: a player entering the rapid list enters with
// his Elo Italia (RAPID 6.1). A standard list takes Elo Italia Rapid and
// the rapid K lock from the rapid list, so that the rows it publishes
// and chains are not stale. Players are matched by FSI id; it returns the
// rows changed.
func fromOtherList(list, other *registers.Players, k fsi.Kind) (changed int) {
	byID := make(map[string]*registers.Player, len(other.Rows))
	for i := range other.Rows {
		if id := other.Rows[i].FSIID; id != "" {
			byID[id] = &other.Rows[i]
		}
	}
	for i := range list.Rows {
		dst := &list.Rows[i]
		src, ok := byID[dst.FSIID]
		if !ok || dst.FSIID == "" {
			continue
		}
		before := *dst
		if k == fsi.Rapid {
			dst.EloItalia, dst.Category = src.EloItalia, src.Category
		} else {
			dst.EloRapid, dst.RapidK20 = src.EloRapid, src.RapidK20
		}
		if dst.EloItalia != before.EloItalia || dst.Category != before.Category ||
			dst.EloRapid != before.EloRapid || dst.RapidK20 != before.RapidK20 {
			changed++
		}
	}
	return changed
}

// dmy writes a date as the office reads it.
func dmy(d tournament.Date) string { return italian.DMY(d.Year, d.Month, d.Day) }
