package validate_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// TestOnePlayerMatcher_ValidateAndRatingAgree feeds the validator and the
// rating stage the same files and registers and compares the rows they
// find: a player the validator matched is never new for the rating stage
// (issues 12 and 15). The registers are the samples' one and, for every
// corpus file, one written from the file itself the ways registers
// differ from files: names only, names in the other order, FSI ids that
// the file writes in the FIDE-id column, and numbered players ("Player,
// 1" … "Player, 15", which the rating stage's old name key folded
// together). An external test: package rating imports validate.
func TestOnePlayerMatcher_ValidateAndRatingAgree(t *testing.T) {
	set := validate.RuleSetOf(t, fsi.Standard)
	type job struct {
		name string
		tr   *tournament.Tournament
		reg  *registers.Players
	}
	var jobs []job
	read := func(path string) *tournament.Tournament {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tr, _, err := codec.Read(filepath.Base(path), b)
		if err != nil {
			return nil
		}
		return tr
	}
	samples, err := registers.Load(filepath.Join("..", "..", "..", "samples", "registers", "players.csv"), "", "")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "samples", "drop", "*"))
	for _, f := range files {
		if tr := read(f); tr != nil {
			jobs = append(jobs, job{filepath.Base(f), tr, samples.Players})
		}
	}
	dir := validate.CorpusDir(t)
	corpus, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range corpus {
		tr := read(f)
		if tr == nil || len(tr.Players) == 0 {
			continue
		}
		reg := &registers.Players{}
		for i := range tr.Players {
			p := &tr.Players[i]
			row := registers.Player{Surname: p.Name, BirthDate: p.BirthDate}
			switch i % 3 {
			case 1:
				row.FSIID = strconv.Itoa(10000 + p.Start)
			case 2:
				row.FideID = p.FideID
			}
			reg.Rows = append(reg.Rows, row)
		}
		jobs = append(jobs, job{filepath.Base(f), tr, reg})
	}
	numbered := &tournament.Tournament{}
	reg := &registers.Players{}
	for n := 1; n <= 15; n++ {
		numbered.Players = append(numbered.Players, tournament.Player{Start: n, Name: "Player, " + strconv.Itoa(n)})
		reg.Rows = append(reg.Rows, registers.Player{Surname: "Player", Name: strconv.Itoa(n)})
	}
	// A national id too short for FIDE and not in the register: the
	// name still finds him.
	numbered.Players[4].NationalID = "4711"
	jobs = append(jobs, job{"numbered players", numbered, reg})

	matched := 0
	for _, j := range jobs {
		ms := validate.MatchedRows(set, j.tr, j.reg)
		ix := rating.NewIndex(j.reg, set.Params.Identity.MatchByName)
		for i := range j.tr.Players {
			row := ix.Find(&j.tr.Players[i])
			var want *registers.Player
			if row >= 0 {
				want = &j.reg.Rows[row]
			}
			if ms[i] != want {
				t.Errorf("%s: player %d %q: validate found %v, rating %v", j.name, j.tr.Players[i].Start, j.tr.Players[i].Name, ms[i], want)
			}
			if want != nil {
				matched++
			}
		}
		if j.name == "numbered players" {
			for i, m := range ms {
				if m != &reg.Rows[i] {
					t.Errorf("Player, %d: found %v", i+1, m)
				}
			}
		}
	}
	if matched == 0 {
		t.Fatal("nothing matched: the test compares nothing")
	}
}
