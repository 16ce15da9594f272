package catalogue

// The notes the pipeline (internal/office/pipeline) and the store
// (internal/store) keep on a submission or a file, for the office's
// pages: written in Italian when the act happens and stored so, read
// back as they were written.
func init() { lazy(noteEntries, "finding", "note") }

func noteEntries() {
	add(map[string]Entry{
		"note.released":  {IT: "rilasciata dall'ufficio (%s, %s): giudicata come se il mittente fosse ammesso", EN: "released by the office (%s, %s): judged as if the sender were admitted"},
		"note.discarded": {IT: "scartata dall'ufficio (%s, %s): nessuna risposta", EN: "discarded by the office (%s, %s): no answer"},
		"note.linked":    {IT: "versione attribuita dall'ufficio", EN: "version attributed by the office"},
		"note.unlinked":  {IT: "versione separata dall'ufficio", EN: "version separated by the office"},
		// Why a submission is kept for the office, unanswered.
		"note.quarantined":            {IT: "%s: in quarantena per l'ufficio, nessuna risposta automatica", EN: "%s: quarantined for the office, no automatic answer"},
		"note.sender.unknown":         {IT: "mittente sconosciuto %q", EN: "unknown sender %q"},
		"note.sender.unauthenticated": {IT: "mittente non autenticato: nessun esito di autenticazione del server di posta dell'ufficio", EN: "sender not authenticated: no authentication result from the office's mail server"},
		"note.sender.not-theirs":      {IT: "il mittente %s non è l'arbitro né l'organizzatore del torneo %q", EN: "the sender %s is neither the arbiter nor the organiser of tournament %q"},
		"note.sender.replaces":        {IT: "sostituirebbe il file %s del torneo, inviato da un altro mittente (%s)", EN: "it would replace the tournament's file %s, sent by another sender (%s)"},
		"note.sender.office":          {IT: "l'ufficio", EN: "the office"},
		// The same content sent again.
		"note.repeat.silent": {IT: "stesso contenuto dell'invio n. %d, già segnalato oggi al mittente: nessuna risposta", EN: "same content as submission no. %d, already pointed out to the sender today: no answer"},
		"note.repeat.short":  {IT: "stesso contenuto dell'invio n. %d: risposta breve", EN: "same content as submission no. %d: short answer"},
		"note.unclear":       {IT: "%s: forse una versione del torneo %q, l'ufficio decide (omologa tournament link)", EN: "%s: maybe a version of tournament %q, the office decides (omologa tournament link)"},
		// A file whose reading failed inside omologa, as its finding
		// says: from the mailbox or the drop folder, from the portal.
		"finding.internal":        {IT: "errore interno di omologa nel leggere il file: l'ufficio è stato avvisato e lo esaminerà a mano", EN: "omologa failed internally reading the file: the office has been told and will examine it by hand"},
		"finding.internal.portal": {IT: "errore interno di omologa nel leggere il file: lo invii all'ufficio, che lo esaminerà a mano", EN: "omologa failed internally reading the file: send it to the office, which will examine it by hand"},
	})
}
