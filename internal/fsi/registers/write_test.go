package registers

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"

	"omologa/internal/platform/safecsv"
	"omologa/internal/tournament"
)

// TestWritePlayersOnCores: a register long enough to be formatted on
// every core, a chunk at a time, is written as one core writes it, its
// extra columns' text given by cell for each row, and as its records of
// strings made safe for a spreadsheet are (quotes, apostrophes, odd
// dates and numbers).
func TestWritePlayersOnCores(t *testing.T) {
	ps := &Players{ExtraHeader: []string{"listed", "norms"}}
	odd := []Player{{FSIID: " 1", FideID: "-3", Surname: "O'Neil, \"Jr\"", Name: "a\nb", Sex: "@", Club: "\\.", Category: "+1",
		BirthDate: tournament.NewDate(-1, 5, 3), EloItalia: -5, FideStandard: 2100, MembershipYear: 2026, RapidK20: true},
		{BirthDate: tournament.NewDate(1980, 0, 0), Extra: map[string]string{"norms": "=1+1"}}, {BirthDate: tournament.NewDate(12345, 1, 2)}}
	ps.Rows = append(ps.Rows, odd...)
	for i := range 5*writeChunk + 17 {
		ps.Rows = append(ps.Rows, Player{FSIID: strconv.Itoa(100000 + i), Surname: "Rossi, " + strconv.Itoa(i), Name: "=Mario",
			BirthDate: tournament.NewDate(1950+i%50, 3, 1+i%28), EloRapid: i % 2500, Extra: map[string]string{"listed": strconv.Itoa(i % 2)}})
	}
	cell := func(i int, h, v string) string {
		if h == "norms" && i%3 == 0 {
			return "2026-01-0" + strconv.Itoa(1+i%9) + ":L"
		}
		return v
	}
	write := func(procs int) []byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		var b bytes.Buffer
		if err := WritePlayersWith(&b, ps, cell); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	one, many := write(1), write(4)
	if !bytes.Equal(one, many) {
		t.Fatalf("on four cores the register differs from one core's (%d and %d bytes)", len(many), len(one))
	}
	if want := recordsCSV(ps, cell); !bytes.Equal(one, want) {
		t.Fatalf("the register differs from its records' CSV (%d and %d bytes)", len(one), len(want))
	}
}

// recordsCSV is the register as records of strings, made safe for a
// spreadsheet and written by appendCSV: what WritePlayersWith writes.
func recordsCSV(ps *Players, cell func(i int, h, v string) string) []byte {
	itoa := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	buf := appendCSV(nil, append(append([]string{}, PlayerColumns...), ps.ExtraHeader...))
	for i := range ps.Rows {
		p := &ps.Rows[i]
		k20 := ""
		if p.RapidK20 {
			k20 = "1"
		}
		rec := []string{p.FSIID, p.FideID, p.Surname, p.Name, p.Sex, p.BirthDate.String(), p.Federation, p.Province, p.Club,
			p.Category, itoa(p.EloItalia), itoa(p.FideStandard), itoa(p.FideRapid), itoa(p.EloRapid), k20, itoa(p.MembershipYear)}
		for _, h := range ps.ExtraHeader {
			rec = append(rec, cell(i, h, p.Extra[h]))
		}
		buf = appendCSV(buf, safecsv.Row(rec))
	}
	return buf
}
