package tdf

import (
	"os"
	"testing"

	"omologa/internal/tournament"
)

func TestReadSample(t *testing.T) {
	data, err := os.ReadFile("testdata/open_lucca.tdf")
	if err != nil {
		t.Fatal(err)
	}
	if !Looks(string(data)) {
		t.Fatal("Looks = false for a .tdf file")
	}
	tt, diags, err := Read("open_lucca.tdf", string(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("unexpected diagnostic %s", d)
	}
	if tt.Format != tournament.FormatTDF || tt.Name != "Open di Lucca 2026" || tt.DeclaredRounds != 5 || tt.Rounds() != 5 {
		t.Errorf("header: %+v", tt)
	}
	if tt.Start != tournament.NewDate(2026, 3, 7) || len(tt.RoundDates) != 5 || tt.RoundDates[4] != tournament.NewDate(2026, 3, 8) {
		t.Errorf("dates: %v %v %v", tt.Start, tt.End, tt.RoundDates)
	}
	if len(tt.TieBreaks) != 3 || tt.PairingSystem != "Olandese" || len(tt.DeputyArbiters) != 1 {
		t.Errorf("tie-breaks %q system %q deputies %q", tt.TieBreaks, tt.PairingSystem, tt.DeputyArbiters)
	}
	p := tt.Player(2)
	if p.Category != "1N" || p.NationalID != "234567" || p.NationalRating != 1850 || p.Sex != "f" || p.FideID != "" {
		t.Errorf("player 2: %+v", p)
	}
	if e := p.Entry(3); e.Opponent != 1 || e.Code != tournament.CodeDraw || e.Colour != tournament.ColourBlack {
		t.Errorf("draw written as 2: %+v", e)
	}
	if p := tt.Player(1); p.Title != "CM" || p.Category != "CM" || p.FideID != "856123" || p.Rating != 2105 {
		t.Errorf("player 1: %+v", p)
	}
	for i := range tt.Players {
		p := &tt.Players[i]
		if tt.Score(p) != p.Points {
			t.Errorf("player %d: score %.1f, declared %.1f", p.Start, tt.Score(p), p.Points)
		}
	}
	if n := len(tt.Games()); n != 13 {
		t.Errorf("games = %d, want 13", n)
	}
}

func TestReadProblems(t *testing.T) {
	tests := []struct {
		name, text string
		code       string // diagnostic code expected; "" for a hard error
	}{
		{"short player record", "TORNEO|x\nGIOCATORE|1|m\nGIOCATORE|2|m||B|ITA|0|0|||||||\n", "tdf.player"},
		{"bad result", "TORNEO|x\nGIOCATORE|1|m||A|ITA|0|0|||||||2 w 7\nGIOCATORE|2|m||B|ITA|0|0|||||||1 b 0\n", "tdf.result"},
		{"unknown record", "TORNEO|x\nBOH|1\nGIOCATORE|1|m||A|ITA|0|0|||||||\n", "tdf.unknown-record"},
		{"round date outside", "TORNEO|x\nINIZIO|2026/03/07\nFINE|2026/03/08\nDATE|2026/04/01\nGIOCATORE|1|m||A|ITA|0|0|||||||\n", "tdf.round-date"},
		{"no players", "TORNEO|x\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, diags, err := Read("x.tdf", tc.text)
			if tc.code == "" {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == tc.code {
					if d.Line == 0 || d.File != "x.tdf" {
						t.Errorf("not located: %+v", d)
					}
					return
				}
			}
			t.Errorf("no %s diagnostic in %v", tc.code, diags)
		})
	}
}

// TestNumbersNameTheirField: a rating or a rank that is not a number is
// named in both languages, the Italian with its article.
func TestNumbersNameTheirField(t *testing.T) {
	_, diags, err := Read("x.tdf", "TORNEO|x\nGIOCATORE|1|m||A|ITA|0|e|0|n|||r|\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		`rating "e" is not a number`:          "l'Elo «e» non è un numero",
		`national rating "n" is not a number`: "l'Elo nazionale «n» non è un numero",
		`rank "r" is not a number`:            "la posizione in classifica «r» non è un numero",
	}
	for _, d := range diags {
		if it, ok := want[d.Message]; ok && d.MessageIT == it && d.Code == "tdf.number" {
			delete(want, d.Message)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing %v in %v", want, diags)
	}
}
