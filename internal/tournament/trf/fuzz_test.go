package trf_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"omologa/internal/tournament"
	"omologa/internal/tournament/trf"
)

// FuzzRead checks that no text makes the reader panic, that every
// diagnostic is located, and that whatever it reads survives write → read
// unchanged. Seeds: testdata/fuzz/FuzzRead (made from the corpus) and the
// corpus itself when present.
func FuzzRead(f *testing.F) {
	if dir := filepathCorpus(); dir != "" {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if data, err := os.ReadFile(dir + "/" + e.Name()); err == nil && e.Name() != "MANIFEST.md" {
				f.Add(head(string(data), 2048))
			}
		}
	}
	f.Add("001    1 m    A                                 1500 ITA     1234567 2000/01/01  1.0    1  0000--  ")
	f.Fuzz(func(t *testing.T, text string) {
		tt, diags, err := trf.Read("fuzz.trf", text)
		for _, d := range diags {
			if d.Line < 1 || d.Field == "" || d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic not located: %+v", d)
			}
			if d.MessageIT == "" {
				t.Fatalf("diagnostic without Italian text: %+v", d)
			}
		}
		if err != nil || !utf8.ValidString(text) {
			return
		}
		rounds := tt.Rounds()
		for i := range tt.Players {
			if len(tt.Players[i].Rounds) != rounds {
				t.Fatalf("player %d: %d entries for %d rounds", tt.Players[i].Start, len(tt.Players[i].Rounds), rounds)
			}
		}
		for _, v := range []trf.Version{trf.TRF26, trf.TRF16} {
			if v == trf.TRF16 && tt.Format == tournament.FormatTRF26 {
				continue
			}
			var buf bytes.Buffer
			if err := trf.Write(&buf, tt, v); err != nil {
				t.Fatal(err)
			}
			again, _, err := trf.Read("fuzz.trf", buf.String())
			if err != nil {
				t.Fatalf("TRF%d: written file unreadable: %v\n%q", v, err, buf.String())
			}
			if a, b := model(t, tt, true), model(t, again, true); a != b {
				t.Fatalf("TRF%d: write → read changed the model:\n%s\nwritten:\n%s", v, diffLines(a, b), buf.String())
			}
		}
	})
}

func filepathCorpus() string {
	dir := repoRoot() + "/../shared/trf-corpus"
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	return dir
}

// head cuts a seed to about n bytes at a line end: the fuzzer minimises
// every new input it finds, and minimising a 100 KB file takes longer than
// a fuzzing session.
func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexAny(s, "\r\n"); i > 0 {
		s = s[:i+1]
	}
	return s
}
