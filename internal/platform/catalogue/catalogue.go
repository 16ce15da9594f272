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
	"maps"
	"slices"
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
	e, ok := entry(key)
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
	e, ok := entry(key)
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
	entries := map[string]Entry{}
	if seg, _, whole := strings.Cut(prefix, "."); whole && shards()[seg] != nil {
		entries = shards()[seg].get()
	} else if !whole {
		entries = all()
	}
	m := map[string]string{}
	for k := range entries {
		if rest, ok := strings.CutPrefix(k, prefix); ok {
			m[rest], _ = l.Lookup(k)
		}
	}
	return m
}

// N writes n with the counted key agreeing: "1 giorno", "8 giorni".
func (l Lang) N(key string, n int) string { return strconv.Itoa(n) + " " + l.Word(key, n) }

// The catalogue is built on first use, by groups: each file of the
// package registers, in its init, the function that adds its entries
// (lazy) with the first segments of the keys it adds ("reader",
// "web"), and a key's group is built the first time one of its keys is
// read. So a process that writes no text (omologa -h) pays for none of
// the some thousand entries, and one that writes a file's findings
// (check) only for the readers' and the checks' words: on a machine
// where every page of memory first touched costs tens of microseconds,
// the whole catalogue is a third of a check's start.
type builder struct {
	build    func()
	segments []string // the first segments of the keys build adds

	// What build added, kept until each of its segments' groups has
	// taken its keys (pending counts those still to come): a builder
	// runs once however many groups it serves.
	groups  []map[string]Entry
	ran     bool
	pending int
}

var (
	builders []*builder
	shards   = sync.OnceValue(shardTable)

	buildMu   sync.Mutex         // held while a group is built
	collected []map[string]Entry // what the running builder added
)

// lazy registers build, which adds (add) entries whose keys begin with
// one of segments and a dot, built when one of those keys is first read.
func lazy(build func(), segments ...string) {
	builders = append(builders, &builder{build: build, segments: segments, pending: len(segments)})
}

// add adds entries; it is called only by a builder registered with lazy.
// A key given twice, or outside its builder's segments, is a programming
// error: the catalogue panics when the group is built.
func add(group map[string]Entry) { collected = append(collected, group) }

// run runs the builder once, checking that its keys are in its segments.
func (b *builder) run() {
	if b.ran {
		return
	}
	collected = nil
	b.build()
	b.groups, collected, b.ran = collected, nil, true
	for _, g := range b.groups {
		for k := range g {
			if !slices.Contains(b.segments, segment(k)) {
				panic("catalogue: key " + k + " outside the segments its group declares")
			}
		}
	}
}

// shard is the entries of one first segment, built once.
type shard struct {
	segment string
	once    sync.Once
	entries map[string]Entry
}

// shardTable is a shard for every segment the builders declare.
func shardTable() map[string]*shard {
	t := map[string]*shard{}
	for _, b := range builders {
		for _, s := range b.segments {
			if t[s] == nil {
				t[s] = &shard{segment: s}
			}
		}
	}
	return t
}

// get is the shard's entries, built on first use from every builder
// declaring its segment.
func (s *shard) get() map[string]Entry {
	s.once.Do(func() {
		buildMu.Lock()
		defer buildMu.Unlock()
		var mine []*builder
		n := 0
		for _, b := range builders {
			if !slices.Contains(b.segments, s.segment) {
				continue
			}
			b.run()
			mine = append(mine, b)
			for _, g := range b.groups {
				for k := range g {
					if segment(k) == s.segment {
						n++
					}
				}
			}
		}
		s.entries = make(map[string]Entry, n)
		for _, b := range mine {
			for _, g := range b.groups {
				for k, e := range g {
					if segment(k) != s.segment {
						continue
					}
					if _, dup := s.entries[k]; dup {
						panic("catalogue: key " + k + " given twice")
					}
					s.entries[k] = e
				}
			}
			if b.pending--; b.pending == 0 {
				b.groups = nil
			}
		}
	})
	return s.entries
}

// segment is a key's first segment: what comes before its first dot.
func segment(key string) string {
	if i := strings.IndexByte(key, '.'); i >= 0 {
		return key[:i]
	}
	return key
}

// entry is the catalogue's entry for key.
func entry(key string) (Entry, bool) {
	s := shards()[segment(key)]
	if s == nil {
		return Entry{}, false
	}
	e, ok := s.get()[key]
	return e, ok
}

// all is every entry of the catalogue, every group built: for the
// callers that read many groups at once and for the tests.
func all() map[string]Entry {
	m := map[string]Entry{}
	for _, s := range shards() {
		maps.Copy(m, s.get())
	}
	return m
}
