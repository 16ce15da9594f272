package validate

import (
	"errors"
	"strings"
	"testing"

	"omologa/internal/fsi"
	"omologa/internal/tournament"
)

// The reader's diagnostics reach arbiters in Italian: the Italian finding
// takes MessageIT and the field's Italian name, the English one the
// reader's English; a diagnostic without Italian falls back to English.
func TestFIDE_TRF_ReaderDiagnosticsItalian(t *testing.T) {
	cases := []struct {
		name   string
		diag   tournament.Diagnostic
		it, en string
	}{
		{"FIDE TRF: Italian text of a reader's note",
			tournament.Diagnostic{Line: 3, Column: 1, Severity: tournament.Note, Code: "trf.ruler-line", Field: "record",
				Message: "column ruler line skipped", MessageIT: "riga di righello delle colonne ignorata"},
			"Nota di lettura (riga, colonna 1): riga di righello delle colonne ignorata",
			"Reading note (record, column 1): column ruler line skipped"},
		{"FIDE TRF: round field named in Italian",
			tournament.Diagnostic{Line: 9, Column: 92, Severity: tournament.Error, Code: "trf.round-entry", Field: "round 3",
				Message: `round entry "x" cannot be read; left empty`, MessageIT: "la casella del turno «x» non si può leggere; lasciata vuota"},
			"Parte del tabellone non si può leggere (turno 3, colonna 92): la casella del turno «x» non si può leggere; lasciata vuota",
			`Part of the crosstable cannot be read (round 3, column 92): round entry "x" cannot be read; left empty`},
		{"FIDE TRF: no Italian text falls back to English",
			tournament.Diagnostic{Line: 1, Column: 5, Severity: tournament.Warning, Code: "trf.x", Field: "012", Message: "m"},
			"Valore non letto o letto per ipotesi (012, colonna 5): m",
			"A value was not read, or read by guess (012, column 5): m"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := runIn(t, "format.reader", fsi.Standard,
				Input{Tournament: swissOf(t, 2, 1), Diagnostics: []tournament.Diagnostic{c.diag}}, Decision{})
			if len(fs) != 1 {
				t.Fatalf("findings = %+v, want one", fs)
			}
			if fs[0].MessageIT != c.it {
				t.Errorf("Italian = %q\nwant      %q", fs[0].MessageIT, c.it)
			}
			if fs[0].MessageEN != c.en {
				t.Errorf("English = %q\nwant      %q", fs[0].MessageEN, c.en)
			}
		})
	}
}

// A file from which no tournament can be read is explained in Italian to
// the arbiter too (RAPID 5.2): the reader's ParseError carries both.
func TestRAPID_5_2_UnreadableFileInItalian(t *testing.T) {
	set := ruleSet(t, fsi.Standard)
	p := &Pass{Input: Input{File: "x.trf", ReadError: &tournament.ParseError{File: "x.trf", Field: "player",
		Err: errors.New("no player record: no tournament can be read"), ErrIT: "nessun record di giocatore: non si può leggere alcun torneo"}}, Set: set}
	checkFormat(p)
	if len(p.findings) != 1 {
		t.Fatalf("findings %+v", p.findings)
	}
	f := p.findings[0]
	if !strings.Contains(f.MessageIT, "nessun record di giocatore") || !strings.Contains(f.MessageIT, "(giocatore)") ||
		!strings.Contains(f.MessageEN, "no player record") {
		t.Errorf("it %q\nen %q", f.MessageIT, f.MessageEN)
	}
}
