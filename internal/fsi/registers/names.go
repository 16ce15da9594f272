package registers

import (
	"strings"
	"unicode"
)

// Names and places are written many ways in result files, registers and
// e-mails: "Rossi, Mario", "ROSSI Mario", "Mario Rossi", "Nicolò" and
// "Nicolo'", "D'Amico" and "Damico". The functions below are the one
// normaliser the project uses to reduce them to forms that compare
// equal when a person would say they are the same. Digits are kept:
// "Player, 1" and "Player, 15" are two people.

// Fold lower-cases s, removes accents and turns every run of characters
// other than letters and digits into one space.
func Fold(s string) string {
	var b strings.Builder
	space := true
	fold := accentFold()
	for _, r := range s {
		if f, ok := fold[r]; ok {
			b.WriteString(f)
			space = false
			continue
		}
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// KeyFold is the fold of a stored tournament's key (its name and city,
// see pipeline.Key): lower case and single spaces, accents and
// punctuation kept. It is not Fold on purpose: every tournament stored
// since the first version is keyed so, and folding accents now would
// give a corrected file of "Città di Novara" another key than the
// version in force, a second tournament. Files of one tournament are
// told apart by their players and calendar code first (identify), so
// the key only names a new tournament; matching names is Fold's job.
func KeyFold(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// Letters is Fold without spaces: "D'Amico, Luca" → "damicoluca".
func Letters(s string) string { return strings.ReplaceAll(Fold(s), " ", "") }

// Words returns the folded words of s.
func Words(s string) []string { return strings.Fields(Fold(s)) }

// NameKeys returns the keys a register's surname and name are known by:
// surname first and name first, letters and digits only.
func NameKeys(surname, name string) [2]string {
	return [2]string{Letters(surname + " " + name), Letters(name + " " + surname)}
}

// SameName reports whether a name as written in a file ("Rossi, Mario",
// "Mario Rossi") is the register's surname and name, either order.
func SameName(written, surname, name string) bool {
	w := Letters(written)
	if w == "" {
		return false
	}
	k := NameKeys(surname, name)
	return w == k[0] || w == k[1]
}

// IDKey is the form an FSI or FIDE id is compared in: a number without
// its leading zeros ("" for none or zero), anything else trimmed and
// upper-cased.
func IDKey(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return strings.ToUpper(s)
		}
	}
	return strings.TrimLeft(s, "0")
}

// stopWords are too common in tournament and club names and places to
// tell one from another (folded, as Fold writes them): the calendar
// match (validate) and the payments' suggestions (office) skip them.
var stopWords = map[string]bool{
	"del": true, "della": true, "dei": true, "delle": true, "di": true, "da": true,
	"the": true, "and": true, "con": true, "per": true, "torneo": true, "open": true,
	"festival": true, "scacchi": true, "chess": true, "tournament": true,
	"internazionale": true, "int": true, "memorial": true,
	"rapid": true, "blitz": true, "lampo": true, "semilampo": true,
}

// clubWords are the words of a club's legal name that tell nothing
// apart ("A.S.D. Circolo Scacchistico ..."), on top of stopWords.
var clubWords = map[string]bool{
	"asd": true, "a.s.d.": true, "circolo": true, "scacchistico": true, "scacchistica": true,
	"societa": true, "club": true, "citta": true, "il": true, "la": true,
}

// StopWord reports whether the folded word w is too common in a
// tournament's name to tell one from another.
func StopWord(w string) bool { return stopWords[w] }

// ClubStopWord reports whether the folded word w tells nothing apart in
// a club's or tournament's name: a stop word or a word of clubs' legal
// names.
func ClubStopWord(w string) bool { return stopWords[w] || clubWords[w] }
