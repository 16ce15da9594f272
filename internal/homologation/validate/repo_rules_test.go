package validate_test

import (
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/tournament"
)

// The tests of package validate judge by the repository's rules.yaml,
// read as the office reads it: package rules decodes it, resolves the
// overrides and the deadlines' list schedules, and checks its values.
// Package rules imports validate, so only this external test package
// can call it; it hands the reader to the package's tests.
func init() {
	validate.ReadRepoRules = func() (*validate.Rulebook, error) {
		f, err := rules.Load(filepath.Join("..", "..", "..", "rules.yaml"))
		if err != nil {
			return nil, err
		}
		return &f.Rulebook, nil
	}
}

// TestListPeriodIsTheClosesSchedule: for every rule set and every day of
// two years, at noon and just before midnight in Rome, the list period
// the validator reports (and the receipt quotes) is the one the close of
// that list takes the tournament in (RTF 4.2.2, RAPID 6.2).
func TestListPeriodIsTheClosesSchedule(t *testing.T) {
	f, err := rules.Load(filepath.Join("..", "..", "..", "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	rome, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	for i := range f.RuleSets {
		rs := &f.RuleSets[i]
		kind := fsi.Kind(rs.Params.Deadline.ListKind)
		sched := f.Rating.Schedule(kind)
		for day := time.Date(2026, 1, 1, 0, 0, 0, 0, rome); day.Year() < 2028; day = day.AddDate(0, 0, 1) {
			for _, at := range []time.Time{day.Add(12 * time.Hour), day.Add(23*time.Hour + 59*time.Minute)} {
				got := validate.ListPeriodOf(rs, at.UTC())
				want := sched.ForReceipt(tournament.DateOf(at.In(f.Rating.Location())))
				if got.Label != want.Label || got.Cutoff != want.Cutoff || got.Kind != want.Kind {
					t.Fatalf("rule set %s, received %s: validator %s (cut-off %s), close %s (cut-off %s)",
						rs.ID, at, got.Label, got.Cutoff, want.Label, want.Cutoff)
				}
				if rs.Kind == fsi.Rapid && got.Kind != fsi.Rapid {
					t.Fatalf("rule set %s counts in the %s list", rs.ID, got.Kind)
				}
			}
		}
	}
}
