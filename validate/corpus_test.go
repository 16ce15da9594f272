package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/tournament/codec"
)

// corpusReport reads and judges one corpus file, received on a fixed day.
func corpusReport(t testing.TB, dir, name string) Report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	tr, diags, err := codec.Read(name, data)
	in := Input{File: name, Tournament: tr, Diagnostics: diags, ReadError: err,
		Submission: Submission{ReceivedAt: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), Channel: "cli"}}
	if err != nil {
		in.Tournament = nil
	}
	return Validate(loadRules(t), in)
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
