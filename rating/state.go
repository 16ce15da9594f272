package rating

import (
	"strconv"

	"omologa/registers"
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
)

// StateColumns are the extra columns the engine writes, in order.
var StateColumns = []string{ColLastStandard, ColLastRapid, ColListed, ColFideLast, ColFideGames,
	ColNorms, ColRapidCategory, ColRapidBands}

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
