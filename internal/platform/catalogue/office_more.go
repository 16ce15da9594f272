package catalogue

// More of the office's refusals (internal/office's Error): the input the
// office does not know (a list kind, a register, a file of a
// submission), in both languages so that the clerk's Italian page says
// it in Italian.
func init() { lazy(officeMoreEntries, "office") }

func officeMoreEntries() {
	add(map[string]Entry{
		"office.submission.required": {IT: "occorre indicare la trasmissione", EN: "a submission id is required"},
		"office.decide.no-such-file": {IT: "la trasmissione %d ha %d file di nome %q (i suoi file: %s)", EN: "submission %d has %d files named %q (its files: %s)"},
		"office.decide.unreadable": {IT: "trasmissione %d, file %s: non si legge come torneo (%v): nessuna decisione possibile",
			EN: "submission %d, file %s: not readable as a tournament (%v): nothing to decide"},
		"office.register.unreadable":        {IT: "il registro non si legge: {err}", EN: "{err}"},
		"office.register.nothing-to-undo":   {IT: "nessuna importazione del registro %s da annullare", EN: "no import of the %s register to undo"},
		"office.register.name.players":      {IT: "dei giocatori", EN: "players"},
		"office.register.name.arbiters":     {IT: "degli arbitri", EN: "arbiters"},
		"office.register.name.calendar":     {IT: "del calendario", EN: "calendar"},
		"office.tournament.already-version": {IT: "il file %s è già una versione del torneo %d", EN: "file %s is already a version of tournament %d"},
		"office.list.exists":                {IT: "la lista è già chiusa: un'altra chiusura l'ha appena registrata", EN: "list already closed"},
		"office.list.unknown-kind":          {IT: "tipo di lista sconosciuto %q: rapid o standard", EN: "unknown list kind %q: want rapid or standard"},
		"office.register.unknown":           {IT: "registro sconosciuto %q: players (giocatori), arbiters (arbitri) o calendar (calendario)", EN: "unknown register %q: want players, arbiters or calendar"},
	})
	// A decision of the office about a player, as the command line
	// (English) and a list run's change report (Italian) write it.
	add(map[string]Entry{
		"office.decision.line":                   {IT: "%d %s: %s (%s), deciso da %s il %s", EN: "%d %s: %s (%s), decided by %s on %s"},
		"office.decision.withdrawal-justified":   {IT: "ritiro giustificato, l'RTF 7.5.3 non si applica", EN: "withdrawal justified, RTF 7.5.3 does not apply"},
		"office.decision.withdrawal-unjustified": {IT: "ritiro ingiustificato, una variazione positiva è azzerata", EN: "withdrawal unjustified, a positive variation is zeroed"},
		"office.decision.theoretical":            {IT: "punteggio teorico %s", EN: "theoretical rating %s"},
		"office.decision.other":                  {IT: "%s %s", EN: "%s %s"},
	})
	// The body fields of RAPID 5.2 the portal asks the person to confirm:
	// their labels, and the dates of a tournament of several days.
	add(map[string]Entry{
		"office.portal.field.venue":     {IT: "Luogo", EN: "Venue"},
		"office.portal.field.date":      {IT: "Date", EN: "Dates"},
		"office.portal.field.arbiter":   {IT: "Arbitro", EN: "Arbiter"},
		"office.portal.field.organiser": {IT: "Organizzatore", EN: "Organiser"},
		"office.portal.field.dates":     {IT: "dal %s al %s", EN: "from %s to %s"},
	})
}

// The homologation fee's acts (issue 33): refusals and the audit trail.
func init() { lazy(officeFeeEntries, "audit", "office") }

func officeFeeEntries() {
	add(map[string]Entry{
		"office.fee.none":         {IT: "nessuna quota registrata per l'invio %d", EN: "no fee recorded for submission %d"},
		"office.fee.reason":       {IT: "l'esenzione dalla quota richiede una motivazione", EN: "waiving a fee needs a reason"},
		"office.payment.amount":   {IT: "importo %s: un versamento è maggiore di zero", EN: "amount %s: a payment is more than zero"},
		"office.payment.date":     {IT: "data %q: un giorno del calendario, non futuro", EN: "date %q: a day of the calendar, not in the future"},
		"office.payment.channel":  {IT: "canale %q: cash, bank o other", EN: "channel %q: cash, bank or other"},
		"office.payment.none":     {IT: "nessun versamento %d", EN: "no payment %d"},
		"office.payment.spent":    {IT: "il versamento %d è già tutto attribuito", EN: "payment %d is already allocated in full"},
		"audit.payments.import":   {IT: "estratto %s (formato %s): %d movimenti, %d nuovi, %d già importati, %d abbinati per codice", EN: "statement %s (layout %s): %d movements, %d new, %d already imported, %d matched by reference"},
		"audit.payment.matched":   {IT: "versamento %d: %s abbinati per codice (%s)", EN: "payment %d: %s matched by reference (%s)"},
		"audit.payment.entered":   {IT: "versamento %d registrato a mano: %s (%s) %s", EN: "payment %d entered by hand: %s (%s) %s"},
		"audit.payment.confirmed": {IT: "versamento %d: %s attribuiti dall'ufficio", EN: "payment %d: %s allocated by the office"},
		"audit.fee.waived":        {IT: "quota esentata: %s", EN: "fee waived: %s"},
	})
}
