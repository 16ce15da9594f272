package catalogue

// Threads (issue 34): the reference a notice's Subject carries, the
// office's written answer to a reply, and what the pipeline notes of a
// reply, an automatic message and a delivery report.
func init() {
	add(map[string]Entry{
		"notice.reference":        {IT: "[rif. %d]", EN: "[ref. %d]"},
		"notice.answer.subject":   {IT: "Risposta dell'ufficio omologazioni", EN: "Answer from the homologation office"},
		"notice.answer.decision":  {IT: "Decisione dell'ufficio", EN: "The office's decision"},
		"notice.answer.signature": {IT: "Ufficio omologazioni FSI – %s", EN: "FSI homologation office – %s"},

		// The note of a written reply, and of a reply from someone the
		// thread does not know (the address).
		"note.reply.message":  {IT: "risposta scritta per l'ufficio: non giudicata, nessuna risposta automatica", EN: "a written reply for the office: not judged, not answered automatically"},
		"note.reply.stranger": {IT: "risposta a un avviso da %s, che non è il mittente né l'organizzatore", EN: "a reply to a notice from %s, who is neither the sender nor the organiser"},
		"note.reply.version":  {IT: "nuova versione inviata in risposta all'avviso dell'invio n. %d", EN: "a new version sent in reply to the notice of submission no. %d"},
	})
}
