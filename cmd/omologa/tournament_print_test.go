package main

import (
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
)

// A tournament's line writes its start as every date the office shows
// (dd/mm/yyyy) and its counts in the singular when there is one.
func TestPrintTournamentFormats(t *testing.T) {
	for _, c := range []struct {
		facts store.TournamentFacts
		want  string
	}{
		{store.TournamentFacts{ID: 6, Name: "Sociale", City: "Bologna", Start: "2026-10-15", Code: "2026-BO-0205", Rounds: 6, Players: make([]string, 12)},
			"6  Sociale (Bologna, 15/10/2026, 2026-BO-0205, 6 rounds, 12 players): not homologated\n"},
		{store.TournamentFacts{ID: 7, Name: "Prova", Start: "2026-01-05", Rounds: 1, Players: make([]string, 1)},
			"7  Prova (05/01/2026, 1 round, 1 player): not homologated\n"},
	} {
		var b strings.Builder
		printTournament(&b, &store.Tournament{TournamentFacts: c.facts}, false, time.UTC)
		if b.String() != c.want {
			t.Errorf("got  %q\nwant %q", b.String(), c.want)
		}
	}
}
