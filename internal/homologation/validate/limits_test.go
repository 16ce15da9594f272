package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// RAPID 5.2 asks for the pairing program's file of the tournament: a
// file beyond the rulebook's limits (lines, player records) is not read
// but rejected with format.too-large, which names the limit; a file
// within them is judged as before.
func TestRAPID_5_2_FileLimits(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "samples", "drop", "open_novara_2026.trf"))
	if err != nil {
		t.Fatal(err)
	}
	sub := Submission{ReceivedAt: time.Date(2024, 9, 1, 10, 0, 0, 0, time.UTC)}
	junk := append(slices.Clip(data), bytes.Repeat([]byte("999 junk line\n"), 1_000_000)...)
	book := *loadRules(t)
	small := book
	small.Limits = FileLimits{MaxLines: 1000, MaxPlayers: 10}
	for _, tc := range []struct {
		name string
		book *Rulebook
		data []byte
		want string // in the Italian message; "" when judged as before
	}{
		{"within the defaults", &book, data, ""},
		{"a million junk lines", &book, junk, "oltre il limite di 100000"},
		{"more players than the rulebook's limit", &small, data, "giocatori, oltre il limite di 10 "},
		{"more lines than the rulebook's limit", &small, junk, "righe, oltre il limite di 1000 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, tr := Judge(tc.book, nil, "x.trf", tc.data, sub)
			record(t, rep.Findings)
			var big *Finding
			for i, f := range rep.Findings {
				if f.Rule == "format.too-large" {
					big = &rep.Findings[i]
				}
			}
			if tc.want == "" {
				if big != nil || tr == nil {
					t.Fatalf("judged %v, tournament %v", big, tr != nil)
				}
				return
			}
			if big == nil || tr != nil || rep.Verdict != Rejected || len(rep.Findings) != 1 {
				t.Fatalf("findings %+v, verdict %s, tournament read %v", rep.Findings, rep.Verdict, tr != nil)
			}
			if !strings.Contains(big.MessageIT, tc.want) || big.Article != "RAPID 5.2" {
				t.Errorf("message %q (%s), want it to say %q", big.MessageIT, big.Article, tc.want)
			}
		})
	}
}
