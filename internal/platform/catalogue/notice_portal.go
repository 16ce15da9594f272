package catalogue

// The message that brings an arbiter or an organiser the one-time link
// into the arbiters' portal (internal/office's Portal): sent in Italian.
func init() { lazy(noticePortalEntries, "count", "notice") }

func noticePortalEntries() {
	add(map[string]Entry{
		"notice.portal-link.subject": {IT: "Accesso al portale delle omologazioni", EN: "Access to the homologation portal"},
		// The person's name; how long the link lasts, and until when;
		// the link; the office's address.
		"notice.portal-link.body": {
			IT: `Gentile %s,

per entrare nel portale delle omologazioni apra questo collegamento entro %s (fino alle %s), nello stesso browser con cui ha chiesto l'accesso:

%s

Il collegamento vale una sola volta. Se non ha chiesto lei di entrare, ignori questo messaggio: il collegamento non funziona in un altro browser.

Ufficio omologazioni
%s
`,
			EN: `Dear %s,

to enter the homologation portal open this link within %s (until %s), in the same browser you asked for access from:

%s

The link works once only. If you did not ask to enter, ignore this message: the link does not work in another browser.

Homologation office
%s
`,
		},
		"count.minute": {ITOne: "minuto", IT: "minuti", ENOne: "minute", EN: "minutes"},
	})
}
