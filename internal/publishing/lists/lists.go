// Package lists publishes a rating list: the players who appear on it
// (RTF 4.2.9: active and registered; RAPID 6.9: not removed), as a page,
// as CSV for a person (Excel with Italian settings) and for scripts, and
// as PNG charts (the rating distribution, a player's history across
// lists).
//
// What it publishes carries only the fields RAPID 5.3 lets the FSI
// publish (regs §4b "Publication"): surname, name, category, province,
// rating, and for the standard list the FSI id and whether the rating
// is FIDE. Entry has no other field, so nothing else can leak into the
// public folder; the office's full exports are written elsewhere by the
// office.
package lists

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/platform/safecsv"
	"omologa/internal/rating"
)

// Entry is one line of a published list: the published fields only.
type Entry struct {
	Rank     int
	FSIID    string // standard list only
	Surname  string
	Name     string
	Category string // standard: national category (M, CM, 1N...); rapid: RAPID 8.4 band
	Province string
	Rating   int
	// FIDE: the rating is the player's FIDE rating, his merit rating on
	// the national list (RTF 4.2.8, regs §4b).
	FIDE bool
}

// Build returns the published list of kind ("standard" or "rapid") from
// a list written by the rating stage, best first: standard shows each
// player's merit rating (FIDE when he has one, marked, else Elo Italia)
// for the players whose listed column is not 0; rapid shows Elo Italia
// Rapid with the rapid category.
func Build(list *registers.Players, kind fsi.Kind) []Entry {
	out, _ := BuildRows(list, kind)
	return out
}

// BuildRows is Build with, for each entry, the index of its row in
// list.Rows: the public site links each entry to the player's page.
func BuildRows(list *registers.Players, kind fsi.Kind) ([]Entry, []int) {
	var out []Entry
	var rows []int
	for i := range list.Rows {
		r := &list.Rows[i]
		e := Entry{Surname: r.Surname, Name: r.Name, Category: r.Category, Province: r.Province}
		if kind == fsi.Rapid {
			e.Rating, e.Category = r.EloRapid, rating.RapidCategory(r)
		} else {
			if !rating.Listed(r) {
				continue
			}
			e.FSIID = r.FSIID
			e.Rating, e.FIDE = r.Merit()
		}
		if e.Rating <= 0 {
			continue
		}
		out = append(out, e)
		rows = append(rows, i)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		a, b := &out[x], &out[y]
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Surname+" "+a.Name, b.Surname+" "+b.Name)
	})
	sorted, srows := make([]Entry, len(out)), make([]int, len(out))
	for i, j := range order {
		sorted[i], srows[i] = out[j], rows[j]
	}
	out, rows = sorted, srows
	// Equal ratings share a position (standard competition ranking:
	// 1, 2, 2, 4), as a published ranking list reads.
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Rating == out[i-1].Rating {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out, rows
}

// Column is one published column: its stable English name for scripts
// and its Italian heading for people.
type Column struct {
	Key, IT string
	value   func(e *Entry) (en, it string)
}

var (
	colRank     = Column{"rank", "Pos.", func(e *Entry) (string, string) { s := strconv.Itoa(e.Rank); return s, s }}
	colFSIID    = Column{"fsi_id", "Tessera FSI", func(e *Entry) (string, string) { return e.FSIID, e.FSIID }}
	colSurname  = Column{"surname", "Cognome", func(e *Entry) (string, string) { return e.Surname, e.Surname }}
	colName     = Column{"name", "Nome", func(e *Entry) (string, string) { return e.Name, e.Name }}
	colCategory = Column{"category", "Categoria", func(e *Entry) (string, string) { return e.Category, e.Category }}
	colProvince = Column{"province", "Provincia", func(e *Entry) (string, string) { return e.Province, e.Province }}
	colRating   = Column{"rating", "Elo", func(e *Entry) (string, string) { s := strconv.Itoa(e.Rating); return s, s }}
	colFIDE     = Column{"fide", "FIDE", func(e *Entry) (string, string) {
		if e.FIDE {
			return "1", "sì"
		}
		return "0", ""
	}}
)

// Columns are the published columns of a list of kind, in order: the
// fields regs §4b allows and no other.
func Columns(kind fsi.Kind) []Column {
	if kind == fsi.Rapid {
		return []Column{colRank, colSurname, colName, colCategory, colProvince, colRating}
	}
	return []Column{colRank, colFSIID, colSurname, colName, colCategory, colProvince, colRating, colFIDE}
}

// WriteCSV writes the list for scripts: UTF-8 without BOM, comma
// separated, the stable English column names of Columns, numbers with a
// decimal point, FIDE as 1/0.
func WriteCSV(w io.Writer, kind fsi.Kind, entries []Entry) error {
	return writeCSV(w, kind, entries, false)
}

// WriteExcelCSV writes the list for a person opening it in Excel with
// Italian settings: UTF-8 with a BOM (else Excel reads "SocietÃ"), ';'
// as separator (Excel in Italian splits on it, the comma being the
// decimal sign), Italian headings.
func WriteExcelCSV(w io.Writer, kind fsi.Kind, entries []Entry) error {
	if _, err := io.WriteString(w, "\uFEFF"); err != nil {
		return err
	}
	return writeCSV(w, kind, entries, true)
}

// WriteJSON writes the list for scripts as a JSON array of objects keyed
// by the stable English column names of Columns; numbers are numbers and
// fide a boolean.
func WriteJSON(w io.Writer, kind fsi.Kind, entries []Entry) error {
	cols := Columns(kind)
	rows := make([]map[string]any, len(entries))
	for i := range entries {
		e := &entries[i]
		row := make(map[string]any, len(cols))
		for _, c := range cols {
			switch c.Key {
			case "rank":
				row[c.Key] = e.Rank
			case "rating":
				row[c.Key] = e.Rating
			case "fide":
				row[c.Key] = e.FIDE
			default:
				en, _ := c.value(e)
				row[c.Key] = en
			}
		}
		rows[i] = row
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(rows); err != nil {
		return fmt.Errorf("list JSON: %w", err)
	}
	return nil
}

func writeCSV(w io.Writer, kind fsi.Kind, entries []Entry, italian bool) error {
	cw := csv.NewWriter(w)
	if italian {
		cw.Comma, cw.UseCRLF = ';', true
	}
	cols := Columns(kind)
	row := make([]string, len(cols))
	for i, c := range cols {
		row[i] = c.Key
		if italian {
			row[i] = c.IT
		}
	}
	if err := cw.Write(row); err != nil {
		return err
	}
	for i := range entries {
		for j, c := range cols {
			en, it := c.value(&entries[i])
			row[j] = en
			if italian {
				row[j] = it
			}
		}
		// A name or club beginning "=HYPERLINK(" is text in Excel.
		if err := cw.Write(safecsv.Row(row)); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("list CSV: %w", err)
	}
	return nil
}
