package catalogue

// The words of the bounds on what one request may cost (issue 31): an
// upload that waited its turn too long.
func init() { lazy(limitsEntries) }

func limitsEntries() {
	add(map[string]Entry{
		"portal.check.busy": {IT: "Il portale sta controllando altri file: riprovi tra qualche secondo.", EN: "The portal is checking other files: try again in a few seconds."},
	})
}
