package rating

import (
	"io"
	"maps"
	"slices"

	"omologa/internal/fsi/registers"
)

// List is a list of players as the engine works on it: the rows and
// each row's state, typed (rowState), read from the state columns once
// where the list comes in as text (ReadList, ListOf) and handed from one
// close to the next (Close.From, Result.Next) without going through its
// CSV again. A close keeps the rows' state columns in step with the
// typed state, so that WriteCSV, the edge back, writes them as they are.
type List struct {
	// Players are the rows; their Extra holds the state columns' text
	// (the columns a close did not change keep their text as read).
	Players *registers.Players
	// st is the state of each row read; rows added since (a register's
	// new members) are read when a close takes the list.
	st []rowState
	// ix is the index of a list handed on by a close in place (nil: the
	// close builds it), of the rows ixOf had then (ixRows): a list whose
	// rows were added to since is indexed again.
	ix     *Index
	ixOf   *registers.Players
	ixRows int
	// lean: the state columns a close changed are in st only, marked
	// dirty, not in the rows' Extra (Close.Lean).
	lean bool
}

// ReadList reads a list in force from its CSV (the players' register
// format with the engine's state columns): the edge where the state is
// text.
func ReadList(name string, data []byte) (*List, error) {
	ps, err := registers.ReadPlayers(name, data)
	if err != nil {
		return nil, err
	}
	return ListOf(ps), nil
}

// ListOf takes a register already read (a players' register loaded by
// the caller) as a list, its state columns read once.
func ListOf(ps *registers.Players) *List {
	l := &List{Players: ps}
	l.readNew()
	return l
}

// readNew reads the state of the rows added since the list was read.
func (l *List) readNew() {
	if l.Players == nil {
		l.Players = &registers.Players{}
	}
	rows := l.Players.Rows
	l.st = slices.Grow(l.st, len(rows)-len(l.st))
	for i := len(l.st); i < len(rows); i++ {
		l.st = append(l.st, readState(&rows[i]))
	}
}

// WriteCSV writes the list in the players' register format with the
// state columns: the edge back to text, for a file or the store.
func (l *List) WriteCSV(w io.Writer) error {
	if !l.lean {
		return registers.WritePlayers(w, l.Players)
	}
	return registers.WritePlayersWith(w, l.Players, l.cell)
}

// cell is the text of a lean list's extra column h in row i, whose
// Extra holds v: the typed state's when the close changed the column
// (what writer.flush would have put in Extra), v otherwise.
func (l *List) cell(i int, h, v string) string {
	if i >= len(l.st) || l.st[i].dirty == 0 {
		return v
	}
	if c := stateIndex(h); c >= 0 && l.st[i].dirty&(1<<c) != 0 {
		return l.st[i].column(c)
	}
	return v
}

// clone copies the list for a close that leaves it unchanged: the rows
// (their Extra maps shared until changed, see writer) and the state (its
// norms shared until one is added, see addNorm).
func (l *List) clone() *List {
	return &List{Players: cloneList(l.Players), st: slices.Clone(l.st)}
}

// cloneList copies the list; the rows' Extra maps stay shared with the
// list in force until writer.set changes one (copy on write: a close
// touches few rows' state, and the list in force must not change).
func cloneList(l *registers.Players) *registers.Players {
	if l == nil {
		return &registers.Players{}
	}
	out := &registers.Players{Rows: make([]registers.Player, len(l.Rows), len(l.Rows)+len(l.Rows)/8+16),
		ExtraHeader: slices.Clone(l.ExtraHeader)}
	copy(out.Rows, l.Rows)
	return out
}

// writer changes the state columns of the new list.
type writer struct {
	list  *registers.Players
	owned []bool // the row's Extra map belongs to the new list
	// lean: the changes stay in the typed state (Close.Lean).
	lean bool
}

// flush writes the changed state columns of row i.
func (w *writer) flush(i int, rs *rowState) {
	if w.lean {
		return
	}
	for c, d := 0, rs.dirty; d != 0; c, d = c+1, d>>1 {
		if d&1 != 0 {
			w.set(i, StateColumns[c], rs.column(c))
		}
	}
	rs.dirty = 0
}

func (w *writer) set(i int, col, v string) {
	r := &w.list.Rows[i]
	if r.Extra[col] == v {
		return
	}
	if !w.owned[i] {
		r.Extra = maps.Clone(r.Extra)
		w.owned[i] = true
	}
	setState(r, col, v)
}
