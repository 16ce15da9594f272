package fsi

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/testkit/gosource"
)

// vocabulary is what has one home: a string literal of production code
// matching a pattern is allowed only under one of the home folders
// (relative to the repository root).
var vocabulary = []struct {
	what  string
	match func(s string) bool
	homes []string
}{
	// A list's name as a value: prose that speaks of "the Elo Italia
	// rating" is text, not the list's name.
	{"a rating list's name", func(s string) bool { return s == Standard.ListName() || s == Rapid.ListName() },
		[]string{"internal/fsi/"}},
	{"a kind", func(s string) bool {
		switch Kind(s) {
		case Standard, Rapid, Blitz, Promotion:
			return true
		}
		return false
	}, []string{"internal/fsi/"}},
	// The office's time zone and the deadline are settings of each rule
	// set (rules.yaml: deadline.time_zone, max_days_after_end;
	// rating.time_zone): the rules package decodes them, nothing else
	// names them (the deadline's parameters, declared beside the deadline
	// check, hold whatever rules.yaml says).
	{"the office's time zone", func(s string) bool { return strings.Contains(s, "Europe/Rome") },
		[]string{"internal/homologation/rules/"}},
	{"the deadline", deadlineLiteral.MatchString, nil},
}

// deadlineLiteral is a deadline written as a number of days after the
// end of a tournament, in either language.
var deadlineLiteral = regexp.MustCompile(`\b\d+ (giorni dalla fine|days (of|after) the end)`)

// wordsNotKinds are literals that spell a kind but are not one: words
// read in free text, keys of rules.yaml, another concept of the same
// name. Each is named with its file and why.
var wordsNotKinds = map[string]string{
	"internal/tournament/rateofplay/parse.go": "words of a rate of play as people write it",
	"internal/homologation/rules/rating.go":   "keys of rules.yaml's rating section, in error messages",
	"internal/office/players.go":              `"promotion" is a category change (RTF 4.2.9), not a rule-set kind`,
	"internal/platform/catalogue/validate.go": "the kinds' names in Italian and English, in the text catalogue",
	"internal/platform/catalogue/report.go":   "the English name of blitz play, in the text catalogue",
	"internal/fsi/registers/names.go":         "words of tournament names too common to tell one from another",
}

// TestVocabularyHasOneHome: no list name, kind string, time zone or
// deadline literal outside its home (issue 19: the deadline once written
// in eight notice strings disagreed with the rule set's).
func TestVocabularyHasOneHome(t *testing.T) {
	gosource.Each(t, "../..", func(rel string, fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, v := range vocabulary {
				if !v.match(s) || home(rel, v.homes) {
					continue
				}
				if v.what == "a kind" && wordsNotKinds[rel] != "" {
					continue
				}
				t.Errorf("%s: %s %q outside its home %v", fset.Position(lit.Pos()), v.what, s, v.homes)
			}
			return true
		})
	})
}

func home(rel string, homes []string) bool {
	for _, h := range homes {
		if strings.HasPrefix(rel, h) {
			return true
		}
	}
	return false
}
