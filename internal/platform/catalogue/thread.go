package catalogue

// Threads (issue 34): the reference a notice's Subject carries, the
// office's written answer to a reply, and what the pipeline notes of a
// reply, an automatic message and a delivery report.
func init() { lazy(threadEntries, "audit", "note", "notice", "office", "portal", "web") }

func threadEntries() {
	add(map[string]Entry{
		"notice.reference":        {IT: "[rif. %d]", EN: "[ref. %d]"},
		"notice.answer.subject":   {IT: "Risposta dell'ufficio omologazioni", EN: "Answer from the homologation office"},
		"notice.answer.decision":  {IT: "Decisione dell'ufficio", EN: "The office's decision"},
		"notice.answer.signature": {IT: "Ufficio omologazioni FSI – %s", EN: "FSI homologation office – %s"},

		// The note of a written reply, and of a reply from someone the
		// thread does not know (the address).
		"note.reply.message":  {IT: "risposta scritta per l'ufficio: non giudicata, nessuna risposta automatica", EN: "a written reply for the office: not judged, not answered automatically"},
		"note.reply.stranger": {IT: "risposta a un avviso da %s, che non è il mittente né l'organizzatore", EN: "a reply to a notice from %s, who is neither the sender nor the organiser"},
		"note.reply.version":  {IT: "nuova versione inviata in risposta all'avviso dell'invio n. %d", EN: "a new version sent in reply to the notice of submission no. %d"},

		"office.reply.no-text":      {IT: "la risposta alla trasmissione %d è vuota", EN: "the answer to submission %d is empty"},
		"office.reply.too-long":     {IT: "la risposta alla trasmissione %d è troppo lunga", EN: "the answer to submission %d is too long"},
		"office.reply.not-a-reply":  {IT: "la trasmissione %d non è una risposta scritta per l'ufficio", EN: "submission %d is no written reply for the office"},
		"office.reply.no-files":     {IT: "la conversazione della trasmissione %d non ha file di un torneo da giudicare di nuovo", EN: "the thread of submission %d has no tournament file to judge again"},
		"office.reply.rejudged":     {IT: "dopo la risposta scritta n. %d", EN: "after written reply no. %d"},
		"office.notice.none":        {IT: "nessun avviso %d", EN: "no notice %d"},
		"office.notice.bad-address": {IT: "%q non è un indirizzo di posta elettronica", EN: "%q is no e-mail address"},
		"audit.answer":              {IT: "risposta: %s", EN: "answer: %s"},
		"portal.state.message":      {IT: "messaggio per l'ufficio", EN: "message for the office"},
		"portal.notice.answer":      {IT: "Risposta dell'ufficio", EN: "The office's answer"},
		// The office's pages.
		"web.state.message":         {IT: "risposta scritta", EN: "written reply"},
		"web.noticeKind.answer":     {IT: "Risposta dell'ufficio", EN: "The office's answer"},
		"web.count.replyToRead":     {ITOne: "risposta da leggere", IT: "risposte da leggere", ENOne: "reply to read", EN: "replies to read"},
		"web.repliesToRead":         {IT: "Risposte da leggere", EN: "Replies to read"},
		"web.repliesExplain":        {IT: "Messaggi scritti in risposta a un avviso, senza un file dei risultati: non sono esaminati né ricevono risposta automatica.", EN: "Messages written in reply to a notice, without a result file: never judged nor answered automatically."},
		"web.inThreadOf":            {IT: "in risposta all'avviso dell'invio n.", EN: "in reply to the notice of submission no."},
		"web.replyAnsweredBy":       {IT: "risposta inviata da", EN: "answered by"},
		"web.readAndAnswer":         {IT: "Leggi e rispondi", EN: "Read and answer"},
		"web.markRead":              {IT: "Segna come letta", EN: "Mark as read"},
		"web.markReadExplain":       {IT: "nessuna risposta sarà inviata", EN: "no answer will be sent"},
		"web.bouncedOn":             {IT: "respinto dal server del destinatario il", EN: "returned by the recipient's server on"},
		"web.bounced":               {IT: "non recapitato (respinto)", EN: "not delivered (returned)"},
		"web.correctedAddress":      {IT: "Indirizzo corretto", EN: "Corrected address"},
		"web.thread":                {IT: "Conversazione", EN: "Thread"},
		"web.officeName":            {IT: "ufficio", EN: "office"},
		"web.writtenReply":          {IT: "risposta scritta", EN: "written reply"},
		"web.writtenReplies":        {IT: "Risposte scritte", EN: "Written replies"},
		"web.replyUnread":           {IT: "da leggere", EN: "to read"},
		"web.replyReadBy":           {IT: "letta da", EN: "read by"},
		"web.officeAnswer":          {IT: "risposta dell'ufficio", EN: "the office's answer"},
		"web.answerTitle":           {IT: "Rispondi", EN: "Answer"},
		"web.answerExplain":         {IT: "La risposta parte nella stessa conversazione, dall'indirizzo dell'ufficio, a", EN: "The answer goes out in the same thread, from the office's address, to"},
		"web.answerSend":            {IT: "Invia la risposta", EN: "Send the answer"},
		"web.answerRejudge":         {IT: "e giudica di nuovo l'ultima versione del torneo (dopo aver corretto i registri)", EN: "and judge the tournament's latest version again (after correcting the registers)"},
		"web.done.answeredRejudged": {IT: "Risposta inviata e torneo giudicato di nuovo.", EN: "Answer sent and the tournament judged again."},
		"web.count.msgFile":         {ITOne: "file", IT: "file", ENOne: "file", EN: "files"},
		"web.done.answered":         {IT: "Risposta inviata nella conversazione.", EN: "Answer sent in the thread."},
		"web.done.read":             {IT: "Risposta segnata come letta.", EN: "Reply marked as read."},
		"web.act.answer":            {IT: "risposta a un messaggio", EN: "answer to a message"},
		"audit.readdress":           {IT: "avviso %d inviato di nuovo a %s", EN: "notice %d sent again to %s"},
	})
}
