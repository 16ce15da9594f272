package validate

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// Coverage of the rules by the tests: every rule id a check may report
// must be reported by at least one table test, and every check of the
// regulations (../shared/regs/README.md §2) must have a rule id.

// reported collects, across the tests of the package, which tests saw
// each rule id reported (through run, runIn and judge).
var reported = struct {
	sync.Mutex
	by map[string][]string
}{by: map[string][]string{}}

// record notes the rules of findings reported under test t.
func record(t testing.TB, fs []Finding) {
	reported.Lock()
	defer reported.Unlock()
	for _, f := range fs {
		if !slices.Contains(reported.by[f.Rule], t.Name()) {
			reported.by[f.Rule] = append(reported.by[f.Rule], t.Name())
		}
	}
}

// TestMain checks, after a run of every test of the package (no -run or
// -skip filter, nothing failed), that every rule id was reported by at
// least one test: a rule no test makes the checks report is a rule
// nobody has seen work.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && !filtered() {
		if missing := unreported(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: rule ids that no test saw reported (add a table test that names its article): %s\n",
				strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

func filtered() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	return false
}

func unreported() []string {
	reported.Lock()
	defer reported.Unlock()
	var out []string
	for _, id := range RuleIDs() {
		if len(reported.by[id]) == 0 {
			out = append(out, id)
		}
	}
	return out
}

// TestEveryRuleHasATableTest: statically, every rule id appears as a
// string literal in a Test function of this package whose name or
// subtest names carry an article (the expected findings of a table
// test); TestMain checks dynamically that the tests saw it reported.
func TestEveryRuleHasATableTest(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	in := map[string][]string{} // rule id → test functions naming it
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == t.Name() {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && !slices.Contains(in[s], fn.Name.Name) {
						in[s] = append(in[s], fn.Name.Name)
					}
				}
				return true
			})
		}
	}
	for _, id := range RuleIDs() {
		tests := in[id]
		if len(tests) == 0 {
			t.Errorf("%s: no test function expects it", id)
			continue
		}
		if !slices.ContainsFunc(tests, hasArticle) {
			t.Errorf("%s: expected only by %v, none named after an article", id, tests)
		}
	}
}

// hasArticle reports whether a test's name carries an article:
// TestRTF_…, TestRAPID_…, TestFIDE_…, TestLAWS_….
func hasArticle(test string) bool {
	for _, p := range []string{"TestRTF_", "TestRAPID_", "TestFIDE_", "TestLAWS_"} {
		if strings.HasPrefix(test, p) {
			return true
		}
	}
	return false
}

// regsChecks maps every check of ../shared/regs/README.md §2 (and the
// submission rules of §1) to the rule ids that report it. A check
// without a rule id is a check the validator does not make.
var regsChecks = []struct {
	article string
	rule    string
	rules   []string
}{
	{"RAPID 5.2", "received within 8 days of the end", []string{"deadline.late", "deadline.in-time", "deadline.end-unknown", "deadline.before-end"}},
	{"RAPID 5.2", "the body states venue, dates, arbiter and organiser", []string{"submission.field-missing", "submission.venue-mismatch", "submission.date-mismatch", "submission.arbiter-mismatch", "submission.organiser-mismatch"}},
	{"RTF 6.2.2", "homologation on the final report: a file saved mid-tournament is not it", []string{"eligibility.unfinished"}},
	{"RTF 5.3.1 g, 6.1.1", "authorised beforehand", []string{"eligibility.not-authorised", "eligibility.authorised", "eligibility.authorisation-dates", "eligibility.authorisation-kind",
		"eligibility.authorised-by-office", "eligibility.declared-unauthorised"}},
	{"RTF 5.3.1 a", "6 rounds, or 5 on consecutive days", []string{"eligibility.min-rounds", "eligibility.few-rounds-not-consecutive", "eligibility.few-rounds-unverified"}},
	{"RTF 5.3.1 b, FIDE-RR 3.1", "at most 3 games and 12 hours a day", []string{"eligibility.games-per-day", "eligibility.hours-per-day", "eligibility.games-per-day-span", "eligibility.hours-per-day-span"}},
	{"RTF 5.3.1 c", "7 participants, 6 with 5 rounds", []string{"eligibility.min-players"}},
	{"RTF 5.3.1 d", "at least 2 hours per player over 60 moves", []string{"eligibility.rate-too-short", "eligibility.rate-unknown", "eligibility.rate-unreadable"}},
	{"FIDE-RR 1.1", "minimum by the players' ratings", []string{"eligibility.rate-fide-threshold"}},
	{"FIDE-RR 1.3", "a first control of 40 moves", []string{"eligibility.first-control-moves"}},
	{"RTF 5.3.1 e, FIDE-RR 4.1", "at most 90 days", []string{"eligibility.too-long", "eligibility.dates-missing", "eligibility.end-before-start"}},
	{"FIDE-RR 4.11", "league championships excepted", []string{"eligibility.league"}},
	{"RTF 5.3.1 f", "arbiter at least Candidato Nazionale", []string{"eligibility.arbiter-category", "eligibility.arbiter-missing", "eligibility.arbiter-unknown", "eligibility.arbiter-expired"}},
	{"RTF 7.2", "Swiss or round robin; Italo-Swiss for promotion", []string{"eligibility.pairing-not-allowed", "eligibility.pairing-unknown"}},
	{"RTF 5.2.1 a", "promotion tournaments below Terza Nazionale", []string{"eligibility.promotion", "identity.category-not-allowed", "identity.category-unknown"}},
	{"RTF 5.4.1", "team competitions: rate, arbiter, individual points first", []string{"eligibility.team-competition", "eligibility.team-ranking", "eligibility.team-rate-too-short"}},
	{"RAPID 4.1", "rapid: 15 to 60 minutes", []string{"eligibility.rate-too-short", "eligibility.rate-too-long"}},
	{"RAPID 4.3", "rapid: 6 rounds", []string{"eligibility.min-rounds"}},
	{"RAPID 4.4", "rapid: 14 players", []string{"eligibility.min-players"}},
	{"RAPID 3.2", "rapid: every participant an FSI member", []string{"eligibility.membership-missing", "eligibility.membership-unknown"}},
	{"RAPID 3.1", "rapid: directed by an arbiter", []string{"eligibility.arbiter-missing", "eligibility.arbiter-category"}},
	{"RAPID 4.5", "rapid: pairing preferably Swiss or round robin", []string{"eligibility.pairing-not-allowed"}},
	{"LAWS A.1, B.1", "kind of play from the rate; blitz not rated", []string{"eligibility.kind-mismatch", "eligibility.blitz", "eligibility.kind-assumed"}},
	{"RTF 7.5.1", "three forfeit losses exclude", []string{"conduct.forfeit-losses"}},
	{"RTF 7.5.1", "a round-1 forfeit loss excludes", []string{"conduct.first-round-forfeit"}},
	{"RTF 7.5.2", "at most two announced absences", []string{"conduct.absences"}},
	{"RTF 7.5.2, 7.5.3", "last-round forfeit loss: unjustified withdrawal", []string{"conduct.unjustified-withdrawal"}},
	{"FIDE-GR 6.6", "round-robin withdrawals under 50 %", []string{"conduct.rr-withdrawal-under-half", "conduct.rr-withdrawal", "crosstable.points-without-withdrawn"}},
	{"FIDE-GR 6.6; RTF 7.5.3", "a round-robin withdrawal: the office decides (regs §4c)", []string{"conduct.rr-withdrawal-undecided"}},
	{"FIDE-GR 6.7.4", "one half-point bye", []string{"conduct.half-point-byes"}},
	{"RTF 7.3.1, RAPID 4.6", "standings by SB (round robin) or BH-C1 (Swiss)", []string{"tiebreak.computed", "tiebreak.rank-differs", "crosstable.rank-order"}},
	{"RTF 4.2.2, RAPID 6.2", "the list period", []string{"deadline.list-period"}},
	{"RTF 4.2.4", "ratings of the list in force", []string{"identity.rating-mismatch"}},
	{"RTF 4.2.16", "players known to the register", []string{"identity.unknown", "identity.ambiguous", "identity.duplicate"}},
}

func TestRegsChecksHaveRules(t *testing.T) {
	ids := RuleIDs()
	for _, c := range regsChecks {
		for _, id := range c.rules {
			if !slices.Contains(ids, id) {
				t.Errorf("%s (%s): rule %s is not reported by any check", c.article, c.rule, id)
			}
		}
	}
	// And the other way: say which rule ids are bookkeeping of the file
	// or of the registers rather than a rule of §2, so that a new rule
	// id is placed in one list or the other.
	mapped := map[string]bool{}
	for _, c := range regsChecks {
		for _, id := range c.rules {
			mapped[id] = true
		}
	}
	var rest []string
	for _, id := range ids {
		group, _, _ := strings.Cut(id, ".")
		if !mapped[id] && group != "format" && group != "crosstable" && !slices.Contains(bookkeeping, id) {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	if len(rest) > 0 {
		t.Errorf("rule ids neither mapped to a rule of regs §2 nor listed as bookkeeping: %s", strings.Join(rest, ", "))
	}
}

// TestRegsChecksNamedByATest: every check of regsChecks has a test that
// names one of its articles (in the test's name or a subtest's) and
// expects one of its rule ids; TestEveryRuleHasATableTest alone would be
// satisfied by a test named after any article.
func TestRegsChecksNamedByATest(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	type testFunc struct {
		names [][]string // article tokens of the name and of every string literal
		lits  []string
	}
	var tests []testFunc
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == t.Name() {
				continue
			}
			tf := testFunc{names: [][]string{articleTokens(strings.TrimPrefix(fn.Name.Name, "Test"))}}
			ast.Inspect(fn, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						tf.lits = append(tf.lits, s)
						tf.names = append(tf.names, articleTokens(s))
					}
				}
				return true
			})
			tests = append(tests, tf)
		}
	}
	for _, c := range regsChecks {
		arts := articlesOf(c.article)
		named := func(n []string) bool {
			return slices.ContainsFunc(arts, func(a []string) bool { return containsRun(n, a) })
		}
		expects := func(lit string) bool { return slices.Contains(c.rules, lit) }
		if !slices.ContainsFunc(tests, func(tf testFunc) bool {
			return slices.ContainsFunc(tf.names, named) && slices.ContainsFunc(tf.lits, expects)
		}) {
			t.Errorf("%s (%s): no test naming the article expects any of %v", c.article, c.rule, c.rules)
		}
	}
}

// articlesOf splits "RTF 5.3.1 g, 6.1.1" into the tokens of each
// article, a bare number taking the text of the one before it.
func articlesOf(s string) [][]string {
	var out [][]string
	doc := ""
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		if a != "" && unicode.IsDigit(rune(a[0])) {
			a = doc + " " + a
		} else {
			doc, _, _ = strings.Cut(a, " ")
		}
		out = append(out, articleTokens(a))
	}
	return out
}

// articleTokens splits a test or subtest name into upper-case runs of
// letters and of digits, so that "TestLAWS_A1_B1" and "LAWS A.1" and
// "RTF 5.3.1 a:" and "RTF_5_3_1_a_Rounds" compare.
func articleTokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToUpper(string(cur)))
			cur = nil
		}
	}
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case len(cur) > 0 && unicode.IsDigit(r) != unicode.IsDigit(cur[len(cur)-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// containsRun reports whether needle occurs in hay as consecutive tokens.
func containsRun(hay, needle []string) bool {
	for i := 0; i+len(needle) <= len(hay); i++ {
		if slices.Equal(hay[i:i+len(needle)], needle) {
			return true
		}
	}
	return false
}

// bookkeeping are the rule ids that say what was (not) checked or found,
// rather than apply a rule: the format and crosstable groups are the
// file's consistency, checked for every rule.
var bookkeeping = []string{
	"deadline.not-checked", "deadline.not-applied",
	"submission.not-email", "submission.date-unreadable",
	"eligibility.rule-set-out-of-range", "eligibility.round-dates-missing",
	"eligibility.arbiter-not-checked", "eligibility.arbiter-ambiguous", "eligibility.arbiter-found",
	"eligibility.authorisation-not-checked", "eligibility.authorisation-ambiguous", "eligibility.authorisation-uncertain",
	"eligibility.pairing-inferred", "eligibility.membership-not-checked", "eligibility.team-ranking-unverified",
	"identity.not-checked", "identity.id-conflict", "identity.name-mismatch", "identity.category-mismatch",
	"identity.summary",
	"tiebreak.declared", "tiebreak.not-compared", "tiebreak.no-declared-ranks",
}
