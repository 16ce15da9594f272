package rating

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
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

// rowState is one row's engine state, typed. The state travels between
// closes in the register's extra columns (the CSV edge: "2026-03-01",
// "0"/"1", "YYYY-MM-DD:L;…", "A:1;B:3"); a close reads them once, into
// a rowState (readState), works on the typed values and writes back,
// formatted, only the columns it changed (dirty), so that a column it
// did not touch keeps its text.
type rowState struct {
	// lastStandard, lastRapid: end of the last rated tournament (RTF
	// 4.2.9, RAPID 6.9).
	lastStandard, lastRapid day
	// fideLast: the FIDE standard rating at the last close (written:
	// the column holds a value).
	fideLast      int
	fideGames     int // input: FIDE rated games (RTF 4.4.1.5 a)
	norms         []norm
	rapidCategory string
	// rapidBands: list periods held per band (RAPID 8.3); bandsWritten:
	// the column holds anything (a list migrated without band history
	// has none).
	rapidBands []bandCount
	// listed: on the published standard list; listedFide: shown there at
	// his FIDE rating (RTF 4.2.8).
	listed, listedFide flag
	fideLastWritten    bool
	bandsWritten       bool
	dirty              uint16
}

// day is a date of the state, packed (a million rows hold two each:
// FIDE's month, issue 31); ok is false when the column holds none. The
// date readers give years of at most a few digits and months and days
// of two.
type day struct {
	y     int32
	m, dd int8
	ok    bool
}

// dayOf packs d.
func dayOf(d tournament.Date, ok bool) day {
	return day{y: int32(d.Year), m: int8(d.Month), dd: int8(d.Day), ok: ok}
}

// date is the packed date.
func (d day) date() tournament.Date {
	return tournament.Date{Year: int(d.y), Month: time.Month(d.m), Day: int(d.dd)}
}

// flag is a yes/no column, other for any other text in it.
type flag int8

const (
	flagOther flag = iota
	flagNo
	flagYes
)

// norm is one Maestro norm of the norms column: the tournament's start,
// long (L) or short (S); raw is the entry as written, kept when the
// column is written again.
type norm struct {
	raw   string
	start tournament.Date
	ok    bool // start read
	long  bool
}

// bandCount is the periods held in one rapid band.
type bandCount struct {
	name string
	n    int
}

// The writes of a close, each marking its column changed when the value
// differs.

func (s *rowState) mark(c int) { s.dirty |= 1 << c }

func (s *rowState) setLast(c int, d tournament.Date) {
	p := &s.lastStandard
	if c == stLastRapid {
		p = &s.lastRapid
	}
	if !p.ok || p.date() != d {
		*p = dayOf(d, true)
		s.mark(c)
	}
}

func (s *rowState) setFlag(c int, f flag) {
	p := &s.listed
	if c == stListedFide {
		p = &s.listedFide
	}
	if *p != f {
		*p = f
		s.mark(c)
	}
}

// setFideLast records the FIDE rating at this close, 0 for none.
func (s *rowState) setFideLast(v int) {
	if v == 0 && s.fideLastWritten || v != 0 && (s.fideLast != v || !s.fideLastWritten) {
		s.fideLast, s.fideLastWritten = v, v != 0
		s.mark(stFideLast)
	}
}

func (s *rowState) addNorm(start tournament.Date, long bool) {
	kind := "S"
	if long {
		kind = "L"
	}
	// Clipped: a state cloned for a close not in place shares its
	// norms with the list in force's until it adds one.
	s.norms = append(slices.Clip(s.norms), norm{raw: start.String() + ":" + kind, start: start, ok: true, long: long})
	s.mark(stNorms)
}

func (s *rowState) setRapidCategory(v string) {
	if s.rapidCategory != v {
		s.rapidCategory = v
		s.mark(stRapidCategory)
	}
}

func (s *rowState) setRapidBands(b []bandCount) {
	if !slices.Equal(s.rapidBands, b) || s.bandsWritten != (len(b) > 0) {
		s.rapidBands, s.bandsWritten = b, len(b) > 0
		s.mark(stRapidBands)
	}
}

// readState reads a row's state columns (the edge where they are text).
func readState(row *registers.Player) rowState {
	var s rowState
	if len(row.Extra) == 0 {
		return s
	}
	for k, v := range row.Extra {
		switch stateIndex(k) {
		case stLastStandard:
			s.lastStandard = dayOf(parseDate(v))
		case stLastRapid:
			s.lastRapid = dayOf(parseDate(v))
		case stListed:
			s.listed = readFlag(v, "0")
		case stListedFide:
			s.listedFide = readFlag(v, "")
		case stFideLast:
			s.fideLast, _ = strconv.Atoi(v)
			s.fideLastWritten = v != ""
		case stFideGames:
			s.fideGames, _ = strconv.Atoi(v)
		case stNorms:
			s.norms = readNorms(v)
		case stRapidCategory:
			s.rapidCategory = v
		case stRapidBands:
			s.rapidBands, s.bandsWritten = readBands(v), v != ""
		}
	}
	return s
}

// Listed reports whether a row of a closed list is on the published
// standard list (RTF 4.2.9): every row but those the close left out.
func Listed(row *registers.Player) bool { return readFlag(row.Extra[ColListed], "0") != flagNo }

// RapidCategory is a row's rapid category (RAPID 8.3, 8.4), "" for none.
func RapidCategory(row *registers.Player) string { return row.Extra[ColRapidCategory] }

// readFlag reads a yes/no column: "1" yes, no as the column spells it.
func readFlag(v, no string) flag {
	switch v {
	case "1":
		return flagYes
	case no:
		return flagNo
	}
	return flagOther
}

// readNorms reads the norms column: entries "YYYY-MM-DD:L" or ":S"
// joined by ';'.
func readNorms(v string) []norm {
	if v == "" {
		return nil
	}
	var out []norm
	for _, raw := range strings.Split(v, ";") {
		d, kind, _ := strings.Cut(raw, ":")
		n := norm{raw: raw, long: kind == "L"}
		n.start, n.ok = parseDate(d)
		out = append(out, n)
	}
	return out
}

// readBands reads the rapid_bands column "A:1;B:3"; entries without a
// count are dropped.
func readBands(v string) []bandCount {
	var out []bandCount
	for _, part := range strings.Split(v, ";") {
		name, n, ok := strings.Cut(part, ":")
		if !ok {
			continue
		}
		if c, err := strconv.Atoi(n); err == nil {
			out = append(out, bandCount{name, c})
		}
	}
	return out
}

// column writes state column c as text (the edge back).
func (s *rowState) column(c int) string {
	switch c {
	case stLastStandard:
		return s.lastStandard.text()
	case stLastRapid:
		return s.lastRapid.text()
	case stListed:
		return s.listed.text("0")
	case stListedFide:
		return s.listedFide.text("")
	case stFideLast:
		if !s.fideLastWritten {
			return ""
		}
		return strconv.Itoa(s.fideLast)
	case stFideGames:
		return strconv.Itoa(s.fideGames)
	case stNorms:
		raws := make([]string, len(s.norms))
		for i, n := range s.norms {
			raws[i] = n.raw
		}
		return strings.Join(raws, ";")
	case stRapidCategory:
		return s.rapidCategory
	case stRapidBands:
		return bandsText(s.rapidBands)
	}
	return ""
}

// bandsText writes the rapid_bands column: "A:1;B:3".
func bandsText(held []bandCount) string {
	var b strings.Builder
	for i, bc := range held {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(bc.name)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(bc.n))
	}
	return b.String()
}

func (d day) text() string {
	if !d.ok {
		return ""
	}
	return d.date().String()
}

func (f flag) text(no string) string {
	if f == flagYes {
		return "1"
	}
	return no
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

// parseDate reads the YYYY-MM-DD of the state columns (without fmt:
// it runs for every row at every close).
func parseDate(s string) (tournament.Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		var d tournament.Date
		if s == "" || d.UnmarshalText([]byte(s)) != nil {
			return tournament.Date{}, false
		}
		return d, true
	}
	n := func(a string) int {
		v := 0
		for i := 0; i < len(a); i++ {
			c := a[i]
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, m, d := n(s[:4]), n(s[5:7]), n(s[8:])
	if y < 0 || m < 1 || m > 12 || d < 1 || d > 31 {
		return tournament.Date{}, false
	}
	return tournament.NewDate(y, time.Month(m), d), true
}
