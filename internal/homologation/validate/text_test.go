package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/platform/catalogue"
	"omologa/internal/testkit/gosource"
	"omologa/internal/tournament"
)

// italianWords are words of Italian prose that English does not write:
// a string literal holding one is a message written outside the
// catalogue. Words both languages write ("e", "per", "file") are left
// out.
var italianWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`il lo la le gli un una di del dello della dei degli delle
		al alla ai alle dal dalla dai dalle nel nella nei nelle sul sulla con tra fra
		non è sono ha hanno era oppure ma se che ne né anche già più dopo prima entro senza
		alcun alcuna altri altro ogni quale
		turno turni giorno giorni partita partite giocatore giocatori torneo tornei squadra squadre
		riposa abbinato abbinati abbinamento abbinamenti nato nata colonna riga codifica sesso punti
		numero nascita inizio posizione posizioni comune città arbitro organizzatore vicine
		dichiarato dichiarata scrittura riconosciuta regola regole sconosciuta oggi mai svizzero
		girone italiana lista calendario invio giocati consecutivi risultato classifica`) {
		italianWords[w] = true
	}
}

// italianIn is the first Italian word of s, "" when it holds none.
func italianIn(s string) string { return gosource.WordIn(s, italianWords) }

// TestNoProseOutsideTheCatalogue: the words the checks put in the
// findings are the text catalogue's ("validate." keys), read through say,
// count and word; a Text is made in one place (both). A non-test file of
// validate fails here when it
//   - writes a Text's IT or EN field in a composite literal outside both,
//   - gives given (a text in both languages from elsewhere) a literal,
//   - holds a string literal with an Italian word, except the words read
//     from submissions and names (a case of a switch, a key of a map, a
//     regular expression),
//   - says a key the catalogue lacks.
func TestNoProseOutsideTheCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		// Literals that are words read, not written: the cases of a
		// switch, the keys of a map, the patterns of a regular
		// expression; and the imports' paths, the fields' tags.
		read := gosource.Read(f, nil)
		for _, d := range f.Decls {
			fn, _ := d.(*ast.FuncDecl)
			inBoth := fn != nil && fn.Recv == nil && fn.Name.Name == "both"
			ast.Inspect(d, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.KeyValueExpr:
					if id, ok := x.Key.(*ast.Ident); ok && (id.Name == "IT" || id.Name == "EN") && !inBoth {
						t.Errorf("%s: %s: written outside both: say a catalogue key instead", fset.Position(x.Pos()), id.Name)
					}
				case *ast.CallExpr:
					id, ok := x.Fun.(*ast.Ident)
					if !ok || len(x.Args) == 0 {
						break
					}
					lit, ok := x.Args[0].(*ast.BasicLit)
					switch {
					case id.Name == "given":
						for _, a := range x.Args {
							if b, ok := a.(*ast.BasicLit); ok {
								t.Errorf("%s: given(%s): a text written here belongs in the catalogue", fset.Position(b.Pos()), b.Value)
							}
						}
					case ok && (id.Name == "say" || id.Name == "count" || id.Name == "word"):
						key, _ := strconv.Unquote(lit.Value)
						if id.Name == "word" {
							key = "validate.word." + key
						}
						if _, found := catalogue.IT.Lookup(key); !found {
							t.Errorf("%s: %s(%s): no such key in the catalogue", fset.Position(lit.Pos()), id.Name, lit.Value)
						}
					}
				case *ast.BasicLit:
					if x.Kind != token.STRING || read[x] {
						break
					}
					s, _ := strconv.Unquote(x.Value)
					if w := italianIn(s); w != "" {
						t.Errorf("%s: %s: Italian (%q) outside the catalogue", fset.Position(x.Pos()), x.Value, w)
					}
				}
				return true
			})
		}
	}
	if checked < 10 {
		t.Fatalf("only %d files checked", checked)
	}
}

// TestItalianIn: the guard's heuristic sees an Italian word in prose,
// not in a rule id or an English sentence.
func TestItalianIn(t *testing.T) {
	for s, want := range map[string]string{
		"%d riposa":                    "riposa",
		"l'arbitro":                    "arbitro",
		"dichiarato in %s":             "dichiarato",
		"eligibility.arbiter-missing":  "",
		"the tournament is declared":   "",
		"FIDE C.07 (2023), art. 16":    "",
		"validate.unfinished.declared": "",
	} {
		if got := italianIn(s); got != want {
			t.Errorf("italianIn(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestTexts: the texts the checks compose from the catalogue read as
// they did when they were written here.
func TestTexts(t *testing.T) {
	d := tournament.NewDate(1990, 2, 1)
	for _, c := range []struct {
		got    Text
		it, en string
	}{
		{idsText(&tournament.Player{FideID: "123", NationalID: "456", BirthDate: d}),
			"; FIDE 123, FSI 456, nato il 01/02/1990", "; FIDE 123, FSI 456, born 1990-02-01"},
		{idsText(&tournament.Player{BirthDate: d, Sex: "f"}), "; nata il 01/02/1990", "; born 1990-02-01"},
		{idsText(&tournament.Player{BirthDate: tournament.Date{Year: 1990, Month: 2}}), "; nato nel 2/1990", "; born 1990-02"},
		{idsText(&tournament.Player{BirthDate: tournament.Date{Year: 1990}, Sex: "f"}), "; nata nel 1990", "; born 1990"},
		{idsText(&tournament.Player{}), "", ""},
		{scoringText(tournament.Scoring{Source: "XXS"}), "dichiarato in XXS", "declared in XXS"},
		{whereRead("round 3", 92), " (turno 3, colonna 92)", " (round 3, column 92)"},
		{whereRead("starting number", 0), " (numero di partenza)", " (starting number)"},
		{whereRead("weird", 0), " (weird)", " (weird)"},
		{whereRead("", 0), "", ""},
		{gameList([]BergerGame{{White: 1, Black: 6}, {White: 7, Black: 2}, {White: 3, Black: 7}}, 7),
			"1-6, 2 riposa, 3 riposa", "1-6, 2 has the bye, 3 has the bye"},
		{listLabel(tournament.NewDate(2027, 1, 1)), "di gennaio 2027", "of January 2027"},
		{listLabel(tournament.Date{}), "", ""},
		{afterEnd(0), "il giorno stesso della fine del torneo", "on the day the tournament ended"},
		{afterEnd(1), "1 giorno dopo la fine del torneo", "1 day after the tournament's end"},
		{afterEnd(3), "3 giorni dopo la fine del torneo", "3 days after the tournament's end"},
		{roundsText(1), "1 turno", "1 round"},
		{count("count.game", 2), "2 partite", "2 games"},
		{joinOr([]Text{same("a"), same("b"), same("c")}), "a, b o c", "a, b or c"},
		{joinAnd([]Text{same("a")}), "a", "a"},
	} {
		if c.got.IT != c.it || c.got.EN != c.en {
			t.Errorf("got %q / %q, want %q / %q", c.got.IT, c.got.EN, c.it, c.en)
		}
	}
}
