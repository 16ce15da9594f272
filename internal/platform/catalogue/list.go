package catalogue

// A list run's notes (internal/office's ListRun): the lines above the
// change report's tables, in Italian, and why a tournament rated in an
// earlier list is corrected in this one.
func init() { lazy(listEntries, "list") }

func listEntries() {
	add(map[string]Entry{
		"list.note.in-force":   {IT: "Lista in vigore: %s", EN: "List in force: %s"},
		"list.note.register":   {IT: "Dall'anagrafica dei tesserati: %s (tesseramento, FIDE, società), %s.", EN: "From the members' register: %s (membership, FIDE, club), %s."},
		"list.note.other":      {IT: "Dalla %s in vigore: %s.", EN: "From the %s in force: %s."},
		"list.note.decision":   {IT: "Decisione dell'ufficio: %s", EN: "The office's decision: %s"},
		"list.note.correction": {IT: "Correzione: %s", EN: "Correction: %s"},
		"list.note.crosscheck": {IT: "Variazioni provvisorie registrate all'omologazione: %d confrontate, %d uguali, %d diverse (la lista in vigore differisce dall'anagrafica usata allora).",
			EN: "Provisional variations recorded at homologation: %d compared, %d equal, %d different (the list in force differs from the register used then)."},
		"list.count.updated": {ITOne: "giocatore aggiornato", IT: "giocatori aggiornati", ENOne: "player updated", EN: "players updated"},
		"list.count.new":     {ITOne: "nuovo", IT: "nuovi", ENOne: "new", EN: "new"},
		// What a list was computed from: a list by its month, a list of
		// a kind, the players' register by its file's name.
		"list.based.list":     {IT: "lista %s", EN: "list %s"},
		"list.based.kind":     {IT: "lista %s di %s", EN: "%s list of %s"},
		"list.based.register": {IT: "anagrafica dei tesserati (%s)", EN: "members' register (%s)"},
		"list.based.imported": {IT: "%s, importata nell'archivio", EN: "%s, imported into the archive"},
		// A held file, and the tournament it may be a version of.
		"list.held":       {IT: "Trattenuto: il file %s «%s» (torneo %q) non è valutato finché l'ufficio non lo attribuisce a un torneo%s.", EN: "Held: file %s \"%s\" (tournament %q) is not rated until the office attributes it to a tournament%s."},
		"list.held.fee":   {IT: "Trattenuto: il file %s «%s» (torneo %q) non è valutato finché la quota di omologazione non è versata (RTF 6.2.2); conta nella prima lista dopo il versamento.", EN: "Held: file %s \"%s\" (tournament %q) is not rated until its homologation fee is paid (RTF 6.2.2); it counts in the first list after the payment."},
		"list.held.maybe": {IT: ": forse è una versione del torneo %q", EN: ": maybe it is a version of tournament %q"},
		// A correction: the tournament, the list it was rated in, why,
		// and the players whose variation changed.
		"list.correction":            {IT: "%s (valutato nella lista %s): %s; %s", EN: "%s (rated in the list %s): %s; %s"},
		"list.correction.players":    {ITOne: "corretta la variazione di %d giocatore", IT: "corrette le variazioni di %d giocatori", ENOne: "%d players' variations corrected", EN: "%d players' variations corrected"},
		"list.correction.none":       {IT: "nessuna variazione cambia", EN: "0 players' variations corrected"},
		"list.correction.decision":   {IT: "decisione dell'ufficio", EN: "the office's decision"},
		"list.correction.revoked":    {IT: "omologazione revocata: %s", EN: "homologation revoked: %s"},
		"list.correction.reinstated": {IT: "omologazione ripristinata", EN: "homologation reinstated"},
		"list.correction.version":    {IT: "nuova versione in vigore", EN: "new version in force"},
		"list.correction.version-of": {IT: "nuova versione in vigore (%s, invio n. %d)", EN: "new version in force (%s, submission no. %d)"},
	})
}
