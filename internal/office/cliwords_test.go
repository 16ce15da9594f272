package office

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// cliWords are what names a command line: a command (omologa status) or
// a flag (--file).
var cliWords = regexp.MustCompile(`omologa [a-z]|(^|[\s(])--[a-z]`)

// TestNoCLIWordsForTheWeb: the messages of the office's errors that the
// web shows (Msg, MsgIT, and errorf's, which is Msg) name no command or
// flag; the command line's advice goes in Error.CLI (issue 19).
func TestNoCLIWordsForTheWeb(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if filepath.Ext(name) != ".go" || len(name) > 8 && name[len(name)-8:] == "_test.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		check := func(e ast.Expr, what string) {
			ast.Inspect(e, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, _ := strconv.Unquote(lit.Value); cliWords.MatchString(s) {
						t.Errorf("%s: %s names the command line: %s (put it in CLI)", fset.Position(lit.Pos()), what, s)
					}
				}
				return true
			})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && (id.Name == "Msg" || id.Name == "MsgIT") {
					check(n.Value, id.Name)
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "errorf" && len(n.Args) > 1 {
					check(n.Args[1], "errorf")
				}
			}
			return true
		})
	}
}

func TestErrorSaysCLIOnTheCommandLine(t *testing.T) {
	e := &Error{Kind: NotFound, Msg: "no submission 9", CLI: "no submission 9 (omologa status lists them)"}
	if e.Error() != e.CLI {
		t.Errorf("Error() = %q, want the CLI's words", e.Error())
	}
	e.CLI = ""
	if e.Error() != e.Msg {
		t.Errorf("Error() = %q, want Msg", e.Error())
	}
}

// TestNoCLIWordsInWarnings: the list run's warnings, which the web's
// preview shows too, name no command or flag.
func TestNoCLIWordsInWarnings(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "listrun.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "warn" && len(c.Args) > 0 {
				if lit, ok := c.Args[0].(*ast.BasicLit); ok {
					if s, _ := strconv.Unquote(lit.Value); cliWords.MatchString(s) {
						t.Errorf("%s: a warning names the command line: %s", fset.Position(lit.Pos()), s)
					}
				}
			}
		}
		return true
	})
}
