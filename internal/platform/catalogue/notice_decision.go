package catalogue

// The notices of an office's act that changed a verdict or where a
// tournament counts (internal/publishing/notice/decision.go).
func init() { lazy(noticeDecisionEntries, "notice") }

func noticeDecisionEntries() {
	add(map[string]Entry{
		"notice.decision.subject.rejudged": {
			IT: "Omologazione: nuovo esito",
			EN: "Homologation: new outcome",
		},
		"notice.decision.subject.overruled": {
			IT: "Omologazione: decisione dell'ufficio",
			EN: "Homologation: the office's decision",
		},
		"notice.decision.subject.revoked": {
			IT: "Omologazione revocata",
			EN: "Homologation revoked",
		},
		"notice.decision.subject.reinstated": {
			IT: "Omologazione ripristinata",
			EN: "Homologation reinstated",
		},
		"notice.decision.subject.linked": {
			IT: "Omologazione: file attribuito al torneo",
			EN: "Homologation: file attributed to the tournament",
		},
		"notice.decision.subject.authorisation": {
			IT: "Omologazione: autorizzazione verificata",
			EN: "Homologation: authorisation verified",
		},
		"notice.decision.opening.authorisation": {
			IT: "l'ufficio ha verificato l'autorizzazione del torneo del file %s «%s» dell'invio n. %d (torneo %s) e lo ha esaminato di nuovo.",
			EN: "the office has verified the authorisation of the tournament of file %s \"%s\" of submission no. %d (tournament %s) and judged it again.",
		},
		"notice.decision.opening.rejudged": {
			IT: "l'ufficio ha esaminato di nuovo il file %s «%s» dell'invio n. %d (torneo %s) con i registri e il calendario in vigore oggi.",
			EN: "the office has judged again file %s \"%s\" of submission no. %d (tournament %s) against the registers and calendar in force today.",
		},
		"notice.decision.opening.overruled": {
			IT: "l'ufficio ha preso una decisione sul file %s «%s» dell'invio n. %d (torneo %s).",
			EN: "the office has taken a decision about file %s \"%s\" of submission no. %d (tournament %s).",
		},
		"notice.decision.opening.revoked": {
			IT: "l'ufficio ha revocato l'omologazione del file %s «%s» dell'invio n. %d (torneo %s).",
			EN: "the office has revoked the homologation of file %s \"%s\" of submission no. %d (tournament %s).",
		},
		"notice.decision.opening.reinstated": {
			IT: "l'ufficio ha ripristinato l'omologazione del file %s «%s» dell'invio n. %d (torneo %s).",
			EN: "the office has reinstated the homologation of file %s \"%s\" of submission no. %d (tournament %s).",
		},
		"notice.decision.opening.linked": {
			IT: "l'ufficio ha attribuito il file %s «%s» dell'invio n. %d al torneo %s.",
			EN: "the office has attributed file %s \"%s\" of submission no. %d to tournament %s.",
		},
		"notice.decision.before":   {IT: "Esito precedente: %s.", EN: "Previous outcome: %s."},
		"notice.decision.now":      {IT: "Esito ora: %s (%s).", EN: "Outcome now: %s (%s)."},
		"notice.decision.reason":   {IT: "Motivo della decisione", EN: "Reason for the decision"},
		"notice.decision.findings": {IT: "Rilievi", EN: "Findings"},
	})
}
