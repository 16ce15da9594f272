package registers

import (
	"bytes"
	"runtime"
	"strconv"
	"testing"

	"omologa/internal/tournament"
)

// TestWritePlayersOnCores: a register long enough to be formatted on
// every core, a chunk at a time, is written as one core writes it, its
// extra columns' text given by cell for each row.
func TestWritePlayersOnCores(t *testing.T) {
	ps := &Players{ExtraHeader: []string{"listed", "norms"}}
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
	back, err := ReadPlayers("back.csv", many)
	if err != nil || len(back.Rows) != len(ps.Rows) || back.Rows[len(ps.Rows)-1].FSIID != ps.Rows[len(ps.Rows)-1].FSIID {
		t.Fatalf("read back: %v", err)
	}
}
