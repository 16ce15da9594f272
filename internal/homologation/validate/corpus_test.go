package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/tournament/codec"
)

// corpusReport reads and judges one corpus file, received on a fixed day.
func corpusReport(t testing.TB, dir, name string) Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	tr, diags, err := codec.Read(name, data)
	// Received two days after the end, so that the deadline is not
	// what decides.
	received := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	if err == nil {
		if _, end := startEnd(tr); end.IsFull() {
			received = end.AddDays(2).Time(time.UTC).Add(10 * time.Hour)
		}
	}
	in := Input{File: name, Tournament: tr, Diagnostics: diags, ReadError: err,
		Submission: Submission{ReceivedAt: received, Channel: "cli"}}
	if err != nil {
		in.Tournament = nil
	}
	return Validate(loadRules(t), in)
}

// TestRTF_6_2_2_CorpusUnfinishedFiles: the files saved mid-tournament
// (XXR above the rounds played) get the one error that says so, at the
// XXR line, and no minimum-rounds finding; none is late.
func TestRTF_6_2_2_CorpusUnfinishedFiles(t *testing.T) {
	dir := corpusDir(t)
	for name, line := range map[string]int{
		"echecsjs__trf__src___tests___fixtures_javafo_sample2.trf":            13,
		"GabrieleBattaglia__Tornello__bbppairings_input_bbp.trf@995076500412": 13,
		"GrzegorzKi__CompetiChess__test_backend_testLargeFile.trf":            9,
	} {
		t.Run(name, func(t *testing.T) {
			rep := corpusReport(t, dir, name)
			n := 0
			for _, f := range rep.Findings {
				switch {
				case f.Rule == "eligibility.unfinished":
					n++
					if f.Line != line || f.Severity != SeverityError {
						t.Errorf("%s at line %d (%s), want line %d, error", f.Rule, f.Line, f.Severity, line)
					}
				case strings.HasPrefix(f.Rule, "eligibility.min-") || strings.HasPrefix(f.Rule, "eligibility.few-rounds") ||
					f.Rule == "deadline.late":
					t.Errorf("unexpected %s: %s", f.Rule, f.MessageEN)
				}
			}
			if n != 1 || rep.Verdict != Rejected {
				t.Errorf("%d eligibility.unfinished, verdict %s", n, rep.Verdict)
			}
		})
	}
}

// TestCorpusCrosstables: the real tournaments of the corpus are not
// rejected for consistency; the two defective py4swiss files are, with
// the defect at its line.
func TestCorpusCrosstables(t *testing.T) {
	dir := corpusDir(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	negative := map[string][]Finding{
		// Player 2 declares 4.0 points; his results give 3.
		"Moritz72__py4swiss__tests_data_incorrect_points.trf": {
			{Rule: "crosstable.points-mismatch", Line: 2, Player: 2}},
		// Round 5: 2 and 3 both have black.
		"Moritz72__py4swiss__tests_data_incompatible_color.trf": {
			{Rule: "crosstable.colour-conflict", Line: 2, Player: 2, Round: 5},
			{Rule: "crosstable.colour-conflict", Line: 3, Player: 3, Round: 5}},
	}
	for _, e := range entries {
		name := e.Name()
		if name == "MANIFEST.md" || e.IsDir() {
			continue
		}
		t.Run(name, func(t *testing.T) {
			rep := corpusReport(t, dir, name)
			var errs []Finding
			for _, f := range rep.Findings {
				if (strings.HasPrefix(f.Rule, "crosstable.") || strings.HasPrefix(f.Rule, "format.")) && f.Severity == SeverityError {
					errs = append(errs, f)
				}
			}
			want := negative[name]
			if len(errs) != len(want) {
				t.Fatalf("consistency errors %+v, want %+v", errs, want)
			}
			for i, w := range want {
				g := errs[i]
				if g.Rule != w.Rule || g.Line != w.Line || g.Player != w.Player || g.Round != w.Round {
					t.Errorf("finding %d: %s line %d player %d round %d, want %s line %d player %d round %d",
						i, g.Rule, g.Line, g.Player, g.Round, w.Rule, w.Line, w.Player, w.Round)
				}
			}
			if len(want) > 0 && rep.Verdict != Rejected {
				t.Errorf("verdict %s, want rejected", rep.Verdict)
			}
			if len(rep.Standings) == 0 {
				t.Error("no standings")
			}
		})
	}
}

// TestFIDE_C07_CorpusHeldRoundRobin: the corpus copy of Held's round
// robin gives exercise 14's Sonneborn-Berger through the reader.
func TestFIDE_C07_CorpusHeldRoundRobin(t *testing.T) {
	rep := corpusReport(t, corpusDir(t), "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf")
	want := map[int]float64{1: 9.25, 2: 6.25, 3: 6.25, 4: 4.25, 5: 3.25, 6: 2.25}
	for _, st := range rep.Standings {
		if st.SB != want[st.Start] {
			t.Errorf("player %d: SB %g, want %g", st.Start, st.SB, want[st.Start])
		}
	}
}
