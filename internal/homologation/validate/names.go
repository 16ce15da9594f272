package validate

import (
	"strings"

	"omologa/internal/fsi/registers"
)

// Tournament names and places compared with the calendar. The one name
// normaliser is registers' (Fold, Letters, Words); fold, letters and words
// are its short names here.

func fold(s string) string    { return registers.Fold(s) }
func letters(s string) string { return registers.Letters(s) }
func words(s string) []string { return registers.Words(s) }

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

func significant(ws []string) []string {
	out := ws[:0:0]
	for _, w := range ws {
		if len(w) <= 2 || registers.StopWord(w) {
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
