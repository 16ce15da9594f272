package main

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"omologa/internal/platform/italian"
	"omologa/internal/rating"
)

// The changes' table of `omologa list close`: a line for every player
// who played, laid out as text/tabwriter lays it out, without holding
// it. tabwriter keeps the whole table until it is flushed, to know its
// columns' widths: tens of MB at a season's scale and the peak of the
// command's memory (issue 31). Here the widths are measured in a first
// pass over the changes and each line is written as it is built in a
// second.

// changesHeader is the table's first line.
const changesHeader = "fsi_id\tname\tprevious\tused\tsum\treached\tnew\tper tournament\tarticles\n"

// The layout of tabwriter.NewWriter(w, tableMinWidth, 4, tablePadding,
// ' ', 0): a column is as wide as its widest cell, in runes, plus the
// padding, and at least the minimum width; the last cell of a line is
// not a column.
const (
	tableMinWidth = 2
	tablePadding  = 2
	tableColumns  = 8 // the cells before the last: every line has nine
)

// printChanges writes the changes' table (nothing when there are none).
func printChanges(w io.Writer, changes []rating.Change) {
	if len(changes) == 0 {
		return
	}
	widths, ok := changesWidths(changes)
	if !ok {
		printChangesTabwriter(w, changes)
		return
	}
	var line, out []byte
	put := func(line []byte) {
		out = out[:0]
		for col := 0; col < tableColumns; col++ {
			cell, rest, _ := bytes.Cut(line, []byte{'\t'})
			out = append(out, cell...)
			for n := widths[col] - utf8.RuneCount(cell); n > 0; n-- {
				out = append(out, ' ')
			}
			line = rest
		}
		w.Write(append(out, line...))
	}
	put([]byte(changesHeader))
	for i := range changes {
		line = appendChange(line[:0], &changes[i])
		put(line)
	}
}

// changesWidths measures the table's columns; ok is false when a cell
// holds one of tabwriter's control characters (a tab, newline, vertical
// tab or form feed would make other cells, 0xff escapes text): such a
// table goes through tabwriter itself.
func changesWidths(changes []rating.Change) (widths [tableColumns]int, ok bool) {
	for col := range widths {
		widths[col] = tableMinWidth
	}
	measure := func(line []byte) bool {
		body := line[:len(line)-1] // the newline
		if bytes.ContainsAny(body, "\n\v\f\xff") || bytes.Count(body, []byte{'\t'}) != tableColumns {
			return false
		}
		for col := range widths {
			cell, rest, _ := bytes.Cut(body, []byte{'\t'})
			widths[col] = max(widths[col], utf8.RuneCount(cell)+tablePadding)
			body = rest
		}
		return true
	}
	if !measure([]byte(changesHeader)) {
		return widths, false
	}
	var line []byte
	for i := range changes {
		line = appendChange(line[:0], &changes[i])
		if !measure(line) {
			return widths, false
		}
	}
	return widths, true
}

// printChangesTabwriter is the table through tabwriter, for cells that
// printChanges cannot measure.
func printChangesTabwriter(w io.Writer, changes []rating.Change) {
	tw := tabwriter.NewWriter(w, tableMinWidth, 4, tablePadding, ' ', 0)
	io.WriteString(tw, changesHeader)
	var line []byte
	for i := range changes {
		line = appendChange(line[:0], &changes[i])
		tw.Write(line)
	}
	tw.Flush()
}

// appendChange appends c's line of the table, its cells joined by tabs,
// built without fmt (a line for every player who played).
func appendChange(line []byte, c *rating.Change) []byte {
	line = append(line, c.FSIID...)
	line = append(append(append(line, '\t'), c.Name...), '\t')
	line = append(strconv.AppendInt(line, int64(c.Previous), 10), '\t')
	line = append(append(strconv.AppendInt(line, int64(c.Used), 10), ' '), c.Source...)
	line = append(italian.AppendSignedTenthsEN(append(line, '\t'), int(c.Sum)), '\t')
	if c.Rated {
		line = strconv.AppendInt(line, int64(c.Reached), 10)
	}
	line = append(strconv.AppendInt(append(line, '\t'), int64(c.New), 10), '\t')
	for i := range c.Variations {
		v := &c.Variations[i]
		if i > 0 {
			line = append(line, "; "...)
		}
		line = italian.AppendSignedTenthsEN(append(append(line, v.Name...), ' '), int(v.Applied))
		if len(v.Articles) > 0 {
			line = append(append(append(line, " ["...), strings.Join(v.Articles, ",")...), ']')
		}
	}
	return append(append(append(line, '\t'), strings.Join(c.Articles, " ")...), '\n')
}
