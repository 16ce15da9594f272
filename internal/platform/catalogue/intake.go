package catalogue

// The intake's words ("intake."): why a message's sender is not
// authenticated (internal/intake/email), in Italian for the office's
// quarantine, in English for the log and a translator.
func init() { lazy(intakeEntries, "intake") }

func intakeEntries() {
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
		"intake.drop.nothing-readable":   {IT: "nessun file leggibile in %s", EN: "no readable file in %s"},
		"intake.drop.too-large":          {IT: "il file %s (%s) supera il limite di %s e non è stato letto", EN: "the file %s (%s) is over the limit of %s and was not read"},
	})
	// The problems met reading a message (internal/intake/email), kept
	// for the office in both languages side by side: named placeholders,
	// as the English says the library's error the Italian leaves out.
	add(map[string]Entry{
		"intake.mail.header":           {IT: "intestazione del messaggio illeggibile", EN: "unreadable message header: {err}"},
		"intake.mail.from-malformed":   {IT: "mittente non valido", EN: "malformed From header: {raw}"},
		"intake.mail.from-missing":     {IT: "mittente assente", EN: "no From header"},
		"intake.mail.subject":          {IT: "oggetto con codifica sconosciuta", EN: "subject in an unknown encoding: {err}"},
		"intake.mail.too-deep":         {IT: "struttura MIME troppo annidata (oltre {max} livelli): parti ignorate", EN: "MIME nesting deeper than {max}: parts not read"},
		"intake.mail.content-type":     {IT: "Content-Type illeggibile {raw}: parte letta come testo", EN: "unreadable Content-Type: read as text"},
		"intake.mail.no-boundary":      {IT: "multipart senza boundary: parte letta come allegato", EN: "multipart without boundary: read as one part"},
		"intake.mail.broken":           {IT: "struttura MIME interrotta dopo {n} parti", EN: "broken MIME after {n} parts: {err}"},
		"intake.mail.no-parts":         {IT: "multipart senza parti", EN: "multipart with no parts"},
		"intake.mail.forwarded":        {IT: "messaggio inoltrato illeggibile", EN: "unreadable forwarded message: {err}"},
		"intake.mail.too-many-parts":   {IT: "troppe parti MIME (oltre {max}): le altre sono ignorate", EN: "more than {max} MIME parts: the rest not read"},
		"intake.mail.unknown-encoding": {IT: "{what}: codifica di trasferimento sconosciuta {enc}, letto così com'è", EN: "unknown transfer encoding {enc}, taken as is"},
		"intake.mail.part-too-large":   {IT: "{what}: parte troppo grande ({size}, limite {limit}): non presa", EN: "part too large ({size}, limit {limit}): not taken"},
		"intake.mail.decoding-broken":  {IT: "{what}: decodifica {enc} interrotta, presi {n} byte", EN: "{enc} decoding broken, kept {n} bytes: {err}"},
		"intake.mail.text-cut":         {IT: "testo del messaggio oltre {max} byte: troncato", EN: "message text over {max} bytes: truncated"},
		"intake.mail.not-utf8":         {IT: "{what}: non è UTF-8 valido (charset {cs}), letto come Windows-1252", EN: "not valid UTF-8, read as Windows-1252"},
		"intake.mail.unknown-charset":  {IT: "{what}: charset sconosciuto {cs}, letto come Windows-1252", EN: "unknown charset {cs}, read as Windows-1252"},
		"intake.mail.unsafe-name":      {IT: "nome dell'allegato {orig} non sicuro: salvato come {name}", EN: "unsafe attachment name, saved as {name}"},
		"intake.mail.too-large":        {IT: "messaggio troppo grande ({size}, limite {limit}): allegati non letti; inviare i file compressi in zip", EN: "message too large ({size}, limit {limit}): attachments not read"},
		// What a problem is about, before its colon.
		"intake.mail.what.text":       {IT: "testo del messaggio", EN: "message text"},
		"intake.mail.what.text-short": {IT: "testo", EN: "text"},
		"intake.mail.what.forwarded":  {IT: "messaggio inoltrato", EN: "forwarded message"},
	})
}
