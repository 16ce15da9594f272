package synth

import (
	"bytes"
	"testing"

	"omologa/tournament"
	"omologa/tournament/codec"
	"omologa/tournament/trf"
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
