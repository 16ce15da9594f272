package notice

import "omologa/internal/homologation/validate"

// text holds a language's sentences. Placeholders are fmt verbs, in the
// order the code passes them.
type text struct {
	office, submissionN                string
	subjReceipt, subjRejection         string
	subjUnreadable                     string
	file, files                        string // counted: "1 file", "2 file"
	player, players, round, rounds     string // counted nouns of the summary
	oneDay, fromTo                     string
	at                                 string // a day and a time: "23/11/2026 alle 10:00"
	greeting, received, released       string
	channel                            map[string]string
	problemsHead, noFiles              string
	fileHead, fromArchive, summary     string
	verdictLabel                       string
	verdict                            map[validate.Verdict]string
	supersedes, period                 string
	inForce                            string
	subjRepeat, repeat, notJudged      string
	errorsHead, warningsHead, infoHead string
	line, playerN, roundN              string
	resubmitHead, resubmit, thanks     string
	resubmitBy, resubmitPast           string
	resubmitLate, resubmitUnreadable   string
	day                                [2]string // one, many
	signature                          string
}

var texts = map[string]*text{
	"it": {
		office:         "Ufficio omologazioni FSI",
		submissionN:    "invio n. %d",
		subjReceipt:    "Omologazione: ricevuta",
		subjRejection:  "Omologazione: torneo non omologabile",
		subjUnreadable: "Omologazione: file non leggibile",
		file:           "file", files: "file",
		player: "giocatore", players: "giocatori", round: "turno", rounds: "turni",
		oneDay: "il %s", fromTo: "dal %s al %s", at: "%s alle %s",
		greeting: "Gentile arbitro, gentile organizzatore,",
		received: "abbiamo ricevuto il %s (%s) l'invio n. %d «%s», con %s. Questo è l'esito del controllo.",
		released: "Il mittente non risultava tra gli arbitri e gli organizzatori registrati: l'ufficio ha verificato l'invio e lo ha ammesso al controllo il %s.",
		channel: map[string]string{"imap": "per posta elettronica", "drop": "nella cartella di deposito",
			"cli": "dalla riga di comando", "portal": "tramite il portale degli arbitri"},
		problemsHead: "Problemi dell'invio",
		noFiles:      "Nell'invio non c'è alcun file del torneo leggibile (TRF, .trfx o .tdf di Vega).",
		fileHead:     "File %s",
		fromArchive:  " (dall'archivio %s)",
		summary:      "Torneo: %s, %s, %s; %s, %s; cadenza %s.",
		verdictLabel: "Esito",
		verdict: map[validate.Verdict]string{validate.Accepted: "ACCETTATO",
			validate.AcceptedWithWarnings: "ACCETTATO CON AVVERTENZE", validate.Rejected: "RESPINTO"},
		supersedes:   "Questo file sostituisce %s, ricevuto con l'invio n. %d del %s: vale il nuovo file.",
		inForce:      "Questa versione non è omologata: resta valida la versione omologata il %s (%s, invio n. %d).",
		subjRepeat:   "Omologazione: invio già ricevuto",
		repeat:       "abbiamo ricevuto il %s (%s) un invio identico all'invio n. %d del %s, già esaminato: non lo esaminiamo di nuovo e l'esito resta quello comunicato allora. Per correggere il torneo inviate il file corretto.",
		notJudged:    "in esame",
		period:       "Il torneo sarà conteggiato nella lista %s di %s, emessa il %s (chiusura delle ricezioni il %s).",
		errorsHead:   "Errori (impediscono l'omologazione)",
		warningsHead: "Avvertenze (non impediscono l'omologazione, ma vanno verificate)",
		infoHead:     "Note",
		line:         "riga %d", playerN: "giocatore n. %d", roundN: "turno %d",
		resubmitHead: "Come reinviare",
		resubmit: "Correggete il file secondo gli errori elencati e inviatelo di nuovo rispondendo a questo messaggio " +
			"(oppure depositandolo nella cartella), entro %s dalla fine del torneo. Il nuovo file dello stesso " +
			"torneo sostituirà questo; non serve altro.",
		resubmitBy: "Correggete il file secondo gli errori elencati e inviatelo di nuovo rispondendo a questo messaggio " +
			"(oppure depositandolo nella cartella) entro il %s, %s dalla fine del torneo. Il nuovo file dello " +
			"stesso torneo sostituirà questo; non serve altro.",
		resubmitPast: "Il termine di invio (%s dalla fine del torneo) è scaduto il %s: un file corretto arriverebbe " +
			"fuori termine. Scrivete all'ufficio prima di reinviarlo.",
		resubmitLate: "Il file è arrivato dopo il termine di invio: inviarlo di nuovo non lo renderebbe omologabile. " +
			"Se il termine vi sembra calcolato male (per esempio per una data di fine torneo sbagliata nel file), " +
			"scrivete all'ufficio.",
		resubmitUnreadable: "Inviate il torneo come file TRF, rispondendo a questo messaggio (oppure depositandolo " +
			"nella cartella), entro %s dalla fine del torneo.",
		day:       [2]string{"giorno", "giorni"},
		thanks:    "Grazie: non è richiesta alcuna altra azione.",
		signature: "Messaggio automatico di omologa, l'ufficio omologazioni della FSI. Per domande scrivete a %s.",
	},
	"en": {
		office:         "FSI homologation office",
		submissionN:    "submission no. %d",
		subjReceipt:    "Homologation: receipt",
		subjRejection:  "Homologation: tournament not accepted",
		subjUnreadable: "Homologation: file not readable",
		file:           "file", files: "files",
		player: "player", players: "players", round: "round", rounds: "rounds",
		oneDay: "on %s", fromTo: "from %s to %s", at: "%s at %s",
		greeting: "Dear arbiter, dear organiser,",
		received: "on %s we received (%s) submission no. %d \"%s\", with %s. This is the outcome of the check.",
		released: "The sender is not a registered arbiter or organiser: the office reviewed the submission and admitted it to the check on %s.",
		channel: map[string]string{"imap": "by e-mail", "drop": "in the drop folder",
			"cli": "from the command line", "portal": "through the arbiters' portal"},
		problemsHead: "Problems with the submission",
		noFiles:      "The submission holds no readable tournament file (TRF, .trfx or Vega .tdf).",
		fileHead:     "File %s",
		fromArchive:  " (from the archive %s)",
		summary:      "Tournament: %s, %s, %s; %s, %s; rate of play %s.",
		verdictLabel: "Verdict",
		verdict: map[validate.Verdict]string{validate.Accepted: "ACCEPTED",
			validate.AcceptedWithWarnings: "ACCEPTED WITH WARNINGS", validate.Rejected: "REJECTED"},
		supersedes:   "This file replaces %s, received with submission no. %d on %s: the new file counts.",
		inForce:      "This version is not homologated: the version homologated on %s (%s, submission no. %d) remains valid.",
		subjRepeat:   "Homologation: submission already received",
		repeat:       "on %s (%s) we received a submission identical to submission no. %d of %s, already examined: it is not examined again and its outcome stands as notified then. To correct the tournament, send the corrected file.",
		notJudged:    "being examined",
		period:       "The tournament counts in the %s list of %s, issued on %s (receipts closing on %s).",
		errorsHead:   "Errors (they prevent homologation)",
		warningsHead: "Warnings (they do not prevent homologation, but check them)",
		infoHead:     "Notes",
		line:         "line %d", playerN: "player no. %d", roundN: "round %d",
		resubmitHead: "How to resubmit",
		resubmit: "Correct the file as the errors say and send it again by replying to this message (or by placing " +
			"it in the drop folder), within %s of the end of the tournament. A new file of the same tournament " +
			"replaces this one; nothing else is needed.",
		resubmitBy: "Correct the file as the errors say and send it again by replying to this message (or by placing " +
			"it in the drop folder) by %s, %s after the end of the tournament. A new file of the same tournament " +
			"replaces this one; nothing else is needed.",
		resubmitPast: "The sending deadline (%s after the end of the tournament) passed on %s: a corrected file " +
			"would arrive late. Write to the office before sending it again.",
		resubmitLate: "The file arrived after the sending deadline: sending it again would not make it homologable. " +
			"If the deadline seems wrongly computed to you (for instance because of a wrong end date in the file), " +
			"write to the office.",
		resubmitUnreadable: "Send the tournament as a TRF file, by replying to this message (or by placing it in the " +
			"drop folder), within %s of the end of the tournament.",
		day:       [2]string{"day", "days"},
		thanks:    "Thank you: nothing else is needed.",
		signature: "Automatic message from omologa, the FSI homologation office. For questions write to %s.",
	},
}
