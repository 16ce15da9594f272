package tdf

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead checks that no text makes the .tdf reader panic and that every
// diagnostic is located.
func FuzzRead(f *testing.F) {
	if files, _ := filepath.Glob("testdata/*.tdf"); len(files) > 0 {
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil {
				f.Add(string(data))
			}
		}
	}
	f.Add("TORNEO|x\nGIOCATORE|1|m|1N|Rossi, Mario|ITA|0|0|123456|1650|1980/01/01|1|1||2 w 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		tt, diags, err := Read("fuzz.tdf", text)
		for _, d := range diags {
			if d.Line < 1 || d.Field == "" || d.Code == "" {
				t.Fatalf("diagnostic not located: %+v", d)
			}
			if d.MessageIT == "" {
				t.Fatalf("diagnostic without Italian text: %+v", d)
			}
		}
		if err != nil {
			return
		}
		for i := range tt.Players {
			if len(tt.Players[i].Rounds) != len(tt.Players[0].Rounds) {
				t.Fatalf("round lists of different lengths")
			}
		}
	})
}
