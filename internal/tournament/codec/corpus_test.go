package codec_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// corpusDir is ../shared/trf-corpus relative to the repository root.
func corpusDir(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "..")
	dir := filepath.Join(root, "..", "shared", "trf-corpus")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "corpus folder %s absent: %v", dir, err)
	}
	return dir
}

// TestCorpus reads every file of the corpus and checks the counts of
// MANIFEST.md and the diagnostics its features call for.
func TestCorpus(t *testing.T) {
	dir := corpusDir(t)
	tests := []struct {
		file           string
		format         tournament.Format
		players        int
		rounds         int
		declaredRounds int
		wantCodes      []string // diagnostics that must be present
		check          func(t *testing.T, tt *tournament.Tournament)
	}{
		{file: "sklangen__TRF__tests_example1.trf", format: tournament.FormatTRF16, players: 284, rounds: 7,
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "042 'DD. MM. YYYY'", tt.Start, tournament.NewDate(2005, 7, 28))
				p := tt.Player(1)
				if p.Title != "g" || p.FideID != "3400042" || p.BirthDate != tournament.NewDate(1969, 12, 6) {
					t.Errorf("player 1 = %+v", p)
				}
				// Forfeit written with opponent and colour '-'.
				e := tt.Player(13).Entry(1)
				if e.Opponent != 153 || e.Code != tournament.CodeForfeitLoss || e.Colour != tournament.ColourNone {
					t.Errorf("player 13 round 1 = %+v, want forfeit loss against 153", e)
				}
				if len(tt.DeputyArbiters) != 1 {
					t.Errorf("deputies = %q", tt.DeputyArbiters)
				}
			}},
		{file: "echecsjs__trf__src___tests___fixtures_javafo_sample2.trf", format: tournament.FormatTRFX, players: 52, rounds: 5, declaredRounds: 9,
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "042 DD/MM/YYYY", tt.Start, tournament.NewDate(2010, 9, 24))
				for i := range tt.Players {
					if d := tt.Players[i].BirthDate; d.Year != 0 && d.Month != 0 {
						t.Errorf("player %d birth %s: year only expected", tt.Players[i].Start, d)
						break
					}
				}
			}},
		{file: "GrzegorzKi__CompetiChess__test_backend_testLargeFile.trf", format: tournament.FormatTRFX, players: 112, rounds: 20, declaredRounds: 21,
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "042 'May 10, 2020'", tt.Start, tournament.NewDate(2020, 5, 10))
			}},
		{file: "sanichi__icu_tournament__spec_samples_krause_bunratty_masters_2011.tab", format: tournament.FormatTRF16, players: 34, rounds: 6,
			wantCodes: []string{"trf.round-date-layout"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "round 1 '11.25.02'", tt.RoundDates[0], tournament.NewDate(2011, 2, 25))
				wantDate(t, "round 6 '11.27.02'", tt.RoundDates[5], tournament.NewDate(2011, 2, 27))
				if p := tt.Player(1); p.Sex != "m" || p.Title != "GM" {
					t.Errorf("player 1 = %+v", p)
				}
			}},
		{file: "sanichi__icu_tournament__spec_samples_krause_bunratty_major_2011.tab", format: tournament.FormatTRF16, players: 56, rounds: 6,
			wantCodes: []string{"trf.round-date-layout", "trf.national-id-in-fide-column"}},
		{file: "sanichi__icu_tournament__spec_samples_krause_irish_junior_champs_2011.tab", format: tournament.FormatTRF16, players: 34, rounds: 5,
			wantCodes: []string{"codec.windows-1252", "trf.national-id-in-fide-column"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				if p := tt.Player(27); p.Name != "Ó Muireagáin, Colm" || p.Rating != 908 {
					t.Errorf("Windows-1252 name cut by characters: %+v", p)
				}
				if p := tt.Player(1); p.NationalID != "4191" || p.FideID != "" {
					t.Errorf("ICU id: %+v", p)
				}
				wantDate(t, "round 4 '11/07/03'", tt.RoundDates[3], tournament.NewDate(2011, 7, 3))
				if len(tt.DeputyArbiters) != 1 {
					t.Errorf("deputies %q", tt.DeputyArbiters)
				}
			}},
		{file: "sanichi__icu_tournament__spec_samples_krause_armstrong_2012_with_bom.tab", format: tournament.FormatTRF16, players: 2, rounds: 1,
			wantCodes: []string{"codec.bom", "trf.ruler-line"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "042 YY.MM.DD", tt.Start, tournament.NewDate(2011, 9, 26))
				wantDate(t, "052 YY.MM.DD", tt.End, tournament.NewDate(2012, 4, 1))
			}},
		{file: "samuraitruong__vegachess-html-generator__Sample Tournament_Sample Tournament.trfx", format: tournament.FormatTRFX, players: 6, rounds: 5, declaredRounds: 5,
			check: func(t *testing.T, tt *tournament.Tournament) {
				if p := tt.Player(6); !p.BirthDate.IsZero() || p.Rating != 0 {
					t.Errorf("player 6 = %+v: '0000.00.00' and rating 0 expected empty", p)
				}
				if p := tt.Player(1); p.BirthDate != tournament.NewDate(1987, 1, 1) {
					t.Errorf("birth DD.MM.YYYY: %s", p.BirthDate)
				}
			}},
		{file: "GabrieleBattaglia__Tornello__bbppairings_input_bbp.trf@995076500412", format: tournament.FormatTRFX, players: 17, rounds: 6, declaredRounds: 7,
			check: func(t *testing.T, tt *tournament.Tournament) {
				if tt.Scoring.PairingBye != 0.5 || tt.Scoring.Source != "BBU" {
					t.Errorf("scoring = %+v, want BBU 0.5", tt.Scoring)
				}
				if p := tt.Player(4); p.Category != "1N" || p.Title != "" || p.Sex != "m" {
					t.Errorf("player 4 = %+v, want category 1N", p)
				}
				if p := tt.Player(15); p.Sex != "f" {
					t.Errorf("sex 'w' = %q", p.Sex)
				}
				if tt.Name != "ASCId 52 Campionato Italiano" || tt.DeclaredPlayers != 17 {
					t.Errorf("header %q %d", tt.Name, tt.DeclaredPlayers)
				}
				// BBU 0.5: the declared points agree with the crosstable.
				for i := range tt.Players {
					p := &tt.Players[i]
					if tt.Score(p) != p.Points {
						t.Errorf("player %d: score %.1f, declared %.1f", p.Start, tt.Score(p), p.Points)
					}
				}
			}},
		{file: "echecsjs__trf__src___tests___fixtures_grandmommyscup.trf", format: tournament.FormatTRF26, players: 249, rounds: 14, declaredRounds: 14,
			check: func(t *testing.T, tt *tournament.Tournament) {
				if len(tt.Teams) != 50 || len(tt.Teams[0].Members) != 5 || tt.Teams[0].Name != "India" {
					t.Errorf("teams: %d, first %+v", len(tt.Teams), tt.Teams[0])
				}
				if p := tt.Player(1); p.NationalFed != "IND" || p.NationalID != "70100010001" || p.NationalRating != 2634 || p.Category != "GM" {
					t.Errorf("national record: %+v", p)
				}
				if p := tt.Player(1); p.BirthDate != (tournament.Date{Year: 1987}) {
					t.Errorf("birth '1987/00/00' = %v", p.BirthDate)
				}
				if len(tt.DeputyArbiters) != 2 || tt.PairingSystem != "FIDE_TEAM_BAKU" || len(tt.TieBreaks) != 4 {
					t.Errorf("header: %q %q %q", tt.DeputyArbiters, tt.PairingSystem, tt.TieBreaks)
				}
				if tt.Scoring.Source != "162" {
					t.Errorf("scoring source %q", tt.Scoring.Source)
				}
			}},
		{file: "Sharly-Chess__sharly-chess__tests_unit_tournament_importers_trf-import-test.trf", format: tournament.FormatTRF26, players: 16, rounds: 5, declaredRounds: 5,
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "round 3 '25/09/13'", tt.RoundDates[2], tournament.NewDate(2025, 9, 13))
				if p := tt.Player(1); p.NationalFed != "FRA" || p.NationalID != "D50113" || p.NationalRating != 2200 || p.Category != "A" {
					t.Errorf("FRA record: %+v", p)
				}
				if tt.PairingSystem != "FIDE_DUTCH_2026_BAKU" {
					t.Errorf("192 = %q", tt.PairingSystem)
				}
			}},
		{file: "BieremaBoyzProgramming__bbpPairings__test_tests_issue_15.input", format: tournament.FormatTRF16, players: 180, rounds: 11},
		{file: "Moritz72__py4swiss__tests_data_incorrect_points.trf", format: tournament.FormatTRFX, players: 7, rounds: 5, declaredRounds: 5},
		{file: "Moritz72__py4swiss__tests_data_incompatible_color.trf", format: tournament.FormatTRFX, players: 7, rounds: 5, declaredRounds: 5},
		{file: "OttoMilvang__TieBreakServer__tests_fixtures_held_swiss_9.trf", format: tournament.FormatTRFX, players: 16, rounds: 9, declaredRounds: 9,
			check: func(t *testing.T, tt *tournament.Tournament) {
				wantDate(t, "042 ISO", tt.Start, tournament.NewDate(2024, 8, 1))
				if e := tt.Player(4).Entry(2); e.Opponent != 0 || e.Code != tournament.CodeHalfBye {
					t.Errorf("'   0 - H' = %+v", e)
				}
				for i := range tt.Players {
					p := &tt.Players[i]
					if tt.Score(p) != p.Points {
						t.Errorf("player %d: score %.1f, declared %.1f", p.Start, tt.Score(p), p.Points)
					}
				}
			}},
		{file: "OttoMilvang__TieBreakServer__tests_fixtures_held_round_robin.trf", format: tournament.FormatTRFX, players: 6, rounds: 5, declaredRounds: 5,
			check: func(t *testing.T, tt *tournament.Tournament) {
				if n := len(tt.Games()); n != 14 {
					t.Errorf("games played = %d, want 14 (15 pairs, one forfeit)", n)
				}
			}},
	}
	seen := map[string]bool{}
	for _, tc := range tests {
		seen[tc.file] = true
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			tt, diags, err := codec.Read(tc.file, data)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if tt.Format != tc.format {
				t.Errorf("format = %s, want %s", tt.Format, tc.format)
			}
			if len(tt.Players) != tc.players {
				t.Errorf("players = %d, want %d", len(tt.Players), tc.players)
			}
			if tt.Rounds() != tc.rounds {
				t.Errorf("rounds = %d, want %d", tt.Rounds(), tc.rounds)
			}
			if tt.DeclaredRounds != tc.declaredRounds {
				t.Errorf("declared rounds = %d, want %d", tt.DeclaredRounds, tc.declaredRounds)
			}
			codes := map[string]bool{}
			for _, d := range diags {
				codes[d.Code] = true
				if d.Severity == tournament.Error {
					t.Errorf("unexpected error diagnostic: %s", d)
				}
				if d.File != tc.file || d.Line == 0 || d.Field == "" || d.Code == "" {
					t.Errorf("diagnostic not located: %+v", d)
				}
			}
			for _, c := range tc.wantCodes {
				if !codes[c] {
					t.Errorf("no %s diagnostic; got %v", c, diags)
				}
			}
			for i := range tt.Players {
				if len(tt.Players[i].Rounds) != tt.Rounds() {
					t.Errorf("player %d has %d round entries, want %d", tt.Players[i].Start, len(tt.Players[i].Rounds), tt.Rounds())
				}
			}
			if tc.check != nil {
				tc.check(t, tt)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "MANIFEST.md" && !seen[e.Name()] {
			t.Errorf("corpus file %s has no row in the table", e.Name())
		}
	}
}

func wantDate(t *testing.T, what string, got, want tournament.Date) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}
