package catalogue

// The answers to a submission (internal/publishing/notice): receipts,
// rejection notices and the short answer to a repeated submission.
func init() { lazy(noticeEntries, "count", "finding", "notice") }

func noticeEntries() {
	add(map[string]Entry{
		"notice.office": {
			IT: "Ufficio omologazioni FSI",
			EN: "FSI homologation office",
		},
		"notice.attachmentsHead": {
			IT: "Altri allegati",
			EN: "Other attachments",
		},
		"notice.submissionN": {
			IT: "invio n. %d",
			EN: "submission no. %d",
		},
		"notice.subjReceipt": {
			IT: "Omologazione: ricevuta",
			EN: "Homologation: receipt",
		},
		"notice.subjRejection": {
			IT: "Omologazione: torneo non omologabile",
			EN: "Homologation: tournament not accepted",
		},
		"notice.subjUnreadable": {
			IT: "Omologazione: file non leggibile",
			EN: "Homologation: file not readable",
		},
		"count.file":   {IT: "file", EN: "files", ITOne: "file", ENOne: "file"},
		"count.player": {IT: "giocatori", EN: "players", ITOne: "giocatore", ENOne: "player"},
		"count.round":  {IT: "turni", EN: "rounds", ITOne: "turno", ENOne: "round"},
		"notice.oneDay": {
			IT: "il %s",
			EN: "on %s",
		},
		"notice.fromTo": {
			IT: "dal %s al %s",
			EN: "from %s to %s",
		},
		"notice.at": {
			IT: "%s alle %s",
			EN: "%s at %s",
		},
		"notice.greeting": {
			IT: "Gentile arbitro, gentile organizzatore,",
			EN: "Dear arbiter, dear organiser,",
		},
		"notice.received": {
			IT: "abbiamo ricevuto il %s (%s) l'invio n. %d «%s», con %s. Questo è l'esito del controllo.",
			EN: "on %s we received (%s) submission no. %d \"%s\", with %s. This is the outcome of the check.",
		},
		"notice.released": {
			IT: "Il mittente non risultava tra gli arbitri e gli organizzatori registrati: l'ufficio ha verificato l'invio e lo ha ammesso al controllo il %s.",
			EN: "The sender is not a registered arbiter or organiser: the office reviewed the submission and admitted it to the check on %s.",
		},
		"notice.problemsHead": {
			IT: "Problemi dell'invio",
			EN: "Problems with the submission",
		},
		"notice.noFiles": {
			IT: "Nell'invio non c'è alcun file del torneo leggibile (TRF, .trfx o .tdf di Vega).",
			EN: "The submission holds no readable tournament file (TRF, .trfx or Vega .tdf).",
		},
		"notice.fileHead": {
			IT: "File %s",
			EN: "File %s",
		},
		"notice.fromArchive": {
			IT: " (dall'archivio %s)",
			EN: " (from the archive %s)",
		},
		"notice.summary": {
			IT: "Torneo: %s, %s, %s; %s, %s; cadenza %s.",
			EN: "Tournament: %s, %s, %s; %s, %s; rate of play %s.",
		},
		"notice.verdictLabel": {
			IT: "Esito",
			EN: "Verdict",
		},
		"notice.supersedes": {
			IT: "Questo file sostituisce %s, ricevuto con l'invio n. %d del %s: vale il nuovo file.",
			EN: "This file replaces %s, received with submission no. %d on %s: the new file counts.",
		},
		"notice.inForce": {
			IT: "Questa versione non è omologata: resta valida la versione omologata il %s (%s, invio n. %d).",
			EN: "This version is not homologated: the version homologated on %s (%s, submission no. %d) remains valid.",
		},
		"notice.subjRepeat": {
			IT: "Omologazione: invio già ricevuto",
			EN: "Homologation: submission already received",
		},
		"notice.repeat": {
			IT: "abbiamo ricevuto il %s (%s) un invio identico all'invio n. %d del %s, già esaminato: non lo esaminiamo di nuovo e l'esito resta quello comunicato allora. Per correggere il torneo inviate il file corretto.",
			EN: "on %s (%s) we received a submission identical to submission no. %d of %s, already examined: it is not examined again and its outcome stands as notified then. To correct the tournament, send the corrected file.",
		},
		"notice.notJudged": {
			IT: "in esame",
			EN: "being examined",
		},
		"notice.period": {
			IT: "Il torneo sarà conteggiato nella lista %s di %s, emessa il %s (chiusura delle ricezioni il %s).",
			EN: "The tournament counts in the %s list of %s, issued on %s (receipts closing on %s).",
		},
		"notice.errorsHead": {
			IT: "Errori (impediscono l'omologazione)",
			EN: "Errors (they prevent homologation)",
		},
		"notice.holdsHead": {
			IT: "Da verificare da parte dell'ufficio (il file resta in attesa)",
			EN: "For the office to verify (the file waits)",
		},
		"notice.held": {
			IT: "L'autorizzazione del torneo è in verifica: il calendario dei tornei autorizzati non permette di riconoscerlo con certezza (RTF 5.3.1 g, 6.1.1). Il file non è ancora omologato né respinto; riceverete un nuovo avviso quando l'ufficio avrà verificato. Se conoscete il codice dell'autorizzazione, rispondete a questo messaggio indicandolo.",
			EN: "The tournament's authorisation is being verified: the calendar of authorised tournaments does not identify it with certainty (RTF 5.3.1 g, 6.1.1). The file is neither homologated nor rejected yet; you will get another notice once the office has verified. If you know the authorisation's code, reply to this message with it.",
		},
		"notice.warningsHead": {
			IT: "Avvertenze (non impediscono l'omologazione, ma vanno verificate)",
			EN: "Warnings (they do not prevent homologation, but check them)",
		},
		"notice.infoHead": {
			IT: "Note",
			EN: "Notes",
		},
		"finding.line": {
			IT: "riga %d",
			EN: "line %d",
		},
		"finding.player": {
			IT: "giocatore n. %d",
			EN: "player no. %d",
		},
		"finding.round": {
			IT: "turno %d",
			EN: "round %d",
		},
		"notice.resubmitHead": {
			IT: "Come reinviare",
			EN: "How to resubmit",
		},
		"notice.resubmit": {
			IT: "Correggete il file secondo gli errori elencati e inviatelo di nuovo rispondendo a questo messaggio (oppure depositandolo nella cartella), entro %s dalla fine del torneo. Il nuovo file dello stesso torneo sostituirà questo; non serve altro.",
			EN: "Correct the file as the errors say and send it again by replying to this message (or by placing it in the drop folder), within %s of the end of the tournament. A new file of the same tournament replaces this one; nothing else is needed.",
		},
		"notice.resubmitBy": {
			IT: "Correggete il file secondo gli errori elencati e inviatelo di nuovo rispondendo a questo messaggio (oppure depositandolo nella cartella) entro il %s, %s dalla fine del torneo. Il nuovo file dello stesso torneo sostituirà questo; non serve altro.",
			EN: "Correct the file as the errors say and send it again by replying to this message (or by placing it in the drop folder) by %s, %s after the end of the tournament. A new file of the same tournament replaces this one; nothing else is needed.",
		},
		"notice.resubmitPast": {
			IT: "Il termine di invio (%s dalla fine del torneo) è scaduto il %s: un file corretto arriverebbe fuori termine. Scrivete all'ufficio prima di reinviarlo.",
			EN: "The sending deadline (%s after the end of the tournament) passed on %s: a corrected file would arrive late. Write to the office before sending it again.",
		},
		"notice.resubmitLate": {
			IT: "Il file è arrivato dopo il termine di invio: inviarlo di nuovo non lo renderebbe omologabile. Se il termine vi sembra calcolato male (per esempio per una data di fine torneo sbagliata nel file), scrivete all'ufficio.",
			EN: "The file arrived after the sending deadline: sending it again would not make it homologable. If the deadline seems wrongly computed to you (for instance because of a wrong end date in the file), write to the office.",
		},
		"notice.resubmitUnreadable": {
			IT: "Inviate il torneo come file TRF, rispondendo a questo messaggio (oppure depositandolo nella cartella), entro %s dalla fine del torneo.",
			EN: "Send the tournament as a TRF file, by replying to this message (or by placing it in the drop folder), within %s of the end of the tournament.",
		},
		"notice.thanksHeld": {
			IT: "Grazie: per ora non serve altro; l'esito vi arriverà appena l'ufficio avrà verificato l'autorizzazione.",
			EN: "Thank you: nothing else is needed for now; the outcome will reach you once the office has verified the authorisation.",
		},
		"notice.thanks": {
			IT: "Grazie: non è richiesta alcuna altra azione.",
			EN: "Thank you: nothing else is needed.",
		},
		"notice.signature": {
			IT: "Messaggio automatico di omologa, l'ufficio omologazioni della FSI. Per domande scrivete a %s.",
			EN: "Automatic message from omologa, the FSI homologation office. For questions write to %s.",
		},
		"notice.channel.imap":                   {IT: "per posta elettronica", EN: "by e-mail"},
		"notice.channel.drop":                   {IT: "nella cartella di deposito", EN: "in the drop folder"},
		"notice.channel.cli":                    {IT: "dalla riga di comando", EN: "from the command line"},
		"notice.channel.portal":                 {IT: "tramite il portale degli arbitri", EN: "through the arbiters' portal"},
		"notice.verdict.accepted":               {IT: "ACCETTATO", EN: "ACCEPTED"},
		"notice.verdict.accepted-with-warnings": {IT: "ACCETTATO CON AVVERTENZE", EN: "ACCEPTED WITH WARNINGS"},
		"notice.verdict.rejected":               {IT: "RESPINTO", EN: "REJECTED"},
		"notice.verdict.held":                   {IT: "AUTORIZZAZIONE IN VERIFICA", EN: "AUTHORISATION BEING VERIFIED"},
		"count.day":                             {IT: "giorni", EN: "days", ITOne: "giorno", ENOne: "day"},
	})
}

// The homologation fee in a receipt or a rejection (issue 33: RTF 6.2.2,
// RAPID 5.2, 5.4).
func init() { lazy(noticeFeeEntries, "notice") }

func noticeFeeEntries() {
	add(map[string]Entry{
		"notice.fee.head":  {IT: "Quota di omologazione", EN: "Homologation fee"},
		"notice.thanksFee": {IT: "Grazie: resta soltanto il versamento della quota.", EN: "Thank you: only the fee remains to be paid."},
		"notice.fee.due": {IT: "Per l'omologazione è dovuta una quota di %s (%s), da versare entro il %s.",
			EN: "A homologation fee of %s is due (%s), to be paid by %s."},
		"notice.fee.account": {IT: "Bonifico a: %s, IBAN %s.", EN: "Bank transfer to: %s, IBAN %s."},
		"notice.fee.reference": {IT: "Nella causale scrivete il codice %s: così il versamento è riconosciuto senza attese.",
			EN: "Write the code %s in the transfer's description, so that the payment is recognised at once."},
		"notice.fee.afterPayment": {IT: "Il torneo entra nella lista del rating dopo il versamento (RTF 6.2.2): fino ad allora resta in attesa della quota.",
			EN: "The tournament enters the rating list after the payment (RTF 6.2.2): until then it awaits the fee."},
		"notice.fee.paid":         {IT: "La quota di omologazione di %s risulta versata. Grazie.", EN: "The homologation fee of %s has been paid. Thank you."},
		"notice.fee.exempt":       {IT: "Nessuna quota di omologazione è dovuta: il torneo è esente (%s nel calendario).", EN: "No homologation fee is due: the tournament is exempt (%s in the calendar)."},
		"notice.fee.noneRejected": {IT: "Il torneo non è omologato: nessuna quota di omologazione è dovuta.", EN: "The tournament is not homologated: no homologation fee is due."},
		"notice.fee.kept": {IT: "Il torneo non è omologato: la quota già versata (%s) è incamerata dalla FSI a titolo di rimborso spese di segreteria (RAPID 5.4).",
			EN: "The tournament is not homologated: the fee already paid (%s) is kept by the FSI for its administrative costs (RAPID 5.4)."},
	})
}
