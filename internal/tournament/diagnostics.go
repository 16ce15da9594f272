package tournament

import (
	"errors"
	"sort"
	"strings"

	"omologa/internal/platform/catalogue"
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

// Add records a diagnostic whose texts are the catalogue's entry
// "reader."+id with args: id is the diagnostic's code ("trf.sex"), or
// the code and a variant when the code has several texts
// ("trf.start.missing": code "trf.start").
func (d *Diagnostics) Add(line, col int, field string, sev Severity, id string, args ...any) {
	if d.full(line, col, field, sev, CodeOf(id)) {
		return
	}
	d.list = append(d.list, NewDiagnostic(d.File, line, col, field, sev, id, args...))
}

// NewDiagnostic is one diagnostic whose texts are the catalogue's entry
// "reader."+id with args, its code CodeOf(id).
func NewDiagnostic(file string, line, col int, field string, sev Severity, id string, args ...any) Diagnostic {
	en, it := Say(id, args...)
	return Diagnostic{File: file, Line: line, Column: col, Field: field,
		Severity: sev, Code: CodeOf(id), Message: en, MessageIT: it}
}

// CodeOf is the diagnostic's code of a reader's text id: its first two
// dot-separated parts ("trf.start.missing" → "trf.start").
func CodeOf(id string) string {
	if i := strings.IndexByte(id, '.'); i >= 0 {
		if j := strings.IndexByte(id[i+1:], '.'); j >= 0 {
			return id[:i+1+j]
		}
	}
	return id
}

// Text records a diagnostic whose two texts are already formatted (a
// date's, as package dates words it).
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
			x.Message, x.MessageIT = Say("more.one", x.Line)
		} else {
			x.Message, x.MessageIT = Say("more.many", n, x.Line)
		}
		out = append(out, x)
	}
	return out
}

// Both is an argument already written in both languages (a date's error
// as package dates words it, a field's name): each language's text takes
// its own.
type Both struct{ EN, IT string }

// Key is an argument that is itself a reader's text ("codec.file.pdf"),
// written in the language of the text it goes into.
type Key string

// Say is the catalogue's reader text "reader."+id with args, in English
// and in Italian: the one place the readers' texts are read. In the
// Italian, %q quotes with « » (SprintfIT).
func Say(id string, args ...any) (en, it string) {
	key := "reader." + id
	return catalogue.EN.T(key, in(catalogue.EN, args)...), SprintfIT(catalogue.IT.T(key), in(catalogue.IT, args)...)
}

// Phrase is the reader's text "reader."+id with args in both languages,
// as an argument of another (a date's reason inside "unreadable date").
func Phrase(id string, args ...any) Both {
	en, it := Say(id, args...)
	return Both{EN: en, IT: it}
}

// in is args with each Both and Key written in the language l.
func in(l catalogue.Lang, args []any) []any {
	out, copied := args, false
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case Both:
			s = v.EN
			if l == catalogue.IT {
				s = v.IT
			}
		case Key:
			s = l.T("reader." + string(v))
		default:
			continue
		}
		if !copied {
			out, copied = append([]any(nil), args...), true
		}
		out[i] = s
	}
	return out
}

// Unreadable is the error of a file from which no tournament can be
// read, its reason the catalogue's "reader."+id.
func Unreadable(file, field, id string, args ...any) *ParseError {
	en, it := Say(id, args...)
	return &ParseError{File: file, Field: field, Err: errors.New(en), ErrIT: it}
}
