package registers

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"sync"
)

// onCoresFrom is the size of a register read on every core: below it,
// one reader is as quick (a variable for the tests).
var onCoresFrom = 4 << 20

// readPlayersOnCores reads a large plain register (openTable) on every
// core, as readPlayers reads it one record after the other: the same
// rows in the same order, the same errors (a million players took a
// second on one core, issue 31). The header is read first; the rest is
// cut at line ends into pieces, each read by one worker into its own
// part of the rows (as many as it has lines), and the parts are put
// together (moved down only past blank lines). done is false when the
// register is not for it (small, quoted, one core): readPlayers reads it.
func readPlayersOnCores(file string, data []byte, own bool, t *Table, ps *Players, start func(rows int),
	cols *playerColumns) (done bool, out *Players, err error) {
	workers := runtime.GOMAXPROCS(0)
	if len(data) < onCoresFrom || workers < 2 {
		return false, nil, nil
	}
	body, comma, plain, err := openTable(file, data, t)
	if err != nil || !plain {
		return err != nil, nil, err
	}
	rest, next := plainLines(textOf(body, own), 1, byte(comma), false, func(rec []string, line int) bool {
		t.record(rec, line, false, nil)
		return t.Header == nil
	})
	if err := t.headed(); err != nil {
		return true, nil, err
	}
	for _, c := range []string{"fsi_id", "surname", "name"} {
		if !t.Has(c) {
			return true, nil, &Error{File: file, Line: t.headerLine, Column: c, Err: errors.New("column missing from the header")}
		}
	}
	start(bytes.Count(data, []byte("\n")))
	pieces := cutAtLines(rest, 2*workers)
	firstLine, at := make([]int, len(pieces)), make([]int, len(pieces)+1)
	for k, p := range pieces {
		firstLine[k] = next
		lines := strings.Count(p, "\n")
		if p != "" && p[len(p)-1] != '\n' {
			lines++
		}
		next += strings.Count(p, "\n")
		at[k+1] = at[k] + lines
	}
	rows := ps.Rows[:0]
	if cap(rows) < at[len(pieces)] {
		rows = make([]Player, 0, at[len(pieces)])
	}
	rows = rows[:at[len(pieces)]]
	got, errs := make([]int, len(pieces)), make([][]error, len(pieces))
	var wg sync.WaitGroup
	for k, p := range pieces {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tk := &Table{File: file, Header: t.Header, col: t.col, Rows: make([][]string, 1), Lines: make([]int, 1)}
			n := 0
			plainLines(p, firstLine[k], byte(comma), true, func(rec []string, line int) bool {
				if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
					return true // a blank record, as Table.record skips it
				}
				tk.Rows[0], tk.Lines[0] = rec, line
				errs[k] = append(errs[k], readPlayerInto(tk, cols, ps.ExtraHeader, &rows[at[k]+n])...)
				n++
				return true
			})
			got[k] = n
		}()
	}
	wg.Wait()
	n := 0
	for k := range pieces {
		if at[k] != n {
			copy(rows[n:], rows[at[k]:at[k]+got[k]])
		}
		n += got[k]
	}
	clear(rows[n:])
	ps.Rows = rows[:n]
	var all []error
	for _, e := range errs {
		all = append(all, e...)
	}
	return true, ps, errors.Join(all...)
}

// cutAtLines cuts text into at most n pieces of about the same size,
// each ending at a line end (the last where text ends).
func cutAtLines(text string, n int) []string {
	var out []string
	for len(text) > 0 {
		size := len(text) / max(n-len(out), 1)
		i := strings.IndexByte(text[size:], '\n')
		if i < 0 || len(out) == n-1 {
			out = append(out, text)
			break
		}
		out = append(out, text[:size+i+1])
		text = text[size+i+1:]
	}
	return out
}
