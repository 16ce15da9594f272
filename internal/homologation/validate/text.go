package validate

import (
	"strings"

	"omologa/internal/platform/catalogue"
	"omologa/internal/tournament"
)

// The words the checks put into the findings' placeholders come from the
// text catalogue (catalogue/validate.go, "validate." keys), never from
// prose written here: say reads a keyed text, count a counted noun, and
// both is the one place a Text is made (a guard test, text_test.go,
// keeps it so).

// Text is a placeholder value that differs by language (a field's name,
// a kind of play): the Italian message gets IT, the English one EN.
type Text struct{ IT, EN string }

func (t Text) String() string { return t.EN }

// both writes a text once in each language.
func both(write func(l catalogue.Lang) string) Text {
	return Text{IT: write(catalogue.IT), EN: write(catalogue.EN)}
}

// say is the catalogue's text of key in both languages, args in its
// placeholders: a Text argument gives each language its side, a date is
// written as each language writes dates (as in rules.yaml's messages).
func say(key string, args ...any) Text {
	return both(func(l catalogue.Lang) string {
		in := make([]any, len(args))
		for i, a := range args {
			switch a.(type) {
			case Text, tournament.Date:
				a = format(a, string(l))
			}
			in[i] = a
		}
		return l.T(key, in...)
	})
}

// count writes n with the catalogue's counted noun key agreeing with it:
// "1 turno", "5 turni".
func count(key string, n int) Text {
	return both(func(l catalogue.Lang) string { return l.N(key, n) })
}

// given is a text that comes in both languages already: a rule set's
// labels, a reader's message and its Italian translation. Never prose
// written here (the guard test refuses a literal).
func given(it, en string) Text {
	return both(func(l catalogue.Lang) string {
		if l == catalogue.EN {
			return en
		}
		return it
	})
}

// same is a text written alike in both languages: a name, a number, a
// list of starting numbers.
func same(s string) Text { return given(s, s) }

// join joins texts with a separator both languages write alike (", ",
// "; ").
func join(ts []Text, sep string) Text {
	return both(func(l catalogue.Lang) string {
		s := make([]string, len(ts))
		for i, t := range ts {
			s[i] = format(t, string(l))
		}
		return strings.Join(s, sep)
	})
}

// around writes t between words both languages write alike: " (" and
// ")".
func around(before string, t Text, after string) Text {
	return both(func(l catalogue.Lang) string { return before + format(t, string(l)) + after })
}

// joinAnd joins texts as a list in prose: "a, b e c", "a, b and c".
func joinAnd(ts []Text) Text { return joinLast(ts, "join.and") }

// joinOr: "a, b o c", "a, b or c".
func joinOr(ts []Text) Text { return joinLast(ts, "join.or") }

// joinLast joins texts with ", " and, before the last, the catalogue's
// word key.
func joinLast(ts []Text, key string) Text {
	if len(ts) <= 1 {
		return join(ts, "")
	}
	head := join(ts[:len(ts)-1], ", ")
	return both(func(l catalogue.Lang) string {
		return format(head, string(l)) + l.T(key) + format(ts[len(ts)-1], string(l))
	})
}

// texts names ids (a file kind, a channel, a kind of play) in both
// languages for the messages.
type texts[K ~string] string

// of names id in both languages, from the catalogue's entry the prefix
// and id make; an id without a name is shown as written rather than
// dropped.
func (prefix texts[K]) of(id K) Text {
	key := string(prefix) + string(id)
	if _, ok := catalogue.IT.Lookup(key); !ok {
		return same(string(id))
	}
	return say(key)
}

// word is the catalogue's entry "validate.word.<key>" in both languages.
func word(key string) Text { return say("validate.word." + key) }
