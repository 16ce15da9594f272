package fideexport

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"omologa/internal/fsi/registers"
	"omologa/internal/rating/fide"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
	"omologa/internal/tournament/trf"
)

// The TRF forwarded to FIDE names its arbiters with their FIDE ids
// (FIDE-RR 9.1): as the file writes them when it has them, else with
// the arbiters' register's after the name in brackets, in 102 and 112
// alike, TRF16 and TRF-2025.
func TestWriteArbiterIDs(t *testing.T) {
	path := filepath.Join("..", "..", "..", "samples", "drop", "open_novara_2026.trf")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	reg := []registers.Arbiter{
		{FSIID: "204187", Surname: "Ferretti", Name: "Marco", Category: "AN", FideID: "852104"},
		{FSIID: "208311", Surname: "Galli", Name: "Sara", Category: "ACN", FideID: "853120"},
		{FSIID: "203930", Surname: "Zanetti", Name: "Paola", Category: "AN"},
		{FSIID: "205555", Surname: "Conti", Name: "Elena", Category: "AF", FideID: "851777"},
	}
	cases := []struct {
		name      string
		chief     string
		deputies  []string
		reg       []registers.Arbiter
		want102   string
		want112   []string
		versionOf string // "" TRF16, "26" TRF-2025
	}{
		// The FSI categories (AN, ACN) are national titles FIDE does not
		// know: left out; a FIDE title the register gives goes first.
		{"both from the register", "Ferretti Marco (AN)", []string{"Galli Sara (ACN)"}, reg,
			"102 Ferretti Marco (852104)", []string{"112 Galli Sara (853120)"}, ""},
		{"a FIDE arbiter", "Conti Elena (AF)", nil, reg, "102 FA Conti Elena (851777)", []string{"112"}, ""},
		{"the chief's in the file, a deputy in neither", "Ferretti Marco 852104", []string{"Zanetti Paola", "Galli Sara"}, reg,
			"102 Ferretti Marco 852104", []string{"112 Zanetti Paola", "112 Galli Sara (853120)"}, ""},
		{"no register: as written", "Ferretti Marco (AN)", []string{"Galli Sara (ACN)"}, nil,
			"102 Ferretti Marco (AN)", []string{"112 Galli Sara (ACN)"}, ""},
		// The 112 record the file has stays, blank.
		{"TRF-2025", "Galli Sara", nil, reg, "102 Galli Sara (853120)", []string{"112"}, "26"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, _, err := codec.Read(path, data)
			if err != nil {
				t.Fatal(err)
			}
			tr.ChiefArbiter, tr.DeputyArbiters = c.chief, c.deputies
			want := trf.TRF16
			tr.Format = tournament.FormatTRF16
			if c.versionOf == "26" {
				tr.Format, want = tournament.FormatTRF26, trf.TRF26
			}
			out, v, err := Write(fide.WithArbiterIDs(tr, c.reg), false)
			if err != nil || v != want {
				t.Fatalf("TRF%d, %v", v, err)
			}
			var got102 string
			var got112 []string
			for _, l := range strings.Split(string(out), "\n") {
				l = strings.TrimRight(l, "\r ")
				switch {
				case strings.HasPrefix(l, "102 "):
					got102 = l
				case strings.HasPrefix(l, "112"):
					got112 = append(got112, l)
				}
			}
			if got102 != c.want102 || !slices.Equal(got112, c.want112) {
				t.Errorf("wrote %q %q, want %q %q", got102, got112, c.want102, c.want112)
			}
			back, _, err := trf.Read("back.trf", string(out))
			if err != nil {
				t.Fatal(err)
			}
			if fs := fide.Arbiters(back, nil); len(c.reg) > 0 && slices.ContainsFunc(fs, func(a fide.Arbiter) bool { return !a.HasID && a.Written != "Zanetti Paola" }) {
				t.Errorf("read back, an arbiter still has no FIDE id: %+v", fs)
			}
		})
	}
}

// FIDE's lists are ASCII (regs §4d): names transliterated, so that a
// reader counting bytes (Latin-1) and one counting characters read the
// same columns.
func TestASCII(t *testing.T) {
	for in, want := range map[string]string{
		"Pellegrini, Niccolò": "Pellegrini, Niccolo", "Sánchez, José": "Sanchez, Jose", "Città di Novara": "Citta di Novara",
		"Müller, Jürgen": "Muller, Jurgen", "Straße": "Strasse", "Łukasz Søren": "Lukasz Soren", "D’Angelo": "D'Angelo",
		"3° Open": "3 Open", "Dvořák": "Dvorak", "Ærø": "AEro", "plain": "plain",
	} {
		if got := ASCII(in); got != want {
			t.Errorf("ASCII(%q) = %q, want %q", in, got, want)
		}
	}
}

// Columns 11–13 carry FIDE titles only (regs §4d): never an FSI category
// (1N 2N 3N NC...), and the FSI's CM (Candidato Maestro) only when the
// players' register says it is FIDE's Candidate Master.
func TestFideTitle(t *testing.T) {
	im := &registers.Player{Extra: map[string]string{ColFideTitle: "IM"}}
	cm := &registers.Player{Extra: map[string]string{ColFideTitle: "CM"}}
	cases := []struct {
		name       string
		title, cat string
		row        *registers.Player
		want       string
	}{
		{"a FIDE title in the file", "WFM", "", nil, "WFM"},
		{"old TRF letters", "m", "", nil, "IM"},
		{"an FSI category", "", "1N", nil, ""},
		{"NC", "", "NC", nil, ""},
		{"the FSI's CM, no register", "CM", "CM", nil, ""},
		{"CM the register says is FIDE's", "CM", "CM", cm, "CM"},
		{"the register's title where the file has none", "", "M", im, "IM"},
		{"something else", "Dr", "", nil, ""},
	}
	for _, c := range cases {
		p := &tournament.Player{Title: c.title, Category: c.cat}
		if got := fideTitle(p, c.row); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// What goes to FIDE: 092 in English whatever the file says, no TRF26
// national records nor national data, ASCII names; the original is left
// as it was.
func TestForFide(t *testing.T) {
	path := filepath.Join("..", "..", "..", "samples", "drop", "magistrale_firenze_2026.trf")
	tr, _, err := codec.Read(path, mustRead(t, path))
	if err != nil {
		t.Fatal(err)
	}
	tr.Type = "Svizzero"
	tr.Format = tournament.FormatTRF26
	data, v, err := Write(tr, true)
	if err != nil || v != trf.TRF26 {
		t.Fatalf("TRF%d %v", v, err)
	}
	text := string(data)
	if !strings.Contains(text, "\r\n092 Individual: Round-Robin\r\n") || strings.Contains(text, "\nITA ") ||
		!strings.Contains(text, "Pellegrini, Niccolo ") || strings.Contains(text, " CM ") || strings.Contains(text, " 1N ") {
		t.Errorf("forwarded:\n%s", text)
	}
	if tr.Type != "Svizzero" || tr.Players[8].Name != "Pellegrini, Niccolò" || tr.Players[0].Category != "CM" {
		t.Error("Write changed the tournament it was given")
	}
	if data, _, _ := Write(tr, false); !strings.Contains(string(data), "\r\n092 Individual: Swiss-System\r\n") {
		t.Error("092 of a Swiss")
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
