package catalogue

// The office's refusals (internal/office's Error): why an act asked of
// the office was not done, for the clerk's page (Italian) and the
// command line and the API (English).
func init() { lazy(officeEntries, "office") }

func officeEntries() {
	add(map[string]Entry{
		"office.forbidden":                {IT: "%s (%s) non è autorizzato a questa operazione (%s)", EN: "%s (%s) may not %s"},
		"office.submission.none":          {IT: "la trasmissione %d non esiste", EN: "no submission %d"},
		"office.submission.delivered":     {IT: "l'avviso della trasmissione %d è già stato consegnato", EN: "the notice of submission %d was already delivered"},
		"office.submission.no-notice":     {IT: "la trasmissione %d non ha un avviso (non ancora esaminata, in quarantena o scartata)", EN: "submission %d has no notice (not judged yet, quarantined or discarded)"},
		"office.user.bad-role":            {IT: "ruolo %q: clerk, officer o admin", EN: "role %q: want clerk, officer or admin"},
		"office.user.exists":              {IT: "l'utente %s esiste già", EN: "user %s exists already"},
		"office.user.wrong-password":      {IT: "la password attuale è sbagliata", EN: "the current password is wrong"},
		"office.user.last-admin":          {IT: "%s è l'ultimo amministratore attivo: attivarne o aggiungerne prima un altro", EN: "%s is the last enabled admin: enable or add another admin first"},
		"office.user.none":                {IT: "nessun utente %s", EN: "no user %s"},
		"office.decide.theoretical-range": {IT: "punteggio teorico %q: deve essere un numero intero da %d a %d", EN: "theoretical rating %q: it must be a whole number from %d to %d"},
		"office.decide.twice":             {IT: "due decisioni dello stesso tipo sul giocatore %d", EN: "two decisions of the same kind about player %d"},
		"office.decide.which-file":        {IT: "la trasmissione %d ha %d file: indicare quale (%s)", EN: "submission %d has %d files: say which (%s)"},
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
		"office.authorisation.no-code":        {IT: "indicare il codice dell'evento del calendario che il torneo è", EN: "name the code of the calendar's event the tournament is"},
		"office.authorisation.unknown-code":   {IT: "nessun evento %q nel calendario dei tornei autorizzati", EN: "no event %q in the calendar of authorised tournaments"},
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
		// Why a decision about a player is refused.
		"office.decide.no-player":    {IT: "%s non ha un giocatore con numero di partenza %d", EN: "%s has no player with starting number %d"},
		"office.decide.rated":        {IT: "%s %s: il punteggio teorico si attribuisce solo a chi non ne ha uno (%s)", EN: "%s %s: a theoretical rating is only for a player without one (%s)"},
		"office.decide.rated.fide":   {IT: "ha un punteggio FIDE (%d)", EN: "has a FIDE rating (%d)"},
		"office.decide.rated.listed": {IT: "è nella lista (tessera FSI %s)", EN: "is on the list (FSI id %s)"},
		// Why a list may not be closed: the list is named by its
		// kind's code in English, by its name in Italian.
		"office.list.closed": {IT: "la lista %s di %s è già chiusa: una lista pubblicata non si riscrive (una correzione passa nella lista successiva)",
			EN: "the %s list %s is already closed: a published list is not rewritten (a change of a tournament rated in it is carried into the next list)"},
		"office.list.too-early": {IT: "la lista %s di %s comprende i tornei ricevuti fino al %s: si può chiudere dal %s, non il %s",
			EN: "the %s list %s takes the tournaments received up to %s: it can be closed from %s, not on %s"},
		"office.list.later-closed":   {IT: "la lista %s di %s, successiva, è già chiusa: le liste si chiudono in ordine", EN: "the %s list %s is closed already, after this one: lists close in order"},
		"office.list.earlier-open":   {IT: "la lista %s di %s è ancora aperta: va chiusa prima (ogni lista parte dalla precedente)", EN: "the %s list %s is still open: it is closed first (the lists chain, each from the one before)"},
		"office.register.looks-like": {IT: " (sembra il registro %s)", EN: " (it looks like the %s)"},
	})
	// The refusals whose two languages say different things, with named
	// placeholders: the English repeats the library's error ({err}) or
	// names the command's verb, the Italian explains the rule or leaves
	// out what the clerk has no use for.
	add(map[string]Entry{
		"office.submission.not-quarantined": {IT: "la trasmissione {id} non è in quarantena ({state})", EN: "submission {id} is {state}, not quarantined: nothing to {what}"},
		"office.user.bad-name":              {IT: "il nome utente ha da 1 a {max} caratteri fra a-z A-Z 0-9 . _ - e comincia con una lettera o una cifra", EN: "{err}"},
		"office.user.bad-password":          {IT: "la password deve avere da {min} caratteri a 72 byte", EN: "{err}"},
		"office.fide.bad-period":            {IT: "{period} non è il mese di una lista FIDE (anno-mese, per esempio 2027-01)", EN: "{err}"},
		"office.list.bad-period":            {IT: "{period} non è il mese di una lista (anno-mese)", EN: "{err}"},
		// A decision about a file whose tournament is not homologated:
		// the English says the state too.
		"office.decide.why.rejected":   {IT: "il torneo non è omologato", EN: "the tournament is not homologated ({verdict})"},
		"office.decide.why.revoked":    {IT: "l'omologazione è stata revocata", EN: "its homologation was revoked ({reason})"},
		"office.decide.why.superseded": {IT: "non è la versione in vigore del torneo", EN: "not the version in force of its tournament (file {file} is)"},
		"office.register.bad-header": {IT: "{file}: l'intestazione non è quella del registro {kind} (mancano {missing})",
			EN: "{file}: the header is not the {register}'s: {missing} missing{looks}"},
		"office.register.mass-removal": {IT: "{file} toglierebbe {removed} delle {before} righe del registro in vigore ({percent}%, oltre il {max}%): rifiutato; un amministratore può sostituire il registro",
			EN: "{file} would remove {removed} of the {before} rows of the {register} in force ({before_file}), more than {max}%: refused"},
		// The arbiters' portal: the person reads the Italian; the English
		// is the library's error, for the log and the API.
		"office.portal.link.invalid":  {IT: "Il collegamento non è valido: ne chieda uno nuovo.", EN: "{err}"},
		"office.portal.link.used":     {IT: "Il collegamento è già stato usato: vale una sola volta. Ne chieda uno nuovo.", EN: "{err}"},
		"office.portal.link.expired":  {IT: "Il collegamento è scaduto: ne chieda uno nuovo.", EN: "{err}"},
		"office.portal.link.browser":  {IT: "Il collegamento va aperto nello stesso browser con cui è stato chiesto: lo apra lì, oppure ne chieda uno nuovo da questo browser.", EN: "{err}"},
		"office.portal.throttled":     {IT: "Troppi tentativi con una password sbagliata: riprovi più tardi, oppure entri con il collegamento via e-mail.", EN: "{err}"},
		"office.portal.bad-password":  {IT: "La password deve avere almeno {min} caratteri (al massimo 72 byte).", EN: "{err}"},
		"office.portal.too-large":     {IT: "Il file ({size}) supera il limite di {max}.", EN: "file too large"},
		"office.portal.too-many-sent": {IT: "Ha caricato {files} nell'ultima ora, il massimo: riprovi più tardi.", EN: "too many uploads this hour"},
	})
}
