package validate

import (
	"slices"
	"testing"

	"omologa/rules"
)

func TestRTF_7_5_Conduct(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want []string
	}{
		{"RTF 7.5.1: three forfeit losses and paired again",
			[]string{"2w1 2b- 2w- 2b- 2w1", "1b0 1w+ 1b+ 1w+ 1b0"}, []string{"conduct.forfeit-losses"}},
		{"RTF 7.5.1: three forfeit losses, then excluded",
			[]string{"2w1 2b- 2w- 2b- .", "1b0 1w+ 1b+ 1w+ 0-U"}, nil},
		{"RTF 7.5.1: first-round forfeit loss and paired again",
			[]string{"2w- 2b1", "1b+ 1w0"}, []string{"conduct.first-round-forfeit"}},
		{"RTF 7.5.2: three announced absences, then back",
			[]string{"0-Z 0-H . 2w1", "0-U 0-U 0-U 1b0"}, []string{"conduct.absences"}},
		{"RTF 7.5.2: absences after the last game are a withdrawal",
			[]string{"2w1 0-Z 0-Z 0-Z", "1b0 0-U 0-U 0-U"}, nil},
		{"FIDE-GR 6.7.4: two half-point byes",
			[]string{"0-H 0-H 2w1", "0-U 0-U 1b0"}, []string{"conduct.half-point-byes"}},
		{"RTF 7.5.2: last-round forfeit loss against a paired opponent",
			[]string{"2w1 2b-", "1b0 1w+"}, []string{"conduct.unjustified-withdrawal"}},
		{"RTF 7.5.2: a late entrant's first rounds are not absences",
			[]string{"0-Z . 0-Z 2w1 2b0", "0-U 0-U 0-U 1b0 1w1"}, nil},
		{"RTF 7.5.2: a late entrant who then misses rounds has them all counted",
			[]string{". 0-Z 2w1 0-Z 2b0", "0-U 0-U 1b0 0-U 1w1"}, []string{"conduct.absences"}},
		{"RTF 7.5.2: a requested half-point bye in round 1 is an absence, not a late entry",
			[]string{"0-H 0-Z 0-Z 2w1", "0-U 0-U 0-U 1b0"}, []string{"conduct.absences"}},
		{"RTF 7.5.2: last-round absence announced (Z) is not a withdrawal",
			[]string{"2w1 0-Z", "1b0 0-U"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := rulesOf(run(t, "conduct.players", rules.KindStandard, xt(t, c.rows...)))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 7.5.2: late entry off, the first rounds count", func(t *testing.T) {
		set := *ruleSet(t, rules.KindStandard)
		set.Params.Conduct.LateEntryCodes = nil
		p := &Pass{Input: Input{Tournament: xt(t, "0-Z . 0-Z 2w1 2b0", "0-U 0-U 0-U 1b0 1w1")}, Set: &set}
		checkConduct(p)
		if got := rulesOf(p.findings); !slices.Equal(got, []string{"conduct.absences"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 7.5.2: late entry without every later round, missed rounds after entry count alone", func(t *testing.T) {
		set := *ruleSet(t, rules.KindStandard)
		set.Params.Conduct.LateEntryNeedsEveryLaterRound = false
		// Enters at round 3, then misses rounds 4 and 5: two absences.
		p := &Pass{Input: Input{Tournament: xt(t, ". 0-Z 2w1 0-Z 0-Z 2b0", "0-U 0-U 1b0 0-U 0-U 1w1")}, Set: &set}
		checkConduct(p)
		if got := rulesOf(p.findings); got != nil {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 7.5.2: no last round yet in a file written before the end", func(t *testing.T) {
		tr := xt(t, "2w1 2b-", "1b0 1w+")
		tr.DeclaredRounds = 5
		if got := rulesOf(run(t, "conduct.players", rules.KindStandard, tr)); got != nil {
			t.Errorf("got %v", got)
		}
	})
}

func TestFIDE_GR_6_6_RoundRobinWithdrawals(t *testing.T) {
	// Four players, three rounds: 4 plays round 1 and then withdraws
	// (1 of 3 games, under half); 3 withdraws after two games (2 of 3).
	rr := xt(t,
		"2w1 3b1 4w+",
		"1b0 4w+ 3b+",
		"4b= 1w0 2w-",
		"3w= 2b- 1b-",
	)
	rr.PairingSystem = "Round robin"
	fs := run(t, "conduct.round-robin", rules.KindStandard, rr)
	got := map[int]string{}
	for _, f := range fs {
		got[f.Player] = f.Rule
	}
	if got[4] != "conduct.rr-withdrawal-under-half" || got[3] != "conduct.rr-withdrawal" || len(got) != 2 {
		t.Errorf("got %+v", fs)
	}
	rr.PairingSystem = "Swiss"
	if fs := run(t, "conduct.round-robin", rules.KindStandard, rr); len(fs) != 0 {
		t.Errorf("a Swiss: got %+v", fs)
	}
}
