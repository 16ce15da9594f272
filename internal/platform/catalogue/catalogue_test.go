package catalogue

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// verb is a fmt placeholder: %s, %d, %[2]s, %5.1f; %% is not one.
// "%%" is matched first, and dropped, so that "%d%% limit" is not read
// as a "% l" verb.
var verb = regexp.MustCompile(`%%|%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z]`)

func verbs(s string) []string {
	var vs []string
	for _, v := range verb.FindAllString(s, -1) {
		if v != "%%" {
			vs = append(vs, v)
		}
	}
	return vs
}

// TestEveryEntryHasBothLanguagesAndTheSamePlaceholders: a text missing in
// one language, or whose placeholders differ between the languages (one
// more %s, a %d for a %s, another order), is caught here rather than in
// a notice.
func TestEveryEntryHasBothLanguagesAndTheSamePlaceholders(t *testing.T) {
	if len(all()) == 0 {
		t.Fatal("empty catalogue")
	}
	for k, e := range all() {
		if e.IT == "" || e.EN == "" {
			t.Errorf("%s: IT %q, EN %q: both languages needed", k, e.IT, e.EN)
		}
		if named := append(names(e.IT), names(e.EN)...); len(named) > 0 {
			// Named placeholders: the caller gives one set of values,
			// each language writes those it names; fmt verbs beside
			// them would take no argument.
			if vs := append(verbs(e.IT), verbs(e.EN)...); len(vs) > 0 {
				t.Errorf("%s: named placeholders %v and fmt verbs %v in one entry", k, named, vs)
			}
			if e.Counted() {
				t.Errorf("%s: a counted entry takes fmt verbs, not named placeholders", k)
			}
			continue
		}
		if !slices.Equal(verbs(e.IT), verbs(e.EN)) {
			t.Errorf("%s: placeholders IT %v, EN %v", k, verbs(e.IT), verbs(e.EN))
		}
		if e.Counted() {
			if e.ITOne == "" || e.ENOne == "" {
				t.Errorf("%s: counted, but a singular is missing: IT %q, EN %q", k, e.ITOne, e.ENOne)
			}
			if !slices.Equal(verbs(e.ITOne), verbs(e.IT)) || !slices.Equal(verbs(e.ENOne), verbs(e.EN)) {
				t.Errorf("%s: the singular's placeholders differ from the plural's", k)
			}
		}
	}
}

// TestLangs: Italian by default, singular for exactly one, a missing key
// shown as such.
func TestLangs(t *testing.T) {
	if Of("en") != EN || Of("it") != IT || Of("") != IT || Of("fr") != IT {
		t.Error("Of: English for en, else Italian")
	}
	for _, c := range []struct {
		l    Lang
		n    int
		want string
	}{{IT, 1, "1 giorno"}, {IT, 8, "8 giorni"}, {IT, 0, "0 giorni"}, {EN, 1, "1 day"}, {EN, 10, "10 days"}} {
		if got := c.l.N("count.day", c.n); got != c.want {
			t.Errorf("%s N(count.day, %d) = %q, want %q", c.l, c.n, got, c.want)
		}
	}
	if got := IT.T("finding.line", 4); got != "riga 4" {
		t.Errorf("T: %q", got)
	}
	if got := EN.T("no.such.key"); got != "[no.such.key]" {
		t.Errorf("missing key: %q", got)
	}
}

// TestVerbs: "%%" is a percent sign, not a placeholder, even when a
// letter follows the space after it ("%d%% limit").
func TestVerbs(t *testing.T) {
	if got := verbs("%d of %d (%d%%, above the %d%% limit)"); !slices.Equal(got, []string{"%d", "%d", "%d", "%d"}) {
		t.Errorf("verbs: %q", got)
	}
}

// TestPrefixed: the web's words as a map keyed without the prefix, in
// the language asked for.
func TestPrefixed(t *testing.T) {
	it, en := IT.Prefixed("web."), EN.Prefixed("web.")
	if it["login"] != "Accedi" || en["login"] != "Log in" || len(it) != len(en) {
		t.Errorf("Prefixed: %q %q, %d and %d keys", it["login"], en["login"], len(it), len(en))
	}
	if _, ok := it["web.login"]; ok {
		t.Error("Prefixed kept the prefix")
	}
}

// TestGroupsBuiltApart: each group is built from the builders that
// declare its segment, and every key a builder adds is in the segments it
// declares (else a key would be missing until another group is built);
// a group's key given twice panics.
func TestGroupsBuiltApart(t *testing.T) {
	for seg, s := range shards() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("group %s: %v", seg, r)
				}
			}()
			if len(s.get()) == 0 {
				t.Errorf("group %s: empty", seg)
			}
			for k := range s.get() {
				if segment(k) != seg {
					t.Errorf("group %s holds %s", seg, k)
				}
			}
		}()
	}
	if _, ok := IT.Lookup("nogroup.key"); ok {
		t.Error("a key of no group found")
	}
}

// TestReaderEntries: the readers' texts are here (their languages and
// placeholders checked above with every entry's); read through T, %q
// keeps Go's quotes (tournament.Say puts « » in the Italian).
func TestReaderEntries(t *testing.T) {
	n := 0
	for k := range all() {
		if strings.HasPrefix(k, "reader.") {
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d reader entries", n)
	}
	if got := IT.T("reader.trf.sex", "x"); got != `il sesso "x" non è m, w o f; lasciato vuoto` {
		t.Errorf("reader.trf.sex: %q", got)
	}
}

// TestNamed: an entry with named placeholders takes one set of values,
// each language writing those it names; a name without a value shows.
func TestNamed(t *testing.T) {
	s := &shard{segment: "test"}
	s.get()["test.named"] = Entry{IT: "il file {name} ({size}) supera {max}", EN: "{err}"}
	shards()["test"] = s
	defer delete(shards(), "test")
	args := Named{"name": "a.trf", "size": 12, "max": "10 KB", "err": "too large"}
	if got := IT.T("test.named", args); got != "il file a.trf (12) supera 10 KB" {
		t.Errorf("IT: %q", got)
	}
	if got := EN.T("test.named", args); got != "too large" {
		t.Errorf("EN: %q", got)
	}
	if got := IT.T("test.named", Named{"name": "x"}); got != "il file x ({size}) supera {max}" {
		t.Errorf("missing values: %q", got)
	}
	if got := names("{a} {b_2} {} {X} {c"); !slices.Equal(got, []string{"a", "b_2"}) {
		t.Errorf("names: %q", got)
	}
}
