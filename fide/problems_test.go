package fide

import (
	"slices"
	"testing"

	"omologa/tournament"
	"omologa/tournament/rateofplay"
	"omologa/validate"
)

// small is a 4-player tournament: 1 and 2 FIDE-rated, 3 unrated without
// id, 4 unrated with an id; 1-3 and 2-4 played in round 1, 1-2 and 3-4
// in round 2.
func small(t *testing.T) *tournament.Tournament {
	t.Helper()
	rate, err := rateofplay.Parse("90'+30\"")
	if err != nil {
		t.Fatal(err)
	}
	e := func(opp int, c tournament.Colour, code tournament.Code) tournament.RoundEntry {
		return tournament.RoundEntry{Opponent: opp, Colour: c, Code: code}
	}
	w, b := tournament.ColourWhite, tournament.ColourBlack
	return &tournament.Tournament{File: "t.trf", Federation: "ITA", RateOfPlay: rate, RateOfPlayText: "90'+30\"",
		ChiefArbiter: "Rossi Mario 850012",
		Players: []tournament.Player{
			{Start: 1, Name: "A", Rating: 2100, Federation: "ITA", FideID: "8000001", Line: 10, Rounds: []tournament.RoundEntry{e(3, w, '1'), e(2, w, '=')}},
			{Start: 2, Name: "B", Rating: 1900, Federation: "ITA", FideID: "8000002", Line: 11, Rounds: []tournament.RoundEntry{e(4, b, '1'), e(1, b, '=')}},
			{Start: 3, Name: "C", Federation: "ITA", Line: 12, Rounds: []tournament.RoundEntry{e(1, b, '0'), e(4, w, '1')}},
			{Start: 4, Name: "D", Federation: "ITA", FideID: "8000004", Line: 13, Rounds: []tournament.RoundEntry{e(2, w, '0'), e(3, b, '0')}},
		}}
}

func rulesOf(fs []validate.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// TestFIDE_RR_Problems: the problems FIDE would raise before forwarding,
// each naming its article.
func TestFIDE_RR_Problems(t *testing.T) {
	s := set(t)
	cases := []struct {
		name   string
		change func(*tournament.Tournament)
		want   []string
	}{
		{"FIDE-RR 9.1: a player without id who met a rated opponent", func(*tournament.Tournament) {}, []string{"fide.no-id"}},
		{"FIDE-RR 9.1: a FIDE id written twice", func(x *tournament.Tournament) { x.Players[3].FideID = "8000001" },
			[]string{"fide.no-id", "fide.id-twice"}},
		{"FIDE-RR 7.12: a player's federation missing", func(x *tournament.Tournament) { x.Players[3].Federation = "" },
			[]string{"fide.no-id", "fide.federation-missing"}},
		{"FIDE-RR 9.1: the tournament's federation missing", func(x *tournament.Tournament) { x.Federation = "" },
			[]string{"fide.tournament-federation-missing", "fide.no-id"}},
		{"FIDE-RR 1.1: 2200 asks for 120 minutes, 90'+30\" gives them", func(x *tournament.Tournament) { x.Players[0].Rating = 2200 },
			[]string{"fide.no-id"}},
		{"FIDE-RR 1.1: 2200 asks for 120 minutes, 60'+30\" gives 90", func(x *tournament.Tournament) {
			x.Players[0].Rating = 2200
			x.RateOfPlay.Periods[0].Minutes = 60
			x.RateOfPlayText = "60'+30\""
		}, []string{"fide.no-id", "fide.rate-too-short"}},
		{"FIDE-RR 1.1: rate of play unknown", func(x *tournament.Tournament) { x.RateOfPlay = nil },
			[]string{"fide.no-id", "fide.rate-unknown"}},
		{"FIDE-RR 9.1: chief arbiter without FIDE id", func(x *tournament.Tournament) { x.ChiefArbiter = "Rossi Mario" },
			[]string{"fide.no-id", "fide.arbiter-id-missing"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := small(t)
			c.change(x)
			fs := Problems(s, x)
			if got := rulesOf(fs); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			for _, f := range fs {
				if f.Article == "" || f.MessageIT == "" || f.MessageEN == "" {
					t.Errorf("%s: article or message missing: %+v", f.Rule, f)
				}
			}
		})
	}
}

// TestFIDE_RR_7_13_List: a tournament goes into the first list whose
// cut-off, 7 days before it, is on or after its last day (lists as
// 7.11: January, March...).
func TestFIDE_RR_7_13_List(t *testing.T) {
	s := set(t)
	cases := []struct {
		end  tournament.Date
		want string
	}{
		{tournament.NewDate(2026, 11, 18), "2027-01"},
		{tournament.NewDate(2026, 12, 25), "2027-01"},
		{tournament.NewDate(2026, 12, 26), "2027-03"},
		{tournament.NewDate(2026, 10, 25), "2026-11"},
		{tournament.NewDate(2026, 10, 26), "2027-01"},
	}
	for _, c := range cases {
		if got := List(s, c.end).Label; got != c.want {
			t.Errorf("FIDE-RR 7.13: ending %s: list %s, want %s", c.end, got, c.want)
		}
	}
}
