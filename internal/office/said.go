package office

import (
	"fmt"
	"strings"

	"omologa/internal/platform/catalogue"
)

// said is a text of the catalogue with its arguments, written in either
// language when needed: the audit trail's details are one said per act,
// not an English and an Italian string written side by side. An argument
// that is itself in two languages (a said, a counted noun, a pair) is
// written in the same language as the text around it.
type said struct {
	key  string
	args []any
	n    int // for a counted key: the number its form agrees with
}

// say is the text of key with args; say("") writes nothing.
func say(key string, args ...any) said { return said{key: key, args: args} }

// sayN is the text of the counted key in its form for n, with args.
func sayN(key string, n int, args ...any) said { return said{key: key, args: args, n: n} }

// lingual is an argument written differently in each language.
type lingual interface{ in(catalogue.Lang) string }

func (s said) in(l catalogue.Lang) string {
	if s.key == "" {
		return ""
	}
	args := make([]any, len(s.args))
	for i, a := range s.args {
		args[i] = inLang(a, l)
	}
	if s.n != 0 {
		return fmt.Sprintf(l.Word(s.key, s.n), args...)
	}
	return l.T(s.key, args...)
}

// inLang is an argument as language l writes it: a lingual one in l, a
// Named one with each of its values so.
func inLang(a any, l catalogue.Lang) any {
	switch x := a.(type) {
	case lingual:
		return x.in(l)
	case catalogue.Named:
		n := make(catalogue.Named, len(x))
		for k, v := range x {
			n[k] = inLang(v, l)
		}
		return n
	}
	return a
}

// both writes the text in English and in Italian.
func (s said) both() (en, it string) { return s.in(catalogue.EN), s.in(catalogue.IT) }

// count is n with the counted noun of key agreeing ("1 riga", "3 righe");
// a noun whose form holds %d has n written there ("pubblicati %d
// giocatori").
type count struct {
	key string
	n   int
}

func (c count) in(l catalogue.Lang) string {
	w := l.Word(c.key, c.n)
	if strings.Contains(w, "%d") {
		return fmt.Sprintf(w, c.n)
	}
	return l.N(c.key, c.n)
}

// word is the form of the counted noun of key for n alone ("aggiunte").
type word struct {
	key string
	n   int
}

func (w word) in(l catalogue.Lang) string { return l.Word(w.key, w.n) }

// pair is an argument the office already holds in both languages (a
// role's name, a state's label, a list of submissions written each
// language's way): the catalogue does not know it.
type pair struct{ en, it string }

func (p pair) in(l catalogue.Lang) string {
	if l == catalogue.EN {
		return p.en
	}
	return p.it
}

// newError is the office's refusal of kind, its reason the catalogue's
// text of key (an "office." key) with args, in English (Msg) and Italian
// (MsgIT): the one way the office words the acts it will not do.
func newError(kind ErrorKind, key string, args ...any) *Error {
	return refuse(kind, say(key, args...))
}

// Refusal is newError for the layers above the office (the web's own
// refusals of a form): the catalogue's text of key, with args, in both
// languages.
func Refusal(kind ErrorKind, key string, args ...any) *Error { return newError(kind, key, args...) }

// refuse is the office's refusal of kind for the reason why, written
// in English (Msg) and Italian (MsgIT).
func refuse(kind ErrorKind, why lingual) *Error {
	return &Error{Kind: kind, Msg: why.in(catalogue.EN), MsgIT: why.in(catalogue.IT)}
}

// joined is texts written one after the other in the same language,
// sep between them: several reasons for one refusal.
type joined struct {
	parts []lingual
	sep   string
}

func (j joined) in(l catalogue.Lang) string {
	s := make([]string, len(j.parts))
	for i, p := range j.parts {
		s[i] = p.in(l)
	}
	return strings.Join(s, j.sep)
}

// because sets the refusal's cause.
func (e *Error) because(err error) *Error { e.Err = err; return e }

// withCLI sets the message the command line says instead of Msg: the
// same reason in English, naming the command that helps.
func (e *Error) withCLI(format string, args ...any) *Error {
	e.CLI = fmt.Sprintf(format, args...)
	return e
}

// citing sets the article the refusal rests on.
func (e *Error) citing(article string) *Error { e.Article = article; return e }
