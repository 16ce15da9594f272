package catalogue

// The office's refusals (internal/office's Error): why an act asked of
// the office was not done, for the clerk's page (Italian) and the
// command line and the API (English).
func init() {
	add(map[string]Entry{
		"office.forbidden":            {IT: "%s (%s) non è autorizzato a questa operazione (%s)", EN: "%s (%s) may not %s"},
		"office.submission.none":      {IT: "la trasmissione %d non esiste", EN: "no submission %d"},
		"office.submission.delivered": {IT: "l'avviso della trasmissione %d è già stato consegnato", EN: "the notice of submission %d was already delivered"},
		"office.submission.no-notice": {IT: "la trasmissione %d non ha un avviso (non ancora esaminata, in quarantena o scartata)", EN: "submission %d has no notice (not judged yet, quarantined or discarded)"},
		"office.user.bad-role":        {IT: "ruolo %q: clerk, officer o admin", EN: "role %q: want clerk, officer or admin"},
		"office.user.exists":          {IT: "l'utente %s esiste già", EN: "user %s exists already"},
		"office.user.wrong-password":  {IT: "la password attuale è sbagliata", EN: "the current password is wrong"},
		"office.user.last-admin":      {IT: "%s è l'ultimo amministratore attivo: attivarne o aggiungerne prima un altro", EN: "%s is the last enabled admin: enable or add another admin first"},
		"office.user.none":            {IT: "nessun utente %s", EN: "no user %s"},
		"office.decide.twice":         {IT: "due decisioni dello stesso tipo sul giocatore %d", EN: "two decisions of the same kind about player %d"},
		"office.decide.which-file":    {IT: "la trasmissione %d ha %d file: indicare quale (%s)", EN: "submission %d has %d files: say which (%s)"},
		"office.decide.not-homologated": {IT: "trasmissione %d, file %s: %s: nessuna decisione possibile (RTF 4.3.1, RAPID 7.1: si variano solo i tornei omologati)",
			EN: "submission %d, file %s: %s: nothing to decide (RTF 4.3.1, RAPID 7.1: only homologated tournaments are rated)"},
		"office.decide.not-judged":            {IT: "non ancora esaminato", EN: "not judged yet"},
		"office.list.none-in-force":           {IT: "nessuna lista in vigore: nessuna lista chiusa finora e nessun registro dei giocatori", EN: "no list in force: no list stored yet and no players' register"},
		"office.tournament.none":              {IT: "il torneo %d non esiste", EN: "no tournament %d"},
		"office.tournament.no-reason":         {IT: "occorre indicare il motivo", EN: "a reason is required"},
		"office.tournament.nothing-to-revoke": {IT: "il torneo %d (%s) non ha una versione omologata: nulla da revocare", EN: "tournament %d (%s) has no homologated version: nothing to revoke"},
		"office.tournament.already":           {IT: "il torneo %d è già in quello stato (%s)", EN: "tournament %d is %s"},
		"office.tournament.no-version":        {IT: "il file %s non è una versione di un torneo", EN: "file %s is no version of a tournament"},
		"office.tournament.only-version":      {IT: "il file %s è l'unica versione del torneo %d: è già un torneo a sé", EN: "file %s is the only version of tournament %d: already on its own"},
		"office.file.none":                    {IT: "il file %v non esiste", EN: "no file %v"},
		"office.file.bad-number":              {IT: "file %q: atteso il numero N.M di un file (invio N, suo M-esimo file)", EN: "file %q: a file's number N.M expected (submission N, its M-th file)"},
		"office.overrule.unknown":             {IT: "decisione sconosciuta %q", EN: "unknown decision %q (accept, accept-late, reject)"},
		"office.overrule.not-late":            {IT: "il file %s non è in ritardo", EN: "file %s was not sent late"},
		"office.overrule.unnamed":             {IT: "il file %s ha errori non indicati nella decisione: %s", EN: "file %s has errors not named in the decision: %s"},
		"office.portal.wrong-login":           {IT: "Indirizzo o password non corretti.", EN: "wrong address or password"},
		"office.portal.not-theirs": {IT: "Il file non la indica come arbitro del torneo, né il calendario come suo arbitro o organizzatore: non può inviarlo dal portale. Lo faccia inviare dall'arbitro o dall'organizzatore, oppure scriva all'ufficio.",
			EN: "not the person's tournament"},
		"office.portal.no-tournament": {IT: "Torneo non trovato tra i suoi.", EN: "no such tournament"},
		"office.portal.no-submission": {IT: "Invio non trovato tra i suoi.", EN: "no such submission"},
		"office.portal.bad-address":   {IT: "«%s» non è un indirizzo e-mail", EN: "%s is not an e-mail address"},
		// A query outside the player search's bounds, saying which.
		"office.search.too-long":       {IT: "Una ricerca è lunga al più %d caratteri.", EN: "A search is at most %d characters long."},
		"office.search.short-words":    {IT: "Cercare parole di almeno %d lettere, oppure una tessera FSI o un codice FIDE.", EN: "Search with words of at least %d letters, or an FSI or FIDE id."},
		"office.search.too-many-words": {IT: "Cercare al più %d parole.", EN: "Search with at most %d words."},
	})
}
