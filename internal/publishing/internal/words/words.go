// Package words names, in Italian and English, where a rating used for a
// tournament came from (rating.Seed.Source), so that the tournament
// report and the list's change report say it alike. The words are the
// catalogue's ("source.*") and the vocabulary's (the lists' names).
package words

import (
	"strings"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// Source names where a rating came from (rating.Seed.Source) in lang
// ("it", else English); an unknown source is returned as it is.
func Source(lang, s string) string {
	l := catalogue.EN
	if lang == "it" {
		l = catalogue.IT
	}
	switch s {
	case "elo_italia":
		return fsi.Standard.ListName()
	case "elo_rapid":
		return fsi.Rapid.ListName()
	}
	if v, ok := l.Lookup("source." + s); ok {
		return v
	}
	if cat, ok := strings.CutPrefix(s, "entry:"); ok {
		return l.T("source.entry:", cat)
	}
	return s
}
