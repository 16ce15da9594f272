package catalogue

// Why the state model of a file (internal/homologation/state) refuses
// an act: the act named as the office's command names it in English,
// as a noun in Italian.
func init() {
	add(map[string]Entry{
		"state.not-allowed":        {IT: "l'operazione (%s) non si applica a un file nello stato «%s»", EN: "%s does not apply to a file %s"},
		"state.reason-required":    {IT: "occorre indicare il motivo per iscritto", EN: "a written reason is required"},
		"state.act.judge":          {IT: "giudizio", EN: "judge"},
		"state.act.release":        {IT: "rilascio", EN: "release"},
		"state.act.discard":        {IT: "scarto", EN: "discard"},
		"state.act.rejudge":        {IT: "nuovo giudizio", EN: "rejudge"},
		"state.act.accept-despite": {IT: "accettazione nonostante gli errori", EN: "accept-despite"},
		"state.act.accept-late":    {IT: "accettazione di un file in ritardo", EN: "accept-late"},
		"state.act.reject":         {IT: "respingimento", EN: "reject"},
		"state.act.revoke":         {IT: "revoca", EN: "revoke"},
		"state.act.reinstate":      {IT: "ripristino", EN: "reinstate"},
		"state.act.link":           {IT: "attribuzione", EN: "link"},
		"state.act.unlink":         {IT: "separazione", EN: "unlink"},
	})
}
