package registers

// The players' register written as CSV.

import (
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"omologa/internal/platform/safecsv"
)

// WritePlayers writes a players' register in the standard column order,
// followed by the extra columns, so that what ReadPlayers read (or the
// rating stage produced) reads back the same.
func WritePlayers(w io.Writer, ps *Players) error {
	return WritePlayersWith(w, ps, nil)
}

// WritePlayersWith is WritePlayers with the extra columns' text given by
// cell (row i, column h, v its Extra value), when not nil: the rating
// stage writes its state from its typed form. A register of many rows
// is formatted on every core, a chunk of rows at a time, and written in
// order (a million rows were a second of one core, issue 31): cell may
// be called for different rows at once.
func WritePlayersWith(w io.Writer, ps *Players, cell func(i int, h, v string) string) error {
	header := append(append([]string{}, PlayerColumns...), ps.ExtraHeader...)
	n := len(ps.Rows)
	chunks := (n + writeChunk - 1) / writeChunk
	// A worker a core, but for a register of a few chunks (one then
	// formats them ahead of the writes).
	workers := max(1, min(runtime.GOMAXPROCS(0), chunks/2))
	if _, err := w.Write(appendCSV(nil, header)); err != nil {
		return err
	}
	done := make([]chan []byte, chunks)
	for k := range done {
		done[k] = make(chan []byte, 1)
	}
	window := make(chan struct{}, 2*workers) // chunks formatted ahead of the writes
	spare := make(chan []byte, 2*workers+1)  // buffers written, for the next chunks
	var next atomic.Int64
	var failed atomic.Bool
	for range workers {
		go func() {
			for {
				window <- struct{}{}
				k := int(next.Add(1) - 1)
				if k >= chunks {
					<-window
					return
				}
				var buf []byte
				select {
				case buf = <-spare:
				default:
				}
				if !failed.Load() {
					from := k * writeChunk
					buf = appendRows(buf[:0], ps, from, min(from+writeChunk, n), cell)
				}
				done[k] <- buf
			}
		}()
	}
	var err error
	for k := range done {
		buf := <-done[k]
		<-window
		if err == nil {
			if _, err = w.Write(buf); err != nil {
				failed.Store(true) // the rest is not formatted, only counted off
			}
		}
		select {
		case spare <- buf:
		default:
		}
	}
	return err
}

// writeChunk is the rows formatted together.
const writeChunk = 4096

// appendRows appends the lines of rows from to to, each field as
// appendCSV and safecsv.Row would write it, numbers and dates appended
// as they are (they need neither quotes nor the spreadsheet's
// apostrophe), not made strings first.
func appendRows(buf []byte, ps *Players, from, to int, cell func(i int, h, v string) string) []byte {
	num := func(buf []byte, n int) []byte {
		if n == 0 {
			return buf
		}
		return strconv.AppendInt(buf, int64(n), 10)
	}
	for i := from; i < to; i++ {
		p := &ps.Rows[i]
		for _, s := range [...]string{p.FSIID, p.FideID, p.Surname, p.Name, p.Sex} {
			buf = append(appendField(buf, safecsv.Cell(s)), ',')
		}
		// A date's text is digits and dashes: as it is unless it starts
		// with a dash (a year before 1), which Cell takes care of.
		if date := p.BirthDate.AppendText(buf); len(date) == len(buf) || date[len(buf)] != '-' {
			buf = date
		} else {
			buf = appendField(buf, safecsv.Cell(p.BirthDate.String()))
		}
		for _, s := range [...]string{p.Federation, p.Province, p.Club, p.Category} {
			buf = appendField(append(buf, ','), safecsv.Cell(s))
		}
		for _, n := range [...]int{p.EloItalia, p.FideStandard, p.FideRapid, p.EloRapid} {
			buf = num(append(buf, ','), n)
		}
		buf = append(buf, ',')
		if p.RapidK20 {
			buf = append(buf, '1')
		}
		buf = num(append(buf, ','), p.MembershipYear)
		for _, h := range ps.ExtraHeader {
			v := ""
			if p.Extra != nil {
				v = p.Extra[h]
			}
			if cell != nil {
				v = cell(i, h, v)
			}
			// Safe to open in a spreadsheet; ReadPlayers reads it back as it was.
			buf = appendField(append(buf, ','), safecsv.Cell(v))
		}
		buf = append(buf, '\n')
	}
	return buf
}

// appendCSV appends rec to buf as one line of CSV, ',' separated,
// exactly as encoding/csv's Writer writes it (a field quoted when it
// holds a comma, a quote, a line break, starts with a space or is \.).
func appendCSV(buf []byte, rec []string) []byte {
	for n, field := range rec {
		if n > 0 {
			buf = append(buf, ',')
		}
		buf = appendField(buf, field)
	}
	return append(buf, '\n')
}

// appendField appends one field of appendCSV.
func appendField(buf []byte, field string) []byte {
	if !needsQuotes(field) {
		return append(buf, field...)
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
	return append(buf, '"')
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
