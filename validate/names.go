package validate

import (
	"strings"

	"omologa/registers"
)

// Tournament names and places compared with the calendar; the one name
// normaliser (registers.Fold, Letters, Words) reduces them first.

// similarity is the share of the words of the shorter text found in the
// longer one (0–1), ignoring words of one or two letters and common
// words of tournament names, so that "3° Open di Milano" and "Open
// Milano 2025" are alike.
func similarity(a, b string) float64 {
	wa, wb := significant(registers.Words(a)), significant(registers.Words(b))
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
	ws := significant(registers.Words(small))
	if len(ws) == 0 {
		ws = registers.Words(small)
	}
	if len(ws) == 0 {
		return false
	}
	in := map[string]bool{}
	for _, w := range registers.Words(big) {
		in[w] = true
	}
	for _, w := range ws {
		if !in[w] {
			lb, ls := registers.Letters(big), registers.Letters(small)
			return ls != "" && lb != "" && (strings.Contains(lb, ls) || strings.Contains(ls, lb))
		}
	}
	return true
}
