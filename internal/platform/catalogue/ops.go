package catalogue

// The texts of the office's scheduled backups and health (issue 32):
// the e-mail telling the office of a failed backup, the admin's page,
// the work queue.
func init() { lazy(opsEntries, "notice", "web") }

func opsEntries() {
	add(map[string]Entry{
		// The time the backup was begun.
		"notice.backup-failed.subject": {IT: "Copia di sicurezza non riuscita (%s)", EN: "Backup failed (%s)"},
		"notice.backup-failed.none":    {IT: "nessuna", EN: "none"},
		// When it began; the reason; the last copy that succeeded; when
		// it is tried again.
		"notice.backup-failed.body": {
			IT: `La copia di sicurezza programmata dell'archivio delle omologazioni, iniziata il %s, non è riuscita:

%s

Ultima copia riuscita: %s.

Il programma la ritenta alle %s e all'ora programmata di domani; finché una copia non riesce, la mancata copia resta fra le cose da fare nella pagina iniziale dell'applicazione.

Messaggio automatico di omologa.`,
			EN: `The scheduled backup of the homologation store, begun on %s, failed:

%s

Last backup that succeeded: %s.

It is tried again at %s and at tomorrow's scheduled time; until a backup succeeds, the failure stays in the to-do list of the application's home page.

An automatic message from omologa.`},
		"web.backups":            {IT: "Copie di sicurezza", EN: "Backups"},
		"web.backupsAt":          {IT: "Ogni giorno alle %s una copia verificata dell'archivio.", EN: "Every day at %s a verified copy of the store."},
		"web.backupsKeepDay":     {IT: "Si tiene solo la copia più recente", EN: "Only the latest copy is kept"},
		"web.backupsKeepDays":    {IT: "Si tengono le copie degli ultimi %d giorni", EN: "The copies of the latest %d days are kept"},
		"web.backupsKeepMonth":   {IT: ", e la prima copia del mese.", EN: ", and the first copy of the month."},
		"web.backupsKeepMonths":  {IT: ", e la prima copia di ciascuno degli ultimi %d mesi.", EN: ", and the first copy of each of the latest %d months."},
		"web.backupsKeepNoMonth": {IT: ".", EN: "."},
		"web.backupOverdue":      {IT: "dovuta dal %s: la esegue il servizio dell'ufficio appena è in funzione", EN: "due since %s: the office's service makes it as soon as it runs"},
		"web.backupNotWritten":   {IT: "la copia non è stata scritta o non ha superato la verifica", EN: "the copy was not written or did not pass its check"},
		"web.backupNotCopied":    {IT: "copia verificata, ma il comando che la porta fuori da questa macchina non è riuscito", EN: "copy verified, but the command taking it off this machine failed"},
		"web.backupDetail":       {IT: "Dettaglio", EN: "Detail"},
		"web.backupsOff":         {IT: "Nessuna copia programmata: la sezione backup della configurazione manca.", EN: "No scheduled backup: the configuration has no backup section."},
		"web.backupsNone":        {IT: "Nessuna copia ancora eseguita.", EN: "No backup made yet."},
		"web.backupNext":         {IT: "Prossima copia", EN: "Next backup"},
		"web.backupStarted":      {IT: "Iniziata", EN: "Begun"},
		"web.backupFile":         {IT: "Copia", EN: "Copy"},
		"web.backupSize":         {IT: "Dimensione", EN: "Size"},
		"web.backupOutcome":      {IT: "Esito", EN: "Outcome"},
		"web.backupOK":           {IT: "verificata", EN: "verified"},
		"web.backupCopied":       {IT: "verificata e copiata altrove", EN: "verified and copied off the machine"},
		"web.backupFailed":       {IT: "non riuscita", EN: "failed"},
		"web.backupRemoved":      {IT: "eliminata dalla rotazione il", EN: "rotated away on"},
		"web.backupAlerted":      {IT: "ufficio avvisato", EN: "office told"},
		"web.backupFailing":      {IT: "Copia di sicurezza non riuscita il %s: l'ultima riuscita è del %s.", EN: "The backup of %s failed: the last that succeeded is of %s."},
		"web.backupFailingNone":  {IT: "Copia di sicurezza non riuscita il %s: nessuna copia è ancora riuscita.", EN: "The backup of %s failed: no backup has succeeded yet."},
	})
}
