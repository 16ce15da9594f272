package catalogue

// The web's own refusals of a form it cannot pass to the office
// (internal/web), read like the office's: English for the API and the
// log, Italian for the clerk's page.
func init() { lazy(webRefusedEntries, "web") }

func webRefusedEntries() {
	add(map[string]Entry{
		"web.refused.tournament-number": {IT: "occorre il numero del torneo", EN: "the tournament's number is required"},
		"web.refused.player":            {IT: "scegliere un giocatore", EN: "choose a player"},
		"web.refused.theoretical":       {IT: "il punteggio teorico è un numero intero", EN: "a theoretical rating is a whole number"},
		"web.refused.decision":          {IT: "decisione sconosciuta", EN: "unknown decision"},
		"web.refused.stage-full":        {IT: "troppe anteprime di registri in attesa: confermarne o abbandonarne una, o riprovare fra qualche minuto", EN: "too many register previews are waiting: confirm or leave one, or try again in a few minutes"},
		"web.refused.form":              {IT: "file troppo grande o modulo non valido", EN: "the file is too large or the form is broken"},
		"web.refused.no-file":           {IT: "scegliere un file CSV", EN: "choose a CSV file"},
		"web.refused.too-large":         {IT: "file troppo grande", EN: "the file is too large"},
		"web.refused.unreadable":        {IT: "file illeggibile", EN: "the file could not be read"},
		"web.refused.preview-expired":   {IT: "l'anteprima è scaduta: caricare di nuovo il file", EN: "the preview has expired: upload the file again"},
		"web.refused.confirm-replace":   {IT: "per sostituire il registro occorre spuntare la conferma", EN: "replacing the register needs the confirmation box ticked"},
		"web.refused.passwords-differ":  {IT: "le due nuove password sono diverse", EN: "the two new passwords differ"},
		"web.refused.confirm-rejudge":   {IT: "per giudicare di nuovo i file del periodo occorre spuntare la conferma", EN: "judging a period's files again needs the confirmation box ticked"},
		// The English is the schedule's own error.
		"web.refused.fide-period": {IT: "il mese scelto non è quello di una lista FIDE", EN: "{err}"},
	})
}
