// Package termsafe keeps what files say from driving the terminal that
// prints it: a player's name, a subject line or a file name may carry
// escape sequences (ESC [ 2 J clears the screen, OSC 8 writes links, a
// carriage return overwrites the line shown). The command line prints
// everything through Writer.
package termsafe

import "io"

// Writer returns w with the control characters of what is written
// replaced: C0 controls but newline and tab, DEL and the C1 controls
// (U+0080–U+009F) become "?", a carriage return is dropped (a CRLF line
// ends as LF). Everything else, UTF-8 text included, passes unchanged.
func Writer(w io.Writer) io.Writer { return &writer{w: w} }

type writer struct {
	w       io.Writer
	pending bool // the last write ended with 0xC2, the first byte of a C1 control or of other text
	buf     []byte
}

func (t *writer) Write(p []byte) (int, error) {
	if !t.pending && clean(p) {
		return t.w.Write(p)
	}
	out := t.buf[:0]
	i := 0
	if t.pending && len(p) > 0 {
		t.pending = false
		switch {
		case p[0] >= 0xa0 && p[0] <= 0xbf:
			out = append(out, 0xc2, p[0])
			i = 1
		case p[0] >= 0x80 && p[0] <= 0x9f:
			out = append(out, '?')
			i = 1
		default:
			out = append(out, '?')
		}
	}
	for ; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\n' || c == '\t':
			out = append(out, c)
		case c == '\r':
		case c < 0x20 || c == 0x7f:
			out = append(out, '?')
		case c == 0xc2 && i+1 == len(p):
			t.pending = true
		case c == 0xc2 && p[i+1] >= 0xa0 && p[i+1] <= 0xbf:
			out = append(out, c, p[i+1])
			i++
		case c == 0xc2 && p[i+1] >= 0x80 && p[i+1] <= 0x9f:
			out = append(out, '?')
			i++
		case c == 0xc2:
			// Not UTF-8: alone it could meet a continuation byte once a
			// CR between them is dropped.
			out = append(out, '?')
		default:
			out = append(out, c)
		}
	}
	t.buf = out
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// clean reports that p has nothing to replace (the common case: one
// pass, no copy).
func clean(p []byte) bool {
	for i, c := range p {
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (c == 0xc2 && (i+1 == len(p) || p[i+1] < 0xa0 || p[i+1] > 0xbf)) {
			return false
		}
	}
	return true
}
