package trf_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"omologa/internal/testkit/testenv"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
	"omologa/internal/tournament/trf"
)

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

func corpusDir(t testing.TB) string {
	dir := filepath.Join(repoRoot(), "..", "shared", "trf-corpus")
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "corpus folder %s absent: %v", dir, err)
	}
	return dir
}

func corpusFiles(t testing.TB) []string {
	dir := corpusDir(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && e.Name() != "MANIFEST.md" {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	return files
}

// sampleFiles lists the readable files of samples/ (the demo data), if any.
func sampleFiles() []string {
	var files []string
	filepath.WalkDir(filepath.Join(repoRoot(), "samples"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".eml") {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// model is the part of a tournament that read → write → read must keep:
// everything but where things were in the file.
func model(t *testing.T, tt *tournament.Tournament, keepFormat bool) string {
	t.Helper()
	c := *tt
	c.File = ""
	if !keepFormat {
		c.Format = ""
	}
	c.Players = append([]tournament.Player(nil), tt.Players...)
	for i := range c.Players {
		p := &c.Players[i]
		p.Line = 0
		p.Rounds = append([]tournament.RoundEntry(nil), p.Rounds...)
		for j := range p.Rounds {
			p.Rounds[j].Column = 0
		}
	}
	c.Teams = append([]tournament.Team(nil), tt.Teams...)
	for i := range c.Teams {
		c.Teams[i].Line = 0
	}
	b, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRoundTrip(t *testing.T) {
	files := append(corpusFiles(t), sampleFiles()...)
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			first, _, err := codec.Read(name, data)
			if err != nil {
				t.Skipf("not readable (a sample of mistakes?): %v", err)
			}
			versions := []trf.Version{trf.TRF26}
			if first.Format == tournament.FormatTRF16 || first.Format == tournament.FormatTRFX {
				versions = append(versions, trf.TRF16)
			}
			for _, v := range versions {
				var buf bytes.Buffer
				if err := trf.Write(&buf, first, v); err != nil {
					t.Fatalf("Write %d: %v", v, err)
				}
				second, diags, err := trf.Read(name, buf.String())
				if err != nil {
					t.Fatalf("TRF%d: reading what was written: %v\n%s", v, err, buf.String())
				}
				for _, d := range diags {
					if d.Severity == tournament.Error {
						t.Errorf("TRF%d: error diagnostic on written file: %s", v, d)
					}
				}
				keep := first.Format != tournament.FormatTDF
				if a, b := model(t, first, keep), model(t, second, keep); a != b {
					t.Errorf("TRF%d: model changed by write → read:\n%s", v, diffLines(a, b))
				}
			}
		})
	}
}

// diffLines shows the first lines that differ.
func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, "- "+x, "+ "+y)
			if len(out) > 20 {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}
