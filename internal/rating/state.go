package rating

import (
	"strconv"

	"omologa/internal/fsi/registers"
)

// The engine's state, kept in extra columns of the players' register so
// that one period's list is the next one's input.
const (
	// ColLastStandard and ColLastRapid: end date of the player's last
	// rated tournament (RTF 4.2.9, RAPID 6.9).
	ColLastStandard = "last_standard"
	ColLastRapid    = "last_rapid"
	// ColListed: 1 when the player appears on the published standard
	// list (active and registered, RTF 4.2.9), 0 when left out.
	ColListed = "listed"
	// ColFideLast: the FIDE standard rating at the last close, to see a
	// player dropped by FIDE (RTF 4.2.6).
	ColFideLast = "fide_last"
	// ColFideGames: FIDE rated games (input, for RTF 4.4.1.5 a).
	ColFideGames = "fide_games"
	// ColNorms: Maestro norms, "YYYY-MM-DD:L" or ":S" joined by ';'
	// (the tournament's start, long or short).
	ColNorms = "norms"
	// ColRapidCategory (RAPID 8) and ColRapidBands: list periods held
	// per band, "A:1;B:3".
	ColRapidCategory = "rapid_category"
	ColRapidBands    = "rapid_bands"
	// ColListedFide: 1 when the rating the standard list shows is the
	// player's FIDE rating (RTF 4.2.8 "Italia o Fide", regs §4b; see
	// registers.Player.Merit).
	ColListedFide = "listed_fide"
)

// StateColumns are the extra columns the engine writes, in order.
var StateColumns = []string{ColLastStandard, ColLastRapid, ColListed, ColFideLast, ColFideGames,
	ColNorms, ColRapidCategory, ColRapidBands, ColListedFide}

// The state columns by position in StateColumns: a close reads them
// into a rowState once, so that the per-player work of a season never
// looks a column up by name in a row's map.
const (
	stLastStandard = iota
	stLastRapid
	stListed
	stFideLast
	stFideGames
	stNorms
	stRapidCategory
	stRapidBands
	stListedFide
	nState
)

// stateIndex returns the position of a state column, -1 for any other
// column (a switch: no map, no hashing).
func stateIndex(col string) int {
	switch col {
	case ColLastStandard:
		return stLastStandard
	case ColLastRapid:
		return stLastRapid
	case ColListed:
		return stListed
	case ColFideLast:
		return stFideLast
	case ColFideGames:
		return stFideGames
	case ColNorms:
		return stNorms
	case ColRapidCategory:
		return stRapidCategory
	case ColRapidBands:
		return stRapidBands
	case ColListedFide:
		return stListedFide
	}
	return -1
}

// rowState is one row's state columns as read at the start of a close;
// changes are marked dirty and written back to the row's Extra map once,
// at the end.
type rowState struct {
	v     [nState]string
	dirty uint16
}

func (s *rowState) set(c int, v string) {
	if s.v[c] != v {
		s.v[c] = v
		s.dirty |= 1 << c
	}
}

func (s *rowState) int(c int) int {
	if s.v[c] == "" {
		return 0
	}
	n, _ := strconv.Atoi(s.v[c])
	return n
}

// readState reads a row's state columns.
func readState(row *registers.Player) rowState {
	var s rowState
	if len(row.Extra) == 0 {
		return s
	}
	for k, v := range row.Extra {
		if c := stateIndex(k); c >= 0 {
			s.v[c] = v
		}
	}
	return s
}

func stateInt(row *registers.Player, col string) int {
	n, _ := strconv.Atoi(row.Extra[col])
	return n
}

func setState(row *registers.Player, col, v string) {
	if row.Extra == nil {
		if v == "" {
			return
		}
		row.Extra = map[string]string{}
	}
	if v == "" {
		delete(row.Extra, col)
		return
	}
	row.Extra[col] = v
}
