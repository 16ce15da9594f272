package validate

import (
	"slices"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/tournament"
	"omologa/internal/tournament/rateofplay"
)

func TestRTF_6_2_2_UnfinishedFile(t *testing.T) {
	cases := []struct {
		name     string
		players  int
		rounds   int
		declared int
		want     []string
	}{
		{"RTF 6.2.2: five of nine rounds (JaVaFo sample 2): one error, no min-rounds", 52, 5, 9,
			[]string{"eligibility.unfinished"}},
		{"RTF 6.2.2: three of seven rounds, too few players so far: still one error", 4, 3, 7,
			[]string{"eligibility.unfinished"}},
		{"RTF 5.3.1 a: every declared round played", 8, 6, 6, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := swissOf(t, c.players, c.rounds)
			tr.DeclaredRounds = c.declared
			var got []string
			for _, check := range []string{"eligibility.rounds", "eligibility.players"} {
				got = append(got, rulesOf(run(t, check, fsi.Standard, tr))...)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 6.2.2: the next round paired, no result yet", func(t *testing.T) {
		tr := xt(t, "2w1 3b_", "1b0 4w_", "4w1 1w_", "3b0 2b_")
		fs := run(t, "eligibility.rounds", fsi.Standard, tr)
		if len(fs) != 1 || fs[0].Rule != "eligibility.unfinished" || fs[0].Round != 2 || fs[0].Line != 10 ||
			fs[0].MessageIT != "Il file contiene i risultati di 1 turno, ma il turno 2 è abbinato senza alcun risultato: "+
				"sembra salvato a torneo in corso. Inviare il file finale, con tutti i turni giocati; se il turno 2 non si è giocato, toglierne gli abbinamenti." {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("RTF 6.2.2: declared rounds missing and the next round paired", func(t *testing.T) {
		tr := xt(t, "2w1 3b_", "1b0 4w_", "4w1 1w_", "3b0 2b_")
		tr.DeclaredRounds = 5
		fs := run(t, "eligibility.rounds", fsi.Standard, tr)
		if len(fs) != 1 || fs[0].Rule != "eligibility.unfinished" ||
			fs[0].MessageEN != "The file holds the results of 1 round, but the tournament is declared with 5 (XXR or 142) and round 2 is paired but has no result at all: "+
				"it looks saved while the tournament was under way. Send the final file, with every round played; "+
				"if round 2 was not played, remove its pairings; if the tournament really ended after 1 round, correct the declared number of rounds and send it again." {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("RTF 6.2.2: the verdict of a mid-tournament file is one clear rejection", func(t *testing.T) {
		tr := swissOf(t, 8, 5)
		tr.DeclaredRounds = 9
		rep := judge(t, Input{Tournament: tr})
		var errs []string
		for _, f := range rep.Findings {
			if f.Severity == SeverityError && f.Rule != "eligibility.arbiter-missing" {
				errs = append(errs, f.Rule)
			}
		}
		if rep.Verdict != Rejected || !slices.Equal(errs, []string{"eligibility.unfinished"}) {
			t.Errorf("verdict %s, errors %v", rep.Verdict, errs)
		}
	})
}

func TestFIDE_RR_4_11_League(t *testing.T) {
	d := tournament.NewDate(2025, 10, 1)
	league := func(name string) *tournament.Tournament {
		tr := swissOf(t, 8, 7)
		tr.Name, tr.Start, tr.End = name, d, d.AddDays(180)
		return tr
	}
	cases := []struct {
		name string
		in   Input
		want []string
	}{
		{"FIDE-RR 4.11: a league by its name", Input{Tournament: league("Leinster Chess Union Div 1 Armstrong Cup")},
			[]string{"eligibility.league"}},
		{"FIDE-RR 4.11: a league by the submission", Input{Tournament: league("Coppa d'inverno"),
			Submission: Submission{Kind: "campionato a squadre"}}, []string{"eligibility.league"}},
		{"FIDE-RR 4.11: a league by the calendar", Input{Tournament: league("Coppa d'inverno"),
			Registers: &registers.Set{Calendar: []registers.Event{{Code: "2025-TO-0001", Name: "Coppa d'inverno",
				Start: d, End: d.AddDays(180), Kind: "Campionato a squadre"}}}}, []string{"eligibility.league"}},
		{"FIDE-RR 4.1: not a league, 181 days", Input{Tournament: league("Coppa d'inverno")},
			[]string{"eligibility.too-long"}},
		{"FIDE-RR 4.1: a word inside another is not a league (\"Collegato\")", Input{Tournament: league("Open Collegato")},
			[]string{"eligibility.too-long"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rulesOf(runIn(t, "eligibility.duration", fsi.Standard, c.in, Decision{})); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("FIDE-RR 4.11: exemption off", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
		set.Params.Eligibility.League.ExemptFromMaxDays = false
		p := &Pass{Input: Input{Tournament: league("Serie A")}, Set: &set}
		checkDuration(p)
		if got := rulesOf(p.findings); !slices.Equal(got, []string{"eligibility.too-long"}) {
			t.Errorf("got %v", got)
		}
	})
}

// teamFile is a four-team event with TRF26 310 records whose ranks
// follow game points (sound) or match points.
func teamFile(t *testing.T, byMatchPoints bool) *tournament.Tournament {
	tr := swissOf(t, 8, 3)
	// As the reader gives the 310 records: number, name, federation,
	// rating, match points, game points, rank, members.
	tr.Teams = []tournament.Team{
		{Number: 1, Name: "Alfa", Federation: "ITA", Rating: 1800, MatchPoints: 6, GamePoints: 5, Rank: 1, Members: []int{1, 2}},
		{Number: 2, Name: "Beta", Federation: "ITA", Rating: 1750, MatchPoints: 4, GamePoints: 4.5, Rank: 2, Members: []int{3, 4}},
		{Number: 3, Name: "Gamma", Federation: "ITA", Rating: 1700, MatchPoints: 2, GamePoints: 1.5, Rank: 3, Members: []int{5, 6}},
		{Number: 4, Name: "Delta", Federation: "ITA", Rating: 1650, MatchPoints: 0, GamePoints: 1, Rank: 4, Members: []int{7, 8}},
	}
	for i := range tr.Teams {
		tr.Teams[i].Line, tr.Teams[i].Ranked = 100+i, true
	}
	if byMatchPoints {
		tr.Teams[1].GamePoints = 5.5
	}
	return tr
}

func TestRTF_5_4_1_TeamCompetition(t *testing.T) {
	t.Run("RTF 5.4.1 c: ranks follow the individual points", func(t *testing.T) {
		got := rulesOf(run(t, "eligibility.team", fsi.Standard, teamFile(t, false)))
		if !slices.Equal(got, []string{"eligibility.team-competition"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 5.4.1 c: ranks follow the match points", func(t *testing.T) {
		fs := run(t, "eligibility.team", fsi.Standard, teamFile(t, true))
		if got := rulesOf(fs); !slices.Equal(got, []string{"eligibility.team-competition", "eligibility.team-ranking"}) || fs[1].Line != 101 {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("RTF 5.4.1 c: team records without points", func(t *testing.T) {
		tr := teamFile(t, false)
		for i := range tr.Teams {
			tr.Teams[i].Ranked = false
		}
		got := rulesOf(run(t, "eligibility.team", fsi.Standard, tr))
		if !slices.Equal(got, []string{"eligibility.team-competition", "eligibility.team-ranking-unverified"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 5.4.1: an individual tournament is not a team competition", func(t *testing.T) {
		if got := rulesOf(run(t, "eligibility.team", fsi.Standard, swissOf(t, 8, 6))); got != nil {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 5.4.1: known by its name", func(t *testing.T) {
		tr := swissOf(t, 8, 3)
		tr.Name = "Campionato provinciale a squadre"
		got := rulesOf(run(t, "eligibility.team", fsi.Standard, tr))
		if !slices.Equal(got, []string{"eligibility.team-competition", "eligibility.team-ranking-unverified"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 5.4.1 a: a team competition's short rate of play cites 5.4.1", func(t *testing.T) {
		tr := teamFile(t, false)
		tr.RateOfPlayText = `60'+15"`
		tr.RateOfPlay = &rateofplay.Rate{Text: tr.RateOfPlayText, Periods: []rateofplay.Period{{Minutes: 60}}, IncrementSeconds: 15}
		fs := run(t, "eligibility.rate-of-play", fsi.Standard, tr)
		if got := rulesOf(fs); !slices.Equal(got, []string{"eligibility.team-rate-too-short"}) || fs[0].Article != "RTF 5.4.1 a" {
			t.Errorf("got %+v", fs)
		}
	})
	t.Run("RTF 5.4.1: no minimum rounds or participants for teams", func(t *testing.T) {
		tr := teamFile(t, false)
		var got []string
		for _, check := range []string{"eligibility.rounds", "eligibility.players"} {
			got = append(got, rulesOf(run(t, check, fsi.Standard, tr))...)
		}
		if got != nil {
			t.Errorf("got %v", got)
		}
		set := *ruleSet(t, fsi.Standard)
		set.Params.Eligibility.Team.IndividualMinimums = true
		p := &Pass{Input: Input{Tournament: tr}, Set: &set}
		checkRounds(p)
		if got := rulesOf(p.findings); !slices.Equal(got, []string{"eligibility.min-rounds"}) {
			t.Errorf("with individual minimums: got %v", got)
		}
	})
}
