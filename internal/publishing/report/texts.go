package report

import (
	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
)

// text holds a language's words. Placeholders are fmt verbs, in the
// order the code passes them.
type text struct {
	Lang                                         string
	Office                                       string
	File, Format, City, Dates, FromTo, Size      string
	SizeFmt, Rate, Minutes60, Arbiter, Deputies  string
	RuleSet, Received, Period, PeriodFmt         string
	Edition                                      string // "%s, edizione %s": the kind and the year of a rule set
	VerdictLabel                                 string
	Verdict                                      map[validate.Verdict]string
	Kind                                         map[fsi.Kind]string
	Severity                                     map[validate.Severity]string
	FindingsHead, NoFindings                     string
	ColSeverity, ColRule, ColArticle, ColWhere   string
	ColMessage                                   string
	StandingsHead, NoTiebreaks, DeclaredPoints   string
	ColRank, ColStart, ColName, ColTitle, ColFed string
	ColRating, ColPoints                         string
	CrossHead, CrossNote, Legend                 string
	RatingsHead, RatingsNote                     string
	ColFSI, ColSource, ColRated, ColGames        string
	ColScore, ColExpected, ColK, ColDelta        string
	ColApplied, ColArticles                      string
	Yes, No                                      string
	NormsHead, NormFmt, NormLong, NormShort      string
	ChartAlt, ChartVariation, ChartRatingVsScore string
	ChartAxisScore, ChartAxisRating, GeneratedBy string
	ChartAxisVariation                           string
	NotRated, Unreadable                         string
	White, Black, Folded                         string
	ColRatingFile, ColRatingUsed                 string
}

var texts = map[string]*text{
	"it": {
		Lang:   "it",
		Office: "Ufficio omologazioni FSI",
		File:   "File", Format: "Formato", City: "Luogo", Dates: "Date", FromTo: "dal %s al %s",
		Size: "Giocatori e turni", SizeFmt: "%d giocatori, %d turni",
		Rate: "Cadenza", Minutes60: "(%s minuti per 60 mosse)", Arbiter: "Arbitro", Deputies: "vice:",
		RuleSet: "Regolamento applicato", Received: "Ricevuto il", Period: "Lista", Edition: "%s, edizione %s",
		PeriodFmt: "%s, lista di %s (ricezioni chiuse il %s)",
		White:     "B", Black: "N", Folded: "tutti i %d rilievi di questo tipo",
		ColRatingFile: "Elo nel file", ColRatingUsed: "Elo usato",
		VerdictLabel: "Esito",
		Verdict: map[validate.Verdict]string{validate.Accepted: "OMOLOGATO",
			validate.AcceptedWithWarnings: "OMOLOGATO CON AVVERTENZE", validate.Rejected: "RESPINTO"},
		Kind: map[fsi.Kind]string{fsi.Standard: "gioco lento", fsi.Rapid: "gioco rapido", fsi.Blitz: "gioco lampo",
			fsi.Promotion: "torneo di promozione"},
		Severity: map[validate.Severity]string{validate.SeverityError: "errore", validate.SeverityWarning: "avvertenza",
			validate.SeverityInfo: "nota"},
		FindingsHead: "Rilievi", NoFindings: "Nessun rilievo.",
		ColSeverity: "Tipo", ColRule: "Controllo", ColArticle: "Articolo", ColWhere: "Dove", ColMessage: "Rilievo",
		StandingsHead:  "Classifica finale",
		NoTiebreaks:    "Classifica e punti come scritti nel file: omologa non ha potuto ricalcolarli.",
		DeclaredPoints: "nel file: %s",
		ColRank:        "Pos.", ColStart: "N.", ColName: "Giocatore", ColTitle: "Tit.", ColFed: "Fed.",
		ColRating: "Elo", ColPoints: "Punti",
		CrossHead:   "Tabellone",
		CrossNote:   "Righe nell'ordine della classifica; per ogni turno il numero di partenza dell'avversario, il colore (B bianco, N nero) e il risultato.",
		Legend:      "Codici: + vittoria a forfait, - sconfitta a forfait, W D L partita non valutata (meno di una mossa), H mezzo punto di bye richiesto, F punto intero di bye richiesto, U bye assegnato dall'abbinamento, Z assenza a zero punti, – non abbinato.",
		RatingsHead: "Variazioni %s (provvisorie)",
		RatingsNote: "Calcolate sulla lista in vigore (RTF 4.3.1, RAPID 7.1); le variazioni del periodo si sommano alla chiusura della lista.",
		ColFSI:      "Tessera", ColSource: "Origine", ColRated: "Variato", ColGames: "Partite",
		ColScore: "Punti", ColExpected: "PA", ColK: "K", ColDelta: "V = K(P − PA)", ColApplied: "Applicata",
		ColArticles: "Articoli", Yes: "sì", No: "no",
		NormsHead: "Norme di Maestro", NormFmt: "%d %s: norma %s, %s su %d contro una media di %d (richiesti %s)",
		NormLong: "lunga (RTF 4.4.1.5.1)", NormShort: "breve (RTF 4.4.1.5.2)",
		ChartAlt: "grafico", ChartVariation: "Variazione per giocatore", ChartRatingVsScore: "Elo e punti",
		ChartAxisScore: "Punti", ChartAxisRating: "Elo", ChartAxisVariation: "Variazione Elo applicata",
		GeneratedBy: "Rapporto prodotto da omologa, l'ufficio omologazioni della FSI.",
		NotRated:    "Torneo non valutato.",
		Unreadable:  "Il file non si è potuto leggere: il rapporto riporta soltanto i rilievi.",
	},
	"en": {
		Lang:   "en",
		Office: "FSI homologation office",
		File:   "File", Format: "Format", City: "Venue", Dates: "Dates", FromTo: "%s to %s",
		Size: "Players and rounds", SizeFmt: "%d players, %d rounds",
		Rate: "Rate of play", Minutes60: "(%s minutes for 60 moves)", Arbiter: "Arbiter", Deputies: "deputies:",
		RuleSet: "Rule set applied", Received: "Received", Period: "List", Edition: "%s, %s edition",
		PeriodFmt: "%s, %s list (receipts closing on %s)",
		White:     "W", Black: "B", Folded: "all %d findings of this kind",
		ColRatingFile: "Rating in file", ColRatingUsed: "Rating used",
		VerdictLabel: "Verdict",
		Verdict: map[validate.Verdict]string{validate.Accepted: "ACCEPTED",
			validate.AcceptedWithWarnings: "ACCEPTED WITH WARNINGS", validate.Rejected: "REJECTED"},
		Kind: map[fsi.Kind]string{fsi.Standard: "standard play", fsi.Rapid: "rapid play", fsi.Blitz: "blitz",
			fsi.Promotion: "promotion tournament"},
		Severity: map[validate.Severity]string{validate.SeverityError: "error", validate.SeverityWarning: "warning",
			validate.SeverityInfo: "note"},
		FindingsHead: "Findings", NoFindings: "No findings.",
		ColSeverity: "Kind", ColRule: "Check", ColArticle: "Article", ColWhere: "Where", ColMessage: "Finding",
		StandingsHead:  "Final standings",
		NoTiebreaks:    "Standings and points as the file gives them: omologa could not recompute them.",
		DeclaredPoints: "file says %s",
		ColRank:        "Rank", ColStart: "No.", ColName: "Player", ColTitle: "Title", ColFed: "Fed.",
		ColRating: "Rating", ColPoints: "Points",
		CrossHead:   "Crosstable",
		CrossNote:   "Rows in the order of the standings; for each round the opponent's starting number, the colour (w white, b black) and the result.",
		Legend:      "Codes: + forfeit win, - forfeit loss, W D L game not rated (less than one move), H half-point bye, F full-point bye, U pairing-allocated bye, Z zero-point bye, – not paired.",
		RatingsHead: "%s variations (provisional)",
		RatingsNote: "Computed on the list in force (RTF 4.3.1, RAPID 7.1); the period's variations are summed when the list closes.",
		ColFSI:      "FSI id", ColSource: "Source", ColRated: "Rated", ColGames: "Games",
		ColScore: "Score", ColExpected: "PA", ColK: "K", ColDelta: "V = K(P − PA)", ColApplied: "Applied",
		ColArticles: "Articles", Yes: "yes", No: "no",
		NormsHead: "Maestro norms", NormFmt: "%d %s: %s norm, %s of %d against an average of %d (needed %s)",
		NormLong: "long (RTF 4.4.1.5.1)", NormShort: "short (RTF 4.4.1.5.2)",
		ChartAlt: "chart", ChartVariation: "Variation per player", ChartRatingVsScore: "Rating and score",
		ChartAxisScore: "Score", ChartAxisRating: "Rating", ChartAxisVariation: "Rating variation applied",
		GeneratedBy: "Report produced by omologa, the FSI homologation office.",
		NotRated:    "Tournament not rated.",
		Unreadable:  "The file could not be read: the report shows the findings only.",
	},
}
