// Package decimal reads the numbers written in tournament files and
// registers (starting numbers, ratings, ids, declared points) for the trf,
// tdf and dates readers and the registers' id index, so that every reader
// accepts the same spellings.
package decimal

import "strconv"

// Atoi reads a non-negative decimal number of at most 12 digits; ok is
// false for anything else (blank, sign and spaces included). Twelve digits
// keep the value far from overflow on any platform.
func Atoi(s string) (int, bool) {
	if s == "" || len(s) > 12 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// Points reads a declared score: "5.0", "14.5", "4,5", "3". It checks
// the characters itself and leaves the arithmetic to strconv, whose result
// is the float nearest the decimal (1.14, not 1 + 14/100).
func Points(s string) (float64, bool) {
	if s == "" || len(s) > 8 {
		return 0, false
	}
	digits, sep := 0, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case (c == '.' || c == ',') && sep < 0:
			sep = i
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	if sep >= 0 && s[sep] == ',' {
		s = s[:sep] + "." + s[sep+1:]
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}
