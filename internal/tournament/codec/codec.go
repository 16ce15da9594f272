// Package codec turns the bytes of a result file into a tournament: it
// recognises the format by content (never by file name), refuses binary
// files with advice, decodes the encoding (BOM, UTF-8, Windows-1252) and
// hands the text to the trf or tdf reader, which accept LF, CRLF and CR
// line endings.
package codec

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"omologa/internal/tournament"
	"omologa/internal/tournament/tdf"
	"omologa/internal/tournament/trf"
)

// Read detects the format of data by content and reads it. name is used
// only in messages and diagnostics. Errors: *tournament.RefusedError for a
// binary or office file, *tournament.ParseError when no tournament can be
// read, tournament.ErrEmpty for a file without data.
func Read(name string, data []byte) (*tournament.Tournament, []tournament.Diagnostic, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil, tournament.ErrEmpty
	}
	if err := Refuse(name, data); err != nil {
		return nil, nil, err
	}
	text, diags := Decode(name, data)
	if strings.TrimSpace(text) == "" {
		return nil, diags, tournament.ErrEmpty
	}
	var (
		t  *tournament.Tournament
		ds []tournament.Diagnostic
		e  error
	)
	if tdf.Looks(text) {
		t, ds, e = tdf.Read(name, text)
	} else {
		t, ds, e = trf.Read(name, text)
	}
	return t, append(diags, ds...), e
}

// Decode strips a UTF-8 BOM and returns the text as UTF-8: the bytes
// themselves when they are valid UTF-8, else read as Windows-1252 (a
// superset of Latin-1 in practice) with a note.
func Decode(name string, data []byte) (string, []tournament.Diagnostic) {
	var diags []tournament.Diagnostic
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		data = data[3:]
		diags = append(diags, tournament.NewDiagnostic(name, 1, 1, "encoding", tournament.Note, "codec.bom"))
	}
	if utf8.Valid(data) {
		return string(data), diags
	}
	line, col := firstInvalid(data)
	diags = append(diags, tournament.NewDiagnostic(name, line, col, "encoding", tournament.Note, "codec.windows-1252"))
	return decode1252(data), diags
}

func firstInvalid(data []byte) (line, col int) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return line, col
		}
		if data[i] == '\n' || (data[i] == '\r' && (i+1 >= len(data) || data[i+1] != '\n')) {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return line, col
}

// decode1252 reads data as Windows-1252 through x/text's table. The five
// bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D),
// which x/text turns into U+FFFD, keep their Latin-1 meaning (C1 control
// code points) instead: that way the decoding is a true superset of
// Latin-1 and loses no byte, as the Diagnostic contract promises.
func decode1252(data []byte) string { return Windows1252(data) }

// Windows1252 is the one decoder of Windows-1252 (what Italian programs
// and mail clients write undeclared), for files and mail text alike.
func Windows1252(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			continue
		}
		r := charmap.Windows1252.DecodeByte(c)
		if r == utf8.RuneError {
			r = rune(c)
		}
		b.WriteRune(r)
	}
	return b.String()
}
