package web

// officeTexts are the words of the office's acts about a file and of the
// tournament page (issue 20), merged into texts at start.
var officeTexts = map[string]map[string]string{
	"it": {
		"officeActs": "Decisioni dell'ufficio su questo file", "rejudge": "Giudica di nuovo",
		"rejudgeHint":    "es. tessera registrata il 25/11",
		"rejudgeExplain": "Con i registri e il calendario in vigore oggi; il giudizio precedente resta nello storico.",
		"acceptDespite":  "Accetta nonostante questi errori", "acceptDespiteDo": "Accetta",
		"acceptLate": "Accetta il file in ritardo", "rejectVersion": "Respingi questa versione",
		"linkTo": "Attribuisci al torneo n.", "link": "Attribuisci", "unlink": "Separa in un torneo a sé",
		"ownTournament":  "È un torneo a sé",
		"officeDecision": "Decisione dell'ufficio", "decision.accept": "accettato nonostante gli errori",
		"decision.accept-late": "accettato in ritardo", "decision.reject": "respinto dall'ufficio",
		"judgedAs": "esito del controllo:", "pastJudgements": "Giudizi precedenti", "replacedOn": "sostituito il",
		"authorisation": "Autorizzazione", "maybeSame": "Forse lo stesso torneo di",
		"heldExplain":   "Trattenuto: il file potrebbe essere una versione di un altro torneo. Non conta in alcuna lista finché l'ufficio non lo attribuisce a un torneo o non lo dichiara un torneo a sé.",
		"errorFindings": "Errori", "countedIn": "Liste in cui ha contato", "correction": "correzione",
		"notCountedYet": "Nessuna lista chiusa lo comprende ancora.", "ratingEffect": "Effetto sul punteggio",
		"ratingEffectExplain": "Variazioni provvisorie calcolate all'omologazione della versione in vigore; quelle definitive alla chiusura della lista.",
		"refusedAct":          "Operazione non eseguita",
		"done.rejudged":       "File giudicato di nuovo.", "done.overruled": "Decisione registrata; l'arbitro è stato avvisato se l'esito è cambiato.",
		"done.linked": "File attribuito al torneo.", "done.unlinked": "File separato.",
		"act.rejudge": "nuovo giudizio", "act.overrule": "decisione su un esito",
		"heldFiles": "File trattenuti (da attribuire)", "noneHeld": "Nessun file da attribuire.",
		"workQueue": "Da fare", "closeNow": "da chiudere ora", "closeNowExplain": "Termine di ricezione passato: la lista si può chiudere.",
		"notYet": "si chiude dopo il", "closeEarlierFirst": "prima va chiusa la lista di",
		"closeBoth": "Chiudi e pubblica anche la lista precedente, prima: la lista di",
		"heldShort": "trattenuto, da attribuire a un torneo", "pendingWithdrawal": "decidere sul ritiro del giocatore n.",
		"pendingTheoretical": "dare il punteggio teorico al giocatore straniero senza punteggio n.",
		"queueEmpty":         "Nulla in attesa dell'ufficio.",
		"errorOne":           "errore", "errorMany": "errori", "seeFindings": "i rilievi",
		"massRemoval":      "Attenzione: questo file toglie %d delle %d righe del registro in vigore (%d%%, oltre il limite del %d%%). Un file troncato o sbagliato cancellerebbe il registro: l'importazione normale è rifiutata.",
		"replaceConfirm":   "Confermo di sostituire il registro, togliendo %d righe",
		"replaceRegister":  "Sostituisci il registro",
		"replaceAdminOnly": "Solo un amministratore può sostituire il registro.", "verdict.attachment": "allegato conservato",
	},
	"en": {
		"officeActs": "The office's decisions about this file", "rejudge": "Judge again",
		"rejudgeHint":    "e.g. membership recorded on 25/11",
		"rejudgeExplain": "Against the registers and calendar in force today; the earlier judgement stays in the history.",
		"acceptDespite":  "Accept despite these errors", "acceptDespiteDo": "Accept",
		"acceptLate": "Accept the late file", "rejectVersion": "Reject this version",
		"linkTo": "Attribute to tournament no.", "link": "Attribute", "unlink": "Make it a tournament of its own",
		"ownTournament":  "It is a tournament of its own",
		"officeDecision": "The office's decision", "decision.accept": "accepted despite the errors",
		"decision.accept-late": "accepted late", "decision.reject": "rejected by the office",
		"judgedAs": "the check's outcome:", "pastJudgements": "Earlier judgements", "replacedOn": "replaced on",
		"authorisation": "Authorisation", "maybeSame": "Maybe the same tournament as",
		"heldExplain":   "Held: the file may be a version of another tournament. It counts in no list until the office attributes it to a tournament or says it is a tournament of its own.",
		"errorFindings": "Errors", "countedIn": "Lists it counted in", "correction": "correction",
		"notCountedYet": "No closed list includes it yet.", "ratingEffect": "Rating effect",
		"ratingEffectExplain": "Provisional variations computed when the version in force was homologated; the final ones when the list closes.",
		"refusedAct":          "Not done",
		"done.rejudged":       "File judged again.", "done.overruled": "Decision recorded; the arbiter was told if the outcome changed.",
		"done.linked": "File attributed to the tournament.", "done.unlinked": "File separated.",
		"act.rejudge": "re-judgement", "act.overrule": "decision about an outcome",
		"heldFiles": "Held files (to attribute)", "noneHeld": "No file to attribute.",
		"workQueue": "To do", "closeNow": "to close now", "closeNowExplain": "Cut-off passed: the list can be closed.",
		"notYet": "closes after", "closeEarlierFirst": "close first the list of",
		"closeBoth": "Close and publish the earlier list too, first: the list of",
		"heldShort": "held, to attribute to a tournament", "pendingWithdrawal": "decide about the withdrawal of player no.",
		"pendingTheoretical": "give the theoretical rating of the foreign player without a rating no.",
		"queueEmpty":         "Nothing waits for the office.",
		"errorOne":           "error", "errorMany": "errors", "seeFindings": "the findings",
		"massRemoval":      "Warning: this file removes %d of the %d rows of the register in force (%d%%, above the %d%% limit). A truncated or wrong file would wipe the register: the ordinary import is refused.",
		"replaceConfirm":   "I confirm replacing the register, removing %d rows",
		"replaceRegister":  "Replace the register",
		"replaceAdminOnly": "Only an administrator can replace the register.", "verdict.attachment": "attachment kept",
	},
}

func init() {
	for lang, m := range officeTexts {
		for k, v := range m {
			texts[lang][k] = v
		}
	}
}
