package codec_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// Every diagnostic goes to arbiters in Italian: the readers must give each
// one an Italian text, and a well-formed one (no fmt error marks, no Go
// quoting of the file's text).
func checkItalian(t *testing.T, name string, diags []tournament.Diagnostic) {
	t.Helper()
	for _, d := range diags {
		switch {
		case d.MessageIT == "":
			t.Errorf("%s: %s (%s) has no Italian text: %q", name, d.Code, d.Field, d.Message)
		case strings.Contains(d.MessageIT, "%!") || strings.Contains(d.Message, "%!"):
			t.Errorf("%s: %s: bad formatting: %q / %q", name, d.Code, d.Message, d.MessageIT)
		case d.MessageIT == d.Message:
			t.Errorf("%s: %s: Italian text is the English one: %q", name, d.Code, d.Message)
		}
	}
}

func readAll(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.IsDir() || e.Name() == "MANIFEST.md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		_, diags, _ := codec.Read(e.Name(), data)
		checkItalian(t, e.Name(), diags)
		n += len(diags)
	}
	return n
}

func TestDiagnosticsItalianCorpus(t *testing.T) {
	n := readAll(t, corpusDir(t))
	t.Logf("%d diagnostics checked", n)
}

func TestDiagnosticsItalianSamples(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "samples", "drop")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("samples folder %s absent: %v", dir, err)
	}
	n := readAll(t, dir)
	t.Logf("%d diagnostics checked", n)
}

// TestDiagnosticsItalianSynthetic reaches the diagnostics that no real file
// in the corpus produces.
func TestDiagnosticsItalianSynthetic(t *testing.T) {
	trfFile := strings.Join([]string{
		"012 Test",
		"042 2024.13.45",
		"052 31/02/2024",
		"062 abc",
		"062 12",
		"122 9",
		"132                                                                                        24/03/01  24/13/02  xx",
		"XR 5",
		"ab",
		"DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR",
		"999 unknown",
		"BBX extension",
		"240 Q 1 2",
		"240 F x",
		"240",
		"310 team  1 x",
		"092 Swiss",
		"092 Again",
		"162 W 1.0 D x",
		"162 W 1.0 ZZ 1.0 D",
		"001    x m    Player, One                       abcd ITA      12345 1990/99/99 x.y  zz     2 q 1     9 w Z     2 - 1  xxxx",
		"001    1 q    Player, Two                       2000 ITA      abcde 1990/01/01 1.0     1     1 x 0  yyyyy",
		"001    1 m    Player, Three                     2000 ITA    2000000 1990/01/01 1.0     1",
		"001         m    No Start",
		"001    3 m    Player, Four                      2000 ITA    2000000 0000/00/00 1.0     1     1 b w",
		"002    9 x    National                          abcd",
		"001    5 m    Player, Five                      abcd ITA    2000000 1990/01/01 1.0     1     1 w 1     1 b x     1 w w  zzzzzzz",
		"001    6 m    Player, Six                       2000 ITA    2000000 1990/01/01 1.0     1     1 w 1 ",
	}, "\n")
	tdfFile := strings.Join([]string{
		"TORNEO|Test",
		"INIZIO|2024.13.45",
		"FINE|2024/03/03",
		"TURNI|x",
		"DATE|2024/03/01;2024/04/01;xx",
		"STRANO|1",
		"GIOCATORE|x|m|CM|Uno|ITA|0|0|1|1|1990/01/01|1|1||1 w 1",
		"GIOCATORE|1|q|CM|Due|ITA|abc|abcd|1|efgh|1990/99/99|x.y|zz||1 w 1|9x|z w 1|2 k 1|2 w Q",
		"GIOCATORE|1|m|CM|Tre|ITA|0|0|1|1|1990/01/01|1|1||",
		"GIOCATORE|2|m",
		"# caf\xe8",
	}, "\n")
	for name, text := range map[string]string{"synthetic.trf": trfFile, "synthetic.tdf": tdfFile} {
		// A Windows-1252 byte and a BOM bring in the encoding notes.
		data := append([]byte("\xEF\xBB\xBF"), []byte(text)...)
		if strings.HasSuffix(name, ".trf") {
			data = append(data, []byte("\n### caf\xe8\n")...)
		}
		_, diags, err := codec.Read(name, data)
		codes := map[string]bool{}
		for _, d := range diags {
			codes[d.Code] = true
		}
		t.Logf("%s: %d diagnostics, %d codes, err %v", name, len(diags), len(codes), err)
		for _, d := range diags {
			t.Logf("  %s: %s | %s", d.Code, d.Message, d.MessageIT)
		}
		checkItalian(t, name, diags)
	}
}
