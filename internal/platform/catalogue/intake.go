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
	// The notes on an archive received, or a file dropped, the intake
	// did not read in full: in Italian, for the notice.
	add(map[string]Entry{
		"intake.archive.unreadable":      {IT: "l'archivio %s non si apre (%v): inviare i file non compressi o un archivio zip integro", EN: "the archive %s does not open (%v): send the files uncompressed or a sound zip archive"},
		"intake.archive.too-many":        {IT: "l'archivio %s contiene più di %d file: i successivi non sono stati letti", EN: "the archive %s holds more than %d files: the others were not read"},
		"intake.archive.encrypted":       {IT: "il file %s nell'archivio %s è cifrato e non può essere letto", EN: "the file %s in the archive %s is encrypted and cannot be read"},
		"intake.archive.bomb":            {IT: "l'archivio %s si espande oltre %s (possibile zip bomb): %s e i file successivi non sono stati letti", EN: "the archive %s expands beyond %s (a zip bomb?): %s and the files after it were not read"},
		"intake.archive.file-too-large":  {IT: "il file %s nell'archivio %s supera il limite di %s e non è stato letto", EN: "the file %s in the archive %s is over the limit of %s and was not read"},
		"intake.archive.file-unreadable": {IT: "il file %s nell'archivio %s non si legge: %v", EN: "the file %s in the archive %s does not read: %v"},
		"intake.archive.too-deep":        {IT: "l'archivio %s dentro %s è annidato troppo in profondità e non è stato aperto", EN: "the archive %s inside %s is nested too deep and was not opened"},
		"intake.archive.empty":           {IT: "l'archivio %s è vuoto", EN: "the archive %s is empty"},
		"intake.drop.too-large":          {IT: "il file %s (%s) supera il limite di %s e non è stato letto", EN: "the file %s (%s) is over the limit of %s and was not read"},
	})
}
