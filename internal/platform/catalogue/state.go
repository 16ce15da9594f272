package catalogue

// The one state model's words (internal/homologation/state): each state's
// label ("state.<code>") and the sentence saying where a file in it
// counts, or why in none ("state.<code>.why"); the office's acts as a
// refusal names them ("state.act.<act>").
func init() { lazy(stateEntries, "state") }

func stateEntries() {
	add(map[string]Entry{
		"state.received":                  {IT: "da giudicare", EN: "awaiting judgement"},
		"state.received.why":              {IT: "non ancora giudicato", EN: "not judged yet"},
		"state.quarantined":               {IT: "in quarantena", EN: "quarantined"},
		"state.quarantined.why":           {IT: "mittente sconosciuto: l'ufficio lo rilascia o lo scarta", EN: "unknown sender: the office releases or discards it"},
		"state.discarded":                 {IT: "scartato", EN: "discarded"},
		"state.discarded.why":             {IT: "scartato dall'ufficio: conservato, senza risposta", EN: "discarded by the office: kept, not answered"},
		"state.unreadable":                {IT: "illeggibile", EN: "unreadable"},
		"state.unreadable.why":            {IT: "nessun torneo letto: non conta in alcuna lista", EN: "no tournament read: counts in no list"},
		"state.accepted":                  {IT: "omologato", EN: "homologated"},
		"state.accepted-with-warnings":    {IT: "omologato con avvisi", EN: "homologated with warnings"},
		"state.rejected":                  {IT: "respinto", EN: "rejected"},
		"state.rejected.why":              {IT: "non conta in alcuna lista", EN: "counts in no list"},
		"state.superseded":                {IT: "sostituito", EN: "superseded"},
		"state.superseded.why":            {IT: "conta il file %s che lo sostituisce", EN: "file %s, which replaces it, counts instead"},
		"state.unclear":                   {IT: "da attribuire", EN: "to be attributed"},
		"state.unclear.why":               {IT: "trattenuto: non conta finché l'ufficio non lo attribuisce a un torneo", EN: "held: counts in no list until the office attributes it to a tournament"},
		"state.authorisation-pending":     {IT: "autorizzazione da verificare", EN: "authorisation to be verified"},
		"state.authorisation-pending.why": {IT: "trattenuto: né omologato né respinto finché l'ufficio non verifica l'autorizzazione del torneo", EN: "held: neither homologated nor rejected until the office verifies the tournament's authorisation"},
		"state.revoked":                   {IT: "omologazione revocata", EN: "homologation revoked"},
		"state.revoked.why":               {IT: "non conta in alcuna lista", EN: "counts in no list"},
		"state.overruled-accepted":        {IT: "omologato per decisione dell'ufficio", EN: "homologated by the office's decision"},
		"state.overruled-rejected":        {IT: "respinto per decisione dell'ufficio", EN: "rejected by the office's decision"},
		"state.overruled-rejected.why":    {IT: "non conta in alcuna lista", EN: "counts in no list"},
		"state.attachment":                {IT: "allegato conservato", EN: "attachment kept"},
		"state.attachment.why":            {IT: "non è un file di risultati: conservato con l'invio, non esaminato", EN: "not a result file: kept with the submission, not examined"},
		"state.counts.why":                {IT: "conta nella lista %s di %s", EN: "counts in the %s list of %s"},
		"state.counts-in-no-list.why":     {IT: "omologato; nessuna lista per questo tipo di gioco", EN: "homologated; no list for this kind of play"},
		"state.act.judge":                 {IT: "giudizio", EN: "judge"},
		"state.act.release":               {IT: "rilascio", EN: "release"},
		"state.act.discard":               {IT: "scarto", EN: "discard"},
		"state.act.rejudge":               {IT: "nuovo giudizio", EN: "rejudge"},
		"state.act.accept-despite":        {IT: "accettazione nonostante gli errori", EN: "accept-despite"},
		"state.act.accept-late":           {IT: "accettazione di un file in ritardo", EN: "accept-late"},
		"state.act.reject":                {IT: "respingimento", EN: "reject"},
		"state.act.revoke":                {IT: "revoca", EN: "revoke"},
		"state.act.reinstate":             {IT: "ripristino", EN: "reinstate"},
		"state.act.link":                  {IT: "attribuzione", EN: "link"},
		"state.act.unlink":                {IT: "separazione", EN: "unlink"},
		"state.act.authorise":             {IT: "conferma dell'autorizzazione", EN: "authorise"},
		"state.act.unauthorise":           {IT: "dichiarazione di torneo non autorizzato", EN: "unauthorise"},
		"state.refused":                   {IT: "l'operazione (%s) non si applica a un file nello stato «%s»", EN: "%s does not apply to a file %s"},
		"state.refused.reason":            {IT: "occorre indicare il motivo per iscritto", EN: "a written reason is required"},
	})
}

// The homologation fee's words (issue 33): each fee state's label
// ("fee.state.<code>"), and the state of a file held for its fee.
func init() { lazy(stateFeeEntries, "fee", "state") }

func stateFeeEntries() {
	add(map[string]Entry{
		"state.awaiting-fee":     {IT: "in attesa della quota", EN: "awaiting the fee"},
		"state.awaiting-fee.why": {IT: "trattenuto: conta nella prima lista dopo il versamento della quota di omologazione", EN: "held: counts in the first list after the homologation fee is paid"},
		"fee.state.none":         {IT: "nessuna quota", EN: "no fee"},
		"fee.state.due":          {IT: "da versare", EN: "due"},
		"fee.state.overdue":      {IT: "scaduta", EN: "overdue"},
		"fee.state.paid":         {IT: "versata", EN: "paid"},
		"fee.state.waived":       {IT: "esentata dall'ufficio", EN: "waived by the office"},
		"fee.state.kept":         {IT: "incamerata", EN: "kept"},
		"fee.state.refunded":     {IT: "rimborsata", EN: "refunded"},
	})
}
