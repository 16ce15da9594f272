package rating

import (
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// Index finds a tournament's players in the list in force with the
// project's one matcher (registers.Index, the one validate uses), so
// that a player the validator found is never a new player here: by FIDE
// id, by an FSI id (national record, or written in the FIDE-id column),
// else by surname and name when the settings allow it.
type Index struct {
	*registers.Index
	opts registers.MatchOptions
}

// NewIndex indexes list (nil reads as empty).
func NewIndex(list *registers.Players, matchByName bool) *Index {
	return &Index{Index: registers.NewIndex(list), opts: registers.MatchOptions{ByName: matchByName}}
}

// Find returns the row of p in the list, or -1 (none, or several fit).
func (ix *Index) Find(p *tournament.Player) int { return ix.Index.Find(p, ix.opts) }

// Theoretical are the theoretical ratings the chief arbiter gives
// foreign players without a rating (RTF 4.2.7: without FIDE rating, an
// Elo Italia; RAPID 6.8: without Elo Rapid, an Elo Rapid), as the office
// records them for one tournament: by starting number, or by FSI or
// FIDE id. Their games then count, for them and for their opponents.
type Theoretical struct {
	ByStart map[int]int
	ByID    map[string]int
}

// For returns the theoretical rating given to p, 0 when none.
func (th Theoretical) For(p *tournament.Player) int {
	if v, ok := th.ByStart[p.Start]; ok {
		return v
	}
	if len(th.ByID) > 0 {
		for _, id := range []string{p.NationalID, p.FideID} {
			if v, ok := th.ByID[id]; ok && id != "" {
				return v
			}
		}
	}
	return 0
}

// SourceTheoretical is Seed.Source for a theoretical rating.
const SourceTheoretical = "theoretical"

// SeedWith returns the seed of a participant of kind, from his row in the
// list in force (nil when missing), his record in the file and the chief
// arbiter's theoretical rating of the player (0 for none; see
// Theoretical), which counts only for a foreign player without FIDE
// rating (standard) or Elo Rapid (rapid).
func SeedWith(kind fsi.Kind, row *registers.Player, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	fideLast := 0
	if row != nil && kind == fsi.Standard {
		fideLast = stateInt(row, ColFideLast)
	}
	return seedFor(kind, row, fideLast, p, r, theoretical)
}

// seedFor is SeedWith with the row's fide_last state already read.
func seedFor(kind fsi.Kind, row *registers.Player, fideLast int, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	if kind == fsi.Rapid {
		return seedRapid(row, p, r, theoretical)
	}
	return seedStandard(row, fideLast, p, r, theoretical)
}

// foreign reports whether the player belongs to another federation than
// the home one: the register's federation, else the file's. A player
// whose federation is written nowhere is taken as foreign when the
// office gives him a theoretical rating.
func foreign(row *registers.Player, p *tournament.Player, r *rules.Rating) bool {
	fed := federation(row, p)
	return fed == "" || !strings.EqualFold(fed, r.HomeFederation)
}

// federation is the player's federation: the register's, else the
// file's; empty when written nowhere.
func federation(row *registers.Player, p *tournament.Player) string {
	if row != nil && row.Federation != "" {
		return row.Federation
	}
	return p.Federation
}

// seedStandard: RTF 4.2.5, 4.2.6, 4.2.7, 4.2.10–4.2.12, 4.2.16, 4.3.2.
func seedStandard(row *registers.Player, fideLast int, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	s := &r.Standard
	cat := p.Category
	fide := 0
	if row != nil {
		cat = row.Category
		fide = row.FideStandard
	} else if s.FideRatedFromFile {
		fide = p.Rating
	}
	if !fsi.IsCategory(cat) {
		cat = "NC"
	}
	k := s.K
	if kc, ok := s.KByCategory[cat]; ok {
		k = kc
	}
	seed := Seed{Rated: true, K: k, Category: cat, Row: -1}
	switch {
	case fide > 0:
		// RTF 4.2.10–4.2.11: FIDE's business for him; his opponents
		// count him at his FIDE rating.
		seed.Rating, seed.Source, seed.Rated, seed.K = fide, "fide", false, 0
	case theoretical > 0 && foreign(row, p, r) &&
		(row == nil || row.EloItalia == 0 || (s.TheoreticalIfHigher && theoretical > row.EloItalia)):
		// RTF 4.2.7: a foreign player without FIDE rating enters at the
		// chief arbiter's theoretical rating, and is rated from it.
		seed.Rating, seed.Source = theoretical, SourceTheoretical
	case row != nil && row.EloItalia > 0:
		seed.Rating, seed.Source = row.EloItalia, "list"
	case row != nil && s.FideFloor > 0 && fideLast > 0:
		// RTF 4.2.6: dropped from the FIDE list, back at the minimum − 1.
		seed.Rating, seed.Source = s.FideFloor-1, "fide-floor"
	case row == nil && s.UnlistedUseFileRating && p.NationalRating > 0:
		seed.Rating, seed.Source = p.NationalRating, "file"
	default:
		seed.Rating, seed.Source = s.EntryByCategory[cat], "entry:"+cat
		// RTF 4.2.7: a foreign player without FIDE rating gets the chief
		// arbiter's theoretical rating, which neither the file nor the
		// office gave.
		seed.Wanted = knownForeign(row, p, r)
	}
	return seed
}

// knownForeign reports whether the player's federation is written (in
// the register or the file) and is not the home one: only then is a
// missing theoretical rating asked for (a federation written nowhere is
// most often a home player missing from the register).
func knownForeign(row *registers.Player, p *tournament.Player, r *rules.Rating) bool {
	fed := federation(row, p)
	return fed != "" && !strings.EqualFold(fed, r.HomeFederation)
}

// seedRapid: RAPID 6.1, 6.8, 7.3.
func seedRapid(row *registers.Player, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	q := &r.Rapid
	seed := Seed{Rated: true, Row: -1}
	if row != nil {
		seed.Category = row.Category
	}
	switch {
	case row != nil && row.EloRapid > 0:
		seed.Rating, seed.Source = row.EloRapid, "list"
	default:
		// Unlike foreign, a federation written nowhere takes the home
		// entry order here.
		order := q.EntryHome
		if fed := federation(row, p); fed != "" && !strings.EqualFold(fed, r.HomeFederation) {
			order = q.EntryForeign
		}
		if row != nil {
			for _, c := range order {
				if v := column(row, c); v > 0 {
					seed.Rating, seed.Source = v, c
					break
				}
			}
		}
		// RAPID 6.8: the chief arbiter's theoretical rating, for a foreign
		// player without any rating: FIDE rapid or standard, in the
		// register or (for a player missing from it) in the file's FIDE
		// column, come first.
		if seed.Rating == 0 && theoretical > 0 && foreign(row, p, r) && (row != nil || p.Rating == 0) {
			seed.Rating, seed.Source = theoretical, SourceTheoretical
		}
		if seed.Rating == 0 && row == nil && q.UnlistedUseFileRating {
			switch {
			case p.NationalRating > 0:
				seed.Rating, seed.Source = p.NationalRating, "file"
			case p.Rating > 0:
				seed.Rating, seed.Source = p.Rating, "file"
			}
		}
		if seed.Rating == 0 {
			// RAPID 6.8: a foreign player without any rating gets the
			// chief arbiter's theoretical rating, which is missing.
			seed.Rating, seed.Source, seed.Wanted = q.Entry, "entry", knownForeign(row, p, r)
		}
	}
	seed.K = q.K
	if seed.Rating >= q.KHighFrom || (q.KLock && row != nil && row.RapidK20) {
		seed.K = q.KHigh
	}
	return seed
}

func column(row *registers.Player, name string) int {
	switch name {
	case "elo_italia":
		return row.EloItalia
	case "fide_standard":
		return row.FideStandard
	case "fide_rapid":
		return row.FideRapid
	case "elo_rapid":
		return row.EloRapid
	}
	return 0
}

// Seeds returns the seeds of t's players against the list in force.
func Seeds(kind fsi.Kind, t *tournament.Tournament, ix *Index, r *rules.Rating) []Seed {
	return SeedsWith(kind, t, ix, r, Theoretical{})
}

// SeedsWith is Seeds with the chief arbiter's theoretical ratings.
func SeedsWith(kind fsi.Kind, t *tournament.Tournament, ix *Index, r *rules.Rating, th Theoretical) []Seed {
	seeds := make([]Seed, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		row := ix.Find(p)
		var rp *registers.Player
		if row >= 0 {
			rp = &ix.List.Rows[row]
		}
		seeds[i] = SeedWith(kind, rp, p, r, th.For(p))
		seeds[i].Row = row
	}
	return seeds
}
