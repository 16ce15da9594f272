package rating

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/tournament"
)

// settings reads the rating settings the tests use (the same text as
// the `rating:` section of rules.yaml).
func settings(t testing.TB) *rules.Rating {
	t.Helper()
	b, err := os.ReadFile("testdata/rating.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.ParseRating("testdata/rating.yaml", b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tp is a test player: name, ids, file ratings, and his rounds as
// tokens "<opponent><colour><code>" ("2w1", "3b=", "0-U", "" for none).
type tp struct {
	name, fsi, fide, cat, fed string
	rating, national          int
	rounds                    string
}

// build makes a tournament with players numbered from 1.
func build(t testing.TB, name string, ps ...tp) *tournament.Tournament {
	t.Helper()
	tt := &tournament.Tournament{Name: name, Scoring: tournament.DefaultScoring(),
		Start: tournament.NewDate(2026, 1, 10), End: tournament.NewDate(2026, 1, 12)}
	for i, p := range ps {
		pl := tournament.Player{Start: i + 1, Name: p.name, NationalID: p.fsi, FideID: p.fide,
			Category: p.cat, Federation: p.fed, Rating: p.rating, NationalRating: p.national}
		for _, tok := range strings.Fields(p.rounds) {
			if tok == "." {
				pl.Rounds = append(pl.Rounds, tournament.RoundEntry{Code: tournament.CodeNone, Colour: tournament.ColourNone})
				continue
			}
			n := len(tok)
			opp, err := strconv.Atoi(tok[:n-2])
			if err != nil {
				t.Fatalf("token %q: %v", tok, err)
			}
			pl.Rounds = append(pl.Rounds, tournament.RoundEntry{Opponent: opp,
				Colour: tournament.Colour(tok[n-2]), Code: tournament.Code(tok[n-1])})
		}
		tt.Players = append(tt.Players, pl)
	}
	for i := range tt.Players {
		tt.Players[i].Points = tt.Score(&tt.Players[i])
	}
	return tt
}

// reg is a register row for tests.
func reg(fsi, surname, name, cat string, elo, fide, rapid int) registers.Player {
	return registers.Player{FSIID: fsi, Surname: surname, Name: name, Category: cat,
		EloItalia: elo, FideStandard: fide, EloRapid: rapid, Federation: "ITA", MembershipYear: 2026}
}

func gotimeMonth(m int) time.Month { return time.Month(m) }
