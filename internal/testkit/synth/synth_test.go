package synth

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
	"omologa/internal/tournament/trf"
)

func small() Config {
	c := Default()
	c.Players, c.Tournaments, c.PlayersPerTournament, c.Rounds = 300, 20, 16, 7
	c.ForfeitRate, c.HalfByeRate = 0.05, 0.05
	return c
}

func TestGenerate(t *testing.T) {
	s := Generate(small())
	if len(s.Tournaments) != 20 || len(s.Players.Rows) != 300 {
		t.Fatalf("%d tournaments, %d players", len(s.Tournaments), len(s.Players.Rows))
	}
	rr, swiss, forfeits, byes := 0, 0, 0, 0
	for _, tt := range s.Tournaments {
		if tt.PairingSystem == "Round robin" {
			rr++
		} else {
			swiss++
		}
		played := 0
		for i := range tt.Players {
			p := &tt.Players[i]
			for _, e := range p.Rounds {
				switch {
				case e.IsPlayed():
					played++
				case e.IsForfeit():
					forfeits++
				case e.Code == tournament.CodePairingBye || e.Code == tournament.CodeHalfBye:
					byes++
				}
			}
			if p.Points != tt.Score(p) {
				t.Errorf("%s: player %d declares %v, crosstable %v", tt.Name, p.Start, p.Points, tt.Score(p))
			}
		}
		// Every played entry has its opposite entry: Games() sees all.
		if g := len(tt.Games()); 2*g != played {
			t.Errorf("%s: %d played entries but %d games", tt.Name, played, g)
		}
	}
	if rr == 0 || swiss == 0 || forfeits == 0 || byes == 0 {
		t.Errorf("round robins %d, Swiss %d, forfeits %d, byes %d: every kind expected", rr, swiss, forfeits, byes)
	}
	if a, b := Generate(small()).Games(), s.Games(); a != b {
		t.Errorf("not deterministic: %d and %d games", a, b)
	}
}

func TestGenerateWritesReadableTRF(t *testing.T) {
	s := Generate(small())
	for _, tt := range s.Tournaments[:3] {
		var buf bytes.Buffer
		if err := trf.Write(&buf, tt, trf.TRF26); err != nil {
			t.Fatal(err)
		}
		back, _, err := codec.Read(tt.Name, buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", tt.Name, err)
		}
		if len(back.Games()) != len(tt.Games()) || len(back.Players) != len(tt.Players) {
			t.Errorf("%s: read back %d games %d players, wrote %d %d", tt.Name, len(back.Games()), len(back.Players), len(tt.Games()), len(tt.Players))
		}
		if back.Players[0].NationalID != tt.Players[0].NationalID {
			t.Errorf("%s: FSI id %q read back as %q", tt.Name, tt.Players[0].NationalID, back.Players[0].NationalID)
		}
	}
}

// TestCategoryMinFollowsRules: the season's categories from M to 3N start
// where rules.yaml promotes, so that a generated register agrees with the
// rating stage's promotions.
func TestCategoryMinFollowsRules(t *testing.T) {
	f, err := rules.Load("../../../rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := f.Rating.Standard
	want := map[string]int{"M": s.Maestro.MinRating}
	for _, p := range s.Promotions {
		want[p.Category] = p.Min
	}
	if len(categoryMin) != len(fsi.Categories)-1 {
		t.Fatalf("%d minimums for %d categories", len(categoryMin), len(fsi.Categories))
	}
	for i, c := range fsi.Categories[:len(categoryMin)] {
		if m, ok := want[c]; ok && m != categoryMin[i] {
			t.Errorf("%s from %d, rules.yaml promotes from %d", c, categoryMin[i], m)
		}
		delete(want, c)
	}
	if len(want) > 0 {
		t.Errorf("promotions to categories synth does not give: %v", want)
	}
	for r, c := range map[int]string{2500: "M", 2000: "CM", 1999: "1N", 1600: "2N", 1500: "3N", 1470: "1S", 1469: "2S", 1449: "NC"} {
		if got := category(r); got != c {
			t.Errorf("category(%d) = %s, want %s", r, got, c)
		}
	}
}

// A season written is read back whole: the register, the receipt dates,
// every tournament file.
func TestWrite(t *testing.T) {
	c := small()
	c.Tournaments = 3
	s := Generate(c)
	dir := filepath.Join(t.TempDir(), "season")
	n := 0
	w, err := s.Write(dir, func() { n++ })
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 || w.Files != 3 || w.Tournaments != 3 || w.Games != s.Games() {
		t.Errorf("wrote %+v, %d calls, want 3 files and %d games", w, n, s.Games())
	}
	data, err := os.ReadFile(w.Players)
	if err != nil {
		t.Fatal(err)
	}
	if ps, err := registers.ReadPlayers(w.Players, data); err != nil || len(ps.Rows) != len(s.Players.Rows) {
		t.Errorf("players.csv read back: %v", err)
	}
	rec, err := os.ReadFile(w.Received)
	if err != nil {
		t.Fatal(err)
	}
	if want := "file,received\nt00001.trf," + s.Received[0].String() + "\n"; !strings.HasPrefix(string(rec), want) {
		t.Errorf("received.csv begins %q, want %q", rec, want)
	}
	for i := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("t%05d.trf", i+1))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := codec.Read(name, data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// GenerateTo writes the files Generate and Write write, byte for byte.
func TestGenerateToWritesTheSame(t *testing.T) {
	c := small()
	c.Tournaments = 40
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	wa, err := Generate(c).Write(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	wb, err := GenerateTo(c, b, func() { n++ })
	if err != nil {
		t.Fatal(err)
	}
	if n != 40 || wa.Games != wb.Games || wa.Files != wb.Files || wa.Tournaments != wb.Tournaments {
		t.Errorf("GenerateTo wrote %+v (%d calls), Write %+v", wb, n, wa)
	}
	files, err := os.ReadDir(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 42 {
		t.Fatalf("%d files written, want 42", len(files))
	}
	for _, f := range files {
		x, err1 := os.ReadFile(filepath.Join(a, f.Name()))
		y, err2 := os.ReadFile(filepath.Join(b, f.Name()))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs (%v, %v)", f.Name(), err1, err2)
		}
	}
}
