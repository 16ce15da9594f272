package office

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/publishing/statistics"
	"omologa/internal/testkit/synth"
)

// statsInput is a small season as the statistics count it: tournaments
// with their participations and outcomes, members with clubs, two
// standard lists and a rapid one.
func statsInput() (statistics.Input, int) {
	c := synth.Default()
	c.Players, c.Tournaments = 400, 30
	s := synth.Generate(c)
	var in statistics.Input
	provs := []string{"NA", "MI", "", "RM"}
	for i, t := range s.Tournaments {
		key := fmt.Sprintf("t%d", i)
		in.Tournaments = append(in.Tournaments, statistics.Tournament{Key: key, Province: provs[i%4], Kind: fsi.Standard,
			Month: t.End.String()[:7], Games: len(t.Games())})
		for j := range t.Players {
			in.Participations = append(in.Participations, statistics.Participation{Tournament: key, FSIID: t.Players[j].NationalID,
				Games: t.Players[j].Played()})
		}
		verdict, arts := "accepted", []string(nil)
		if i%3 == 1 {
			verdict, arts = "rejected", []string{"RTF 6.2.2"}
		}
		in.Judged = append(in.Judged, statistics.Judged{Province: provs[i%4], Month: t.End.String()[:7], Verdict: verdict, Late: i%5 == 2, Articles: arts})
	}
	for i, r := range s.Players.Rows {
		in.Players = append(in.Players, statistics.Player{FSIID: r.FSIID, Sex: r.Sex, BirthYear: r.BirthDate.Year,
			Club: fmt.Sprintf("club %d", i%9), Province: r.Province, Category: r.Category, Rating: r.EloItalia})
	}
	y := c.Start.Year
	in.Lists = []statistics.List{
		{Kind: fsi.Standard, Period: fmt.Sprintf("%d-03", y), Players: in.Players[:300], Base: in.Players[50:], Added: 4},
		{Kind: fsi.Standard, Period: fmt.Sprintf("%d-11", y), Players: in.Players, Base: in.Players[:300], Added: 9},
		{Kind: fsi.Rapid, Period: fmt.Sprintf("%d-06", y), Players: in.Players, Added: 2},
	}
	return in, y
}

// The statistics' parts kept in cache/statistics.gob read back as they
// were computed (every cell of its type, a missing mean a nil), and a
// part whose key changed is computed again.
func TestStatisticsPartsKept(t *testing.T) {
	in, y := statsInput()
	want, err := statistics.Compute(in, y)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cache", "statistics.gob")
	o := &Office{}
	keys := [statistics.NParts]string{"a", "n", "s", "o"}
	year := func() (*statistics.Result, *statsCache) {
		t.Helper()
		standard := 0
		d := &publicData{stats: in, standard: func() error { standard++; return nil }, statsCache: &statsCache{file: file}}
		r, err := d.computeYear(y, keys)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r, want) {
			t.Fatalf("statistics differ:\n%+v\nwant\n%+v", r, want)
		}
		o.keepStats(d.statsCache)
		return r, d.statsCache
	}
	if _, c := year(); !c.changed || len(c.parts) != int(statistics.NParts) {
		t.Fatalf("first build: %d parts kept", len(c.parts))
	}
	if _, c := year(); c.changed {
		t.Error("second build computed parts again")
	}
	keys[statistics.NewPlayers] = "n2"
	_, c := year()
	if !c.changed || c.parts[partName(y, statistics.NewPlayers)].Key != "n2" || c.parts[partName(y, statistics.Activity)].Key != "a" {
		t.Errorf("a part's new key: %+v", c.parts)
	}
}
