package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Severity grades a reader's diagnostic.
type Severity string

const (
	// Note: something unusual was handled (a ruler line skipped, a
	// Windows-1252 file decoded). Nothing is lost.
	Note Severity = "note"
	// Warning: a value could not be read and was left empty, or was read
	// by a rule that might be wrong; a person should look.
	Warning Severity = "warning"
	// Error: part of the crosstable could not be read.
	Error Severity = "error"
)

// Diagnostic is one problem found while reading a file, located so that an
// arbiter can find it: file, 1-based line and column, and the field.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column,omitempty"`
	Field    string   `json:"field"`
	Severity Severity `json:"severity"`
	// Code is a stable identifier for scripts and for the validator,
	// which turns some diagnostics into findings ("trf.unknown-record").
	Code    string `json:"code"`
	Message string `json:"message"`
	// MessageIT is Message in Italian, for the notices sent to arbiters;
	// empty only in diagnostics built before it existed.
	MessageIT string `json:"message_it,omitempty"`
}

func (d Diagnostic) String() string {
	loc := d.File
	if d.Line > 0 {
		loc += fmt.Sprintf(":%d", d.Line)
		if d.Column > 0 {
			loc += fmt.Sprintf(":%d", d.Column)
		}
	}
	return fmt.Sprintf("%s: %s: %s: %s", loc, d.Severity, d.Field, d.Message)
}

// ParseError is a file from which no tournament can be read, modelled on
// encoding/csv's ParseError: where, and why.
type ParseError struct {
	File   string
	Line   int // 0 when the file as a whole is at fault
	Column int
	Field  string
	Err    error
	// ErrIT says Err in Italian, for the notices to arbiters; empty when
	// the reader has no Italian text (the English is used then).
	ErrIT string
}

func (e *ParseError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc += fmt.Sprintf(":%d", e.Line)
		if e.Column > 0 {
			loc += fmt.Sprintf(":%d", e.Column)
		}
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %v", loc, e.Field, e.Err)
	}
	return fmt.Sprintf("%s: %v", loc, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// RefusedError is a file recognised as a kind omologa does not read (a
// binary Vega or Swiss-Manager file, a PDF, a spreadsheet). The message
// asks for the TRF export.
type RefusedError struct {
	File string
	Kind string // "vegz", "swiss-manager", "pdf", "spreadsheet", "word", "image", "html", "archive"
	// Advice says how to produce an acceptable file, in Italian and English.
	AdviceIT, AdviceEN string
}

// IsDocument reports whether the refused file is a document sent beside
// the results (PDF, image, text document, spreadsheet, web page) rather
// than a result file in a form the office does not read (a Vega or
// Swiss-Manager binary, an archive): kept with a submission that has a
// result file, not refused (regs §4c "Other attachments").
func (e *RefusedError) IsDocument() bool {
	switch e.Kind {
	case "pdf", "spreadsheet", "word", "image", "html":
		return true
	}
	return false
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s: %s file refused: %s", e.File, e.Kind, e.AdviceEN)
}

// ErrEmpty is returned for a file with no tournament data at all.
var ErrEmpty = errors.New("no tournament data in the file")

// SprintfIT formats an Italian message as fmt.Sprintf does, except that
// %q puts a string between Italian quotation marks («XYZ») instead of Go's
// double quotes: the text goes to arbiters, not to programmers. Characters
// that would not print are still escaped, so nothing in the file is hidden.
func SprintfIT(format string, args ...any) string {
	wrapped := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			wrapped[i] = guillemets(v)
		case fmt.Stringer:
			wrapped[i] = guillemets(v.String())
		default:
			wrapped[i] = a
		}
	}
	return fmt.Sprintf(format, wrapped...)
}

// guillemets prints as the plain string under every verb but %q, which
// writes it between « and ».
type guillemets string

func (g guillemets) Format(f fmt.State, verb rune) {
	if verb != 'q' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), string(g))
		return
	}
	q := strconv.Quote(string(g))
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	fmt.Fprint(f, "«"+q+"»")
}
