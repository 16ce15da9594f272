package catalogue

// What internal/platform/italian writes around dates, periods and lists,
// in both languages.
func init() { lazy(datesEntries, "date", "join") }

func datesEntries() {
	add(map[string]Entry{
		"date.month.1":  {IT: "gennaio", EN: "January"},
		"date.month.2":  {IT: "febbraio", EN: "February"},
		"date.month.3":  {IT: "marzo", EN: "March"},
		"date.month.4":  {IT: "aprile", EN: "April"},
		"date.month.5":  {IT: "maggio", EN: "May"},
		"date.month.6":  {IT: "giugno", EN: "June"},
		"date.month.7":  {IT: "luglio", EN: "July"},
		"date.month.8":  {IT: "agosto", EN: "August"},
		"date.month.9":  {IT: "settembre", EN: "September"},
		"date.month.10": {IT: "ottobre", EN: "October"},
		"date.month.11": {IT: "novembre", EN: "November"},
		"date.month.12": {IT: "dicembre", EN: "December"},
		// A list named by the month of its issue: %s is "gennaio 2027".
		"date.list": {IT: "lista di %s", EN: "%s list"},
		// The word before the last item of a list in prose.
		"join.and": {IT: " e ", EN: " and "},
	})
}
