package rating

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"omologa/periods"
	"omologa/registers"
	"omologa/rules"
	"omologa/tournament"
)

// Index finds a tournament's players in the list in force: by FSI id
// (national record, or an FSI id written in the FIDE-id column), by FIDE
// id, else by normalised surname and name when the settings allow it.
// The FIDE-id and name maps are built on first need: a season whose
// files carry FSI ids never pays for them.
type Index struct {
	List *registers.Players
	// FSI ids are numbers handed out in sequence: when the list's are
	// dense enough, dense[id−base] is the row + 1 (0: none), a lookup
	// that touches one small array instead of a map of strings as large
	// as the list. Ids that are not plain numbers in that range are in
	// byFSI.
	dense  []int32
	base   uint64
	byFSI  map[string]int
	byFide map[string]int
	byName map[string]int // -1 when two rows share the name
	names  bool
	built  int // rows in byFide and byName
}

// NewIndex indexes list (nil reads as empty).
func NewIndex(list *registers.Players, matchByName bool) *Index {
	if list == nil {
		list = &registers.Players{}
	}
	ix := &Index{List: list, names: matchByName}
	lo, hi, numeric := uint64(1<<63), uint64(0), 0
	for i := range list.Rows {
		if n, ok := plainNumber(list.Rows[i].FSIID); ok {
			lo, hi, numeric = min(lo, n), max(hi, n), numeric+1
		}
	}
	// Dense when the table is at most a few times the rows: 4 bytes a
	// slot, against tens of bytes a map entry.
	if numeric > 0 && hi-lo < uint64(4*len(list.Rows)+1024) {
		ix.base = lo
		ix.dense = make([]int32, hi-lo+1+uint64(len(list.Rows)/8))
	}
	ix.byFSI = make(map[string]int, len(list.Rows)-numeric)
	for i := range list.Rows {
		ix.addFSI(list.Rows[i].FSIID, i)
	}
	return ix
}

// plainNumber reads an id made of digits only, without leading zeros
// (so that its number stands for it and for nothing else).
func plainNumber(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 18 || s[0] == '0' {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

func (ix *Index) addFSI(id string, row int) {
	if id == "" {
		return
	}
	if n, ok := plainNumber(id); ok && n >= ix.base && n-ix.base < uint64(len(ix.dense)) {
		ix.dense[n-ix.base] = int32(row + 1)
		return
	}
	ix.byFSI[id] = row
}

// fsi returns the row with FSI id id.
func (ix *Index) fsi(id string) (int, bool) {
	if n, ok := plainNumber(id); ok && n >= ix.base && n-ix.base < uint64(len(ix.dense)) {
		r := ix.dense[n-ix.base]
		return int(r) - 1, r > 0
	}
	i, ok := ix.byFSI[id]
	return i, ok
}

// more brings the FIDE-id and name maps up to date.
func (ix *Index) more() {
	if ix.byFide == nil {
		ix.byFide = make(map[string]int, len(ix.List.Rows))
		if ix.names {
			ix.byName = make(map[string]int, len(ix.List.Rows))
		}
	}
	for ; ix.built < len(ix.List.Rows); ix.built++ {
		r := &ix.List.Rows[ix.built]
		if r.FideID != "" {
			ix.byFide[r.FideID] = ix.built
		}
		if ix.names {
			k := NameKey(r.Surname + " " + r.Name)
			if _, dup := ix.byName[k]; dup {
				ix.byName[k] = -1
			} else if k != "" {
				ix.byName[k] = ix.built
			}
		}
	}
}

// Append adds a row to the list and the index, returning its position.
func (ix *Index) Append(r registers.Player) int {
	ix.List.Rows = append(ix.List.Rows, r)
	i := len(ix.List.Rows) - 1
	ix.addFSI(r.FSIID, i)
	return i
}

// Find returns the row of p in the list, or -1.
func (ix *Index) Find(p *tournament.Player) int {
	if p.NationalID != "" {
		if i, ok := ix.fsi(p.NationalID); ok {
			return i
		}
	}
	if p.FideID != "" {
		// Italian programs write the FSI id in the FIDE-id column.
		if i, ok := ix.fsi(p.FideID); ok {
			return i
		}
	}
	if p.FideID == "" && (!ix.names || p.NationalID != "") {
		return -1
	}
	ix.more()
	if p.FideID != "" {
		if i, ok := ix.byFide[p.FideID]; ok {
			return i
		}
	}
	if ix.names && p.NationalID == "" {
		if i, ok := ix.byName[NameKey(p.Name)]; ok && i >= 0 {
			return i
		}
	}
	return -1
}

// NameKey normalises a name for matching: letters only, lower case,
// accents dropped ("Rossi, Mario" and "ROSSI MARIO" match).
func NameKey(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.IsLetter(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

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
func SeedWith(kind periods.Kind, row *registers.Player, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	fideLast := 0
	if row != nil && kind == periods.Standard {
		fideLast = stateInt(row, ColFideLast)
	}
	return seedFor(kind, row, fideLast, p, r, theoretical)
}

// seedFor is SeedWith with the row's fide_last state already read.
func seedFor(kind periods.Kind, row *registers.Player, fideLast int, p *tournament.Player, r *rules.Rating, theoretical int) Seed {
	if kind == periods.Rapid {
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
	if cat == "" || !registers.Categories[cat] {
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
	}
	return seed
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
			seed.Rating, seed.Source = q.Entry, "entry"
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
func Seeds(kind periods.Kind, t *tournament.Tournament, ix *Index, r *rules.Rating) []Seed {
	return SeedsWith(kind, t, ix, r, Theoretical{})
}

// SeedsWith is Seeds with the chief arbiter's theoretical ratings.
func SeedsWith(kind periods.Kind, t *tournament.Tournament, ix *Index, r *rules.Rating, th Theoretical) []Seed {
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
