package catalogue

// The details the office's acts write in the audit trail
// (internal/office): one entry per act, read in both languages at once.
// What the office only knows in one form (a file's name, a reason typed
// by the clerk, a state's label) comes in as an argument.
func init() { lazy(auditEntries, "audit") }

func auditEntries() {
	add(map[string]Entry{
		"audit.user.added":        {IT: "aggiunto come %s", EN: "added as %s"},
		"audit.user.password":     {IT: "nuova password", EN: "new password"},
		"audit.user.disabled":     {IT: "disattivato", EN: "disabled"},
		"audit.user.enabled":      {IT: "riattivato", EN: "enabled"},
		"audit.user.own-password": {IT: "ha cambiato la propria password", EN: "changed his own password"},
		// The failed notices sent again: the submissions' list.
		"audit.resend.failed": {ITOne: "invio %s", IT: "invii %s", ENOne: "%s", EN: "%s"},
		"audit.decide":        {IT: "file %s: %s", EN: "file %s: %s"},
		// One decision about a player, by his starting number.
		"audit.decide.cleared":     {IT: "giocatore %d: decisioni tolte", EN: "player %d: decisions cleared"},
		"audit.decide.theoretical": {IT: "giocatore %d: punteggio teorico %s", EN: "player %d: theoretical rating %s"},
		"audit.decide.justified":   {IT: "giocatore %d: ritiro giustificato", EN: "player %d: withdrawal justified"},
		"audit.decide.unjustified": {IT: "giocatore %d: ritiro ingiustificato", EN: "player %d: withdrawal not justified"},
		"audit.decide.other":       {IT: "giocatore %d: %s %s", EN: "player %d: %s %s"},
		// A list run: the players published (the Italian participle
		// agrees with their number), the tournaments, the list's id.
		"audit.list-run":                {IT: "%s, %s (lista %d)", EN: "%s published, %s (list id %d)"},
		"audit.list-run.players":        {ITOne: "pubblicato %d giocatore", IT: "pubblicati %d giocatori", ENOne: "%d player", EN: "%d players"},
		"audit.list-run.tournaments":    {ITOne: "torneo", IT: "tornei", ENOne: "tournament", EN: "tournaments"},
		"audit.fide-export":             {IT: "%s, %s", EN: "%s, %s"},
		"audit.fide-export.forwarded":   {ITOne: "%d torneo inoltrato", IT: "%d tornei inoltrati", ENOne: "%d forwarded", EN: "%d forwarded"},
		"audit.fide-export.held":        {ITOne: "%d trattenuto", IT: "%d trattenuti", ENOne: "%d held back", EN: "%d held back"},
		"audit.again":                   {IT: "%s (di nuovo)", EN: "%s (again)"},
		"audit.written-to":              {IT: "%s; scritto in %s", EN: "%s; written to %s"},
		"audit.link":                    {IT: "file %s, dal torneo %d «%s»", EN: "file %s, from tournament %d %s"},
		"audit.unlink":                  {IT: "file %s, ora torneo %d", EN: "file %s, now tournament %d"},
		"audit.portal.link":             {IT: "collegamento di accesso inviato, richiesto da %s", EN: "sign-in link sent, asked from %s"},
		"audit.portal.sign-in":          {IT: "accesso con %s da %s", EN: "signed in with a %s from %s"},
		"audit.portal.how.link":         {IT: "collegamento monouso", EN: "one-time link"},
		"audit.portal.how.password":     {IT: "password", EN: "password"},
		"audit.portal.password.set":     {IT: "password impostata da %s", EN: "password set from %s"},
		"audit.portal.password.removed": {IT: "password tolta da %s", EN: "password removed from %s"},
		"audit.portal.submit":           {IT: "%s (%s) inviato da %s", EN: "%s (%s) submitted from %s"},
		"audit.portal.disabled":         {IT: "accesso al portale disattivato", EN: "portal account disabled"},
		"audit.portal.enabled":          {IT: "accesso al portale riattivato", EN: "portal account enabled again"},
		"audit.rejudge":                 {IT: "file %s: %s → %s", EN: "file %s: %s → %s"},
		"audit.authorisation.confirmed": {IT: "file %s: autorizzazione confermata, evento %s: %s → %s", EN: "file %s: authorisation confirmed, event %s: %s → %s"},
		"audit.authorisation.refused":   {IT: "file %s: torneo dichiarato non autorizzato: %s → %s", EN: "file %s: tournament declared not authorised: %s → %s"},
		"audit.reason":                  {IT: "%s; %s", EN: "%s; %s"},
		"audit.overrule":                {IT: "file %s: %s: %s", EN: "file %s: %s: %s"},
		// The decision is named in English only, as it always was.
		"audit.overrule.change": {IT: "%s%s → %s", EN: "%s (%s → %s)"},
		// The office's reason alone, in the words it was given.
		"audit.reason-only":    {IT: "%s", EN: "%s"},
		"audit.rules":          {IT: "%s [%s]", EN: "%s [%s]"},
		"audit.import":         {IT: "%s: %s (%d %s, %d %s, %d %s)", EN: "%s: %s (%d %s, %d %s, %d %s)"},
		"audit.import.rows":    {ITOne: "riga", IT: "righe", ENOne: "row", EN: "rows"},
		"audit.import.added":   {ITOne: "aggiunta", IT: "aggiunte", ENOne: "added", EN: "added"},
		"audit.import.removed": {ITOne: "tolta", IT: "tolte", ENOne: "removed", EN: "removed"},
		"audit.import.changed": {ITOne: "modificata", IT: "modificate", ENOne: "changed", EN: "changed"},
		"audit.undo-import":    {IT: "annullata la versione %d (%s)", EN: "version %d (%s) undone"},
	})
	// An unclear file declared a tournament of its own: the English
	// names the tournament's key it might have been a version of.
	add(map[string]Entry{
		"audit.unlink.unclear": {IT: "file {file}: un torneo a sé, non una versione di un altro torneo", EN: "file {file}: a tournament of its own, not a version of {key}"},
	})
}
