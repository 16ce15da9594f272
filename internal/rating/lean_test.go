package rating

import (
	"bytes"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/testkit/synth"
)

// TestLeanWritesTheSameList: a close with Close.Lean (the state kept
// typed, the rows' Extra left as read) writes the same CSV as one that
// writes the state into Extra, period after period, standard and rapid.
func TestLeanWritesTheSameList(t *testing.T) {
	r := settings(t)
	c := synth.Default()
	c.Players, c.Tournaments, c.PlayersPerTournament, c.Rounds = 600, 120, 12, 5
	for _, k := range []fsi.Kind{fsi.Standard, fsi.Rapid} {
		c.Rapid = k == fsi.Rapid
		s := synth.Generate(c)
		order, byLabel := seasonPeriods(s, r)
		var plain, lean []byte
		for n, p := range order {
			if n == 4 {
				break
			}
			var outs [2][]byte
			for i, isLean := range []bool{false, true} {
				// Each from the plain close's list of the period before,
				// read from its CSV as the close of files reads it.
				var in *List
				if plain == nil {
					in = ListOf(cloneList(s.Players))
				} else {
					var err error
					if in, err = ReadList("prev", plain); err != nil {
						t.Fatal(err)
					}
				}
				res, err := ClosePeriod(Close{Kind: k, Period: p, From: in, Tournaments: byLabel[p.Label], Settings: r,
					InPlace: true, Lean: isLean})
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if err := res.Next.WriteCSV(&b); err != nil {
					t.Fatal(err)
				}
				outs[i] = b.Bytes()
			}
			plain, lean = outs[0], outs[1]
			if !bytes.Equal(plain, lean) {
				t.Fatalf("%s %s: the lean close wrote a different list", k, p.Label)
			}
		}
		if !bytes.Contains(lean, []byte(StateColumns[0])) {
			t.Fatalf("%s: no period closed", k)
		}
	}
}
