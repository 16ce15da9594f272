package mail

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Seeds live in testdata/fuzz/FuzzParse and testdata/fuzz/FuzzFields.
func FuzzParse(f *testing.F) {
	f.Add(crlf("From: a@b.it\nContent-Type: text/plain\n\nLuogo: Roma\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		lim := DefaultLimits
		lim.MaxPart, lim.MaxTotal = 1<<16, 1<<17
		s, err := ParseWithLimits(raw, received, lim)
		if err != nil || s == nil {
			t.Fatalf("Parse = %v, %v", s, err)
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
