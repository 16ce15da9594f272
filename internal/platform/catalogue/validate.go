package catalogue

// What the homologation checks (internal/homologation/validate) put into
// the findings' messages, whose own text is rules.yaml's.
func init() {
	add(map[string]Entry{
		// A kind of play or of rule set, as an adjective that follows
		// "torneo"/"gioco" (Italian) or precedes "tournament"/"play".
		"validate.kind.standard":  {IT: "standard", EN: "standard"},
		"validate.kind.rapid":     {IT: "rapido", EN: "rapid"},
		"validate.kind.blitz":     {IT: "lampo", EN: "blitz"},
		"validate.kind.promotion": {IT: "di promozione", EN: "promotion"},
		// Why a tournament is judged as a promotion tournament.
		"validate.promotion-by.submission": {IT: "così è stato presentato", EN: "the submission says so"},
		"validate.promotion-by.calendar":   {IT: "così lo indica il calendario dei tornei autorizzati", EN: "the calendar of authorised tournaments says so"},
		"validate.promotion-by.name":       {IT: "il nome del torneo lo indica", EN: "its name says so"},
		// A file refused by its kind.
		"validate.refused.vegz":          {IT: "archivio compresso o file .vegz di Vega", EN: "compressed archive or Vega .vegz file"},
		"validate.refused.swiss-manager": {IT: "file binario di Swiss-Manager, Vega o altro programma", EN: "binary file of Swiss-Manager, Vega or another program"},
		"validate.refused.pdf":           {IT: "PDF", EN: "PDF"},
		"validate.refused.spreadsheet":   {IT: "foglio di calcolo", EN: "spreadsheet"},
		"validate.refused.word":          {IT: "documento di testo", EN: "text document"},
		"validate.refused.image":         {IT: "immagine", EN: "image"},
		"validate.refused.html":          {IT: "pagina web HTML", EN: "HTML web page"},
		"validate.refused.archive":       {IT: "archivio compresso", EN: "compressed archive"},
		// Why a tournament is judged as a team competition.
		"validate.competition-by.file":       {IT: "il file contiene le squadre (record 013/310)", EN: "the file lists teams (013/310 records)"},
		"validate.competition-by.submission": {IT: "così è stato presentato", EN: "the submission says so"},
		"validate.competition-by.calendar":   {IT: "così lo indica il calendario dei tornei autorizzati", EN: "the calendar of authorised tournaments says so"},
		"validate.competition-by.name":       {IT: "lo indica il nome del torneo", EN: "its name says so"},
		// Words the checks put in messages.
		"validate.word.unknown-date":          {IT: "sconosciuta", EN: "unknown"},
		"validate.word.unknown":               {IT: "?", EN: "?"},
		"validate.word.today":                 {IT: "oggi", EN: "today"},
		"validate.word.never":                 {IT: "mai", EN: "never"},
		"validate.word.no-name":               {IT: "senza nome", EN: "no name"},
		"validate.word.no-city":               {IT: "città non indicata", EN: "no city given"},
		"validate.word.swiss":                 {IT: "svizzero", EN: "Swiss"},
		"validate.word.round-robin":           {IT: "girone all'italiana", EN: "round robin"},
		"validate.word.unplayed-fide-2023":    {IT: "FIDE C.07 (2023), art. 16", EN: "FIDE C.07 (2023), art. 16"},
		"validate.word.unplayed-virtual-2009": {IT: "la regola dell'avversario virtuale (FIDE 2009)", EN: "the virtual-opponent rule (FIDE 2009)"},
		"validate.word.scoring-fide":          {IT: "FIDE, 1 – ½ – 0", EN: "FIDE default, 1 – ½ – 0"},
		"validate.word.on-end-day":            {IT: "il giorno stesso della fine del torneo", EN: "on the day the tournament ended"},
		// The channel a submission came through ("unstated": none said).
		"validate.channel.drop":     {IT: "la cartella di deposito", EN: "the drop folder"},
		"validate.channel.cli":      {IT: "la riga di comando dell'ufficio", EN: "the office's command line"},
		"validate.channel.imap":     {IT: "la casella di posta", EN: "the mailbox"},
		"validate.channel.portal":   {IT: "il portale degli arbitri", EN: "the arbiters' portal"},
		"validate.channel.unstated": {IT: "un canale non indicato", EN: "an unstated channel"},
	})
}
