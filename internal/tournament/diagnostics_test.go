package tournament

import (
	"strings"
	"testing"
)

func TestDiagnosticsLimit(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n         int    // diagnostics of one code
		listed    int    // diagnostics returned
		lastIT    string // the closing one's Italian text, if any
		lastLine  int
		lastEN    string
		otherCode bool // a second code interleaved keeps its own count
	}{
		{name: "under the limit: all listed", n: DiagLimit, listed: DiagLimit},
		{name: "one over: one closing line in the singular", n: DiagLimit + 1, listed: DiagLimit + 1,
			lastIT: "un altro caso come questi alla riga 26 (non elencato)", lastEN: "one more like these at line 26 (not listed)", lastLine: 26},
		{name: "a hundred thousand lines: 25 and one closing line", n: 100000, listed: DiagLimit + 1,
			lastIT: "altri 99975 casi come questi dalla riga 26 in poi (non elencati)", lastEN: "99975 more like these from line 26 on (not listed)", lastLine: 26},
		{name: "codes counted apart", n: 30, listed: 2*DiagLimit + 2, otherCode: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Diagnostics{File: "t.trf"}
			for i := 1; i <= tc.n; i++ {
				d.Add(i, 1, "record", Note, "tdf.unknown-record", "xyz")
				if tc.otherCode {
					d.Text(i, 2, "name", Warning, "trf.other", "other", "altro")
				}
			}
			got := d.List()
			if len(got) != tc.listed {
				t.Fatalf("%d diagnostics listed, want %d", len(got), tc.listed)
			}
			if got[0].MessageIT != "record sconosciuto «xyz» ignorato" || got[0].File != "t.trf" {
				t.Errorf("first: %+v", got[0])
			}
			last := got[len(got)-1]
			if tc.lastIT != "" && (last.MessageIT != tc.lastIT || last.Message != tc.lastEN || last.Line != tc.lastLine ||
				last.Code != "tdf.unknown-record" || last.Severity != Note) {
				t.Errorf("closing diagnostic: %+v", last)
			}
			if tc.otherCode && !strings.HasPrefix(got[len(got)-2].Message, "5 more") {
				t.Errorf("closing diagnostics: %+v", got[len(got)-2:])
			}
		})
	}
}
