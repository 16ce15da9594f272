package clock

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/testkit/gosource"
)

// TestOneClock holds the office to one clock: no production code but
// this package reads the machine's time (time.Now, time.Since,
// time.Until, called or passed as a value). What the office records and
// compares reads the clock it was given (config.Config.Now, Office.Now,
// the pipeline's, the portal's and the accounts' Now); durations read a
// Stopwatch, files' ages Age, network deadlines Machine.
func TestOneClock(t *testing.T) {
	const home = "internal/platform/clock/"
	n := 0
	gosource.Each(t, "../../..", func(rel string, fset *token.FileSet, f *ast.File) {
		n++
		if strings.HasPrefix(rel, home) {
			return
		}
		name := ""
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "time" {
				name = "time"
				if im.Name != nil {
					name = im.Name.Name
				}
			}
		}
		if name == "" || name == "_" {
			return
		}
		ast.Inspect(f, func(nd ast.Node) bool {
			sel, ok := nd.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == name && x.Obj == nil {
				switch sel.Sel.Name {
				case "Now", "Since", "Until":
					t.Errorf("%s: time.%s reads the machine's clock: take the office's clock (package clock)", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	})
	if n < 100 {
		t.Fatalf("only %d production files read: is the root right?", n)
	}
}
