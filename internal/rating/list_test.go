package rating

import (
	"bytes"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/testkit/synth"
	"omologa/internal/tournament"
)

// TestListTypedHandOff: a season's lists handed on typed from close to
// close (Result.Next, in place) are, period by period, the bytes of the
// same season closed from each list's CSV (WriteCSV, ReadList), not in
// place; and a close not in place leaves the list in force as read.
func TestListTypedHandOff(t *testing.T) {
	c := synth.Default()
	c.Players, c.Tournaments = 2000, 200
	s := synth.Generate(c)
	r := settings(t)
	order, byLabel := seasonPeriods(s, r)
	csvOf := func(l *List) []byte {
		var b bytes.Buffer
		if err := l.WriteCSV(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	typed := ListOf(cloneList(s.Players))
	text := csvOf(typed)
	for _, p := range order {
		res, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, From: typed, Tournaments: byLabel[p.Label], Settings: r, InPlace: true})
		if err != nil {
			t.Fatal(err)
		}
		typed = res.Next
		inForce, err := ReadList("list", text)
		if err != nil {
			t.Fatal(err)
		}
		res, err = ClosePeriod(Close{Kind: fsi.Standard, Period: p, From: inForce, Tournaments: byLabel[p.Label], Settings: r})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(csvOf(inForce), text) {
			t.Fatalf("%s: a close not in place changed the list in force", p.Label)
		}
		text = csvOf(res.Next)
		if !bytes.Equal(csvOf(typed), text) {
			t.Fatalf("%s: the list handed on typed differs from the list closed from its CSV", p.Label)
		}
	}
}

// TestListCloseNotInPlaceKeepsNorms: two closes not in place from one
// list, each adding a Maestro norm (RTF 4.4.1.5) to a player who has
// three, leave each new list its own norm and the list in force its
// three (the state's norms are shared by the copies until one is added).
func TestListCloseNotInPlaceKeepsNorms(t *testing.T) {
	r := settings(t)
	p, err := r.Schedule(fsi.Standard).Parse("2026-03")
	if err != nil {
		t.Fatal(err)
	}
	list, tt := normTournament(t, 2200, "11==1=1=0")
	list.Rows[0].Extra = map[string]string{ColNorms: "2019-01-05:S;2020-01-05:S;2021-01-05:S"}
	from := ListOf(list)
	var next []*List
	for _, start := range []tournament.Date{tournament.NewDate(2026, 1, 17), tournament.NewDate(2026, 1, 24)} {
		t2 := *tt
		t2.Start, t2.End = start, start.AddDays(2)
		res, err := ClosePeriod(Close{Kind: fsi.Standard, Period: p, From: from, Settings: r,
			Tournaments: []Received{{File: "norm.trf", Tournament: &t2, Received: tournament.NewDate(2026, 1, 30)}}})
		if err != nil {
			t.Fatal(err)
		}
		next = append(next, res.Next)
	}
	if n := from.st[0].norms; len(n) != 3 {
		t.Errorf("list in force: norms %+v", n)
	}
	for i, want := range []string{"2026-01-17:L", "2026-01-24:L"} {
		if n := next[i].st[0].norms; len(n) != 4 || n[3].raw != want {
			t.Errorf("close %d: norms %+v, want the fourth %s", i, n, want)
		}
	}
}
