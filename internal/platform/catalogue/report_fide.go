package catalogue

// The FIDE rating preview of the tournament report
// (internal/publishing/report/fide.go).
func init() { lazy(reportFideEntries, "report") }

func reportFideEntries() {
	add(map[string]Entry{
		"report.fide.Head":       {IT: "Anteprima del rating FIDE", EN: "FIDE rating preview"},
		"report.fide.Intro":      {IT: "Cosa farà la FIDE di questo torneo secondo il Regolamento per il Rating FIDE (testo in vigore dal %s): %s. Partite valutate dalla FIDE: %d; solo Elo Italia (RTF 4.2.12): %d; non giocate (FIDE-RR 5.1): %d.", EN: "What FIDE will make of this tournament by the FIDE Rating Regulations (as in force from %s): %s. Games FIDE rates: %d; Elo Italia only (RTF 4.2.12): %d; not played (FIDE-RR 5.1): %d."},
		"report.fide.Swiss":      {IT: "svizzero (FIDE-RR 8.21 a, 8.24; le partite dei giocatori con rating contro giocatori senza rating non sono valutate, 6.42)", EN: "Swiss (FIDE-RR 8.21 a, 8.24; rated players' games against unrated players are not rated, 6.42)"},
		"report.fide.RoundRobin": {IT: "girone all'italiana (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d", EN: "round robin (FIDE-RR 8.21 b, 8.58): Rar %s, dpa %s, Ra %d"},
		"report.fide.Swiss643":   {IT: "girone all'italiana con partite non giocate, valutato come uno svizzero (FIDE-RR 6.43)", EN: "round robin with unplayed games, rated as a Swiss (FIDE-RR 6.43)"},
		"report.fide.OnlyRated":  {IT: "sono valutate solo le partite contro avversari con rating (FIDE-RR 8.1, 8.3.1)", EN: "only games against rated opponents are rated (FIDE-RR 8.1, 8.3.1)"},
		"report.fide.Start":      {IT: "N.", EN: "No."},
		"report.fide.Name":       {IT: "Giocatore", EN: "Player"},
		"report.fide.Rating":     {IT: "Rating FIDE", EN: "FIDE rating"},
		"report.fide.Games":      {IT: "Partite", EN: "Games"},
		"report.fide.Points":     {IT: "Punti", EN: "Points"},
		"report.fide.Expected":   {IT: "Attesi", EN: "Expected"},
		"report.fide.K":          {IT: "K", EN: "K"},
		"report.fide.Change":     {IT: "Variazione", EN: "Change"},
		"report.fide.Rc":         {IT: "Rc", EN: "Rc"},
		"report.fide.Ru":         {IT: "Ru", EN: "Ru"},
		"report.fide.RcNew":      {IT: "Rc nuovo", EN: "Rc new"},
		"report.fide.RuNew":      {IT: "Ru nuovo", EN: "Ru new"},
		"report.fide.Note":       {IT: "Nota", EN: "Note"},
		"report.fide.NoGame":     {IT: "nessuna partita valutata dalla FIDE", EN: "no game FIDE rates"},
		"report.fide.NotCounted": {IT: "non valido: troppo pochi avversari con rating o punti (FIDE-RR %s)", EN: "does not count: too few rated opponents or points (FIDE-RR %s)"},
		"report.fide.BelowFloor": {IT: "non valido: sotto la soglia del rating FIDE (FIDE-RR %s)", EN: "does not count: below the FIDE rating floor (FIDE-RR %s)"},
		"report.fide.Published":  {IT: "rating pubblicato (FIDE-RR %s)", EN: "rating published (FIDE-RR %s)"},
		"report.fide.Counts":     {IT: "valido; rating pubblicato dopo %d partite (FIDE-RR %s)", EN: "counts; rating published after %d games (FIDE-RR %s)"},
		"report.fide.KUnknown":   {IT: "* K dal solo rating e dall'età: un giocatore con meno di 30 partite valutate ha il K di un nuovo giocatore.", EN: "* K from the rating and age alone: a player with fewer than 30 rated games has a new player's K."},
		"report.fide.KJunior":    {IT: "g: K di un giovane (sotto i 18 anni secondo il regolamento, rating sotto 2300).", EN: "j: a junior's K (under 18 as the regulations count, rated under 2300)."},
		"report.fide.KCapped":    {IT: "l: K ridotto perché K × partite resti entro il limite del regolamento (700).", EN: "c: K lowered so that K × games stays within the regulations' limit (700)."},
	})
}
