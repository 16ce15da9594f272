package catalogue

// The words of the bounds on what one request may cost (issue 31): what
// a file beyond the rulebook's limits holds too many of, an upload that
// waited its turn too long.
func init() { lazy(limitsEntries, "portal", "validate") }

func limitsEntries() {
	add(map[string]Entry{
		// What a file holds too many of (format.too-large in rules.yaml).
		"validate.word.limit.lines":   {IT: "righe", EN: "lines"},
		"validate.word.limit.players": {IT: "giocatori", EN: "players"},
		"portal.check.busy":           {IT: "Il portale sta controllando altri file: riprovi tra qualche secondo.", EN: "The portal is checking other files: try again in a few seconds."},
	})
}
