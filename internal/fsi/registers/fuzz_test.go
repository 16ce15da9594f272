package registers

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"omologa/internal/tournament"
)

// FuzzMatch feeds the one normaliser and the one matcher arbitrary names
// and ids: folding is idempotent, and a player written exactly as a row
// of the register is found (alone, or among the candidates).
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"Rossi, Mario", "D'Amico Luca", "Nicolò", "Player, 15", "o666_ktlc", "ß Œ ø", "", " 0123 "} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, name, id string) {
		if Fold(Fold(name)) != Fold(name) || Letters(Letters(name)) != Letters(name) {
			t.Fatalf("folding %q is not idempotent", name)
		}
		if k := IDKey(id); k != IDKey(k) {
			t.Fatalf("IDKey(%q) = %q is not stable", id, k)
		}
		list := &Players{Rows: []Player{{FSIID: id, Surname: name}, {Surname: "Rossi", Name: "Mario"}}}
		ix := NewIndex(list)
		m := ix.Match(&tournament.Player{Name: name, NationalID: id}, MatchOptions{ByName: true})
		found := m.Row == 0
		for _, c := range m.Candidates {
			found = found || c == 0
		}
		if !found && (IDKey(id) != "" || Letters(name) != "") {
			t.Fatalf("name %q id %q: %+v", name, id, m)
		}
	})
}

// FuzzReadArbiters feeds the arbiters' register reader arbitrary CSV:
// it never panics, and a register it reads without error has FIDE ids
// of digits only, no two arbiters with the same one.
func FuzzReadArbiters(f *testing.F) {
	for _, s := range []string{
		"fsi_id,surname,name,category,fide_id\n1,A,B,AN,862401\n2,C,D,AR,\n",
		"fsi_id;surname;name;category\n1;A;B;AN\n",
		"fide_id,fsi_id,surname,name,category\n0862401,1,A,B,AN\n862401,2,C,D,AR\n",
		"fsi_id,surname,name,category,fide_id\n1,A,B,AN,86 24\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		as, err := ReadArbiters("f.csv", data)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, a := range as {
			if a.FideID == "" {
				continue
			}
			if strings.Trim(a.FideID, "0123456789") != "" || seen[IDKey(a.FideID)] {
				t.Fatalf("FIDE id %q read from %q", a.FideID, data)
			}
			seen[IDKey(a.FideID)] = true
		}
	})
}

// FuzzScanPlain checks that the reader of files without quotes gives
// the records and lines encoding/csv gives (issue 31: a register read
// without encoding/csv must read the same).
func FuzzScanPlain(f *testing.F) {
	for _, s := range []string{"a,b\n1,2\n", "a;b\n 1; 2\n\n3\n", "x\n  \n,\n ,\u00a0y,\n", "h\n\n\nz", "", "\n\nh,i\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, "\"\r") || !utf8.ValidString(s) {
			return
		}
		type rec struct {
			fields []string
			line   int
		}
		read := func(scan func(*Table, func([]string, int)) error) ([]rec, []string, error) {
			tb := &Table{File: "f", col: map[string]int{}}
			var out []rec
			err := scan(tb, func(r []string, line int) { out = append(out, rec{slices.Clone(r), line}) })
			return out, tb.Header, err
		}
		for _, comma := range []byte{',', ';'} {
			for _, reuse := range []bool{false, true} {
				got, gh, gerr := read(func(tb *Table, row func([]string, int)) error {
					return scanPlain([]byte(s), comma, tb, reuse, reuse, row)
				})
				want, wh, werr := read(func(tb *Table, row func([]string, int)) error {
					return scanQuoted([]byte(s), rune(comma), tb, reuse, row)
				})
				if (gerr == nil) != (werr == nil) || !slices.Equal(gh, wh) || len(got) != len(want) {
					t.Fatalf("%q (%c): plain %v %q %v, csv %v %q %v", s, comma, got, gh, gerr, want, wh, werr)
				}
				for i := range got {
					if got[i].line != want[i].line || !slices.Equal(got[i].fields, want[i].fields) {
						t.Fatalf("%q (%c) record %d: plain %q line %d, csv %q line %d", s, comma, i, got[i].fields, got[i].line, want[i].fields, want[i].line)
					}
				}
			}
		}
	})
}

// FuzzAppendCSV checks that the players' register is written as
// encoding/csv writes it.
func FuzzAppendCSV(f *testing.F) {
	for _, s := range []string{"a", "", "\\.", " x", "a,b", "q\"q", "l\nl", "c\r\nd", "\u00a0n", "é"} {
		f.Add(s, "x")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		rec := []string{a, b, "", a + b}
		var want bytes.Buffer
		cw := csv.NewWriter(&want)
		cw.Write(rec)
		cw.Flush()
		if got := appendCSV(nil, rec); string(got) != want.String() {
			t.Fatalf("%q: wrote %q, encoding/csv %q", rec, got, want.String())
		}
	})
}
