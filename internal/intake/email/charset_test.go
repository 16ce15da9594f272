package email

import "testing"

// The tables come from x/text now; these are the bytes where the three
// charsets differ, checked against what the hand tables they replaced
// produced.
func TestDecodeCharset(t *testing.T) {
	tests := []struct {
		charset string
		in      string
		want    string
	}{
		{"windows-1252", "Nicol\xF2 \x80 \x93x\x94 \x9C", "Nicolò € “x” œ"},
		// The bytes Windows-1252 leaves undefined keep their Latin-1
		// meaning (codec.Windows1252, the one decoder): nothing is lost.
		{"cp1252", "\x81\x8D\x8F\x90\x9D", "\u0081\u008D\u008F\u0090\u009D"},
		{"iso-8859-1", "\xE0\x80\xA4\xFF", "à\u0080¤ÿ"},
		{"latin9", "\xA4\xA6\xA8\xB4\xB8\xBC\xBD\xBE\xE8", "€ŠšŽžŒœŸè"},
		{"utf-8", "caf\xC3\xA9 \xFF", "café \uFFFD"},
		{"US-ASCII", "abc", "abc"},
	}
	for _, tc := range tests {
		got, ok := decodeCharset(tc.charset, []byte(tc.in))
		if !ok || got != tc.want {
			t.Errorf("decodeCharset(%q, %q) = %q, %v; want %q", tc.charset, tc.in, got, ok, tc.want)
		}
	}
	if _, ok := decodeCharset("koi8-r", []byte("x")); ok {
		t.Error("koi8-r: want ok false for a charset the office does not read")
	}
}
