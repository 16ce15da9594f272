package catalogue

// What the file readers (internal/tournament: trf, tdf, codec,
// rateofplay) say about a file: the diagnostics that become findings in
// the notices, the reasons a file cannot be read at all, a refused file's
// advice and a rate of play's reasons. Package tournament reads them
// (tournament.Say), the Italian with %q between « and »; rateofplay's
// through T, %q in Go's quotes in both languages.
func init() {
	add(map[string]Entry{
		// The diagnostics of the TRF and .tdf readers, keyed by their
		// code: "reader." + code, and + "." + variant when the code has
		// several texts.
		"reader.trf.unknown-record.not-a-record":  {IT: "la riga %q non è un record TRF; ignorata", EN: "line %q is not a TRF record; skipped"},
		"reader.trf.ruler-line":                   {IT: "riga di righello delle colonne (come quella di Swiss-Manager) ignorata", EN: "column ruler line skipped"},
		"reader.trf.unknown-record.no-code-blank": {IT: "la riga non inizia con un codice TRF di tre caratteri seguito da uno spazio; ignorata", EN: "line does not begin with a three-character TRF code and a blank; skipped"},
		"reader.trf.unknown-record.no-code":       {IT: "la riga non inizia con un codice TRF; ignorata", EN: "line does not begin with a TRF code; skipped"},
		"reader.trf.unknown-record.kept":          {IT: "record sconosciuto %q conservato ma non letto", EN: "unknown record %q kept but not read"},
		"reader.trf.number":                       {IT: "%q non è un numero", EN: "%q is not a number"},
		"reader.trf.rounds-conflict":              {IT: "il record %s dichiara %d turni ma un record precedente ne dichiarava %d; vale il primo", EN: "%s declares %d rounds but an earlier record declared %d; the first is kept"},
		"reader.trf.unknown-record.extension":     {IT: "record di estensione sconosciuto %q conservato ma non letto", EN: "unknown extension record %q kept but not read"},
		"reader.trf.team-member":                  {IT: "il componente della squadra %q non è un numero di partenza", EN: "team member %q is not a starting number"},
		"reader.trf.bye-record.incomplete":        {IT: "il record dei bye richiede il tipo, il turno e almeno un giocatore", EN: "bye record needs a type, a round and at least one player"},
		"reader.trf.bye-record.type":              {IT: "il tipo di bye %q non è F, H o Z", EN: "bye type %q is not F, H or Z"},
		"reader.trf.bye-record.number":            {IT: "%q non è un numero", EN: "%q is not a number"},
		"reader.trf.start.not-positive":           {IT: "il numero di partenza %q non è un numero positivo; giocatore ignorato", EN: "starting number %q is not a positive number; player skipped"},
		"reader.trf.start.missing":                {IT: "numero di partenza mancante; giocatore ignorato", EN: "starting number missing; player skipped"},
		"reader.trf.duplicate-start":              {IT: "il numero di partenza %d è già usato alla riga %d; giocatore ignorato", EN: "starting number %d already used on line %d; player skipped"},
		"reader.trf.sex":                          {IT: "il sesso %q non è m, w o f; lasciato vuoto", EN: "sex %q is not m, w or f; left blank"},
		"reader.trf.rating.fide":                  {IT: "l'Elo %q non è un numero; giocatore letto come senza Elo", EN: "rating %q is not a number; read as unrated"},
		"reader.trf.fide-id":                      {IT: "l'ID FIDE %q non è un numero; ignorato", EN: "FIDE id %q is not a number; ignored"},
		"reader.trf.national-id-in-fide-column":   {IT: "%q è troppo corto per un ID FIDE; letto come identificativo nazionale", EN: "%q is too short for a FIDE id; read as a national id"},
		"reader.trf.points":                       {IT: "i punti %q non sono un numero", EN: "points %q are not a number"},
		"reader.trf.rank":                         {IT: "la posizione in classifica %q non è un numero", EN: "rank %q is not a number"},
		"reader.trf.round-entry":                  {IT: "la casella del turno %q non si può leggere; lasciata vuota", EN: "round entry %q cannot be read; left empty"},
		"reader.trf.opponent":                     {IT: "l'avversario %q non è un numero di partenza; turno lasciato vuoto", EN: "opponent %q is not a starting number; round left empty"},
		"reader.trf.colour":                       {IT: "il colore %q non è w, b o -; letto come nessun colore", EN: "colour %q is not w, b or -; read as none"},
		"reader.trf.result-case":                  {IT: "il risultato %q è stato letto come %q", EN: "result %q read as %q"},
		"reader.trf.result":                       {IT: "il risultato %q non è un codice TRF; turno lasciato senza risultato", EN: "result code %q is not a TRF code; round left without result"},
		"reader.trf.old-half-bye":                 {IT: "la patta senza avversario %q è stata letta come mezzo punto di riposo (H)", EN: "draw without opponent %q read as a half-point bye (H)"},
		"reader.trf.national-record":              {IT: "record nazionale per il numero di partenza %d, che non ha un record 001", EN: "national record for starting number %d, which has no 001 record"},
		"reader.trf.rating.national":              {IT: "l'Elo nazionale %q non è un numero", EN: "national rating %q is not a number"},
		"reader.trf.round-dates":                  {IT: "il testo %q prima delle colonne delle date dei turni è stato ignorato", EN: "text %q before the round-date columns ignored"},
		"reader.trf.scoring.points":               {IT: "i punti %q non sono un numero; record ignorato", EN: "points %q are not a number; record ignored"},
		"reader.trf.scoring.pairs":                {IT: "punteggi %q: codici e valori non formano coppie; record ignorato", EN: "scoring %q: keys and values do not pair up; record ignored"},
		"reader.trf.scoring.key":                  {IT: "codice di punteggio %q sconosciuto; ignorato", EN: "scoring key %q unknown; ignored"},
		"reader.tdf.unknown-record":               {IT: "record sconosciuto %q ignorato", EN: "unknown record %q skipped"},
		"reader.tdf.number.value":                 {IT: "%q non è un numero", EN: "%q is not a number"},
		"reader.tdf.duplicate-start":              {IT: "il numero di partenza %d è già usato alla riga %d; giocatore ignorato", EN: "starting number %d already used on line %d; player skipped"},
		"reader.tdf.player":                       {IT: "il record del giocatore ha %d campi, ne servono %d prima dei turni; giocatore ignorato", EN: "player record has %d fields, %d expected before the rounds; player skipped"},
		"reader.tdf.start":                        {IT: "il numero di partenza %q non è un numero positivo; giocatore ignorato", EN: "starting number %q is not a positive number; player skipped"},
		"reader.tdf.sex":                          {IT: "il sesso %q non è m o f; lasciato vuoto", EN: "sex %q is not m or f; left blank"},
		"reader.tdf.fide-id":                      {IT: "l'ID FIDE %q non è un numero; ignorato", EN: "FIDE id %q is not a number; ignored"},
		"reader.tdf.points":                       {IT: "i punti %q non sono un numero", EN: "points %q are not a number"},
		"reader.tdf.round-entry":                  {IT: "la casella del turno %q non è nella forma «avversario colore risultato»; lasciata vuota", EN: "round entry %q is not 'opponent colour result'; left empty"},
		"reader.tdf.opponent":                     {IT: "l'avversario %q non è un numero di partenza; turno lasciato vuoto", EN: "opponent %q is not a starting number; left empty"},
		"reader.tdf.colour":                       {IT: "il colore %q non è w, b o -; letto come nessun colore", EN: "colour %q is not w, b or -; read as none"},
		"reader.tdf.result":                       {IT: "il risultato %q non è un codice di risultato; turno lasciato senza risultato", EN: "result %q is not a result code; round left without result"},
		"reader.trf.duplicate-record":             {IT: "il record %s compare di nuovo (la prima volta alla riga %d); vale il primo", EN: "record %s appears again (first on line %d); the first is kept"},
		"reader.trf.too-many-rounds":              {IT: "la riga contiene %d caselle di turno; vengono lette solo le prime %d", EN: "the line holds %d round entries; only the first %d are read"},
		"reader.trf.date.birth":                   {IT: "data di nascita: %s", EN: "birth date: %s"},
		"reader.tdf.date.birth":                   {IT: "data di nascita: %s", EN: "birth date: %s"},
		"reader.trf.round-date":                   {IT: "turno %d: %s", EN: "round %d date: %s"},
		"reader.tdf.round-date":                   {IT: "turno %d: %s", EN: "round %d date: %s"},
		"reader.trf.round-date-layout":            {IT: "date dei turni lette nel formato %s: come AA/MM/GG cadrebbero fuori dal torneo (%s)", EN: "round dates read as %s: as YY/MM/DD they fall outside the tournament (%s)"},
		"reader.tdf.number.field":                 {IT: "%s %q non è un numero", EN: "%s %q is not a number"},
		// A field a reader names in a text: the Italian with its article.
		"reader.field.rating":          {IT: "l'Elo", EN: "rating"},
		"reader.field.national-rating": {IT: "l'Elo nazionale", EN: "national rating"},
		// The encoding of a file (codec).
		"reader.codec.bom":          {IT: "rimosso il segno di ordine dei byte (BOM) UTF-8 all'inizio del file", EN: "UTF-8 byte-order mark removed"},
		"reader.codec.windows-1252": {IT: "il file non è in UTF-8, quindi è stato letto come Windows-1252 (Latin-1)", EN: "the file is not UTF-8, so it was read as Windows-1252 (Latin-1)"},
		// A file from which no tournament can be read.
		"reader.trf.not-trf":   {IT: "non è un file TRF: nessuna riga comincia con un codice TRF come 001 o 012", EN: "not a TRF file: no record begins with a TRF code such as 001 or 012"},
		"reader.trf.no-player": {IT: "nessun record di giocatore (001): non si può leggere alcun torneo", EN: "no player record (001): no tournament can be read"},
		"reader.tdf.not-tdf":   {IT: "non è un file .tdf: nessun record riconosciuto", EN: "not a .tdf file: no known record"},
		"reader.tdf.no-player": {IT: "nessun record di giocatore: non si può leggere alcun torneo", EN: "no player record: no tournament can be read"},
		// A file refused by its kind (%s: what it is, one of the
		// reader.codec.file.* below), and what to send instead.
		"reader.codec.refused": {
			IT: "Il file è %s, non un file di risultati leggibile. Inviate l'esportazione TRF del torneo (Vega: Rating Report → FIDE (file TRF); Swiss-Manager: Esporta → TRF FIDE).",
			EN: "the file is %s, not a readable result file. Please send the tournament's TRF export (Vega: Rating Report → FIDE (TRF file); Swiss-Manager: Export → FIDE TRF).",
		},
		"reader.codec.file.pdf":         {IT: "un PDF", EN: "a PDF"},
		"reader.codec.file.word":        {IT: "un documento Word", EN: "a Word document"},
		"reader.codec.file.spreadsheet": {IT: "un foglio di calcolo", EN: "a spreadsheet"},
		"reader.codec.file.odt":         {IT: "un documento di testo (ODT)", EN: "a text document (ODT)"},
		"reader.codec.file.vegz":        {IT: "un archivio compresso (ad esempio il file .vegz di Vega)", EN: "a compressed archive (such as Vega's .vegz)"},
		"reader.codec.file.office":      {IT: "un documento Office (Excel o Word)", EN: "an Office document (Excel or Word)"},
		"reader.codec.file.rtf":         {IT: "un documento RTF", EN: "an RTF document"},
		"reader.codec.file.image":       {IT: "un'immagine", EN: "an image"},
		"reader.codec.file.archive":     {IT: "un archivio compresso", EN: "a compressed archive"},
		"reader.codec.file.html":        {IT: "una pagina HTML (la classifica pubblicata), non il file del torneo", EN: "an HTML page (the published standings), not the tournament file"},
		"reader.codec.file.binary":      {IT: "binario (ad esempio un file .TUNX/.TURX di Swiss-Manager o un file di Vega)", EN: "binary (such as a Swiss-Manager .TUNX/.TURX file or a Vega file)"},
		// The closing line of a code whose diagnostics were listed in
		// part (tournament.DiagLimit): one more, or n more.
		"reader.more.one":  {IT: "un altro caso come questi alla riga %d (non elencato)", EN: "one more like these at line %d (not listed)"},
		"reader.more.many": {IT: "altri %d casi come questi dalla riga %d in poi (non elencati)", EN: "%d more like these from line %d on (not listed)"},
	})
}
