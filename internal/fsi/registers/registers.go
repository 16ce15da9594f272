// Package registers reads the federation's registers: players (the rating
// list in force, with membership), arbiters and the calendar of authorised
// tournaments. They come as CSV files (UTF-8 with or without BOM, ',' or
// ';' separated) with a header row naming the columns; columns may come in
// any order and extra columns are kept, so that a list written by the
// rating stage (with its state columns) reads back as a register.
package registers

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

// PlayerColumns is the players' register header, in order.
var PlayerColumns = []string{"fsi_id", "fide_id", "surname", "name", "sex", "birth_date",
	"federation", "province", "club", "category", "elo_italia", "fide_standard",
	"fide_rapid", "elo_rapid", "rapid_k20", "membership_year"}

// ArbiterColumns is the arbiters' register header; ArbiterOptional are
// the columns it may also have (a register written before them stays
// valid).
var ArbiterColumns = []string{"fsi_id", "surname", "name", "category", "email", "valid_until"}

// ArbiterOptional: "fide_id", the arbiter's FIDE id, which the TRF
// forwarded to FIDE carries in records 102 and 112 (FIDE-RR 9.1).
var ArbiterOptional = []string{"fide_id"}

// CalendarColumns is the calendar's header; a "province" column (the
// province's sign, "NO") and a "flags" column (words separated by spaces
// or "|", such as "giovanile" or "scolastico", that the fee schedules'
// exemptions read) may follow, optional.
var CalendarColumns = []string{"code", "name", "city", "start", "end", "kind",
	"organiser", "organiser_email", "arbiter_fsi_id"}

// Player is one row of the players' register. Ratings are 0 when empty.
type Player struct {
	FSIID          string
	FideID         string
	Surname        string
	Name           string
	Sex            string // "M" or "F" as written
	BirthDate      tournament.Date
	Federation     string
	Province       string
	Club           string
	Category       string // fsi.Categories
	EloItalia      int
	FideStandard   int
	FideRapid      int
	EloRapid       int
	RapidK20       bool
	MembershipYear int
	// Extra holds the columns not listed above, by header name: the rating
	// stage keeps its state there (last game, rapid bands, norms).
	Extra map[string]string
	Line  int
}

// Merit is the rating the national standard list shows for the player
// (RTF 4.2.8 "Italia o Fide", regs §4b): a FIDE-rated player's FIDE
// standard rating, marked as such (fide), else his Elo Italia; 0 when he
// has neither. The rating stage and the published list both read it.
func (p *Player) Merit() (rating int, fide bool) {
	if p.FideStandard > 0 {
		return p.FideStandard, true
	}
	return p.EloItalia, false
}

// Rating is the player's national rating in the list of kind k: Elo
// Italia Rapid for rapid, Elo Italia otherwise.
func (p *Player) Rating(k fsi.Kind) int {
	if k == fsi.Rapid {
		return p.EloRapid
	}
	return p.EloItalia
}

// SetRating sets the player's rating in the list of kind k (Rating).
func (p *Player) SetRating(k fsi.Kind, v int) {
	if k == fsi.Rapid {
		p.EloRapid = v
	} else {
		p.EloItalia = v
	}
}

// Arbiter is one row of the arbiters' register.
type Arbiter struct {
	FSIID      string
	Surname    string
	Name       string
	Category   string // e.g. AN (Arbitro Nazionale), ACN, AR, AF, AI, IA, FA
	Email      string
	ValidUntil tournament.Date
	// FideID is the arbiter's FIDE id, digits; "" when the register has
	// none (or no fide_id column).
	FideID string
	Line   int
}

// Event is one authorised tournament in the calendar.
type Event struct {
	Code string
	Name string
	City string
	// Province is the sign of the province the event is played in
	// ("NO"); the column is optional, "" when absent.
	Province       string
	Start, End     tournament.Date
	Kind           string // standard, rapid, blitz, promotion...
	Organiser      string
	OrganiserEmail string
	ArbiterFSIID   string
	// Flags are the event's flags, lower case ("giovanile"); the column
	// is optional.
	Flags []string
	Line  int
}

// Players is a read players' register with its extra column names in
// file order.
type Players struct {
	Rows        []Player
	ExtraHeader []string
}

// Error is a bad value in a register: file, line, column name.
type Error struct {
	File   string
	Line   int
	Column string
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d: %s: %v", e.File, e.Line, e.Column, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ReadPlayers reads a players' register.
func ReadPlayers(file string, data []byte) (*Players, error) { return readPlayers(file, data, false) }

// ReadPlayersOwned is ReadPlayers of data handed over to the register,
// which keeps parts of it as its rows' text instead of a copy: the caller
// never changes data again (a file read for the register alone; a
// million players' file is 73 MB, issue 31).
func ReadPlayersOwned(file string, data []byte) (*Players, error) {
	return readPlayers(file, data, true)
}

func readPlayers(file string, data []byte, own bool) (*Players, error) {
	// Each record becomes a row as it is read (t holds only the record
	// at hand, as row 0): a register of a million players costs its
	// rows, not its records as well (FIDE's month, issue 31).
	t := &Table{Rows: make([][]string, 1), Lines: make([]int, 1)}
	ps := &Players{}
	var errs []error
	started := false
	var cols playerColumns
	start := func(rows int) {
		started = true
		known := map[string]bool{}
		for _, c := range PlayerColumns {
			known[c] = true
		}
		for _, h := range t.Header {
			if !known[h] {
				ps.ExtraHeader = append(ps.ExtraHeader, h)
			}
		}
		cols = columnsOf(t, ps.ExtraHeader)
		ps.Rows = make([]Player, 0, rows)
	}
	if done, out, err := readPlayersOnCores(file, data, own, t, ps, start, &cols); done {
		return out, err
	}
	// Sized once and filled in place: a register of tens of thousands of
	// players costs its rows, not the doublings of a growing slice nor a
	// copy of each row (the daemon's peak memory, issue 13).
	err := scanTable(file, data, t, true, own, func(rec []string, line int) {
		if !started {
			start(bytes.Count(data, []byte("\n")))
		}
		t.Rows[0], t.Lines[0] = rec, line
		errs = append(errs, readPlayer(t, &cols, ps)...)
	})
	if err != nil {
		return nil, err
	}
	for _, c := range []string{"fsi_id", "surname", "name"} {
		if !t.Has(c) {
			return nil, &Error{File: file, Line: t.headerLine, Column: c, Err: errors.New("column missing from the header")}
		}
	}
	if !started {
		start(0)
	}
	return ps, errors.Join(errs...)
}

// playerColumns are the positions of a register's columns (-1 for one
// it lacks): PlayerColumns' in order, then its extra columns'.
type playerColumns struct {
	std   [pcColumns]int
	extra []int
}

// The positions of PlayerColumns, by name.
const (
	pcFSIID = iota
	pcFideID
	pcSurname
	pcName
	pcSex
	pcBirthDate
	pcFederation
	pcProvince
	pcClub
	pcCategory
	pcEloItalia
	pcFideStandard
	pcFideRapid
	pcEloRapid
	pcRapidK20
	pcMembershipYear
	pcColumns
)

// columnsOf looks t's columns up once.
func columnsOf(t *Table, extra []string) playerColumns {
	var c playerColumns
	for k, name := range PlayerColumns {
		c.std[k] = t.column(name)
	}
	for _, h := range extra {
		c.extra = append(c.extra, t.column(h))
	}
	return c
}

// readPlayer appends the player of t's row 0 to ps, with what is wrong
// in it.
func readPlayer(t *Table, cols *playerColumns, ps *Players) []error {
	ps.Rows = append(ps.Rows, Player{})
	return readPlayerInto(t, cols, ps.ExtraHeader, &ps.Rows[len(ps.Rows)-1])
}

// readPlayerInto reads the player of t's row 0 into p (zero), with what
// is wrong in it; extra are the register's extra columns.
func readPlayerInto(t *Table, cols *playerColumns, extra []string, p *Player) (errs []error) {
	const i = 0
	file := t.File
	get := func(k int) string { return t.cell(i, cols.std[k]) }
	*p = Player{
		FSIID: get(pcFSIID), FideID: get(pcFideID),
		Surname: get(pcSurname), Name: get(pcName), Sex: strings.ToUpper(get(pcSex)),
		Federation: get(pcFederation), Province: get(pcProvince), Club: get(pcClub),
		Category: strings.ToUpper(get(pcCategory)), Line: t.Lines[i],
	}
	if p.Category != "" && !fsi.IsCategory(p.Category) {
		errs = append(errs, &Error{File: file, Line: t.Lines[i], Column: "category", Err: fmt.Errorf("%q is not one of %s", p.Category, fsi.CategoryList)})
	}
	var e error
	if p.BirthDate, e = t.dateAt(i, cols.std[pcBirthDate], "birth_date"); e != nil {
		errs = append(errs, e)
	}
	for _, f := range [...]struct {
		dst *int
		col int
	}{{&p.EloItalia, pcEloItalia}, {&p.FideStandard, pcFideStandard}, {&p.FideRapid, pcFideRapid},
		{&p.EloRapid, pcEloRapid}, {&p.MembershipYear, pcMembershipYear}} {
		if *f.dst, e = t.intAt(i, cols.std[f.col], PlayerColumns[f.col]); e != nil {
			errs = append(errs, e)
		}
	}
	switch k := get(pcRapidK20); k {
	case "", "0":
	case "1":
		p.RapidK20 = true
	default:
		errs = append(errs, &Error{File: file, Line: t.Lines[i], Column: "rapid_k20", Err: fmt.Errorf("%q: 1, 0 or empty expected", k)})
	}
	for x, h := range extra {
		if v := t.cell(i, cols.extra[x]); v != "" {
			if p.Extra == nil {
				p.Extra = map[string]string{}
			}
			p.Extra[h] = v
		}
	}
	return errs
}

// ReadArbiters reads the arbiters' register.
func ReadArbiters(file string, data []byte) ([]Arbiter, error) {
	fideLine := map[string]int{} // FIDE id → the line that gave it first
	return readRows(file, data, []string{"fsi_id", "surname", "name", "category"}, func(t *Table, i int, errs *[]error) Arbiter {
		a := Arbiter{FSIID: t.Get(i, "fsi_id"), Surname: t.Get(i, "surname"), Name: t.Get(i, "name"),
			Category: strings.ToUpper(t.Get(i, "category")), Email: t.Get(i, "email"), Line: t.Lines[i]}
		a.ValidUntil = t.dateOr(i, "valid_until", errs)
		var e error
		if a.FideID, e = t.fideID(i, fideLine); e != nil {
			*errs = append(*errs, e)
		}
		return a
	})
}

// ReadCalendar reads the calendar of authorised tournaments.
func ReadCalendar(file string, data []byte) ([]Event, error) {
	return readRows(file, data, []string{"code", "name", "start", "end"}, func(t *Table, i int, errs *[]error) Event {
		return Event{Code: t.Get(i, "code"), Name: t.Get(i, "name"), City: t.Get(i, "city"),
			Province: strings.ToUpper(t.Get(i, "province")),
			Kind:     strings.ToLower(t.Get(i, "kind")), Organiser: t.Get(i, "organiser"),
			OrganiserEmail: t.Get(i, "organiser_email"), ArbiterFSIID: t.Get(i, "arbiter_fsi_id"), Line: t.Lines[i],
			Flags: strings.Fields(strings.ToLower(strings.ReplaceAll(t.Get(i, "flags"), "|", " "))),
			Start: t.dateOr(i, "start", errs), End: t.dateOr(i, "end", errs)}
	})
}

// readRows reads a register whose every record becomes one T: row reads
// record i, adding what is wrong in it to errs, which are joined.
func readRows[T any](file string, data []byte, required []string, row func(t *Table, i int, errs *[]error) T) ([]T, error) {
	t, err := readTable(file, data, required)
	if err != nil {
		return nil, err
	}
	var out []T
	var errs []error
	for i := range t.Rows {
		out = append(out, row(t, i, &errs))
	}
	return out, errors.Join(errs...)
}

// Set is the registers a check runs against; any may be nil when not
// given, and checks that need a missing one say so.
type Set struct {
	Players  *Players
	Arbiters []Arbiter
	Calendar []Event
}

// Load reads the registers at the given paths; an empty path leaves that
// register out.
func Load(playersPath, arbitersPath, calendarPath string) (*Set, error) {
	s := &Set{}
	var err error
	if s.Players, err = loadFile(playersPath, "players register", ReadPlayers); err != nil {
		return nil, err
	}
	if s.Arbiters, err = loadFile(arbitersPath, "arbiters register", ReadArbiters); err != nil {
		return nil, err
	}
	if s.Calendar, err = loadFile(calendarPath, "calendar", ReadCalendar); err != nil {
		return nil, err
	}
	return s, nil
}

// loadFile reads one register with its reader; an empty path gives the
// zero value, a file that cannot be read an error named by what.
func loadFile[T any](path, what string, read func(string, []byte) (T, error)) (T, error) {
	var zero T
	if path == "" {
		return zero, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", what, err)
	}
	return read(path, b)
}
