// Package catalogue is the one catalogue of the texts omologa writes for
// people: every text keyed, in Italian and English side by side, counted
// nouns with their singular (plural-aware), placeholders as fmt verbs in
// the same order in both languages, or named ("{id}") where the two
// languages say different things. A test checks that every entry has
// both languages and that the placeholders match.
//
// Keys are grouped by who writes the text: "notice." the answers to a
// submission, "finding." where a finding points, "date." the month
// names and the list and period phrases of italian; "count." the nouns
// counted in several places; "web." the office's web application;
// "audit." the details of the office's acts in the audit trail;
// "office." the office's refusals; "validate." the words the homologation
// checks put in the findings (whose own sentences are rules.yaml's);
// "join." the words that join the last item of a list in prose; "state."
// the one state model's labels, its sentences on where a file counts and
// its refusals; "reader." what the file readers (internal/tournament)
// say about a file, read in both languages by tournament.Say: a
// diagnostic's text is "reader." + its code ("reader.trf.sex"), + "." +
// a variant when the code has several texts ("reader.trf.start.missing",
// code "trf.start"); a file that cannot be read at all
// "reader.<format>.<why>" ("reader.trf.not-trf"); the words those texts
// take as arguments "reader.field.*", "reader.codec.file.*"; a date's
// problems "reader.date.*", a rate of play's "reader.rate.*";
// "note." the notes kept on a submission or a file;
// "list." a list run's notes and corrections; "intake." why a sender is
// not authenticated, the problems met reading a message and the notes on
// an archive; "portal." the arbiters' portal's words outside its
// templates; "stats." the federation's statistics (their tables, charts
// and page, in the reader's language on the office's page); "site." the
// public site's pages (Italian).
package catalogue

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Entry is one text in both languages. A counted entry (a noun written
// after a number) has its singular forms too: IT and EN are then the
// plural.
type Entry struct {
	IT, EN       string
	ITOne, ENOne string // the singular, for counted entries; "" otherwise
}

// Counted reports whether the entry has singular forms.
func (e Entry) Counted() bool { return e.ITOne != "" || e.ENOne != "" }

// Lang is a language of the catalogue: Italian (the default) or English.
type Lang string

const (
	IT Lang = "it"
	EN Lang = "en"
)

// Of is the language named lang: English for "en", else Italian.
func Of(lang string) Lang {
	if lang == string(EN) {
		return EN
	}
	return IT
}

// Lookup is the text of key in the language, false when the catalogue
// has no such key.
func (l Lang) Lookup(key string) (string, bool) {
	e, ok := index()[key]
	if !ok {
		return "", false
	}
	if l == EN {
		return e.EN, true
	}
	return e.IT, true
}

// T is the text of key with args in its placeholders; a key missing
// from the catalogue is written "[key]", for the tests to see. An entry
// with named placeholders takes one Named argument.
func (l Lang) T(key string, args ...any) string {
	s, ok := l.Lookup(key)
	if !ok {
		return "[" + key + "]"
	}
	if len(args) == 0 {
		return s
	}
	if n, ok := args[0].(Named); ok && len(args) == 1 {
		return n.fill(s)
	}
	return fmt.Sprintf(s, args...)
}

// Named is the arguments of an entry written with named placeholders
// ("{id}", "{err}") instead of fmt verbs: the one set of values the
// caller gives whatever the language, each language writing those it
// names. It serves the texts whose languages do not say the same
// things: the English repeats a library's error where the Italian
// explains the rule, the English names the command's verb the Italian
// leaves out. A value is written as fmt's %v writes it.
type Named map[string]any

// fill writes s with its {name} placeholders replaced; a name without a
// value stays as written, for the tests to see.
func (n Named) fill(s string) string {
	var b strings.Builder
	for {
		name, before, after, ok := nextName(s)
		if !ok {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(before)
		if v, has := n[name]; has {
			fmt.Fprint(&b, v)
		} else {
			b.WriteString("{" + name + "}")
		}
		s = after
	}
}

// nextName finds the first {name} placeholder of s (a name is lower-case
// letters, digits and "_"), with the text before and after it.
func nextName(s string) (name, before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9' || s[j] == '_') {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == '}' {
			return s[i+1 : j], s[:i], s[j+1:], true
		}
	}
	return "", "", "", false
}

// names is the named placeholders of s, in order.
func names(s string) []string {
	var out []string
	for {
		name, _, after, ok := nextName(s)
		if !ok {
			return out
		}
		out = append(out, name)
		s = after
	}
}

// Word is the form of a counted key for n: the singular for exactly 1,
// the plural otherwise.
func (l Lang) Word(key string, n int) string {
	e, ok := index()[key]
	switch {
	case !ok:
		return "[" + key + "]"
	case n == 1 && l == EN:
		return e.ENOne
	case n == 1:
		return e.ITOne
	case l == EN:
		return e.EN
	}
	return e.IT
}

// Prefixed is every text whose key begins with prefix, keyed without
// it: the web's templates read their words as a map (.L.key).
func (l Lang) Prefixed(prefix string) map[string]string {
	m := map[string]string{}
	for k := range index() {
		if rest, ok := strings.CutPrefix(k, prefix); ok {
			m[rest], _ = l.Lookup(k)
		}
	}
	return m
}

// N writes n with the counted key agreeing: "1 giorno", "8 giorni".
func (l Lang) N(key string, n int) string { return strconv.Itoa(n) + " " + l.Word(key, n) }

// The catalogue is built on first use, once: each file of the package
// registers, in its init, the function that adds its group (lazy), so
// that a process that writes no text (omologa -h) does not pay for some
// thousand map entries at start-up. A group added straight from an init
// (add) is kept as it is and joins the others when the catalogue is built.
var (
	builders []func()
	groups   []map[string]Entry
)

// lazy registers build, which adds a group of entries (add) when the
// catalogue is first read.
func lazy(build func()) { builders = append(builders, build) }

// add adds a group of entries; a key given twice is a programming error
// (the catalogue panics when it is built).
func add(group map[string]Entry) { groups = append(groups, group) }

// index is the catalogue: every group joined into one map, built once.
var index = sync.OnceValue(func() map[string]Entry {
	for _, b := range builders {
		b()
	}
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	entries := make(map[string]Entry, n)
	for _, g := range groups {
		for k, e := range g {
			if _, dup := entries[k]; dup {
				panic("catalogue: key " + k + " given twice")
			}
			entries[k] = e
		}
	}
	builders, groups = nil, nil
	return entries
})
