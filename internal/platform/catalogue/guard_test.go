package catalogue

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/testkit/gosource"
)

// bilingual are the field pairs through which a text reaches a person in
// both languages. Production code fills them from the catalogue; a pair
// whose two values are both written out in the code (a literal, or a
// format given as a literal) is a text the catalogue does not hold, so
// neither its test of the two languages and their placeholders nor a
// translator sees it.
var bilingual = [][2]string{
	{"Msg", "MsgIT"},           // office.Error, state.Error
	{"Reason", "ReasonIT"},     // office.Closability
	{"Message", "MessageIT"},   // tournament.Diagnostic
	{"MessageEN", "MessageIT"}, // validate.Finding
	{"EN", "IT"},               // validate.Text, catalogue.Entry
	{"Details", "DetailsIT"},   // the audit trail's details, once
	{"WhyEN", "Why"},           // state.View
	{"LabelEN", "Label"},       // state.View
	{"AdviceEN", "AdviceIT"},   // tournament.Advice
	{"Err", "ErrIT"},           // tournament.ParseError
}

// handBuiltBefore are the hand-built pairs that were there when the
// guard came, outside the area of the change that brought it: a file
// holds exactly as many as listed. Lower the number, or drop the line,
// when a pair moves into the catalogue; never raise one.
var handBuiltBefore = map[string]int{
	// None left: the readers' pairs (codec, trf, tdf, dates,
	// rateofplay) are the catalogue's reader.* entries.
}

// TestNoHandBuiltPairs: no production code outside the catalogue writes
// a text in both languages by hand (issue 19: bilingual text had eight
// mechanisms; now one).
func TestNoHandBuiltPairs(t *testing.T) {
	found := map[string]int{}
	gosource.Each(t, "../../..", func(rel string, fset *token.FileSet, f *ast.File) {
		if strings.HasPrefix(rel, "internal/platform/catalogue/") {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			fields := map[string]ast.Expr{}
			for _, e := range cl.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok {
						fields[k.Name] = kv.Value
					}
				}
			}
			for _, p := range bilingual {
				a, okA := fields[p[0]]
				b, okB := fields[p[1]]
				if okA && okB && written(a) && written(b) {
					found[rel]++
					if found[rel] > handBuiltBefore[rel] {
						t.Errorf("%s: %s and %s written by hand: give the text a key in internal/platform/catalogue", fset.Position(cl.Pos()), p[0], p[1])
					}
				}
			}
			// The office's pair of an English and an Italian value:
			// for values it holds in both languages, not for texts.
			if id, ok := cl.Type.(*ast.Ident); ok && id.Name == "pair" && len(cl.Elts) == 2 && written(cl.Elts[0]) && written(cl.Elts[1]) {
				t.Errorf("%s: a pair of two texts written by hand: give the text a key in internal/platform/catalogue", fset.Position(cl.Pos()))
			}
			return true
		})
	})
	for rel, n := range handBuiltBefore {
		if found[rel] < n {
			t.Errorf("%s: %d hand-built pairs left, %d allowed: lower handBuiltBefore to %d", rel, found[rel], n, found[rel])
		}
	}
}

// written reports whether e is a text written out in the code: a string
// literal, a format or an error given as one (fmt.Sprintf("…", …),
// errors.New("…")), or a sum with one ("…" + x).
func written(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return x.Kind == token.STRING && x.Value != `""`
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && len(x.Args) > 0 && (strings.HasPrefix(sel.Sel.Name, "Sprint") || sel.Sel.Name == "Errorf" || sel.Sel.Name == "New") {
			return written(x.Args[0])
		}
	case *ast.BinaryExpr:
		return x.Op == token.ADD && (written(x.X) || written(x.Y))
	case *ast.ParenExpr:
		return written(x.X)
	}
	return false
}

// keyLike is a catalogue key as the code names it.
var keyLike = regexp.MustCompile(`^[a-z]+(\.[a-zA-Z0-9-]+)+$`)

// sayers are the functions that take a catalogue key first: the
// language's own, the office's (say, newError, Refusal), the intake's
// (problem, Problem).
var sayers = map[string]bool{"T": true, "N": true, "Word": true, "Lookup": true, "say": true, "sayN": true, "newError": true, "Refusal": true, "problem": true, "Problem": true}

// TestEveryKeyNamedIsInTheCatalogue: a key the code names but the
// catalogue lacks would be written "[key]" on a page, in a notice or in
// a refusal.
func TestEveryKeyNamedIsInTheCatalogue(t *testing.T) {
	groups := map[string]bool{}
	for k := range all() {
		groups[strings.SplitN(k, ".", 2)[0]] = true
	}
	n := 0
	gosource.Each(t, "../../..", func(rel string, fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(nd ast.Node) bool {
			call, ok := nd.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			if !sayers[name] {
				return true
			}
			for _, a := range call.Args {
				lit, ok := a.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				k, err := strconv.Unquote(lit.Value)
				if err != nil || !keyLike.MatchString(k) || !groups[strings.SplitN(k, ".", 2)[0]] {
					continue
				}
				n++
				if _, ok := all()[k]; !ok {
					t.Errorf("%s: key %q not in the catalogue", fset.Position(lit.Pos()), k)
				}
			}
			return true
		})
	})
	if n == 0 {
		t.Fatal("no keys found")
	}
}
