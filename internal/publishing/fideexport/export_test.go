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
		{"both from the register", "Ferretti Marco (AN)", []string{"Galli Sara (ACN)"}, reg,
			"102 Ferretti Marco (AN) (852104)", []string{"112 Galli Sara (ACN) (853120)"}, ""},
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
