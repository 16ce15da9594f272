package catalogue

// The public site (internal/publishing/site), which is Italian: its
// frame, its pages' headings, captions and notes, its tables' headings
// ("site.col.*"), its facts ("site.fact.*"). The English side is there
// for a translator and for the day the site has it. A page's words are
// written as the catalogue has them: they hold no markup.
func init() { lazy(siteEntries, "site") }

func siteEntries() {
	add(map[string]Entry{
		"site.federation":  {IT: "Federazione Scacchistica Italiana", EN: "Italian Chess Federation"},
		"site.skip":        {IT: "Vai al contenuto", EN: "Skip to content"},
		"site.nav":         {IT: "Sezioni", EN: "Sections"},
		"site.nav.lists":   {IT: "Liste", EN: "Lists"},
		"site.tournaments": {IT: "Tornei omologati", EN: "Homologated tournaments"},
		"site.provinces":   {IT: "Province", EN: "Provinces"},
		"site.stats":       {IT: "Statistiche", EN: "Statistics"},
		"site.footer": {IT: "Pubblicati solo cognome, nome, tessera FSI, titolo FIDE, categoria, provincia ed Elo (RAPID 5.3; regolamento sulla protezione dei dati).",
			EN: "Only surname, name, FSI membership number, FIDE title, category, province and rating are published (RAPID 5.3; data protection regulation)."},
		"site.search": {IT: "Cerca", EN: "Search"},
		// Between two dates.
		"site.fromTo": {IT: "dal %s al %s", EN: "%s to %s"},

		"site.index.title": {IT: "Liste Elo Italia", EN: "Elo Italia lists"},
		"site.index.intro": {IT: "Le liste Elo Italia ed Elo Italia Rapid pubblicate dalla Federazione, ciascuna con la ricerca per nome e l'ordinamento per colonna; ogni giocatore ha la sua pagina con l'andamento dell'Elo e i tornei omologati che ha giocato.",
			EN: "The Elo Italia and Elo Italia Rapid lists the Federation published, each searchable by name and sortable by column; every player has a page with his rating's history and the homologated tournaments he played."},
		"site.index.head": {IT: "Liste pubblicate", EN: "Published lists"},
		"site.index.none": {IT: "Nessuna lista pubblicata.", EN: "No list published."},

		"site.list.download":    {IT: "Scarica la lista:", EN: "Download the list:"},
		"site.list.placeholder": {IT: "cognome, nome, provincia…", EN: "surname, name, province…"},
		// After the list's title.
		"site.list.caption": {IT: ": i giocatori in lista; un clic sull'intestazione ordina la colonna", EN: ": the players on the list; a click on a heading sorts its column"},
		"site.list.none":    {IT: "Nessun giocatore in lista.", EN: "No player on the list."},
		"site.list.legend":  {IT: "Legenda", EN: "Key"},

		"site.col.pos":        {IT: "Pos.", EN: "Rank"},
		"site.col.fsiID":      {IT: "Tessera FSI", EN: "FSI member"},
		"site.col.surname":    {IT: "Cognome", EN: "Surname"},
		"site.col.name":       {IT: "Nome", EN: "Name"},
		"site.col.fullName":   {IT: "Cognome e nome", EN: "Surname and name"},
		"site.col.cat":        {IT: "Cat.", EN: "Cat."},
		"site.col.prov":       {IT: "Prov.", EN: "Prov."},
		"site.col.list":       {IT: "Lista", EN: "List"},
		"site.col.kind":       {IT: "Tipo", EN: "Kind"},
		"site.col.category":   {IT: "Categoria", EN: "Category"},
		"site.col.tournament": {IT: "Torneo", EN: "Tournament"},
		"site.col.dates":      {IT: "Date", EN: "Dates"},
		"site.col.games":      {IT: "Partite", EN: "Games"},
		"site.col.points":     {IT: "Punti", EN: "Points"},
		"site.col.variation":  {IT: "Variazione", EN: "Change"},
		"site.col.player":     {IT: "Giocatore", EN: "Player"},
		"site.col.players":    {IT: "Giocatori", EN: "Players"},
		"site.col.titleCat":   {IT: "Tit./Cat.", EN: "Title/Cat."},
		"site.col.start":      {IT: "N.", EN: "No."},
		// A round's column: %d its number.
		"site.col.round":    {IT: "T%d", EN: "R%d"},
		"site.col.city":     {IT: "Città", EN: "Town"},
		"site.col.province": {IT: "Provincia", EN: "Province"},
		"site.col.listed":   {IT: "Giocatori in lista", EN: "Players on the lists"},

		"site.player.history":        {IT: "Elo nelle liste pubblicate", EN: "Rating in the published lists"},
		"site.player.historyCaption": {IT: "L'Elo in ogni lista pubblicata", EN: "The rating in every published list"},
		"site.player.gamesCaption":   {IT: "I tornei omologati giocati, con il punteggio e la variazione dell'Elo", EN: "The homologated tournaments played, with the score and the rating change"},
		"site.player.notYet":         {IT: "non ancora in lista", EN: "not on a list yet"},
		"site.player.none":           {IT: "Nessun torneo omologato registrato.", EN: "No homologated tournament recorded."},
		"site.player.noscript":       {IT: "La tabella e il grafico dell'Elo si leggono dai file delle liste con JavaScript: le liste sono anche nelle loro pagine.", EN: "The rating table and chart are read from the lists' files with JavaScript: the lists are on their own pages too."},
		"site.player.fideTitle":      {IT: "Titolo FIDE", EN: "FIDE title"},
		// After the rating, for a player whose Elo Italia is his FIDE rating.
		"site.player.fideRating": {IT: " (Elo FIDE, RTF 4.2.8)", EN: " (FIDE rating, RTF 4.2.8)"},
		// %s the rapid rating, %s the rapid category.
		"site.player.rapidCategory": {IT: "%s, categoria %s", EN: "%s, category %s"},
		// %s the player's name.
		"site.player.chart": {IT: "Andamento dell'Elo di %s nelle liste pubblicate", EN: "%s's rating in the published lists"},

		"site.tourn.standings":        {IT: "Classifica finale", EN: "Final standings"},
		"site.tourn.standingsCaption": {IT: "Classifica con gli spareggi (Buchholz, Buchholz meno il peggiore, Sonneborn-Berger) e la variazione dell'Elo", EN: "Standings with the tie-breaks (Buchholz, Buchholz cut 1, Sonneborn-Berger) and the rating change"},
		"site.tourn.bhc1":             {IT: "Buchholz meno il peggiore", EN: "Buchholz cut 1"},
		"site.tourn.cross":            {IT: "Tabellone", EN: "Cross table"},
		"site.tourn.crossNote":        {IT: "Per ogni turno: numero di partenza dell'avversario, colore (B bianco, N nero) e risultato; – nessuna partita.", EN: "For each round: the opponent's starting number, the colour (B white, N black) and the result; – no game."},
		"site.tourn.crossCaption":     {IT: "Tabellone per turno", EN: "Cross table by round"},
		"site.fact.city":              {IT: "Luogo", EN: "Venue"},
		"site.fact.dates":             {IT: "Date", EN: "Dates"},
		"site.fact.kind":              {IT: "Tipo", EN: "Kind"},
		"site.fact.rounds":            {IT: "Turni", EN: "Rounds"},
		"site.fact.players":           {IT: "Giocatori", EN: "Players"},
		"site.fact.ratedIn":           {IT: "Valutato nella", EN: "Rated in"},
		"site.fact.rating":            {IT: "Valutazione", EN: "Rating"},
		"site.fact.nextList":          {IT: "nella prossima lista", EN: "in the next list"},

		"site.tourns.placeholder": {IT: "nome, città, provincia…", EN: "name, town, province…"},
		"site.tourns.caption":     {IT: "I tornei omologati, dal più recente", EN: "The homologated tournaments, latest first"},
		"site.tourns.none":        {IT: "Nessun torneo omologato.", EN: "No homologated tournament."},

		"site.provs.intro":   {IT: "I giocatori delle liste e i tornei omologati, per provincia.", EN: "The players on the lists and the homologated tournaments, by province."},
		"site.provs.caption": {IT: "Le province", EN: "The provinces"},
		"site.provs.none":    {IT: "Nessuna provincia.", EN: "No province."},
		// %s the province's sign.
		"site.province.title":       {IT: "Provincia di %s", EN: "Province of %s"},
		"site.province.placeholder": {IT: "cognome, nome…", EN: "surname, name…"},
		"site.province.caption":     {IT: "I giocatori della provincia nelle ultime liste", EN: "The province's players in the latest lists"},
		"site.province.noPlayers":   {IT: "Nessun giocatore.", EN: "No player."},
		"site.province.noTourns":    {IT: "Nessun torneo omologato nella provincia.", EN: "No homologated tournament in the province."},

		"site.stats.intro": {IT: "Le statistiche dell'attività della Federazione: tornei, partite e giocatori per mese, provincia e società; nuovi giocatori; categorie; Elo per sesso e fascia d'età; esiti dell'omologazione. Le cifre per società sono solo conteggi.",
			EN: "The Federation's activity in figures: tournaments, games and players by month, province and club; new players; categories; ratings by sex and age band; homologation outcomes. The figures by club are counts only."},
		// %d the year.
		"site.stats.year": {IT: "Anno %d", EN: "Year %d"},
		"site.stats.none": {IT: "Nessun dato.", EN: "No data."},
	})
}
