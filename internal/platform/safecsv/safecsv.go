// Package safecsv keeps the CSV files people open in a spreadsheet from
// running what a cell says: OWASP's rule against formula (CSV)
// injection, in one place for every CSV omologa writes.
//
// A cell beginning with '=', '+', '-', '@', a tab or a carriage return
// is read by Excel, LibreOffice and Google Sheets as a formula
// ("=HYPERLINK(…)", "@SUM(…)"), so it is written with a leading
// apostrophe, which the spreadsheet shows as text and does not display.
// A number ("-12", "+3,5", "-0.25") is left as it is, so that it stays a
// number. Readers of omologa's own CSV take the apostrophe away again
// (Uncell), so that a file written and read back is unchanged.
package safecsv

// Cell is s as a CSV cell safe to open in a spreadsheet.
func Cell(s string) string {
	if s == "" || !trigger(s[0]) || number(s) {
		return s
	}
	return "'" + s
}

// Uncell undoes Cell: a leading apostrophe before a character Cell
// escapes is taken away.
func Uncell(s string) string {
	if len(s) >= 2 && s[0] == '\'' && trigger(s[1]) && !number(s[1:]) {
		return s[1:]
	}
	return s
}

// Row applies Cell to every cell of a record, in place, and returns it.
func Row(rec []string) []string {
	for i, c := range rec {
		rec[i] = Cell(c)
	}
	return rec
}

func trigger(c byte) bool {
	return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'
}

// number reports a plain decimal number with an optional sign and one
// decimal point or comma: nothing a spreadsheet would run.
func number(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits, sep := 0, false
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case (c == '.' || c == ',') && !sep:
			sep = true
		default:
			return false
		}
	}
	return digits > 0
}
