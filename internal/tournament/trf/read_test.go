package trf

import (
	"strings"
	"testing"

	"omologa/internal/tournament"
)

// line builds a 001 record with the given round entries.
func line(start int, name string, entries ...string) string {
	s := "001 " + pad(itoa(start), 4, true) + " m    " + pad(name, 33, false) + " 1500 ITA     1234567 1980/01/01  0.0    1  "
	return s + strings.Join(entries, "  ")
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func pad(s string, n int, right bool) string {
	for len([]rune(s)) < n {
		if right {
			s = " " + s
		} else {
			s += " "
		}
	}
	return s
}

func TestReadRecords(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		codes []string // diagnostics expected
		check func(t *testing.T, tt *tournament.Tournament)
	}{
		{name: "Vega 0000-- absence", text: line(1, "A", "   2 w 1", "0000--  ") + "\n" + line(2, "B", "   1 b 0", "0000 - U"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				e := tt.Player(1).Entry(2)
				if e.Opponent != 0 || e.Code != tournament.CodeForfeitLoss || tt.Score(tt.Player(1)) != 1 {
					t.Errorf("0000-- = %+v", e)
				}
			}},
		{name: "blank bye opponent", text: line(1, "A", "       H") + "\n" + line(2, "B", "     - U"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				if e := tt.Player(1).Entry(1); e.Code != tournament.CodeHalfBye || e.Opponent != 0 {
					t.Errorf("'        H' = %+v", e)
				}
				if e := tt.Player(2).Entry(1); e.Code != tournament.CodePairingBye {
					t.Errorf("'     - U' = %+v", e)
				}
			}},
		{name: "pairing bye as + without opponent", text: line(1, "A", "0000 - +"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				if s := tt.Score(tt.Player(1)); s != 1 {
					t.Errorf("score = %v", s)
				}
			}},
		{name: "ruler and unknown records are notes", text: "DDD SSSS sTTT NNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII\n999 something\nzz\n" + line(1, "A"),
			codes: []string{"trf.ruler-line", "trf.unknown-record"}},
		{name: "bad result and opponent are errors, reading goes on", text: line(1, "A", "   2 w X", "  x2 b 1") + "\n" + line(2, "B"),
			codes: []string{"trf.result", "trf.opponent"}},
		{name: "duplicate starting number", text: line(1, "A") + "\n" + line(1, "B"), codes: []string{"trf.duplicate-start"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				if len(tt.Players) != 1 {
					t.Errorf("players = %d", len(tt.Players))
				}
			}},
		{name: "XXS scoring", text: "XXS W=3 D=1 L=0\n" + line(1, "A"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				if s := tt.Scoring; s.Win != 3 || s.Draw != 1 || s.Source != "XXS" || tt.Format != tournament.FormatTRFX {
					t.Errorf("scoring %+v format %s", s, tt.Format)
				}
			}},
		{name: "bbpPairings scoring", text: "BBW 2.0\nBBD 1.0\nBBU 1.0\nBBZ 0.0\n" + line(1, "A"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				s := tt.Scoring
				if s.Win != 2 || s.ForfeitWin != 2 || s.FullBye != 2 || s.Draw != 1 || s.HalfBye != 1 || s.PairingBye != 1 || s.Source != "BBW,BBD,BBU,BBZ" {
					t.Errorf("scoring %+v", s)
				}
			}},
		{name: "TRF26 162 scoring", text: "162  W 3.0    D 1.0    L 0.0\n" + line(1, "A"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				if s := tt.Scoring; s.Win != 3 || s.Draw != 1 || tt.Format != tournament.FormatTRF26 {
					t.Errorf("scoring %+v", s)
				}
			}},
		{name: "rounds conflict", text: "XXR 9\n142 7\n" + line(1, "A"), codes: []string{"trf.rounds-conflict"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				if tt.DeclaredRounds != 9 {
					t.Errorf("declared = %d", tt.DeclaredRounds)
				}
			}},
		{name: "bad dates are warnings", text: "042 31/02/2020\n052 sometime\n" + line(1, "A"), codes: []string{"trf.date"}},
		{name: "national record of an unknown player", text: national("  99", " 1N") + "\n" + line(1, "A"),
			codes: []string{"trf.national-record"}},
		{name: "Italian national record", text: line(1, "A") + "\n" + national("   1", " 2N"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				p := tt.Player(1)
				if p.NationalFed != "ITA" || p.NationalID != "123456" || p.NationalRating != 1650 || p.Category != "2N" {
					t.Errorf("player %+v", p)
				}
			}},
		{name: "bad bye record", text: "240 Q   1    3\n240 F\n" + line(1, "A"), codes: []string{"trf.bye-record"}},
		{name: "lower-case bye code", text: line(1, "A", "0000 - h"), codes: []string{"trf.result-case"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				if e := tt.Player(1).Entry(1); e.Code != tournament.CodeHalfBye {
					t.Errorf("entry %+v", e)
				}
			}},
		{name: "TRF06/Krause half-point bye 0000 - = (a format note, not a game without opponent)", text: line(1, "A", "0000 - ="),
			codes: []string{"trf.old-half-bye"},
			check: func(t *testing.T, tt *tournament.Tournament) {
				if e := tt.Player(1).Entry(1); e.Code != tournament.CodeHalfBye || tt.Score(tt.Player(1)) != 0.5 {
					t.Errorf("entry %+v", e)
				}
			}},
		{name: "UTF-8 name cut by characters", text: line(1, "Šćepanović, Đorđe"),
			check: func(t *testing.T, tt *tournament.Tournament) {
				if p := tt.Player(1); p.Name != "Šćepanović, Đorđe" || p.Rating != 1500 || p.FideID != "1234567" {
					t.Errorf("player %+v", p)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, diags, err := Read("t.trf", tc.text)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, d := range diags {
				got[d.Code] = true
				if d.Line == 0 || d.File != "t.trf" || d.Field == "" {
					t.Errorf("diagnostic not located: %+v", d)
				}
			}
			for _, c := range tc.codes {
				if !got[c] {
					t.Errorf("no %s diagnostic in %v", c, diags)
				}
			}
			if len(tc.codes) == 0 && len(diags) > 0 {
				t.Errorf("unexpected diagnostics %v", diags)
			}
			if tc.check != nil {
				tc.check(t, tt)
			}
		})
	}
}

func national(start, cat string) string {
	return "ITA " + start + "  " + cat + " " + pad("", 33, false) + " 1650 TOS " + pad("123456", 11, true)
}

// A long text that is not a TRF (an attachment sent by mistake) is
// refused with a bounded list: DiagLimit of each problem and one line
// counting the rest, not one diagnostic per line.
func TestReadNotTRFBoundedDiagnostics(t *testing.T) {
	text := strings.Repeat("Questa riga non è un record TRF, ma un testo qualsiasi 12345\n", 50000)
	_, diags, err := Read("lettera.txt", text)
	if err == nil {
		t.Fatal("a text without records was read")
	}
	if len(diags) > 2*(tournament.DiagLimit+1) {
		t.Fatalf("%d diagnostics for a text of 50000 lines", len(diags))
	}
}
