package validate

import (
	"strings"
	"unicode"
)

// Names and places are written many ways in result files and e-mails:
// "Rossi, Mario", "ROSSI Mario", "Mario Rossi", "Nicolò" and "Nicolo'",
// "D'Amico" and "Damico". The helpers below reduce them to forms that
// compare equal when a person would say they are the same.

// fold lower-cases s, removes accents and turns every run of characters
// other than letters and digits into one space.
func fold(s string) string {
	var b strings.Builder
	space := true
	for _, r := range s {
		if f, ok := accentFold[r]; ok {
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

// letters is fold without spaces: "D'Amico, Luca" → "damicoluca".
func letters(s string) string { return strings.ReplaceAll(fold(s), " ", "") }

// words returns the folded words of s.
func words(s string) []string { return strings.Fields(fold(s)) }

// nameKeys returns the keys a register's surname and name are known by:
// surname first and name first, letters only.
func nameKeys(surname, name string) [2]string {
	return [2]string{letters(surname + " " + name), letters(name + " " + surname)}
}

// sameName reports whether a name as written in a file ("Rossi, Mario",
// "Mario Rossi") is the register's surname and name, either order.
func sameName(written, surname, name string) bool {
	w := letters(written)
	if w == "" {
		return false
	}
	k := nameKeys(surname, name)
	return w == k[0] || w == k[1]
}

// similarity is the share of the words of the shorter text found in the
// longer one (0–1), ignoring words of one or two letters and common
// words of tournament names, so that "3° Open di Milano" and "Open
// Milano 2025" are alike.
func similarity(a, b string) float64 {
	wa, wb := significant(words(a)), significant(words(b))
	if len(wa) == 0 || len(wb) == 0 {
		return 0
	}
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	in := map[string]bool{}
	for _, w := range wb {
		in[w] = true
	}
	common := 0
	for _, w := range wa {
		if in[w] {
			common++
		}
	}
	return float64(common) / float64(len(wa))
}

// stopWords are too common in tournament names and places to identify
// one.
var stopWords = map[string]bool{
	"del": true, "della": true, "dei": true, "delle": true, "di": true, "da": true,
	"the": true, "and": true, "con": true, "per": true, "torneo": true, "open": true,
	"festival": true, "scacchi": true, "chess": true, "tournament": true,
	"internazionale": true, "int": true, "memorial": true,
}

func significant(ws []string) []string {
	out := ws[:0:0]
	for _, w := range ws {
		if len(w) <= 2 || stopWords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// containsWords reports whether every significant word of small is in
// big, or the letters of one contain the other's ("Reggio Emilia" in
// "Reggio nell'Emilia" does not, "Milano" in "Milano (MI)" does).
func containsWords(big, small string) bool {
	ws := significant(words(small))
	if len(ws) == 0 {
		ws = words(small)
	}
	if len(ws) == 0 {
		return false
	}
	in := map[string]bool{}
	for _, w := range words(big) {
		in[w] = true
	}
	for _, w := range ws {
		if !in[w] {
			lb, ls := letters(big), letters(small)
			return ls != "" && lb != "" && (strings.Contains(lb, ls) || strings.Contains(ls, lb))
		}
	}
	return true
}
