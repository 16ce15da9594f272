// Package words holds the vocabulary the report pages share: the names,
// in Italian and English, of where a rating used for a tournament came
// from (rating.Seed.Source), so that the tournament report and the
// list's change report say it alike.
package words

import (
	"fmt"
	"omologa/internal/fsi"
	"strings"
)

var sources = map[string]map[string]string{
	"it": {"fide": "FIDE", "list": "lista in vigore", "fide-floor": "minimo FIDE", "file": "dal file",
		"entry:": "ingresso %s", "entry": "ingresso", "theoretical": "teorico (arbitro)", "elo_italia": fsi.Standard.ListName(),
		"elo_rapid": fsi.Rapid.ListName(), "fide_standard": "FIDE standard", "fide_rapid": "FIDE rapid"},
	"en": {"fide": "FIDE", "list": "list in force", "fide-floor": "FIDE floor", "file": "from the file",
		"entry:": "entry %s", "entry": "entry", "theoretical": "theoretical (arbiter)", "elo_italia": fsi.Standard.ListName(),
		"elo_rapid": fsi.Rapid.ListName(), "fide_standard": "FIDE standard", "fide_rapid": "FIDE rapid"},
}

// Source names where a rating came from (rating.Seed.Source) in lang
// ("it", else English); an unknown source is returned as it is.
func Source(lang, s string) string {
	t := sources["en"]
	if lang == "it" {
		t = sources["it"]
	}
	if v, ok := t[s]; ok {
		return v
	}
	if cat, ok := strings.CutPrefix(s, "entry:"); ok {
		return fmt.Sprintf(t["entry:"], cat)
	}
	return s
}
