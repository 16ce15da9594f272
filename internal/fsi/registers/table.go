package registers

// The one reader of CSV files with a header: the registers' and every
// CSV the office is given.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"omologa/internal/platform/safecsv"
	"omologa/internal/tournament"
)

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
	data, comma, plain, err := openTable(file, data, t)
	if err != nil {
		return err
	}
	if plain {
		return scanPlain(data, byte(comma), t, reuse, own, row)
	}
	return scanQuoted(data, comma, t, reuse, row)
}

// openTable is what scanTable knows of a file before its records: the
// data after a BOM, checked UTF-8, its separator (',' or ';', as the
// first line says) and whether it is plain (no quotes, no carriage
// returns: scanPlain reads it); t gets its File and empty columns.
func openTable(file string, data []byte, t *Table) ([]byte, rune, bool, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return nil, 0, false, &Error{File: file, Line: 1, Column: "(file)", Err: errors.New("not UTF-8: save the register as UTF-8 CSV")}
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	comma := ','
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		comma = ';'
	}
	t.File, t.col = file, map[string]int{}
	return data, comma, bytes.IndexByte(data, '"') < 0 && bytes.IndexByte(data, '\r') < 0, nil
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
	plainLines(textOf(data, own), 1, comma, reuse, func(rec []string, line int) bool {
		t.record(rec, line, reuse, row)
		return true
	})
	return t.headed()
}

// textOf is data as a string: data itself when owned (scanTable's own).
func textOf(data []byte, own bool) string {
	if own {
		return unsafe.String(unsafe.SliceData(data), len(data))
	}
	return string(data)
}

// plainLines gives each line of text that is not empty, numbered from
// first, to fn as its fields (split at comma, leading white space
// trimmed, as encoding/csv's TrimLeadingSpace), until fn returns false;
// it returns the text after that line and the next line's number. With
// reuse, the fields come in the same slice each time.
func plainLines(text string, first int, comma byte, reuse bool, fn func(rec []string, line int) bool) (rest string, next int) {
	var rec []string
	line := first
	for len(text) > 0 {
		l, after, _ := strings.Cut(text, "\n")
		text = after
		line++
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
		if !fn(rec, line-1) {
			break
		}
		if !reuse {
			rec = nil
		}
	}
	return text, line
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

// dateOr is the date in the column, adding its error to errs.
func (t *Table) dateOr(row int, name string, errs *[]error) tournament.Date {
	d, err := t.date(row, name)
	if err != nil {
		*errs = append(*errs, err)
	}
	return d
}
