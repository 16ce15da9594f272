package termsafe

import (
	"bytes"
	"testing"
)

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"Rossi Mario\n":                  "Rossi Mario\n",
		"Nicolò\tSantoro":                "Nicolò\tSantoro",
		"\x1b[2J\x1b[31mROSSO":           "?[2J?[31mROSSO",
		"ok\rFALSO":                      "okFALSO",
		"riga\r\n":                       "riga\n",
		"\x1b]8;;http://x\x07link":       "?]8;;http://x?link",
		"C1 \u009b31m csi":               "C1 ?31m csi",
		"\u00e0 \u00a0 nbsp":             "\u00e0 \u00a0 nbsp",
		"bell\x07 del\x7f nul\x00":       "bell? del? nul?",
		"torneo \u00c2 maiuscola \u00c2": "torneo \u00c2 maiuscola \u00c2",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

// A C1 control split across two writes is still caught.
func TestSplitWrites(t *testing.T) {
	var b bytes.Buffer
	w := Writer(&b)
	w.Write([]byte("a\xc2"))
	w.Write([]byte("\x9b31m b\xc2"))
	w.Write([]byte("\xa0c"))
	if got := b.String(); got != "a?31m b\u00a0c" {
		t.Errorf("got %q", got)
	}
}

func FuzzWriter(f *testing.F) {
	f.Add([]byte("\x1b[2J Rossi\r\n\xc2\x9b"), 3)
	f.Fuzz(func(t *testing.T, p []byte, cut int) {
		var b bytes.Buffer
		w := Writer(&b)
		if cut < 0 || cut > len(p) {
			cut = len(p) / 2
		}
		w.Write(p[:cut])
		w.Write(p[cut:])
		if !w.(*writer).pending && cut > 0 && p[cut-1] != 0xc2 {
			if got, one := b.String(), String(string(p)); got != one {
				t.Fatalf("split at %d: %q, whole: %q", cut, got, one)
			}
		}
		for i, c := range b.Bytes() {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				t.Fatalf("control %#x left at %d in %q", c, i, b.Bytes())
			}
			if c == 0xc2 && i+1 < b.Len() && b.Bytes()[i+1] >= 0x80 && b.Bytes()[i+1] <= 0x9f {
				t.Fatalf("C1 control left at %d in %q", i, b.Bytes())
			}
		}
	})
}

// String is s as Writer would print it, a 0xC2 left pending at its end
// shown as "?". Only the tests use it.
func String(s string) string {
	var b stringWriter
	w := Writer(&b)
	w.Write([]byte(s))
	if w.(*writer).pending {
		b = append(b, '?')
	}
	return string(b)
}

type stringWriter []byte

func (s *stringWriter) Write(p []byte) (int, error) { *s = append(*s, p...); return len(p), nil }
