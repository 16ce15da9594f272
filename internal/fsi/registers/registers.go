// Package registers reads the federation's registers: players (the rating
// list in force, with membership), arbiters and the calendar of authorised
// tournaments. They come as CSV files (UTF-8 with or without BOM, ',' or
// ';' separated) with a header row naming the columns; columns may come in
// any order and extra columns are kept, so that a list written by the
// rating stage (with its state columns) reads back as a register.
package registers

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"omologa/internal/fsi"
	"omologa/internal/platform/safecsv"
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

// Table is a CSV file read with its header: the one reader of the
// registers and of every CSV the office is given (UTF-8 with or without
// BOM, ',' or ';' as the first line says, header names trimmed and in
// lower case, blank lines skipped).
type Table struct {
	File   string
	Header []string   // the column names, trimmed and in lower case
	Rows   [][]string // the records after the header, as written
	Lines  []int      // the line of each record
	col    map[string]int
	// headerLine is the header's line.
	headerLine int
}

// readTable is ReadTable requiring the columns.
func readTable(file string, data []byte, required []string) (*Table, error) {
	t, err := ReadTable(file, data)
	if err != nil {
		return nil, err
	}
	for _, c := range required {
		if !t.Has(c) {
			return nil, &Error{File: file, Line: t.headerLine, Column: c, Err: errors.New("column missing from the header")}
		}
	}
	return t, nil
}

// Has reports whether the header names the column.
func (t *Table) Has(name string) bool {
	_, ok := t.col[name]
	return ok
}

// ReadTable reads a CSV file with its header; errors are *Error naming
// the file, the line and the column.
func ReadTable(file string, data []byte) (*Table, error) {
	t := &Table{}
	// A row a line, sized once (a million rows grew it twenty times).
	if n := bytes.Count(data, []byte("\n")); n > 0 {
		t.Rows, t.Lines = make([][]string, 0, n), make([]int, 0, n)
	}
	err := scanTable(file, data, t, false, false, func(rec []string, line int) {
		t.Rows = append(t.Rows, rec)
		t.Lines = append(t.Lines, line)
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// scanTable reads a CSV file with its header into t (its File, Header
// and columns) and gives each record after the header to row, in turn,
// so that a caller converting the records need not hold them all;
// errors are ReadTable's.
//
// With own, the fields are parts of data itself: the caller has handed
// it over and never changes it (ReadPlayersOwned).
func scanTable(file string, data []byte, t *Table, reuse, own bool, row func(rec []string, line int)) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return &Error{File: file, Line: 1, Column: "(file)", Err: errors.New("not UTF-8: save the register as UTF-8 CSV")}
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	comma := ','
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		comma = ';'
	}
	t.File, t.col = file, map[string]int{}
	if bytes.IndexByte(data, '"') < 0 && bytes.IndexByte(data, '\r') < 0 {
		return scanPlain(data, byte(comma), t, reuse, own, row)
	}
	return scanQuoted(data, comma, t, reuse, row)
}

// scanQuoted reads a file through encoding/csv (quoted fields, CRLF).
func scanQuoted(data []byte, comma rune, t *Table, reuse bool, row func(rec []string, line int)) error {
	file := t.File
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = comma
	r.ReuseRecord = reuse
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return &Error{File: file, Line: pe.Line, Column: fmt.Sprintf("column %d", pe.Column), Err: pe.Err}
			}
			return fmt.Errorf("%s: %w", file, err)
		}
		line, _ := r.FieldPos(0)
		t.record(rec, line, reuse, row)
	}
	return t.headed()
}

// record takes one record of the file: the header first (copied when
// the records are reused), then the rows that are not blank.
func (t *Table) record(rec []string, line int, reuse bool, row func(rec []string, line int)) {
	if t.Header == nil {
		if reuse {
			rec = slices.Clone(rec)
		}
		for i, h := range rec {
			h = strings.ToLower(strings.TrimSpace(h))
			rec[i] = h
			t.col[h] = i
		}
		t.Header, t.headerLine = rec, line
		return
	}
	if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
		return
	}
	row(rec, line)
}

// headed is the error of a file without a header row.
func (t *Table) headed() error {
	if t.Header == nil {
		return &Error{File: t.File, Line: 1, Column: "(header)", Err: errors.New("empty file: a header row is needed")}
	}
	return nil
}

// scanPlain reads a file without quotes and carriage returns, as
// encoding/csv would (FieldsPerRecord -1, TrimLeadingSpace, empty lines
// skipped), a line a record: the file is made a string once and the
// fields are parts of it, where encoding/csv allocated a string a
// record (a register of a million players, issue 31).
func scanPlain(data []byte, comma byte, t *Table, reuse, own bool, row func(rec []string, line int)) error {
	var text string
	if own {
		text = unsafe.String(unsafe.SliceData(data), len(data))
	} else {
		text = string(data)
	}
	var rec []string
	for line := 1; len(text) > 0; line++ {
		l, rest, _ := strings.Cut(text, "\n")
		text = rest
		if l == "" {
			continue
		}
		if !reuse || rec == nil {
			rec = make([]string, 0, strings.Count(l, string(comma))+1)
		}
		rec = rec[:0]
		for {
			f, more, found := strings.Cut(l, string(comma))
			rec = append(rec, strings.TrimLeftFunc(f, unicode.IsSpace))
			if !found {
				break
			}
			l = more
		}
		t.record(rec, line, reuse, row)
		if !reuse {
			rec = nil
		}
	}
	return t.headed()
}

func (t *Table) Get(row int, name string) string {
	i, ok := t.col[name]
	if !ok {
		return ""
	}
	return t.cell(row, i)
}

// cell is Get of the column at position i (-1: none), for a reader
// that looks its columns up once, not at every row.
func (t *Table) cell(row, i int) string {
	if i < 0 || i >= len(t.Rows[row]) {
		return ""
	}
	// A cell omologa wrote safe for spreadsheets ("'=x") reads as it was.
	return safecsv.Uncell(strings.TrimSpace(t.Rows[row][i]))
}

// column is the position of the column, -1 when the header lacks it.
func (t *Table) column(name string) int {
	if i, ok := t.col[name]; ok {
		return i
	}
	return -1
}

// intAt is the whole number in the column at position i, called name
// (0 when empty).
func (t *Table) intAt(row, i int, name string) (int, error) {
	s := t.cell(row, i)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, &Error{File: t.File, Line: t.Lines[row], Column: name, Err: fmt.Errorf("%q is not a whole number", s)}
	}
	return n, nil
}

func (t *Table) date(row int, name string) (tournament.Date, error) {
	return t.dateAt(row, t.column(name), name)
}

// dateAt is date of the column at position i, called name.
func (t *Table) dateAt(row, i int, name string) (tournament.Date, error) {
	s := t.cell(row, i)
	var d tournament.Date
	if s == "" {
		return d, nil
	}
	if err := d.UnmarshalText([]byte(s)); err != nil || (d.Month != 0 && (d.Month > 12 || d.Day < 1 || d.Day > 31)) {
		return tournament.Date{}, &Error{File: t.File, Line: t.Lines[row], Column: name, Err: fmt.Errorf("%q is not a date YYYY-MM-DD", s)}
	}
	return d, nil
}

// fideID reads an arbiter's FIDE id: digits only ("" for none or zero),
// and not one an earlier row (in seen, by line) already gave, since a
// FIDE id is one person's.
func (t *Table) fideID(row int, seen map[string]int) (string, error) {
	s := t.Get(row, "fide_id")
	for _, r := range s {
		if r < '0' || r > '9' {
			return "", &Error{File: t.File, Line: t.Lines[row], Column: "fide_id", Err: fmt.Errorf("%q is not a FIDE id: digits only", s)}
		}
	}
	key := IDKey(s)
	if key == "" {
		return "", nil
	}
	if first, dup := seen[key]; dup {
		return "", &Error{File: t.File, Line: t.Lines[row], Column: "fide_id", Err: fmt.Errorf("FIDE id %s is also the arbiter's of line %d", s, first)}
	}
	seen[key] = t.Lines[row]
	return s, nil
}

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
func readPlayer(t *Table, cols *playerColumns, ps *Players) (errs []error) {
	const i = 0
	file := t.File
	get := func(k int) string { return t.cell(i, cols.std[k]) }
	ps.Rows = append(ps.Rows, Player{
		FSIID: get(pcFSIID), FideID: get(pcFideID),
		Surname: get(pcSurname), Name: get(pcName), Sex: strings.ToUpper(get(pcSex)),
		Federation: get(pcFederation), Province: get(pcProvince), Club: get(pcClub),
		Category: strings.ToUpper(get(pcCategory)), Line: t.Lines[i],
	})
	p := &ps.Rows[len(ps.Rows)-1]
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
	for x, h := range ps.ExtraHeader {
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

// dateOr is the date in the column, adding its error to errs.
func (t *Table) dateOr(row int, name string, errs *[]error) tournament.Date {
	d, err := t.date(row, name)
	if err != nil {
		*errs = append(*errs, err)
	}
	return d
}

// WritePlayers writes a players' register in the standard column order,
// followed by the extra columns, so that what ReadPlayers read (or the
// rating stage produced) reads back the same.
func WritePlayers(w io.Writer, ps *Players) error {
	return WritePlayersWith(w, ps, nil)
}

// WritePlayersWith is WritePlayers with the extra columns' text given by
// cell (row i, column h, v its Extra value), when not nil: the rating
// stage writes its state from its typed form.
func WritePlayersWith(w io.Writer, ps *Players, cell func(i int, h, v string) string) error {
	header := append(append([]string{}, PlayerColumns...), ps.ExtraHeader...)
	itoa := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	// The lines are put together in buf and written 64 KiB at a time,
	// with one record for every row (a list of a million rows allocated
	// a record each, and encoding/csv wrote it a field at a time).
	buf := appendCSV(make([]byte, 0, 80<<10), header)
	rec := make([]string, 0, len(PlayerColumns)+len(ps.ExtraHeader))
	for i := range ps.Rows {
		p := &ps.Rows[i]
		k20 := ""
		if p.RapidK20 {
			k20 = "1"
		}
		rec = append(rec[:0], p.FSIID, p.FideID, p.Surname, p.Name, p.Sex, p.BirthDate.String(),
			p.Federation, p.Province, p.Club, p.Category, itoa(p.EloItalia), itoa(p.FideStandard),
			itoa(p.FideRapid), itoa(p.EloRapid), k20, itoa(p.MembershipYear))
		for _, h := range ps.ExtraHeader {
			v := ""
			if p.Extra != nil {
				v = p.Extra[h]
			}
			if cell != nil {
				v = cell(i, h, v)
			}
			rec = append(rec, v)
		}
		// Safe to open in a spreadsheet; ReadPlayers reads it back as it was.
		buf = appendCSV(buf, safecsv.Row(rec))
		if len(buf) >= 64<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}

// appendCSV appends rec to buf as one line of CSV, ',' separated,
// exactly as encoding/csv's Writer writes it (a field quoted when it
// holds a comma, a quote, a line break, starts with a space or is \.).
func appendCSV(buf []byte, rec []string) []byte {
	for n, field := range rec {
		if n > 0 {
			buf = append(buf, ',')
		}
		if !needsQuotes(field) {
			buf = append(buf, field...)
			continue
		}
		buf = append(buf, '"')
		for len(field) > 0 {
			i := strings.IndexAny(field, "\"\r\n")
			if i < 0 {
				i = len(field)
			}
			buf = append(buf, field[:i]...)
			field = field[i:]
			if len(field) > 0 {
				if field[0] == '"' {
					buf = append(buf, '"', '"')
				} else {
					buf = append(buf, field[0])
				}
				field = field[1:]
			}
		}
		buf = append(buf, '"')
	}
	return append(buf, '\n')
}

// needsQuotes is encoding/csv's test of a field to quote, for ','.
func needsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	for i := 0; i < len(field); i++ {
		if c := field[i]; c == '\n' || c == '\r' || c == '"' || c == ',' {
			return true
		}
	}
	r1, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r1)
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
