package catalogue

// The arbiters' portal ("portal."), its words outside its templates:
// the refusals of its forms, its error pages and the names its pages
// give to verdicts, states, notices and the office's acts. The portal
// is in Italian; the English is there for a translator and for the day
// it speaks both.
func init() { lazy(portalEntries, "portal") }

func portalEntries() {
	add(map[string]Entry{
		"portal.check.choose":    {IT: "Scelga il file del torneo da controllare (al massimo %s).", EN: "Choose the tournament's file to check (at most %s)."},
		"portal.check.too-large": {IT: "Il file supera il limite di %s.", EN: "The file is over the limit of %s."},
		"portal.check.gone": {IT: "Il file controllato non è più disponibile (è passata più di un'ora, o ne ha controllato un altro): lo carichi di nuovo.",
			EN: "The file checked is no longer at hand (more than an hour went by, or another file was checked): upload it again."},
		"portal.password.mismatch": {IT: "Le due password non coincidono.", EN: "The two passwords differ."},
		"portal.session-expired":   {IT: "La sessione è scaduta: entri di nuovo.", EN: "The session has expired: sign in again."},
		"portal.page-not-found":    {IT: "Pagina non trovata.", EN: "Page not found."},
		"portal.no-links": {IT: "Il portale non può inviare collegamenti in questo momento: scriva all'ufficio omologazioni.",
			EN: "The portal cannot send links at the moment: write to the homologation office."},
		"portal.fail.not-found": {IT: "Non trovato.", EN: "Not found."},
		"portal.fail.forbidden": {IT: "Operazione non permessa.", EN: "Not allowed."},
		"portal.fail.invalid":   {IT: "Richiesta non valida.", EN: "Invalid request."},
		"portal.fail.internal":  {IT: "Si è verificato un errore interno: riprovi più tardi o scriva all'ufficio.", EN: "An internal error occurred: try again later or write to the office."},
		"portal.fail.render":    {IT: "errore interno", EN: "internal error"},
		// The list a tournament counts in: its name and month.
		"portal.list": {IT: "%s di %s", EN: "%s, %s"},
		// A verdict, and a pre-check's forecast of one.
		"portal.verdict.accepted":                {IT: "omologato", EN: "homologated"},
		"portal.verdict.accepted-with-warnings":  {IT: "omologato con avvisi", EN: "homologated with warnings"},
		"portal.verdict.rejected":                {IT: "respinto", EN: "rejected"},
		"portal.verdict.pending":                 {IT: "in esame", EN: "being examined"},
		"portal.forecast.accepted":               {IT: "sarebbe omologato", EN: "would be homologated"},
		"portal.forecast.accepted-with-warnings": {IT: "sarebbe omologato, con avvisi", EN: "would be homologated, with warnings"},
		"portal.forecast.rejected":               {IT: "sarebbe respinto", EN: "would be rejected"},
		"portal.forecast.held":                   {IT: "autorizzazione da verificare", EN: "authorisation to be verified"},
		"portal.verdict.held":                    {IT: "autorizzazione da verificare", EN: "authorisation to be verified"},
		"portal.severity.hold":                   {IT: "Da verificare", EN: "To verify"},
		"portal.severity.error":                  {IT: "Errore", EN: "Error"},
		"portal.severity.warning":                {IT: "Avviso", EN: "Warning"},
		"portal.severity.info":                   {IT: "Nota", EN: "Note"},
		// A submission's state, its notice's kind and delivery, how it came.
		"portal.state.received":    {IT: "in esame", EN: "being examined"},
		"portal.state.judged":      {IT: "esaminato", EN: "examined"},
		"portal.state.quarantined": {IT: "in attesa dell'ufficio", EN: "waiting for the office"},
		"portal.state.discarded":   {IT: "archiviato dall'ufficio", EN: "set aside by the office"},
		"portal.notice.receipt":    {IT: "Ricevuta di omologazione", EN: "Receipt of homologation"},
		"portal.notice.rejection":  {IT: "Avviso di respingimento", EN: "Notice of rejection"},
		"portal.notice.repeat":     {IT: "Risposta a un invio ripetuto", EN: "Answer to a repeated submission"},
		"portal.delivery.pending":  {IT: "da inviare", EN: "to be sent"},
		"portal.delivery.sent":     {IT: "inviato", EN: "sent"},
		"portal.delivery.failed":   {IT: "non recapitato", EN: "not delivered"},
		"portal.delivery.failing":  {IT: "non recapitato, nuovi tentativi in corso", EN: "not delivered, trying again"},
		"portal.delivery.claimed":  {IT: "in invio", EN: "being sent"},
		"portal.channel.imap":      {IT: "per e-mail", EN: "by e-mail"},
		"portal.channel.drop":      {IT: "consegnato all'ufficio", EN: "handed to the office"},
		"portal.channel.cli":       {IT: "dall'ufficio", EN: "by the office"},
		"portal.channel.portal":    {IT: "dal portale", EN: "through the portal"},
		"portal.office.released":   {IT: "ammesso al controllo dall'ufficio il %s", EN: "let through to the checks by the office on %s"},
		"portal.office.discarded":  {IT: "archiviato dall'ufficio il %s", EN: "set aside by the office on %s"},
		// The office's decisions about a player of the tournament.
		"portal.decision.theoretical": {IT: "Giocatore %d: Elo teorico %d (RTF 4.2.7, RAPID 6.8)", EN: "Player %d: theoretical rating %d (RTF 4.2.7, RAPID 6.8)"},
		"portal.decision.justified":   {IT: "Giocatore %d: ritiro giustificato (RTF 7.5.2)", EN: "Player %d: withdrawal justified (RTF 7.5.2)"},
		"portal.decision.unjustified": {IT: "Giocatore %d: ritiro ingiustificato, variazione azzerata (RTF 7.5.3)", EN: "Player %d: withdrawal unjustified, variation zeroed (RTF 7.5.3)"},
		"portal.decision.other":       {IT: "Giocatore %d", EN: "Player %d"},
	})
}
