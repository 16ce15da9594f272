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
	List   *registers.Players
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
	ix := &Index{List: list, byFSI: make(map[string]int, len(list.Rows)), names: matchByName}
	for i := range list.Rows {
		if r := &list.Rows[i]; r.FSIID != "" {
			ix.byFSI[r.FSIID] = i
		}
	}
	return ix
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
	if r.FSIID != "" {
		ix.byFSI[r.FSIID] = i
	}
	return i
}

// Find returns the row of p in the list, or -1.
func (ix *Index) Find(p *tournament.Player) int {
	if p.NationalID != "" {
		if i, ok := ix.byFSI[p.NationalID]; ok {
			return i
		}
	}
	if p.FideID != "" {
		// Italian programs write the FSI id in the FIDE-id column.
		if i, ok := ix.byFSI[p.FideID]; ok {
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

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// SeedFor returns the seed of a participant of kind, from his row in the
// list in force (nil when missing) and his record in the file.
func SeedFor(kind periods.Kind, row *registers.Player, p *tournament.Player, r *rules.Rating) Seed {
	if kind == periods.Rapid {
		return seedRapid(row, p, r)
	}
	return seedStandard(row, p, r)
}

// seedStandard: RTF 4.2.5, 4.2.6, 4.2.7, 4.2.10–4.2.12, 4.2.16, 4.3.2.
func seedStandard(row *registers.Player, p *tournament.Player, r *rules.Rating) Seed {
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
	case row != nil && row.EloItalia > 0:
		seed.Rating, seed.Source = row.EloItalia, "list"
	case row != nil && s.FideFloor > 0 && stateInt(row, ColFideLast) > 0:
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
func seedRapid(row *registers.Player, p *tournament.Player, r *rules.Rating) Seed {
	q := &r.Rapid
	seed := Seed{Rated: true, Row: -1}
	if row != nil {
		seed.Category = row.Category
	}
	switch {
	case row != nil && row.EloRapid > 0:
		seed.Rating, seed.Source = row.EloRapid, "list"
	default:
		fed := p.Federation
		if row != nil && row.Federation != "" {
			fed = row.Federation
		}
		order := q.EntryHome
		if fed != "" && !strings.EqualFold(fed, r.HomeFederation) {
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
	seeds := make([]Seed, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		row := ix.Find(p)
		var rp *registers.Player
		if row >= 0 {
			rp = &ix.List.Rows[row]
		}
		seeds[i] = SeedFor(kind, rp, p, r)
		seeds[i].Row = row
	}
	return seeds
}
