package email

import (
	"strings"

	"omologa/internal/fsi/registers"
)

// labels maps a label folded by registers.Fold (lower case, no accents,
// punctuation as single spaces) to
// the field it names. RAPID 5.2 requires venue, date, arbiter and
// organiser in the message; the others help the cross-check.
var labels = map[string]string{
	"luogo": "venue", "sede": "venue", "sede di gioco": "venue", "localita": "venue",
	"luogo di gioco": "venue", "venue": "venue", "place": "venue", "location": "venue",

	"data": "date", "date": "date", "data del torneo": "date", "date del torneo": "date",
	"periodo": "date", "dates": "date", "data di svolgimento": "date", "date di svolgimento": "date",
	"tournament date": "date", "tournament dates": "date",

	"arbitro": "arbiter", "arbitro principale": "arbiter", "arbitro capo": "arbiter",
	"direttore di gara": "arbiter", "direttore del torneo": "arbiter", "arbiter": "arbiter",
	"chief arbiter": "arbiter", "principal arbiter": "arbiter",

	"organizzatore": "organiser", "organizzazione": "organiser", "societa organizzatrice": "organiser",
	"circolo organizzatore": "organiser", "organizer": "organiser", "organiser": "organiser",
	"organizing club": "organiser", "organising club": "organiser",

	"torneo": "tournament", "nome del torneo": "tournament", "denominazione": "tournament",
	"tournament": "tournament", "event": "tournament",
	"cadenza": "rate", "tempo di riflessione": "rate", "time control": "rate", "rate of play": "rate",
}

// headerLabels are the labels of a quoted message header (a forwarded or
// replied-to mail in the body). A "Date:" inside such a block is the old
// message's date, not the tournament's.
var headerLabels = map[string]bool{
	"from": true, "da": true, "to": true, "a": true, "cc": true, "subject": true,
	"oggetto": true, "sent": true, "inviato": true, "reply to": true, "rispondi a": true,
}

// Fields extracts the labelled values of a message body ("Luogo: Roma").
// Labels are matched whole, case- and accent-insensitively, in Italian or
// English; the first occurrence wins; quoted lines ("> ...") and the
// header blocks of forwarded messages are skipped. A label alone on its
// line takes the next non-empty line (HTML tables become that).
func Fields(body string) map[string]string {
	out := map[string]string{}
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	type labelled struct {
		label, value string
		ok           bool
	}
	parsed := make([]labelled, len(lines))
	for i, line := range lines {
		l, v, ok := splitLabel(line)
		parsed[i] = labelled{l, v, ok}
	}
	inHeaderBlock := make([]bool, len(lines))
	for i := range lines {
		if !parsed[i].ok || !headerLabels[parsed[i].label] {
			continue
		}
		// Mark the run of labelled lines around a mail-header label.
		for j := i; j >= 0 && parsed[j].ok; j-- {
			inHeaderBlock[j] = true
		}
		for j := i; j < len(lines) && parsed[j].ok; j++ {
			inHeaderBlock[j] = true
		}
	}
	for i := range lines {
		pl := parsed[i]
		if !pl.ok {
			continue
		}
		key, known := labels[pl.label]
		if !known || out[key] != "" {
			continue
		}
		if inHeaderBlock[i] && key == "date" {
			continue
		}
		value := pl.value
		if value == "" {
			for j := i + 1; j < len(lines) && j <= i+3; j++ {
				if strings.TrimSpace(lines[j]) == "" {
					continue
				}
				if nj := parsed[j]; !nj.ok || (labels[nj.label] == "" && !headerLabels[nj.label]) {
					value = cleanValue(lines[j])
				}
				break
			}
		}
		if value != "" {
			out[key] = value
		}
	}
	return out
}

// splitLabel reads "Label: value", allowing list bullets and markdown
// emphasis around the label. It returns the folded label.
func splitLabel(line string) (label, value string, ok bool) {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, ">") {
		return "", "", false
	}
	t = strings.TrimLeft(t, "-*•·–—#\t ")
	i := strings.IndexAny(t, ":：")
	if i <= 0 {
		return "", "", false
	}
	rawLabel := strings.Trim(t[:i], "*_ \t")
	if rawLabel == "" || len(rawLabel) > 40 {
		return "", "", false
	}
	sep := len(":")
	if strings.HasPrefix(t[i:], "：") {
		sep = len("：")
	}
	return registers.Fold(rawLabel), cleanValue(t[i+sep:]), true
}

func cleanValue(s string) string {
	s = strings.Trim(s, "*_ \t\u00a0")
	return strings.Join(strings.Fields(s), " ")
}
