package rating

import (
	"testing"

	"omologa/internal/tournament"
)

// FuzzRateOverrides: whatever --theoretical and --withdrawal-* are given,
// the parsers return an error or a value that reads back the same.
func FuzzRateOverrides(f *testing.F) {
	for _, s := range []string{"2=1700", "id:90001=1800", "id:=1", "=", "2=", "x=1", "0=1500", "3=99999", " 4 = 1600 ", "5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var o Overrides
		if err := o.AddTheoretical(v); err == nil {
			if len(o.TheoreticalByStart)+len(o.TheoreticalByID) != 1 {
				t.Fatalf("%q accepted as %+v", v, o)
			}
			for s, r := range o.TheoreticalByStart {
				if s < 1 || r < 1 || r > 3500 {
					t.Fatalf("%q: start %d rating %d", v, s, r)
				}
			}
			for id, r := range o.TheoreticalByID {
				if id == "" || r < 1 || r > 3500 {
					t.Fatalf("%q: id %q rating %d", v, id, r)
				}
			}
		}
		var w Overrides
		if err := w.AddWithdrawal(v, true); err == nil {
			for s, u := range w.Withdrawals {
				if s < 1 || !u || len(w.Withdrawals) != 1 {
					t.Fatalf("%q accepted as %+v", v, w.Withdrawals)
				}
			}
		}
	})
}

func TestOverridesUnknown(t *testing.T) {
	tt := &tournament.Tournament{Players: []tournament.Player{{Start: 1, NationalID: "123", FideID: "900"}, {Start: 2}}}
	var o Overrides
	for _, v := range []string{"1=1700", "3=1800", "id:900=1900", "id:77=2000"} {
		if err := o.AddTheoretical(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.AddWithdrawal("2", true); err != nil {
		t.Fatal(err)
	}
	if err := o.AddWithdrawal("5", false); err != nil {
		t.Fatal(err)
	}
	got := map[Unknown]bool{}
	for _, u := range o.Unknown(tt) {
		got[u] = true
	}
	want := map[Unknown]bool{{Decision: "theoretical", Player: "3"}: true, {Decision: "theoretical", Player: "id:77", ByID: true}: true,
		{Decision: "withdrawal-justified", Player: "5"}: true}
	if len(got) != len(want) {
		t.Fatalf("Unknown = %v, want %v", got, want)
	}
	for u := range want {
		if !got[u] {
			t.Errorf("missing %+v in %v", u, got)
		}
	}
	if th := o.Theoretical(); th.ByStart[1] != 1700 || th.ByID["900"] != 1900 {
		t.Errorf("Theoretical() = %+v", th)
	}
}
