package mail

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// The charsets Italian mail arrives in, decoded by hand: the module does
// not require golang.org/x/text directly, and these few tables are all
// the office meets. Anything else is recorded as a problem and read as
// Windows-1252, which never fails.

// win1252High is Windows-1252's 0x80-0x9F; the rest of the byte range is
// Latin-1, i.e. the code point itself. Unassigned bytes map to U+FFFD.
var win1252High = [32]rune{
	'€', '\uFFFD', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\uFFFD', 'Ž', '\uFFFD',
	'\uFFFD', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\uFFFD', 'ž', 'Ÿ',
}

// latin9 is where ISO-8859-15 differs from Latin-1.
var latin9 = map[byte]rune{
	0xA4: '€', 0xA6: 'Š', 0xA8: 'š', 0xB4: 'Ž', 0xB8: 'ž', 0xBC: 'Œ', 0xBD: 'œ', 0xBE: 'Ÿ',
}

func win1252(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c < 0xA0:
			b.WriteRune(win1252High[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
	}
	return b.String()
}

func latin1(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		b.WriteRune(rune(c))
	}
	return b.String()
}

func iso885915(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		if r, ok := latin9[c]; ok {
			b.WriteRune(r)
			continue
		}
		b.WriteRune(rune(c))
	}
	return b.String()
}

// decodeCharset converts data in the named charset to UTF-8; ok is false
// for a charset it does not know.
func decodeCharset(cs string, data []byte) (string, bool) {
	switch normCharset(cs) {
	case "utf-8", "us-ascii":
		return strings.ToValidUTF8(string(data), "\uFFFD"), true
	case "iso-8859-1":
		return latin1(data), true
	case "windows-1252":
		return win1252(data), true
	case "iso-8859-15":
		return iso885915(data), true
	}
	return "", false
}

func normCharset(cs string) string {
	cs = strings.ToLower(strings.Trim(strings.TrimSpace(cs), `"'`))
	switch cs {
	case "", "utf-8", "utf8":
		return "utf-8"
	case "us-ascii", "ascii", "ansi_x3.4-1968", "646":
		return "us-ascii"
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "iso-ir-100":
		return "iso-8859-1"
	case "windows-1252", "cp1252", "x-cp1252", "win-1252":
		return "windows-1252"
	case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin-9", "latin9":
		return "iso-8859-15"
	}
	return cs
}

// charsetReader serves mime.WordDecoder for encoded header words.
func charsetReader(cs string, input io.Reader) (io.Reader, error) {
	data, err := io.ReadAll(io.LimitReader(input, 1<<20))
	if err != nil {
		return nil, err
	}
	s, ok := decodeCharset(cs, data)
	if !ok {
		return nil, fmt.Errorf("unknown charset %q", cs)
	}
	return bytes.NewReader([]byte(s)), nil
}
