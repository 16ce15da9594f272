package tournament

import (
	"fmt"
	"sort"
)

// DiagLimit is how many diagnostics of one code a reader lists. The rest
// are counted in one closing diagnostic of the same code, so that a file
// of a hundred thousand unreadable lines (a text that is not a TRF) costs
// neither the memory of as many messages nor a notice nobody can read.
const DiagLimit = 25

// Diagnostics collects the diagnostics of one reading, at most
// DiagLimit of each code.
type Diagnostics struct {
	File string
	list []Diagnostic
	seen map[string]int        // diagnostics of each code, listed or not
	left map[string]Diagnostic // the first of each code left out
}

// Add records a diagnostic whose English and Italian texts take the same
// arguments; in the Italian one %q quotes with « ».
func (d *Diagnostics) Add(line, col int, field string, sev Severity, code, en, it string, args ...any) {
	if d.full(line, col, field, sev, code) {
		return
	}
	d.list = append(d.list, Diagnostic{File: d.File, Line: line, Column: col, Field: field,
		Severity: sev, Code: code, Message: fmt.Sprintf(en, args...), MessageIT: SprintfIT(it, args...)})
}

// Text records a diagnostic whose two texts are already formatted.
func (d *Diagnostics) Text(line, col int, field string, sev Severity, code, en, it string) {
	if d.full(line, col, field, sev, code) {
		return
	}
	d.list = append(d.list, Diagnostic{File: d.File, Line: line, Column: col, Field: field,
		Severity: sev, Code: code, Message: en, MessageIT: it})
}

// full counts one diagnostic of code and reports whether it is one too
// many to list (it is then remembered if it is the first left out).
func (d *Diagnostics) full(line, col int, field string, sev Severity, code string) bool {
	if d.seen == nil {
		d.seen, d.left = map[string]int{}, map[string]Diagnostic{}
	}
	d.seen[code]++
	if d.seen[code] <= DiagLimit {
		return false
	}
	if _, ok := d.left[code]; !ok {
		d.left[code] = Diagnostic{File: d.File, Line: line, Column: col, Field: field, Severity: sev, Code: code}
	}
	return true
}

// List returns the diagnostics, each code left out closed by one saying
// how many more lines, from which one, had the same problem.
func (d *Diagnostics) List() []Diagnostic {
	codes := make([]string, 0, len(d.left))
	for code := range d.left {
		codes = append(codes, code)
	}
	sort.Slice(codes, func(i, j int) bool {
		if a, b := d.left[codes[i]].Line, d.left[codes[j]].Line; a != b {
			return a < b
		}
		return codes[i] < codes[j]
	})
	out := d.list
	for _, code := range codes {
		x := d.left[code]
		n := d.seen[code] - DiagLimit
		if n == 1 {
			x.Message = fmt.Sprintf("one more like these at line %d (not listed)", x.Line)
			x.MessageIT = fmt.Sprintf("un altro caso come questi alla riga %d (non elencato)", x.Line)
		} else {
			x.Message = fmt.Sprintf("%d more like these from line %d on (not listed)", n, x.Line)
			x.MessageIT = fmt.Sprintf("altri %d casi come questi dalla riga %d in poi (non elencati)", n, x.Line)
		}
		out = append(out, x)
	}
	return out
}
