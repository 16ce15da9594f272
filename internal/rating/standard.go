package rating

// The standard list's end of a close (RTF 4.2.6, 4.2.9, 4.4.1), row by
// row.

import (
	"fmt"
	"slices"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// closeStandard ends a standard close row by row: FIDE-rated players
// leave the list and those dropped by FIDE come back (RTF 4.2.6),
// promotions (RTF 4.4.1), who is listed (RTF 4.2.9).
func closeStandard(w *writer, st []rowState, in Close, rep *Report, noPromotion []bool) {
	list := w.list
	s := &in.Settings.Standard
	issue := in.Period.Issue
	activeSince := tournament.DateOf(issue.Time(time.UTC).AddDate(0, -s.ActivityMonths, 0))
	inactive := fmt.Sprintf("inactive: no rated tournament since %s", activeSince)
	// RTF 4.2.9 wants the membership of the year in progress ("anno in
	// corso"): the year of the list's closing date (regs §4b), so the
	// January list, which closes in December, takes the previous year's.
	cutoff := in.Period.Cutoff
	if cutoff.IsZero() {
		cutoff = in.Settings.Schedule(in.Kind).Cutoff(issue)
	}
	memberSince := cutoff.Year
	unregistered := fmt.Sprintf("not registered for %d", memberSince)
	for i := range list.Rows {
		row := &list.Rows[i]
		rs := &st[i]
		fideLast := rs.fideLast
		// RTF 4.2.6: FIDE-rated players leave the Elo Italia list;
		// players dropped by FIDE come back at the minimum − 1.
		if s.RemoveFideRated && row.FideStandard > 0 && row.EloItalia > 0 {
			rep.Removed = push(rep.Removed, PlayerNote{FSIID: row.FSIID, Name: fullName(row),
				Reason: fmt.Sprintf("FIDE-rated (%d): Elo Italia %d removed", row.FideStandard, row.EloItalia), Article: "RTF 4.2.6"})
			row.EloItalia = 0
		}
		if s.FideFloor > 0 && row.FideStandard == 0 && row.EloItalia == 0 && fideLast > 0 {
			row.EloItalia = s.FideFloor - 1
			rep.Reentered = push(rep.Reentered, PlayerNote{FSIID: row.FSIID, Name: fullName(row),
				Reason: fmt.Sprintf("dropped from the FIDE list: Elo Italia %d", row.EloItalia), Article: "RTF 4.2.6"})
		}
		rs.setFideLast(row.FideStandard)
		// RTF 4.4.1: promotions at the start of the new period.
		rt := row.EloItalia
		if s.PromotionUsesFide && row.FideStandard > rt {
			rt = row.FideStandard
		}
		cat := row.Category
		if cat == "" {
			cat = "NC"
		}
		to := cat
		article := ""
		for k, p := range s.Promotions {
			if rt >= p.Min && fsi.CategoryRank(p.Category) > fsi.CategoryRank(to) {
				to, article = p.Category, promotionArticle(k)
			}
		}
		if to != "M" && cat != "M" && maestroOf(row, rs.norms, rs.fideGames, s) {
			to, article = "M", "RTF 4.4.1.5"
		}
		switch {
		case to != cat && noPromotion[i]:
			rep.Withheld = push(rep.Withheld, CategoryChange{FSIID: row.FSIID, Name: fullName(row),
				From: cat, To: to, Rating: rt, Article: ArtWithdrawal})
		case to != cat:
			rep.Promotions = push(rep.Promotions, CategoryChange{FSIID: row.FSIID, Name: fullName(row),
				From: cat, To: to, Rating: rt, Article: article})
			row.Category = to
		}
		// RTF 4.2.9: activity and membership decide who is listed.
		reason := ""
		last, known := rs.lastStandard.date(), rs.lastStandard.ok
		merit, fide := row.Merit()
		switch {
		case merit == 0:
			reason = "no Elo Italia or FIDE rating"
		case known && last.Before(activeSince), !known && !s.UnknownLastGameActive:
			reason = inactive
		case s.ListRequiresMembership && row.MembershipYear < memberSince:
			reason = unregistered
		}
		was := rs.listed
		if reason == "" {
			rs.setFlag(stListed, flagYes)
			if fide {
				rs.setFlag(stListedFide, flagYes)
			} else {
				rs.setFlag(stListedFide, flagNo)
			}
		} else {
			rs.setFlag(stListed, flagNo)
			rs.setFlag(stListedFide, flagNo)
			if was != flagNo && merit > 0 {
				rep.Inactive = push(rep.Inactive, PlayerNote{FSIID: row.FSIID, Name: fullName(row), Reason: reason, Article: "RTF 4.2.9"})
			}
		}
		w.flush(i, rs)
	}
}

// promotionArticle names the article of the k-th promotion of the
// settings (RTF 4.4.1.1–4.4.1.4), without formatting for every row.
func promotionArticle(k int) string {
	if k < len(promotionArticles) {
		return promotionArticles[k]
	}
	return fmt.Sprintf("RTF 4.4.1.%d", k+1)
}

var promotionArticles = []string{"RTF 4.4.1.1", "RTF 4.4.1.2", "RTF 4.4.1.3", "RTF 4.4.1.4"}

// maestroOf reads RTF 4.4.1.5: 2200 Elo Italia, or FIDE with enough
// games, and one long norm or two short ones within the window (norms as
// in the norms column).
func maestroOf(row *registers.Player, norms []norm, fideGames int, s *rules.StandardRating) bool {
	m := &s.Maestro
	ok := row.EloItalia >= m.MinRating || (row.FideStandard >= m.MinRating && fideGames >= m.FideMinGames)
	if !ok || len(norms) == 0 {
		return false
	}
	var short []tournament.Date
	for _, n := range norms {
		if n.long {
			return true
		}
		if n.ok {
			short = append(short, n.start)
		}
	}
	slices.SortFunc(short, func(a, b tournament.Date) int { return a.Compare(b) })
	need := m.ShortNormsNeeded
	for i := 0; i+need-1 < len(short); i++ {
		limit := tournament.DateOf(short[i].Time(time.UTC).AddDate(m.ShortNormWindowYears, 0, 0))
		if !limit.Before(short[i+need-1]) {
			return true
		}
	}
	return false
}
