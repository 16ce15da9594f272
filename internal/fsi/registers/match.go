package registers

import (
	"omologa/internal/tournament"
	"omologa/internal/tournament/decimal"
)

// How a player of a file was found in the players' register.
const (
	ByFide      = "fide"        // FIDE id
	ByFSI       = "fsi"         // FSI id from a national record or .tdf column
	ByFSIInFide = "fsi-in-fide" // FSI id written in the FIDE-id column
	ByNameBirth = "name+birth"  // normalised name and birth date
	ByName      = "name"        // normalised name, no birth date to compare
)

// MatchOptions say when a player without a usable id is looked up by
// name (rules: identity.match_by_name, name_match_needs_birth_date).
type MatchOptions struct {
	// ByName: a player no id finds is looked up by surname and name.
	ByName bool
	// NameNeedsBirthDate: a match by name alone (no birth date on one
	// side) is not accepted.
	NameNeedsBirthDate bool
}

// Match is one player of a file looked up in the register: the row
// found (-1 for none), how, the rows an id or name fits when more than
// one does (ambiguous: Row is -1), and the row the FSI id names when the
// FIDE id named another (Conflict, -1 for none).
type Match struct {
	Row        int
	By         string
	Candidates []int
	Conflict   int
}

// Index is the one player index of the project: validate, the rating
// stage and the pipeline find a file's players in the players' register
// through it, so that they find the same ones. The FSI ids are indexed
// at once (FSI ids are numbers handed out in sequence: when the list's
// are dense enough, a small array instead of a map); the FIDE-id and
// name maps are built on first need, so a season whose files carry FSI
// ids never pays for them.
type Index struct {
	List *Players
	// dense[id−base] is the row + 1 of FSI id id (0: none; −1: several,
	// in fsi).
	dense []int32
	base  uint64
	fsi   map[string][]int
	// fide[id] is the row + 1 of FIDE id id (−1: several, in fideMany).
	fide     map[string]int32
	fideMany map[string][]int
	name     map[string][]int
	// rows already in fide and in name
	builtFide, builtNames int
}

// NewIndex indexes list (nil reads as empty).
func NewIndex(list *Players) *Index {
	if list == nil {
		list = &Players{}
	}
	ix := &Index{List: list, fideMany: map[string][]int{}}
	lo, hi, numeric := uint64(1<<63), uint64(0), 0
	for i := range list.Rows {
		if n, ok := plainNumber(IDKey(list.Rows[i].FSIID)); ok {
			lo, hi, numeric = min(lo, n), max(hi, n), numeric+1
		}
	}
	// Dense when the table is at most a few times the rows: 4 bytes a
	// slot, against tens of bytes a map entry.
	if numeric > 0 && hi-lo < uint64(4*len(list.Rows)+1024) {
		ix.base = lo
		ix.dense = make([]int32, hi-lo+1+uint64(len(list.Rows)/8))
	}
	ix.fsi = make(map[string][]int, len(list.Rows)-numeric)
	for i := range list.Rows {
		ix.addFSI(IDKey(list.Rows[i].FSIID), i)
	}
	return ix
}

// plainNumber reads an id key made of digits only (decimal.Atoi's, at
// most 12 digits; a longer key is kept in the map).
func plainNumber(s string) (uint64, bool) {
	n, ok := decimal.Atoi(s)
	return uint64(n), ok
}

func (ix *Index) slot(key string) *int32 {
	if n, ok := plainNumber(key); ok && n >= ix.base && n-ix.base < uint64(len(ix.dense)) {
		return &ix.dense[n-ix.base]
	}
	return nil
}

func (ix *Index) addFSI(key string, row int) {
	if key == "" {
		return
	}
	if s := ix.slot(key); s != nil {
		switch {
		case *s == 0:
			*s = int32(row + 1)
			return
		case *s > 0:
			ix.fsi[key] = []int{int(*s) - 1}
			*s = -1
		}
	}
	ix.fsi[key] = append(ix.fsi[key], row)
}

// fsiRows returns the rows with FSI id key: one (n == 1) or many.
func (ix *Index) fsiRows(key string) (one int, many []int, n int) {
	if s := ix.slot(key); s != nil && *s >= 0 {
		if *s == 0 {
			return -1, nil, 0
		}
		return int(*s) - 1, nil, 1
	}
	rows := ix.fsi[key]
	switch len(rows) {
	case 0:
		return -1, nil, 0
	case 1:
		return rows[0], nil, 1
	}
	return -1, rows, len(rows)
}

// moreFide brings the FIDE-id map up to date with the rows.
func (ix *Index) moreFide() {
	if ix.fide == nil {
		// Sized by the rows that have a FIDE id, often a few of them.
		n := 0
		for i := range ix.List.Rows {
			if ix.List.Rows[i].FideID != "" {
				n++
			}
		}
		ix.fide = make(map[string]int32, n)
	}
	for ; ix.builtFide < len(ix.List.Rows); ix.builtFide++ {
		id := IDKey(ix.List.Rows[ix.builtFide].FideID)
		if id == "" {
			continue
		}
		switch r := ix.fide[id]; {
		case r == 0:
			ix.fide[id] = int32(ix.builtFide + 1)
		case r > 0:
			ix.fide[id] = -1
			ix.fideMany[id] = []int{int(r) - 1, ix.builtFide}
		default:
			ix.fideMany[id] = append(ix.fideMany[id], ix.builtFide)
		}
	}
}

// moreNames brings the name map up to date with the rows.
func (ix *Index) moreNames() {
	if ix.name == nil {
		ix.name = make(map[string][]int, len(ix.List.Rows))
	}
	for ; ix.builtNames < len(ix.List.Rows); ix.builtNames++ {
		r := &ix.List.Rows[ix.builtNames]
		k := NameKeys(r.Surname, r.Name)
		if k[0] != "" {
			ix.name[k[0]] = append(ix.name[k[0]], ix.builtNames)
		}
		if k[1] != k[0] && k[1] != "" {
			ix.name[k[1]] = append(ix.name[k[1]], ix.builtNames)
		}
	}
}

// Append adds a row to the list and the index (the rating stage's new
// players), returning its position.
func (ix *Index) Append(r Player) int {
	ix.List.Rows = append(ix.List.Rows, r)
	i := len(ix.List.Rows) - 1
	ix.addFSI(IDKey(r.FSIID), i)
	return i
}

// Row returns the row at i, nil for −1.
func (ix *Index) Row(i int) *Player {
	if i < 0 {
		return nil
	}
	return &ix.List.Rows[i]
}

// Match finds p in the register: by FIDE id (or an FSI id written in the
// FIDE-id column, as Italian programs often do), by FSI id, else, when
// the options allow, by surname and name (either order, accents and
// punctuation folded, digits kept), preferring the rows whose birth
// date agrees.
func (ix *Index) Match(p *tournament.Player, o MatchOptions) Match {
	m := Match{Row: -1, Conflict: -1}
	fide, fsi := IDKey(p.FideID), IDKey(p.NationalID)
	if fide != "" {
		ix.moreFide()
		switch r := ix.fide[fide]; {
		case r > 0:
			m.Row, m.By = int(r)-1, ByFide
		case r < 0:
			m.Candidates, m.By = ix.fideMany[fide], ByFide
			return m
		default:
			if one, _, n := ix.fsiRows(fide); n == 1 && (fsi == "" || fsi == fide) {
				m.Row, m.By = one, ByFSIInFide
			}
		}
	}
	if fsi != "" {
		one, many, n := ix.fsiRows(fsi)
		switch {
		case m.Row >= 0 && n == 1 && one != m.Row:
			m.Conflict = one
		case m.Row < 0 && n == 1:
			m.Row, m.By = one, ByFSI
		case m.Row < 0 && n > 1:
			m.Candidates, m.By = many, ByFSI
			return m
		}
	}
	if m.Row >= 0 || !o.ByName {
		return m
	}
	ix.moreNames()
	var cands []int
	withBirth := false
	for _, i := range ix.name[Letters(p.Name)] {
		r := &ix.List.Rows[i]
		switch {
		case !p.BirthDate.IsZero() && !r.BirthDate.IsZero():
			if SameBirth(p.BirthDate, r.BirthDate) {
				if !withBirth {
					cands, withBirth = cands[:0], true
				}
				cands = append(cands, i)
			}
		case !withBirth && !o.NameNeedsBirthDate:
			cands = append(cands, i)
		}
	}
	switch {
	case len(cands) == 1:
		m.Row, m.By = cands[0], ByName
		if withBirth {
			m.By = ByNameBirth
		}
	case len(cands) > 1:
		m.Candidates, m.By = cands, ByName
	}
	return m
}

// Find returns the row of p, or −1 when none or several fit.
func (ix *Index) Find(p *tournament.Player, o MatchOptions) int {
	return ix.Match(p, o).Row
}

// SameBirth compares two birth dates to the precision both have (a file
// often gives the year only).
func SameBirth(a, b tournament.Date) bool {
	if a.Year != b.Year {
		return false
	}
	if a.Month != 0 && b.Month != 0 && a.Month != b.Month {
		return false
	}
	return a.Day == 0 || b.Day == 0 || a.Day == b.Day
}
