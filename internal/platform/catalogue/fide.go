package catalogue

// What the FIDE side (internal/rating/fide) puts into its findings'
// messages, whose own text is rules.yaml's: why the arbiters' register
// does not give an arbiter's missing FIDE id.
func init() { lazy(fideEntries, "fide") }

func fideEntries() {
	add(map[string]Entry{
		"fide.arbiter-register.fsi-written": {IT: "il numero scritto è il suo codice FSI: il registro degli arbitri non ha quello FIDE", EN: "the number written is the arbiter's FSI id: the arbiters' register has no FIDE id either"},
		"fide.arbiter-register.none":        {IT: "il registro degli arbitri non è stato dato", EN: "no arbiters' register was given"},
		"fide.arbiter-register.unknown":     {IT: "nel registro degli arbitri non c'è", EN: "the arbiters' register has no such arbiter"},
		"fide.arbiter-register.several":     {IT: "nel registro degli arbitri il nome è di più arbitri (%s)", EN: "the name fits several arbiters of the register (%s)"},
		"fide.arbiter-register.no-id":       {IT: "non lo ha nemmeno il registro degli arbitri", EN: "the arbiters' register has none either"},
	})
}
