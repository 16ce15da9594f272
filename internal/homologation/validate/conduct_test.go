package validate

import (
	"omologa/internal/fsi"
	"slices"
	"testing"
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
			got := rulesOf(run(t, "conduct.players", fsi.Standard, xt(t, c.rows...)))
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("RTF 7.5.2: late entry off, the first rounds count", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
		set.Params.Conduct.LateEntryCodes = nil
		p := &Pass{Input: Input{Tournament: xt(t, "0-Z . 0-Z 2w1 2b0", "0-U 0-U 0-U 1b0 1w1")}, Set: &set}
		checkConduct(p)
		if got := rulesOf(p.findings); !slices.Equal(got, []string{"conduct.absences"}) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("RTF 7.5.2: late entry without every later round, missed rounds after entry count alone", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
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
		if got := rulesOf(run(t, "conduct.players", fsi.Standard, tr)); got != nil {
			t.Errorf("got %v", got)
		}
	})
}

// TestFIDE_GR_6_6_RTF_7_5_3_RoundRobinWithdrawalIsNotConduct reproduces the
// measured case of regs §4c: a player withdrawn from a round robin after
// round 1 has his remaining games written as forfeits by the Berger
// schedule. That is neither "three forfeits, then paired again" (RTF
// 7.5.1: conduct.forfeit-losses fired) nor a withdrawal without notice
// (RTF 7.5.3: conduct.unjustified-withdrawal fired); the office decides
// (conduct.rr-withdrawal-undecided). In a Swiss the §2 reading stands.
func TestFIDE_GR_6_6_RTF_7_5_3_RoundRobinWithdrawalIsNotConduct(t *testing.T) {
	rows := []string{
		"6w1 2b1 3b= 4w1 5b+",
		"5w1 1w0 6w1 3w= 4b0",
		"4w0 5b+ 1w= 2b= 6w1",
		"3b1 6b= 5w+ 1b0 2w1",
		"2b0 3w- 4b- 6b- 1w-",
		"1b0 4w= 2b0 5w+ 3b0",
	}
	rr := xt(t, rows...)
	rr.PairingSystem = "Girone all'italiana"
	for _, check := range []string{"conduct.players", "conduct.round-robin"} {
		for _, f := range run(t, check, fsi.Standard, rr) {
			if f.Player == 5 && (f.Rule == "conduct.forfeit-losses" || f.Rule == "conduct.unjustified-withdrawal" || f.Rule == "conduct.first-round-forfeit") {
				t.Errorf("round robin: %s for the withdrawn player", f.Rule)
			}
		}
	}
	if got := rulesOf(run(t, "conduct.round-robin", fsi.Standard, rr)); !slices.Contains(got, "conduct.rr-withdrawal-undecided") {
		t.Errorf("round robin: got %v, want the office asked to decide", got)
	}
	t.Run("FIDE-GR 6.6: round_robin_withdrawal_asks_office false reads it as in a Swiss", func(t *testing.T) {
		set := *ruleSet(t, fsi.Standard)
		set.Params.Conduct.RoundRobinWithdrawalAsksOffice = false
		got := rulesOf(runSet(t, "conduct.players", &set, Input{Tournament: rr}, Decision{}))
		if !slices.Contains(got, "conduct.unjustified-withdrawal") {
			t.Errorf("got %v", got)
		}
	})
	sw := xt(t, rows...)
	sw.PairingSystem = "Swiss (Dutch)"
	if got := rulesOf(run(t, "conduct.players", fsi.Standard, sw)); !slices.Contains(got, "conduct.unjustified-withdrawal") {
		t.Errorf("Swiss: got %v, want the §2 reading (unjustified withdrawal)", got)
	}
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
	fs := run(t, "conduct.round-robin", fsi.Standard, rr)
	got := map[int][]string{}
	for _, f := range fs {
		got[f.Player] = append(got[f.Player], f.Rule)
	}
	if !slices.Equal(got[4], []string{"conduct.rr-withdrawal-under-half", "conduct.rr-withdrawal-undecided"}) ||
		!slices.Equal(got[3], []string{"conduct.rr-withdrawal", "conduct.rr-withdrawal-undecided"}) || len(got) != 2 {
		t.Errorf("got %+v", fs)
	}
	rr.PairingSystem = "Swiss"
	if fs := run(t, "conduct.round-robin", fsi.Standard, rr); len(fs) != 0 {
		t.Errorf("a Swiss: got %+v", fs)
	}
}
