package fide

import (
	"slices"
	"strings"
	"testing"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
	"omologa/internal/tournament/rateofplay"
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
			fs := Problems(s, x, nil)
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

// arbitersRegister: Galli Sara with a FIDE id, Ferretti Marco without,
// two Bianchi Luca.
var arbitersRegister = []registers.Arbiter{
	{FSIID: "208311", Surname: "Galli", Name: "Sara", Category: "ACN", FideID: "862401"},
	{FSIID: "204187", Surname: "Ferretti", Name: "Marco", Category: "AN"},
	{FSIID: "201001", Surname: "Bianchi", Name: "Luca", Category: "AR", FideID: "862500"},
	{FSIID: "201002", Surname: "Bianchi", Name: "Luca", Category: "AF"},
}

// TestFIDE_RR_9_1_ArbiterIDs: the arbiters of records 102 and 112 go to
// FIDE with their FIDE ids: written in the file, else taken from the
// arbiters' register (a note), else a warning saying why the register
// does not give it.
func TestFIDE_RR_9_1_ArbiterIDs(t *testing.T) {
	s := set(t)
	cases := []struct {
		name      string
		chief     string
		deputies  []string
		reg       []registers.Arbiter
		want      []string // the arbiter findings
		wantIT    string   // a word of the last one's Italian message
		forwarded []string // 102 then the 112s as forwarded
	}{
		{"FIDE-RR 9.1: the id in the file", "Galli Sara 862401", nil, arbitersRegister, nil, "",
			[]string{"Galli Sara 862401"}},
		{"FIDE-RR 9.1: the id in the file, \"(FIDEID)\"", "IA Ferretti Marco (850012)", nil, arbitersRegister, nil, "",
			[]string{"IA Ferretti Marco (850012)"}},
		{"FIDE-RR 9.1: the id only in the register", "Sara Galli", nil, arbitersRegister,
			[]string{"fide.arbiter-id-from-register"}, "862401", []string{"Sara Galli (862401)"}},
		{"FIDE-RR 9.1: the FSI id written, the FIDE id in the register", "Galli Sara 208311", nil, arbitersRegister,
			[]string{"fide.arbiter-id-from-register"}, "862401", []string{"Galli Sara (862401)"}},
		{"FIDE-RR 9.1: the FSI id written, no FIDE id in the register", "Ferretti Marco (FSI 204187)", nil, arbitersRegister,
			[]string{"fide.arbiter-id-missing"}, "codice FSI", []string{"Ferretti Marco (FSI 204187)"}},
		{"FIDE-RR 9.1: another arbiter's FSI id is taken for a FIDE id", "Galli Sara 204187", nil, arbitersRegister, nil, "",
			[]string{"Galli Sara 204187"}},
		{"FIDE-RR 9.1: no register, a number is taken for a FIDE id", "Galli Sara 208311", nil, nil, nil, "",
			[]string{"Galli Sara 208311"}},
		{"FIDE-RR 9.1: in neither", "Ferretti Marco (AN)", nil, arbitersRegister,
			[]string{"fide.arbiter-id-missing"}, "non lo ha nemmeno il registro", []string{"Ferretti Marco (AN)"}},
		{"FIDE-RR 9.1: not in the register", "Verdi Ugo", nil, arbitersRegister,
			[]string{"fide.arbiter-id-missing"}, "nel registro degli arbitri non c'è", []string{"Verdi Ugo"}},
		{"FIDE-RR 9.1: the name fits two arbiters of the register", "Bianchi Luca", nil, arbitersRegister,
			[]string{"fide.arbiter-id-missing"}, "di più arbitri (Bianchi Luca, Bianchi Luca)", []string{"Bianchi Luca"}},
		{"FIDE-RR 9.1: no register given", "Galli Sara", nil, nil,
			[]string{"fide.arbiter-id-missing"}, "non è stato dato", []string{"Galli Sara"}},
		// A deputy without id only warns: the chief's id is the one that
		// holds a tournament (regs §4d).
		{"FIDE-RR 9.1: deputy arbiter's id from the register, the chief's in the file", "Bianchi Luca 862500",
			[]string{"", "Galli Sara (ACN)", "Ferretti Marco"}, arbitersRegister,
			[]string{"fide.arbiter-id-from-register", "fide.deputy-arbiter-id-missing"}, "Ferretti Marco",
			[]string{"Bianchi Luca 862500", "", "Galli Sara (862401)", "Ferretti Marco"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := small(t)
			x.Players[2].FideID = "8000003" // no fide.no-id
			x.ChiefArbiter, x.DeputyArbiters = c.chief, c.deputies
			before := append([]string{x.ChiefArbiter}, x.DeputyArbiters...)
			fs := Problems(s, x, c.reg)
			if got := rulesOf(fs); !slices.Equal(got, c.want) {
				t.Fatalf("findings %v, want %v", got, c.want)
			}
			for _, f := range fs {
				if f.Article != "FIDE-RR 9.1" || f.MessageIT == "" || f.MessageEN == "" || strings.Contains(f.MessageIT, "{") {
					t.Errorf("%s: %+v", f.Rule, f)
				}
			}
			if len(fs) > 0 && !strings.Contains(fs[len(fs)-1].MessageIT, c.wantIT) {
				t.Errorf("message %q lacks %q", fs[len(fs)-1].MessageIT, c.wantIT)
			}
			if len(fs) > 0 && fs[0].Rule == "fide.arbiter-id-from-register" && fs[0].Severity != validate.SeverityInfo {
				t.Errorf("the register's id is a %s, want a note", fs[0].Severity)
			}
			y := WithArbiterIDs(x, c.reg)
			if got := append([]string{y.ChiefArbiter}, y.DeputyArbiters...); !slices.Equal(got, c.forwarded) {
				t.Errorf("forwarded %q, want %q", got, c.forwarded)
			}
			if got := append([]string{x.ChiefArbiter}, x.DeputyArbiters...); !slices.Equal(got, before) {
				t.Errorf("the file's tournament changed: %q", got)
			}
		})
	}
}

// TestFIDE_RR_5_1_Unregistered: a player without FIDE id who played a
// game is registered with FIDE first (fide.no-id holds the tournament),
// whoever his opponent was; one who played none (forfeits, byes) has
// nothing to rate and holds nothing.
func TestFIDE_RR_5_1_Unregistered(t *testing.T) {
	s := set(t)
	cases := []struct {
		name   string
		change func(*tournament.Tournament)
		want   bool
	}{
		{"FIDE-RR 5.1: played a FIDE-rated opponent", func(*tournament.Tournament) {}, true},
		{"FIDE-RR 5.1: played only an unrated opponent", func(x *tournament.Tournament) {
			x.Players[2].Rounds[0].Code = tournament.CodeForfeitLoss
		}, true},
		{"FIDE-RR 5.1: played no game (a forfeit, a bye)", func(x *tournament.Tournament) {
			x.Players[2].Rounds[0].Code = tournament.CodeForfeitLoss
			x.Players[2].Rounds[1] = tournament.RoundEntry{Code: tournament.CodeFullBye}
		}, false},
		{"FIDE-RR 5.1: a FIDE id written (Vega's 0 is none)", func(x *tournament.Tournament) { x.Players[2].FideID = "8000003" }, false},
		{"FIDE-RR 5.1: Vega's 0 for no id", func(x *tournament.Tournament) { x.Players[2].FideID = "0" }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := small(t)
			c.change(x)
			if got := Unregistered(&x.Players[2]); got != c.want {
				t.Errorf("Unregistered = %v, want %v", got, c.want)
			}
			if got := slices.Contains(rulesOf(Problems(s, x, nil)), "fide.no-id"); got != c.want {
				t.Errorf("fide.no-id raised %v, want %v", got, c.want)
			}
		})
	}
}
