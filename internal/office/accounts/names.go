package accounts

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// MaxName is the longest user name, in bytes: a login naming a longer
// one is refused before any lookup, and such a name is never logged.
const MaxName = 32

// ErrName: a new user's name outside the names' alphabet.
var ErrName = fmt.Errorf("a user name is 1 to %d characters among a-z A-Z 0-9 . _ - starting with a letter or digit", MaxName)

// ValidName checks a new user's name: 1 to MaxName ASCII letters,
// digits, '.', '_' and '-', starting with a letter or a digit. A plain
// alphabet keeps names readable in the audit trail and the logs: no
// control character can split a line, no space can trail, and no
// look-alike letter of another script can pass for an existing user
// (ASCII is NFC by construction).
func ValidName(name string) error {
	if name == "" || len(name) > MaxName {
		return ErrName
	}
	for i, c := range []byte(name) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '.' || c == '_' || c == '-') && i > 0:
		default:
			return ErrName
		}
	}
	return nil
}

// hasControl reports a control character, or bytes that are not UTF-8.
func hasControl(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return true
		}
	}
	return false
}

// LogName is a name given at login as it may be logged: a name that
// could be a user's as it is, anything else only by its length (a
// guesser's megabyte-long names never reach the log).
func LogName(name string) string {
	if len(name) <= MaxName && !hasControl(name) {
		return name
	}
	return fmt.Sprintf("(%d bytes, not a user name)", len(name))
}
