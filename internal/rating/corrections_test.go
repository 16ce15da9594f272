package rating

import (
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
)

// §4b of the office's decisions: a tournament changed after its list was
// closed is corrected in the next list closed: each player's difference
// is added to his sum like a variation, whether or not he plays in the
// period; a player no longer on the list gets nothing.
func TestClosePeriodCorrections(t *testing.T) {
	r := settings(t)
	p, err := r.Schedule(fsi.Standard).Parse("2027-03")
	if err != nil {
		t.Fatal(err)
	}
	list := &registers.Players{Rows: []registers.Player{
		reg("1", "Rossi", "Mario", "2N", 1700, 0, 0),
		reg("2", "Bianchi", "Luca", "2N", 1805, 0, 0),
	}}
	res, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, List: list, Settings: r, Corrections: []Correction{
		{FSIID: "1", Name: "Rossi Mario", Tournament: "Open", List: "2027-01", Reason: "nuova versione", Delta: 300},
		{FSIID: "2", Name: "Bianchi Luca", Tournament: "Open", List: "2027-01", Reason: "nuova versione", Delta: -304},
		{FSIID: "9", Name: "Verdi Ugo", Tournament: "Open", List: "2027-01", Reason: "nuova versione", Delta: 100},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, row := range res.List.Rows {
		got[row.FSIID] = row.EloItalia
	}
	// RTF 4.3.3: the sum rounded, 1805 − 30.4 = 1774.6 → 1775.
	if got["1"] != 1730 || got["2"] != 1775 || len(res.List.Rows) != 2 {
		t.Errorf("new list %v", got)
	}
	if n := len(res.Report.Corrections); n != 3 || !res.Report.Corrections[0].Applied || res.Report.Corrections[2].Applied {
		t.Errorf("report corrections %+v", res.Report.Corrections)
	}
	if c := res.Report.Changes; len(c) != 2 || c[0].Variations[0].File != ArtCorrection || c[0].Variations[0].Name != "Open" {
		t.Errorf("changes %+v", c)
	}
}
