package email

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"omologa/internal/tournament/codec"
)

// The charsets Italian mail arrives in, besides Windows-1252 (decoded by
// codec.Windows1252, the one decoder of it). Anything else is recorded
// as a problem and read as Windows-1252, which never fails.
var charmaps = map[string]*charmap.Charmap{
	"iso-8859-1":  charmap.ISO8859_1,
	"iso-8859-15": charmap.ISO8859_15,
}

// decodeWith converts data with a single-byte table, byte by byte: such
// a charset has no invalid input, so there is no error to carry.
func decodeWith(cm *charmap.Charmap, data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		b.WriteRune(cm.DecodeByte(c))
	}
	return b.String()
}

func win1252(data []byte) string { return codec.Windows1252(data) }

// decodeCharset converts data in the named charset to UTF-8; ok is false
// for a charset it does not know.
func decodeCharset(cs string, data []byte) (string, bool) {
	n := normCharset(cs)
	if n == "utf-8" || n == "us-ascii" {
		return strings.ToValidUTF8(string(data), "\uFFFD"), true
	}
	if n == "windows-1252" {
		return win1252(data), true
	}
	if cm, ok := charmaps[n]; ok {
		return decodeWith(cm, data), true
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
