package catalogue

// What the homologation checks (internal/homologation/validate) put into
// the findings' messages, whose own text is rules.yaml's.
func init() { lazy(validateEntries, "count", "join", "validate") }

func validateEntries() {
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
		// A finding the rule set cannot word: a rule it lacks, a kind of
		// tournament it has no rules for.
		"validate.rule-not-configured": {IT: "regola %s non configurata in rules.yaml", EN: "rule %s is not configured in rules.yaml"},
		"validate.no-rule-set":         {IT: "%s non ha regole per i tornei di tipo %s: impossibile giudicare il torneo", EN: "%s has no rule set for %s tournaments: the tournament cannot be judged"},
		// A game of the Berger tables where a player rests.
		"validate.bye": {IT: "%d riposa", EN: "%d has the bye"},
		// Why a file was written before the end, and what to do.
		"validate.unfinished.declared":        {IT: "il torneo ne prevede %d (XXR o 142)", EN: "the tournament is declared with %d (XXR or 142)"},
		"validate.unfinished.declared-advice": {IT: "se il torneo si è davvero concluso dopo %s, correggere il numero di turni dichiarato e inviarlo di nuovo", EN: "if the tournament really ended after %s, correct the declared number of rounds and send it again"},
		"validate.unfinished.pending":         {IT: "il turno %d è abbinato senza alcun risultato", EN: "round %d is paired but has no result at all"},
		"validate.unfinished.pending-advice":  {IT: "se il turno %d non si è giocato, toglierne gli abbinamenti", EN: "if round %d was not played, remove its pairings"},
		// The minimums of a team competition (RTF 5.4.1).
		"validate.team.minimums-apply":  {IT: "si applicano anche il numero minimo di turni e di partecipanti dei tornei individuali", EN: "the individual tournaments' minimum rounds and participants apply too"},
		"validate.team.minimums-waived": {IT: "il numero minimo di turni e di partecipanti dei tornei individuali non si applica", EN: "the individual tournaments' minimum rounds and participants do not apply"},
		// The exception to the minimum number of rounds, after it.
		"validate.min-rounds.consecutive": {IT: " (oppure %d se giocati in giorni consecutivi)", EN: " (or %d when played on consecutive days)"},
		// Why the declared ranks are not compared with the points.
		"validate.ranks.team":             {IT: "torneo a squadre: le posizioni dei giocatori non sono una classifica individuale", EN: "team tournament: the players' ranks are not an individual standing"},
		"validate.ranks.starting-numbers": {IT: "le posizioni coincidono con i numeri di partenza (file per il programma di abbinamento)", EN: "the ranks are the starting numbers (a pairing program's input file)"},
		// The scoring system the file declares (%s: where).
		"validate.scoring-declared": {IT: "dichiarato in %s", EN: "declared in %s"},
		// When a file arrived (%s: "3 giorni") and the list it counts in
		// (%s: "gennaio 2027").
		"validate.after-end": {IT: "%s dopo la fine del torneo", EN: "%s after the tournament's end"},
		"validate.list-of":   {IT: "di %s", EN: "of %s"},
		// A rate of play the reader could not read: the English side is
		// the reader's own error, the Italian one this.
		"validate.word.unrecognised": {IT: "scrittura non riconosciuta", EN: "not recognised"},
		// When a player was born (%s: the date, "il 01/02/1990", or a
		// month or a year, "nel 2/1990").
		"validate.born.m":  {IT: "nato %s", EN: "born %s"},
		"validate.born.f":  {IT: "nata %s", EN: "born %s"},
		"validate.born-on": {IT: "il %s", EN: "%s"},
		"validate.born-in": {IT: "nel %s", EN: "%s"},
		// A calendar event a tournament may be: code, name, city, dates,
		// what they have in common (the words below, joined).
		"validate.candidate":           {IT: "%s «%s» (%s, %s), in comune %s", EN: "%s \"%s\" (%s, %s), in common %s"},
		"validate.common.dates":        {IT: "le date", EN: "the dates"},
		"validate.common.nearby-dates": {IT: "date vicine", EN: "nearby dates"},
		"validate.common.name":         {IT: "il nome", EN: "the name"},
		"validate.common.city":         {IT: "la città", EN: "the city"},
		"validate.common.arbiter":      {IT: "l'arbitro", EN: "the arbiter"},
		"validate.common.organiser":    {IT: "l'organizzatore", EN: "the organiser"},
		"validate.common.code":         {IT: "il codice", EN: "the code"},
		"validate.common.nothing":      {IT: "nulla", EN: "nothing"},
		"validate.candidate.differs":   {IT: "%s; differenze: %s", EN: "%s; differences: %s"},
		"validate.differs.dates":       {IT: "le date", EN: "the dates"},
		"validate.differs.name":        {IT: "il nome", EN: "the name"},
		"validate.differs.city":        {IT: "la città", EN: "the city"},
		// A tournament's or an event's first and last day.
		"validate.span": {IT: "%s – %s", EN: "%s – %s"},
		// The first players whose declared rank differs, and how many
		// more.
		"validate.rank-differs.more": {IT: "%s e altri %d", EN: "%s and %d more"},
		// Where a reader's note points: its field (the reader's name for
		// it is the English), the column.
		"validate.field.record":          {IT: "riga", EN: "record"},
		"validate.field.encoding":        {IT: "codifica", EN: "encoding"},
		"validate.field.starting number": {IT: "numero di partenza", EN: "starting number"},
		"validate.field.sex":             {IT: "sesso", EN: "sex"},
		"validate.field.rating":          {IT: "Elo", EN: "rating"},
		"validate.field.national rating": {IT: "Elo nazionale", EN: "national rating"},
		"validate.field.FIDE id":         {IT: "ID FIDE", EN: "FIDE id"},
		"validate.field.birth date":      {IT: "data di nascita", EN: "birth date"},
		"validate.field.points":          {IT: "punti", EN: "points"},
		"validate.field.rank":            {IT: "posizione", EN: "rank"},
		"validate.field.rounds":          {IT: "turni", EN: "rounds"},
		"validate.field.player":          {IT: "giocatore", EN: "player"},
		"validate.field.dates":           {IT: "date dei turni", EN: "dates"},
		"validate.field.start":           {IT: "data di inizio", EN: "start"},
		"validate.field.end":             {IT: "data di fine", EN: "end"},
		"validate.field-round":           {IT: "turno %s", EN: "round %s"},
		"validate.column":                {IT: "colonna %d", EN: "column %d"},
		"count.game":                     {IT: "partite", EN: "games", ITOne: "partita", ENOne: "game"},
		// The word before the last of a list of choices.
		"join.or": {IT: " o ", EN: " or "},
	})
}
