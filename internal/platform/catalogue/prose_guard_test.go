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

// proseGuarded are the folders whose production code says nothing to a
// person in Italian but through the catalogue: the office, the arbiters'
// portal, the intake, the public site and the statistics (validate has
// its own guard, text_test.go).
var proseGuarded = []string{"internal/office/", "internal/portal/", "internal/intake/",
	"internal/publishing/site/", "internal/publishing/statistics/"}

// nameLike is a literal that names rather than says.
var nameLike = regexp.MustCompile(`^[a-z0-9./_-]*$`)

// formNames are the calls whose literal arguments name a form's field
// or a query's parameter ("torneo"): words read, not written.
var formNames = map[string]bool{"Get": true, "FormValue": true, "PostFormValue": true, "PathValue": true}

// italianProse are words of Italian prose that English does not write:
// a string literal holding one is a text written outside the catalogue.
// Words both languages write ("e", "per", "file") are left out.
var italianProse = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`il lo la le gli un una di del dello della dei degli delle
		al alla ai alle dal dalla dai dalle nel nella nei nelle sul sulla con tra fra
		non è sono ha hanno oppure ma se che né anche già più dopo prima entro senza
		giocatore torneo arbitro organizzatore ufficio invio invii
		trasmissione mittente messaggio lista registro errore avviso omologato respinto
		ogni nessun nessuna nessuno ed solo totale anno mese tipo cerca partita partite
		punti categoria sesso età fascia omologati respinti pubblicati pubblicata vai`) {
		italianProse[w] = true
	}
}

// TestNoItalianProseOutsideTheCatalogue: the office, the portal and the
// intake write no Italian sentence in their code (issue 19: their
// refusals, reasons and page words are the catalogue's). Literals read,
// not written, are left alone: the cases of a switch, the keys of a map
// (the Italian words the intake recognises in a message), regular
// expressions, imports and tags.
func TestNoItalianProseOutsideTheCatalogue(t *testing.T) {
	checked := 0
	gosource.Each(t, "../../..", func(rel string, fset *token.FileSet, f *ast.File) {
		guarded := false
		for _, p := range proseGuarded {
			guarded = guarded || strings.HasPrefix(rel, p)
		}
		if !guarded {
			return
		}
		checked++
		read := gosource.Read(f, formNames)
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BasicLit)
			if !ok || b.Kind != token.STRING || read[b] {
				return true
			}
			s, err := strconv.Unquote(b.Value)
			if err != nil || strings.HasPrefix(s, "/") || nameLike.MatchString(s) {
				// A path of the portal ("/portale/invii/"), a file, a
				// table's stem, a key ("tornei/index.html", "province-mesi"):
				// names, not prose.
				return true
			}
			if w := gosource.WordIn(s, italianProse); w != "" {
				t.Errorf("%s: %q has the Italian word %q: give the text a key in internal/platform/catalogue", fset.Position(b.Pos()), s, w)
			}
			return true
		})
	})
	if checked == 0 {
		t.Fatal("no file checked")
	}
}
