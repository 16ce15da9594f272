package tournament

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/platform/catalogue"
)

// TestSay: a reader's text in both languages, %q between « » in the
// Italian only, an argument in both languages (Both) and one that is
// itself a reader's text (Key) each in the language of the text.
func TestSay(t *testing.T) {
	for _, c := range []struct {
		id     string
		args   []any
		en, it string
	}{
		{"trf.sex", []any{"x"}, `sex "x" is not m, w or f; left blank`, "il sesso «x» non è m, w o f; lasciato vuoto"},
		{"trf.date.birth", []any{Both{EN: "bad", IT: "cattiva"}}, "birth date: bad", "data di nascita: cattiva"},
		{"tdf.number.field", []any{Key("field.rating"), "x"}, `rating "x" is not a number`, "l'Elo «x» non è un numero"},
		{"more.many", []any{3, 40}, "3 more like these from line 40 on (not listed)", "altri 3 casi come questi dalla riga 40 in poi (non elencati)"},
	} {
		en, it := Say(c.id, c.args...)
		if en != c.en || it != c.it {
			t.Errorf("Say(%q) = %q, %q; want %q, %q", c.id, en, it, c.en, c.it)
		}
	}
	for id, code := range map[string]string{"trf.sex": "trf.sex", "trf.start.missing": "trf.start", "codec.bom": "codec.bom", "x": "x"} {
		if got := CodeOf(id); got != code {
			t.Errorf("CodeOf(%q) = %q, want %q", id, got, code)
		}
	}
}

// readerTexts are the functions of the readers that take a reader's text
// id: which argument, and what goes before it to make the catalogue's
// key.
var readerTexts = map[string]struct {
	arg    int
	prefix string
}{
	"Add":           {4, "reader."},
	"NewDiagnostic": {5, "reader."},
	"Say":           {0, "reader."},
	"Phrase":        {0, "reader."},
	"Unreadable":    {2, "reader."},
	"Key":           {0, "reader."},
	"number":        {2, "reader."},            // tdf: a field's name
	"unreadable":    {1, "reader.date."},       // dates
	"roundError":    {0, "reader.date."},       // dates
	"why":           {0, "reader.rate."},       // rateofplay
	"refuse":        {1, "reader.codec.file."}, // codec: what the file is
}

// TestEveryReaderTextIsInTheCatalogue: every text id the readers name is
// a key of the catalogue (else a notice would say "[reader.…]"), and
// every reader's entry of the catalogue is named by a reader (else it is
// a text nobody writes).
func TestEveryReaderTextIsInTheCatalogue(t *testing.T) {
	named := map[string]bool{} // keys the readers name
	loose := map[string]bool{} // every string literal of the readers, as a key
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
					loose["reader."+s] = true
				}
			case *ast.CallExpr:
				name := ""
				switch fn := x.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				rt, ok := readerTexts[name]
				if !ok || rt.arg >= len(x.Args) {
					return true
				}
				if lit, ok := x.Args[rt.arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					key := rt.prefix + s
					named[key] = true
					if _, ok := catalogue.EN.Lookup(key); !ok {
						t.Errorf("%s: %s(%q): no %q in the catalogue", path, name, s, key)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(named) < 100 {
		t.Fatalf("only %d reader texts found: is the walk still over the readers?", len(named))
	}
	for key := range catalogue.EN.Prefixed("reader.") {
		if key = "reader." + key; !named[key] && !loose[key] {
			t.Errorf("%s: in the catalogue, but no reader writes it", key)
		}
	}
}
