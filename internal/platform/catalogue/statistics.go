package catalogue

// The federation's statistics (internal/publishing/statistics) and the
// pages that show them (internal/publishing/site, the office's web
// application): "stats.<table>.title" and ".note" a table's title and
// note, "stats.col.<key>" a column's heading by its stable key
// ("stats.<table>.col.<key>" where one table heads it otherwise), the
// cells the tables write, "stats.chart.<name>.*" a chart's words,
// "stats.page.*" the words of the page that shows them.
func init() { lazy(statisticsEntries, "stats") }

func statisticsEntries() {
	add(map[string]Entry{
		"stats.mesi.title":          {IT: "Attività per mese", EN: "Activity by month"},
		"stats.mesi.note":           {IT: "Tornei omologati per mese di fine; giocatori: tesserati distinti che vi hanno giocato.", EN: "Homologated tournaments by the month they ended in; players: the distinct members who played in them."},
		"stats.province.title":      {IT: "Attività per provincia", EN: "Activity by province"},
		"stats.province.note":       {IT: "Per provincia del torneo; giocatori: tesserati distinti che vi hanno giocato.", EN: "By the tournament's province; players: the distinct members who played in them."},
		"stats.province-mesi.title": {IT: "Attività per provincia e mese", EN: "Activity by province and month"},
		"stats.societa.title":       {IT: "Attività per società", EN: "Activity by club"},
		"stats.societa.note":        {IT: "Per società del giocatore (anagrafica dei tesserati): quanti tesserati hanno giocato, le partite che hanno giocato e i tornei in cui hanno giocato. Solo conteggi.", EN: "By the player's club (the members' register): how many members played, the games they played and the tournaments they played in. Counts only."},
		"stats.nuovi.title":         {IT: "Nuovi giocatori in lista", EN: "New players on the lists"},
		"stats.nuovi.note":          {IT: "I giocatori entrati in lista alla chiusura di ciascuna lista dell'anno.", EN: "The players who entered a list when each of the year's lists was closed."},
		"stats.categorie.title":     {IT: "Giocatori per categoria", EN: "Players by category"},
		// %s the list's name ("Elo Italia"), %s its month ("gennaio 2027").
		"stats.categorie.note": {IT: "I giocatori della lista %s di %s.", EN: "The players of the %s list of %s."},
		"stats.flussi.title":   {IT: "Passaggi di categoria", EN: "Changes of category"},
		"stats.flussi.note.one": {IT: "La categoria prima e dopo la lista %s di %s; solo chi ha cambiato categoria.",
			EN: "The category before and after the %s list of %s; only the players whose category changed."},
		"stats.flussi.note.two": {IT: "La categoria nella lista in vigore prima della lista {list} di {first} e in quella di {last}; solo chi ha cambiato categoria.",
			EN: "The category in the list in force before the {list} list of {first} and in that of {last}; only the players whose category changed."},
		"stats.elo-sesso-eta.title": {IT: "Elo Italia per sesso e fascia d'età", EN: "Elo Italia rating by sex and age band"},
		"stats.elo-sesso-eta.note": {IT: "I giocatori della lista {list} di {month}, con l'Elo pubblicato; età al 31 dicembre {year}. Per la riservatezza di sesso ed età, l'Elo di un gruppo di meno di {min} giocatori non è indicato.",
			EN: "The players of the {list} list of {month}, with their published rating; age at 31 December {year}. To keep sex and age private, the rating of a group of fewer than {min} players is not shown."},
		"stats.esiti-province.title": {IT: "Esiti dell'omologazione per provincia", EN: "Homologation outcomes by province"},
		"stats.esiti-province.note": {IT: "I file ricevuti nell'anno, per provincia del torneo; fuori termine: ricevuti oltre il termine che il regolamento fissa dalla fine del torneo (RTF 6.2.2, RAPID 5.2).",
			EN: "The files received in the year, by the tournament's province; late: received after the deadline the regulations set from the tournament's end (RTF 6.2.2, RAPID 5.2)."},
		"stats.esiti-articoli.title": {IT: "File respinti per articolo", EN: "Files rejected by article"},
		"stats.esiti-articoli.note":  {IT: "Un file respinto per più articoli è contato sotto ciascuno.", EN: "A file rejected under several articles is counted under each."},
		"stats.noList":               {IT: "Nessuna lista Elo Italia chiusa nell'anno.", EN: "No Elo Italia list closed in the year."},

		"stats.col.month":                   {IT: "Mese", EN: "Month"},
		"stats.col.tournaments":             {IT: "Tornei", EN: "Tournaments"},
		"stats.col.games":                   {IT: "Partite", EN: "Games"},
		"stats.col.players":                 {IT: "Giocatori", EN: "Players"},
		"stats.col.province":                {IT: "Provincia", EN: "Province"},
		"stats.col.club":                    {IT: "Società", EN: "Club"},
		"stats.col.kind":                    {IT: "Lista", EN: "List"},
		"stats.col.period":                  {IT: "Periodo", EN: "Period"},
		"stats.col.new_players":             {IT: "Nuovi giocatori", EN: "New players"},
		"stats.col.category":                {IT: "Categoria", EN: "Category"},
		"stats.col.from":                    {IT: "Da", EN: "From"},
		"stats.col.to":                      {IT: "A", EN: "To"},
		"stats.col.sex":                     {IT: "Sesso", EN: "Sex"},
		"stats.col.age_band":                {IT: "Fascia d'età", EN: "Age band"},
		"stats.col.mean":                    {IT: "Elo medio", EN: "Mean rating"},
		"stats.col.median":                  {IT: "Elo mediano", EN: "Median rating"},
		"stats.col.judged":                  {IT: "File giudicati", EN: "Files judged"},
		"stats.col.accepted":                {IT: "Omologati", EN: "Homologated"},
		"stats.col.accepted_with_warnings":  {IT: "Omologati con avvisi", EN: "Homologated with warnings"},
		"stats.col.rejected":                {IT: "Respinti", EN: "Rejected"},
		"stats.col.late":                    {IT: "Inviati fuori termine", EN: "Sent late"},
		"stats.col.article":                 {IT: "Articolo", EN: "Article"},
		"stats.esiti-articoli.col.rejected": {IT: "File respinti", EN: "Files rejected"},

		// The cells: the total rows' labels, a province or club not
		// given, the sexes, the age bands.
		"stats.year":         {IT: "Anno", EN: "Year"},
		"stats.total":        {IT: "Totale", EN: "Total"},
		"stats.unknown":      {IT: "non indicata", EN: "not given"},
		"stats.sex.M":        {IT: "maschile", EN: "male"},
		"stats.sex.F":        {IT: "femminile", EN: "female"},
		"stats.sex.none":     {IT: "non indicato", EN: "not given"},
		"stats.band.under":   {IT: "fino a %d anni", EN: "%d and under"},
		"stats.band.over":    {IT: "%d e oltre", EN: "%d and over"},
		"stats.band.unknown": {IT: "età non nota", EN: "age not known"},

		"stats.chart.mesi.title":      {IT: "Tornei omologati per mese", EN: "Homologated tournaments by month"},
		"stats.chart.mesi.x":          {IT: "Mese di fine del torneo", EN: "Month the tournament ended"},
		"stats.chart.mesi.y":          {IT: "Tornei", EN: "Tournaments"},
		"stats.chart.mesi.alt":        {IT: "Numero di tornei omologati per mese", EN: "Number of homologated tournaments by month"},
		"stats.chart.province.title":  {IT: "Giocatori per provincia del torneo", EN: "Players by the tournament's province"},
		"stats.chart.province.x":      {IT: "Provincia", EN: "Province"},
		"stats.chart.province.y":      {IT: "Giocatori", EN: "Players"},
		"stats.chart.province.alt":    {IT: "Numero di giocatori distinti per provincia del torneo", EN: "Number of distinct players by the tournament's province"},
		"stats.chart.categorie.title": {IT: "Giocatori per categoria", EN: "Players by category"},
		"stats.chart.categorie.x":     {IT: "Categoria", EN: "Category"},
		"stats.chart.categorie.y":     {IT: "Giocatori", EN: "Players"},
		"stats.chart.categorie.alt":   {IT: "Numero di giocatori per categoria nazionale", EN: "Number of players by national category"},
		"stats.chart.esiti.title":     {IT: "File respinti per provincia", EN: "Files rejected by province"},
		"stats.chart.esiti.x":         {IT: "Provincia", EN: "Province"},
		"stats.chart.esiti.y":         {IT: "File respinti", EN: "Files rejected"},
		"stats.chart.esiti.alt":       {IT: "Numero di file respinti per provincia", EN: "Number of files rejected by province"},

		// A year's statistics: %d the year.
		"stats.title":       {IT: "Statistiche %d", EN: "Statistics %d"},
		"stats.none":        {IT: "nessun dato", EN: "no data"},
		"stats.page.csv":    {IT: "CSV per Excel", EN: "CSV for Excel"},
		"stats.page.noData": {IT: "Nessun dato per l'anno.", EN: "No data for the year."},
	})
}
