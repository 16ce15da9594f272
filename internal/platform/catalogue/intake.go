package catalogue

// The intake's words ("intake."): why a message's sender is not
// authenticated (internal/intake/email), in Italian for the office's
// quarantine, in English for the log and a translator.
func init() {
	add(map[string]Entry{
		"intake.auth.unreadable-header": {IT: "intestazione del messaggio illeggibile", EN: "unreadable message header"},
		"intake.auth.not-authenticated": {IT: "mittente non autenticato: nessun esito DMARC o DKIM positivo per %s dal server di posta dell'ufficio (%s)",
			EN: "sender not authenticated: no DMARC or DKIM pass for %s from the office's mail server (%s)"},
		"intake.auth.pec-provider":    {IT: "busta di posta certificata di un gestore non configurato (%s)", EN: "certified-mail envelope of a provider not configured (%s)"},
		"intake.auth.pec-original":    {IT: "busta di posta certificata senza il messaggio originale (postacert.eml)", EN: "certified-mail envelope without the original message (postacert.eml)"},
		"intake.auth.in-pec":          {IT: "%s (nel messaggio certificato)", EN: "%s (in the certified message)"},
		"intake.auth.from-count":      {IT: "il messaggio non ha un solo campo From", EN: "the message has not exactly one From field"},
		"intake.auth.from-unreadable": {IT: "campo From illeggibile", EN: "unreadable From field"},
		"intake.auth.from-several":    {IT: "il campo From contiene più di un indirizzo", EN: "the From field holds more than one address"},
	})
}
