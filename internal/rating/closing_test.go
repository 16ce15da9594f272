package rating

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/testkit/synth"
)

// TestClosingAsClosePeriod: a close fed its tournaments one at a time
// (OpenClose, Add, Finish: rated on goroutines of their own while the
// next come) gives the list and the report ClosePeriod gives, standard
// and rapid, excluded tournaments among them.
func TestClosingAsClosePeriod(t *testing.T) {
	r := settings(t)
	c := synth.Default()
	c.Players, c.Tournaments, c.PlayersPerTournament, c.Rounds = 400, 90, 12, 5
	for _, k := range []fsi.Kind{fsi.Standard, fsi.Rapid} {
		c.Rapid = k == fsi.Rapid
		s := synth.Generate(c)
		order, byLabel := seasonPeriods(s, r)
		p := order[len(order)/2]
		ts := slices.Clone(byLabel[p.Label])
		ts = append(ts, byLabel[order[len(order)/2+1].Label][:2]...) // received later: excluded
		slices.SortStableFunc(ts, receiptOrder)
		out := func(res *Result) ([]byte, []byte) {
			var b bytes.Buffer
			if err := res.Next.WriteCSV(&b); err != nil {
				t.Fatal(err)
			}
			js, err := json.Marshal(res.Report)
			if err != nil {
				t.Fatal(err)
			}
			return b.Bytes(), js
		}
		in := func() Close {
			return Close{Kind: k, Period: p, List: cloneList(s.Players), Settings: r, InPlace: true, Lean: true}
		}
		whole := in()
		whole.Tournaments = ts
		want, err := ClosePeriod(whole)
		if err != nil {
			t.Fatal(err)
		}
		cl, err := OpenClose(in())
		if err != nil {
			t.Fatal(err)
		}
		for _, rc := range ts {
			if err := cl.Add(rc); err != nil {
				t.Fatal(err)
			}
		}
		list, report := out(cl.Finish())
		wantList, wantReport := out(want)
		if !bytes.Equal(list, wantList) || !bytes.Equal(report, wantReport) {
			t.Fatalf("%s %s: the close fed one tournament at a time differs from ClosePeriod's", k, p.Label)
		}
		if len(want.Report.Excluded) == 0 || len(want.Report.Changes) == 0 {
			t.Fatalf("%s %s: %d excluded, %d changes: nothing compared", k, p.Label, len(want.Report.Excluded), len(want.Report.Changes))
		}
	}
}
