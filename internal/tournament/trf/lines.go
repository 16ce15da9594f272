package trf

import (
	"strings"
	"unicode/utf8"
)

// lines iterates over the lines of a text whose line endings may be LF,
// CRLF or CR alone (old Mac files, and bbpPairings' literal reading of "CR
// as last character").
type lines struct {
	text string
	pos  int
	num  int
	// nl and cr are the absolute positions of the next '\n' and '\r' at or
	// after pos (len(text) when none), so that a file with only CR line
	// ends is not searched to its end for a '\n' on every line.
	nl, cr int
	init   bool
}

// next returns the next line without its terminator and its 1-based
// number; ok is false at the end.
func (l *lines) next() (s string, num int, ok bool) {
	if l.pos >= len(l.text) {
		return "", 0, false
	}
	if !l.init || l.nl < l.pos {
		l.nl = index(l.text, l.pos, '\n')
	}
	if !l.init || l.cr < l.pos {
		l.cr = index(l.text, l.pos, '\r')
	}
	l.init = true
	i := min(l.nl, l.cr)
	s = l.text[l.pos:i]
	switch {
	case i == len(l.text):
		l.pos = i
	case l.text[i] == '\r' && i+1 < len(l.text) && l.text[i+1] == '\n':
		l.pos = i + 2
	default:
		l.pos = i + 1
	}
	l.num++
	return s, l.num, true
}

func index(s string, from int, c byte) int {
	i := strings.IndexByte(s[from:], c)
	if i < 0 {
		return len(s)
	}
	return from + i
}

// record is one line cut by characters: a TRF column is a character
// position, so a name with 'è' written in UTF-8 must not shift the columns
// after it. ASCII lines, almost all of them, are cut by bytes directly.
type record struct {
	s   string
	off []int // byte offset of each character, plus len(s); nil for ASCII
}

func (r *record) reset(s string, buf []int) []int {
	r.s = s
	r.off = nil
	if isASCII(s) {
		return buf
	}
	buf = buf[:0]
	for j := range s {
		buf = append(buf, j)
	}
	r.off = append(buf, len(s))
	return r.off
}

// chars returns the number of characters.
func (r *record) chars() int {
	if r.off == nil {
		return len(r.s)
	}
	return len(r.off) - 1
}

// cut returns characters [i, j) (0-based), clamped to the line.
func (r *record) cut(i, j int) string {
	n := r.chars()
	if j > n {
		j = n
	}
	if i >= j {
		return ""
	}
	if r.off == nil {
		return r.s[i:j]
	}
	return r.s[r.off[i]:r.off[j]]
}

// at returns the character at i as a byte (0 beyond the line, 0xFF for a
// non-ASCII character).
func (r *record) at(i int) byte {
	if i >= r.chars() {
		return 0
	}
	if r.off == nil {
		return r.s[i]
	}
	c := r.s[r.off[i]]
	if c >= utf8.RuneSelf {
		return 0xFF
	}
	return c
}

// trim removes blanks at both ends without allocating.
func trim(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

func trimRight(s string) string {
	j := len(s)
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[:j]
}

// isASCII reports whether s has only 7-bit characters, eight bytes at a
// time (the compiler merges the byte loads into one).
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if x&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
