package email

import (
	"errors"
	"fmt"
	"testing"

	"omologa/internal/platform/catalogue"
)

// TestProblemsReadAsBefore: the problems met reading a message, now the
// catalogue's, read as the formats written in the code before it did
// (issue 19), Italian and English side by side.
func TestProblemsReadAsBefore(t *testing.T) {
	err := errors.New("EOF")
	for _, c := range []struct {
		key  string
		v    catalogue.Named
		want string
	}{
		{"intake.mail.header", catalogue.Named{"err": err}, fmt.Sprintf("intestazione del messaggio illeggibile / unreadable message header: %v", err)},
		{"intake.mail.from-malformed", catalogue.Named{"raw": `"a@b"`}, fmt.Sprintf("mittente non valido / malformed From header: %q", "a@b")},
		{"intake.mail.from-missing", nil, "mittente assente / no From header"},
		{"intake.mail.subject", catalogue.Named{"err": err}, fmt.Sprintf("oggetto con codifica sconosciuta / subject in an unknown encoding: %v", err)},
		{"intake.mail.too-deep", catalogue.Named{"max": 8}, fmt.Sprintf("struttura MIME troppo annidata (oltre %d livelli): parti ignorate / MIME nesting deeper than %d: parts not read", 8, 8)},
		{"intake.mail.content-type", catalogue.Named{"raw": `"x/"`}, fmt.Sprintf("Content-Type illeggibile %q: parte letta come testo / unreadable Content-Type: read as text", "x/")},
		{"intake.mail.no-boundary", nil, "multipart senza boundary: parte letta come allegato / multipart without boundary: read as one part"},
		{"intake.mail.broken", catalogue.Named{"n": 2, "err": err}, fmt.Sprintf("struttura MIME interrotta dopo %d parti / broken MIME after %d parts: %v", 2, 2, err)},
		{"intake.mail.no-parts", nil, "multipart senza parti / multipart with no parts"},
		{"intake.mail.forwarded", catalogue.Named{"err": err}, fmt.Sprintf("messaggio inoltrato illeggibile / unreadable forwarded message: %v", err)},
		{"intake.mail.too-many-parts", catalogue.Named{"max": 50}, fmt.Sprintf("troppe parti MIME (oltre %d): le altre sono ignorate / more than %d MIME parts: the rest not read", 50, 50)},
		{"intake.mail.unknown-encoding", catalogue.Named{"what": "t.trf", "enc": `"x-uu"`}, fmt.Sprintf("%s: codifica di trasferimento sconosciuta %q, letto così com'è / unknown transfer encoding %q, taken as is", "t.trf", "x-uu", "x-uu")},
		{"intake.mail.part-too-large", catalogue.Named{"what": "t.trf", "size": "4,9 KB", "limit": "4 KB"}, fmt.Sprintf("%s: parte troppo grande (%s, limite %s): non presa / part too large (%s, limit %s): not taken", "t.trf", "4,9 KB", "4 KB", "4,9 KB", "4 KB")},
		{"intake.mail.decoding-broken", catalogue.Named{"what": "testo", "enc": "base64", "n": int64(12), "err": err}, fmt.Sprintf("testo: decodifica %s interrotta, presi %d byte / %s decoding broken, kept %d bytes: %v", "base64", 12, "base64", 12, err)},
		{"intake.mail.text-cut", catalogue.Named{"max": 1000}, fmt.Sprintf("testo del messaggio oltre %d byte: troncato / message text over %d bytes: truncated", 1000, 1000)},
		{"intake.mail.not-utf8", catalogue.Named{"what": "testo del messaggio / message text", "cs": `"utf-8"`}, fmt.Sprintf("%s: non è UTF-8 valido (charset %q), letto come Windows-1252 / not valid UTF-8, read as Windows-1252", "testo del messaggio / message text", "utf-8")},
		{"intake.mail.unknown-charset", catalogue.Named{"what": "t", "cs": `"koi9"`}, fmt.Sprintf("%s: charset sconosciuto %q, letto come Windows-1252 / unknown charset %q, read as Windows-1252", "t", "koi9", "koi9")},
		{"intake.mail.unsafe-name", catalogue.Named{"orig": `"../a"`, "name": `"a"`}, fmt.Sprintf("nome dell'allegato %q non sicuro: salvato come %q / unsafe attachment name, saved as %q", "../a", "a", "a")},
		{"intake.mail.too-large", catalogue.Named{"size": "30 MB", "limit": "25 MB"}, fmt.Sprintf("messaggio troppo grande (%s, limite %s): allegati non letti; inviare i file compressi in zip / message too large (%s, limit %s): attachments not read", "30 MB", "25 MB", "30 MB", "25 MB")},
		{"intake.mail.what.text", nil, "testo del messaggio / message text"},
	} {
		if got := Problem(c.key, c.v); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.key, got, c.want)
		}
	}
}
