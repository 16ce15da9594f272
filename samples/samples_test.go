// Package samples holds the demo submissions of `make run` (see README.md);
// its test keeps them honest: every sample reads without a problem, the
// sound crosstables are consistent, the file with mistakes has exactly
// the mistakes the README promises, the registers load and the e-mail
// submissions carry the drop files and the fields RAPID 5.2 asks for.
package samples

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// complement is the result the opponent's line must show.
var complement = map[tournament.Code]tournament.Code{
	tournament.CodeWin: tournament.CodeLoss, tournament.CodeLoss: tournament.CodeWin,
	tournament.CodeDraw: tournament.CodeDraw, tournament.CodeForfeitWin: tournament.CodeForfeitLoss,
	tournament.CodeForfeitLoss: tournament.CodeForfeitWin,
}

// asymmetries lists "player/round" entries whose opponent's line does not
// mirror them (same round, each other's number, opposite colours,
// complementary results).
func asymmetries(t *tournament.Tournament) []string {
	var out []string
	for i := range t.Players {
		p := &t.Players[i]
		for r, e := range p.Rounds {
			if e.Opponent == 0 {
				continue
			}
			o := t.Player(e.Opponent)
			ok := o != nil && r < len(o.Rounds)
			if ok {
				oe := o.Rounds[r]
				ok = oe.Opponent == p.Start && oe.Colour == e.Colour.Opposite() && complement[e.Code] == oe.Code
			}
			if !ok {
				out = append(out, itoa(p.Start)+"/"+itoa(r+1))
			}
		}
	}
	return out
}

func itoa(n int) string { return fmt.Sprintf("%02d", n) }

// fsiID is the national id, or the FIDE-id column where Italian programs
// write the FSI id (the rapid sample); the reader cannot tell a six-digit
// FSI id from a FIDE id, the validator's identity check tries both.
func fsiID(p *tournament.Player) string {
	if p.NationalID != "" {
		return p.NationalID
	}
	return p.FideID
}

func read(t *testing.T, name string) (*tournament.Tournament, []tournament.Diagnostic, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("drop", name))
	if err != nil {
		t.Fatal(err)
	}
	return codec.Read(name, data)
}

func TestSoundSamples(t *testing.T) {
	cases := []struct {
		file            string
		format          tournament.Format
		players, rounds int
	}{
		{"open_novara_2026.trf", tournament.FormatTRF26, 30, 9},
		{"rapid_lucca_2026.trfx", tournament.FormatTRFX, 15, 7},
		{"rapid_vercelli_2026.trf", tournament.FormatTRF26, 14, 6},
		{"magistrale_firenze_2026.trf", tournament.FormatTRF26, 10, 9},
		{"sociale_bologna_2026.tdf", tournament.FormatTDF, 12, 6},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			tt, diags, err := read(t, tc.file)
			if err != nil {
				t.Fatalf("not readable: %v", err)
			}
			for _, d := range diags {
				if d.Severity != tournament.Note {
					t.Errorf("diagnostic: %v", d)
				}
			}
			if tt.Format != tc.format || len(tt.Players) != tc.players || tt.Rounds() != tc.rounds {
				t.Errorf("format %s, %d players, %d rounds; want %s, %d, %d",
					tt.Format, len(tt.Players), tt.Rounds(), tc.format, tc.players, tc.rounds)
			}
			if tt.RateOfPlay == nil {
				t.Errorf("rate of play %q not read: %s", tt.RateOfPlayText, tt.RateOfPlayError)
			}
			if a := asymmetries(tt); len(a) > 0 {
				t.Errorf("crosstable not mirrored at player/round %v", a)
			}
			ranks := map[int]bool{}
			for i := range tt.Players {
				p := &tt.Players[i]
				if got := tt.Score(p); got != p.Points {
					t.Errorf("player %d declares %.1f points, results give %.1f", p.Start, p.Points, got)
				}
				if ranks[p.Rank] || p.Rank < 1 || p.Rank > len(tt.Players) {
					t.Errorf("player %d: rank %d repeated or out of range", p.Start, p.Rank)
				}
				ranks[p.Rank] = true
				if fsiID(p) == "" {
					t.Errorf("player %d has no FSI id", p.Start)
				}
			}
			// Ranks must at least follow points; the tie-breaks are the
			// validator's to recompute.
			for i := range tt.Players {
				for j := range tt.Players {
					a, b := &tt.Players[i], &tt.Players[j]
					if a.Points > b.Points && a.Rank > b.Rank {
						t.Errorf("player %d (%.1f) ranked below player %d (%.1f)", a.Start, a.Points, b.Start, b.Points)
					}
				}
			}
		})
	}
}

// TestMistakes: the Rimini file has the two crosstable defects the README
// names, and nothing else wrong in its crosstable.
func TestMistakes(t *testing.T) {
	tt, _, err := read(t, "open_ognissanti_rimini.trf")
	if err != nil {
		t.Fatalf("the file with mistakes must be readable, so that its mistakes can be reported: %v", err)
	}
	if got, want := asymmetries(tt), []string{"03/02", "05/02"}; !slices.Equal(got, want) {
		t.Errorf("asymmetric entries %v, want %v", got, want)
	}
	for i := range tt.Players {
		p := &tt.Players[i]
		wrong := tt.Score(p) != p.Points
		if wrong != (p.Start == 1) {
			t.Errorf("player %d: declared %.1f, results %.1f", p.Start, p.Points, tt.Score(p))
		}
	}
	if tt.Rounds() != 4 {
		t.Errorf("%d rounds, want 4 (too few, RTF 5.3.1 a)", tt.Rounds())
	}
	if tt.RateOfPlay == nil || tt.RateOfPlay.MinutesFor60Moves() != 75 {
		t.Errorf("rate of play %+v, want 75 min for 60 moves (below RTF 5.3.1 d)", tt.RateOfPlay)
	}
}

func TestVegzRefused(t *testing.T) {
	_, _, err := read(t, "torneo.vegz")
	var re *tournament.RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("torneo.vegz: %v, want a refusal", err)
	}
}

// TestRegisters: the registers load, and every player of every sample is
// in the players' register under his FSI id.
func TestRegisters(t *testing.T) {
	set, err := registers.Load(filepath.Join("registers", "players.csv"),
		filepath.Join("registers", "arbiters.csv"), filepath.Join("registers", "calendar.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Arbiters) == 0 || len(set.Calendar) == 0 {
		t.Fatalf("empty arbiters or calendar: %d, %d", len(set.Arbiters), len(set.Calendar))
	}
	ids := map[string]bool{}
	for _, p := range set.Players.Rows {
		ids[p.FSIID] = true
	}
	for _, f := range []string{"open_novara_2026.trf", "rapid_lucca_2026.trfx", "rapid_vercelli_2026.trf", "magistrale_firenze_2026.trf",
		"sociale_bologna_2026.tdf", "open_ognissanti_rimini.trf"} {
		tt, _, err := read(t, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range tt.Players {
			if !ids[fsiID(&p)] {
				t.Errorf("%s: player %d %s (FSI %q) not in players.csv", f, p.Start, p.Name, fsiID(&p))
			}
		}
	}
}

// TestMail: each message has the four fields of RAPID 5.2 and, as its only
// attachment, the drop-folder file of the same name, byte for byte.
func TestMail(t *testing.T) {
	for _, f := range []string{"rapid_lucca_2026.eml", "open_novara_2026.eml"} {
		t.Run(f, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("mail", f))
			if err != nil {
				t.Fatal(err)
			}
			sub, err := email.Parse(raw, time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"venue", "date", "arbiter", "organiser"} {
				if sub.Fields[k] == "" {
					t.Errorf("field %s missing; fields %v", k, sub.Fields)
				}
			}
			if len(sub.Files) != 1 {
				t.Fatalf("%d attachments, want 1", len(sub.Files))
			}
			want, err := os.ReadFile(filepath.Join("drop", sub.Files[0].Name))
			if err != nil {
				t.Fatal(err)
			}
			// The mail reader may turn a text/plain attachment in a
			// declared charset into UTF-8: compare the texts.
			got, _ := codec.Decode(f, bytesOf(sub.Files[0].Content))
			exp, _ := codec.Decode(f, want)
			if got != exp {
				t.Errorf("attachment %s differs from drop/%s", sub.Files[0].Name, sub.Files[0].Name)
			}
		})
	}
}

// bytesOf is a Content's bytes, for assertions.
func bytesOf(c ingest.Content) []byte { b, _ := c.ReadAll(); return b }
