package email

import (
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"omologa/internal/intake/ingest"
)

// Seeds live in testdata/fuzz/FuzzParse and testdata/fuzz/FuzzFields.
func FuzzParse(f *testing.F) {
	f.Add(crlf("From: a@b.it\nContent-Type: text/plain\n\nLuogo: Roma\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		// A spool of its own for each input: the fuzzing workers run
		// side by side.
		dir, err := os.MkdirTemp("", "omologa-fuzz-spool-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		sp, err := ingest.NewSpool(dir)
		if err != nil {
			t.Fatal(err)
		}
		lim := DefaultLimits
		lim.MaxPart, lim.MaxTotal = 1<<16, 1<<17
		s, err := ParseWithLimits(raw, received, lim)
		if err != nil || s == nil {
			t.Fatalf("Parse = %v, %v", s, err)
		}
		// Read into the spool takes the same files and problems, and
		// leaves nothing behind.
		spooled, err := Read(ingest.Bytes(raw), received, lim, sp)
		if err != nil {
			t.Fatalf("Read = %v", err)
		}
		if !slices.Equal(spooled.Problems, s.Problems) || len(spooled.Files) != len(s.Files) {
			t.Fatalf("spooled: %d files, problems %q; in memory %d files, problems %q", len(spooled.Files), spooled.Problems, len(s.Files), s.Problems)
		}
		for i, f := range spooled.Files {
			if f.Name != s.Files[i].Name || f.Content.Hash() != s.Files[i].Content.Hash() {
				t.Errorf("file %d: spooled %s %s, in memory %s %s", i, f.Name, f.Content.Hash(), s.Files[i].Name, s.Files[i].Content.Hash())
			}
		}
		spooled.Cleanup()
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%d spool files left", len(ents))
		}
		if !utf8.ValidString(s.Body) || !utf8.ValidString(s.Subject) {
			t.Errorf("body or subject not UTF-8")
		}
		var total int64
		for _, file := range s.Files {
			if file.Name == "" || file.Name == "." || file.Name == ".." || strings.ContainsAny(file.Name, "/\\\x00") {
				t.Errorf("unsafe name %q", file.Name)
			}
			total += file.Content.Size()
		}
		if total > lim.MaxTotal {
			t.Errorf("attachments total %d over %d", total, lim.MaxTotal)
		}
	})
}

func FuzzFields(f *testing.F) {
	f.Add("Luogo: Roma\nData: oggi\n")
	f.Fuzz(func(t *testing.T, body string) {
		for k, v := range Fields(body) {
			if v == "" || strings.ContainsAny(v, "\n") {
				t.Errorf("field %s = %q", k, v)
			}
		}
	})
}
