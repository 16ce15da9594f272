package catalogue

// Where a rating used for a tournament came from (rating.Seed.Source),
// as the tournament report and the list's change report say it; the
// lists' names (elo_italia, elo_rapid) are the vocabulary's (fsi).
func init() { lazy(sourcesEntries, "source") }

func sourcesEntries() {
	add(map[string]Entry{
		"source.fide":          {IT: "FIDE", EN: "FIDE"},
		"source.list":          {IT: "lista in vigore", EN: "list in force"},
		"source.fide-floor":    {IT: "minimo FIDE", EN: "FIDE floor"},
		"source.file":          {IT: "dal file", EN: "from the file"},
		"source.entry:":        {IT: "ingresso %s", EN: "entry %s"},
		"source.entry":         {IT: "ingresso", EN: "entry"},
		"source.theoretical":   {IT: "teorico (arbitro)", EN: "theoretical (arbiter)"},
		"source.fide_standard": {IT: "FIDE standard", EN: "FIDE standard"},
		"source.fide_rapid":    {IT: "FIDE rapid", EN: "FIDE rapid"},
	})
}
