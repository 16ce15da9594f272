package statistics

import (
	"fmt"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/testkit/synth"
)

// seasonInput is a synthetic season of players members and tourns
// tournaments as the office gives it: tournaments in every province
// (Napoli's "NA" and an unknown one among them), participations of
// members, of a name matching none (no FSI id); the register with
// clubs (one with a "_"); two standard lists and a rapid one, the first
// standard list closed from a base where a player in seven had another
// category; judged files with their verdicts and articles.
func seasonInput(members, tourns int) Input {
	c := synth.Default()
	c.Players, c.Tournaments = members, tourns
	s := synth.Generate(c)
	provs := []string{"NA", "MI", "TO", "", "RM", "FI", "BO", "GE"}
	var in Input
	for i, t := range s.Tournaments {
		key := fmt.Sprintf("t%04d", i)
		prov := provs[i%len(provs)]
		in.Tournaments = append(in.Tournaments, Tournament{Key: key, Province: prov, Kind: fsi.Standard, Month: t.End.String()[:7], Games: len(t.Games())})
		for j := range t.Players {
			p := &t.Players[j]
			id := p.NationalID
			if j%17 == 5 {
				id = ""
			}
			in.Participations = append(in.Participations, Participation{Tournament: key, FSIID: id, Games: p.Played()})
		}
		verdict, arts := "accepted", []string(nil)
		switch i % 5 {
		case 1:
			verdict = "accepted-with-warnings"
		case 3:
			verdict, arts = "rejected", []string{"RTF 6.2.2", fmt.Sprintf("RTF 3.%d", i%4)}
		}
		in.Judged = append(in.Judged, Judged{Province: prov, Month: t.End.String()[:7], Verdict: verdict, Late: i%7 == 2, Articles: arts})
	}
	var base []Player
	for i, r := range s.Players.Rows {
		club := r.Province + fmt.Sprintf(" club %d", i%40)
		if i%40 == 3 {
			club = "circolo_" + r.Province
		}
		if i%97 == 0 {
			club = ""
		}
		p := Player{FSIID: r.FSIID, Sex: r.Sex, BirthYear: r.BirthDate.Year, Club: club, Province: r.Province, Category: r.Category, Rating: r.EloItalia}
		in.Players = append(in.Players, p)
		if i%7 == 1 {
			p.Category = fsi.Categories[(i/7)%len(fsi.Categories)]
		}
		if i%50 != 9 {
			base = append(base, p)
		}
	}
	year := c.Start.Year
	in.Lists = []List{
		{Kind: fsi.Standard, Period: fmt.Sprintf("%d-03", year), Players: in.Players[:len(in.Players)*9/10], Base: base, Added: 40},
		{Kind: fsi.Standard, Period: fmt.Sprintf("%d-11", year), Players: in.Players, Base: in.Players[:len(in.Players)*9/10], Added: 120},
		{Kind: fsi.Rapid, Period: fmt.Sprintf("%d-06", year), Players: in.Players, Added: 12},
	}
	return in
}

// BenchmarkCompute computes the statistics of a season of a 30,000-player
// list with 300 tournaments (the list run's size):
//
//	go test -run '^$' -bench Compute -benchtime 1x ./internal/publishing/statistics
func BenchmarkCompute(b *testing.B) {
	in := seasonInput(30000, 300)
	year := synth.Default().Start.Year
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Compute(in, year); err != nil {
			b.Fatal(err)
		}
	}
}
