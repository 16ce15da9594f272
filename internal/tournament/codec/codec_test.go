package codec

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"omologa/internal/tournament"
)

const tiny = "012 Torneo di prova\n" +
	"001    1 m    Rossi, Mario                      1500 ITA     1234567 1980/01/01  1.0    1     2 w 1\n" +
	"001    2 m    Bianchi, Luigi                    1400 ITA     7654321 1981/01/01  0.0    2     1 b 0\n"

func TestRefuse(t *testing.T) {
	tests := []struct {
		name string
		data string
		kind string
	}{
		{"torneo.pdf", "%PDF-1.7\n%âãÏÓ\n1 0 obj", "pdf"},
		{"torneo.vegz", "PK\x03\x04\x14\x00\x00\x00\x08\x00torneo.veg", "vegz"},
		{"torneo.xlsx", "PK\x03\x04\x14\x00\x06\x00[Content_Types].xml xl/workbook.xml", "spreadsheet"},
		{"torneo.docx", "PK\x03\x04\x14\x00\x06\x00[Content_Types].xml word/document.xml", "word"},
		{"torneo.xls", "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00", "spreadsheet"},
		{"classifica.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image"},
		{"classifica.jpg", "\xFF\xD8\xFF\xE0\x00\x10JFIF", "image"},
		{"torneo.TUNX", "\x01\x00\x00\x00\x1e\x00\x00\x00Swiss-Manager\x00\x00\x02", "swiss-manager"},
		{"classifica.html", "<!DOCTYPE html>\n<html><body>Classifica</body></html>", "html"},
		// The name does not matter: a PDF called .trf is a PDF.
		{"torneo.trf", "%PDF-1.4\n", "pdf"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Read(tc.name, []byte(tc.data))
			var refused *tournament.RefusedError
			if !errors.As(err, &refused) {
				t.Fatalf("err = %v, want RefusedError", err)
			}
			if refused.Kind != tc.kind || refused.File != tc.name {
				t.Errorf("kind = %q file %q, want %q", refused.Kind, refused.File, tc.kind)
			}
			if !strings.Contains(refused.AdviceIT, "Rating Report → FIDE") || !strings.Contains(refused.AdviceEN, "TRF") {
				t.Errorf("advice does not ask for the TRF export: %q / %q", refused.AdviceIT, refused.AdviceEN)
			}
		})
	}
}

func TestReadEncodingsAndLineEnds(t *testing.T) {
	latin := strings.Replace(tiny, "Rossi", "Rossì", 1)
	tests := []struct {
		name     string
		data     string
		wantCode string
	}{
		{"lf", tiny, ""},
		{"crlf", strings.ReplaceAll(tiny, "\n", "\r\n"), ""},
		{"cr", strings.ReplaceAll(tiny, "\n", "\r"), ""},
		{"bom", "\xEF\xBB\xBF" + tiny, "codec.bom"},
		{"utf8", latin, ""},
		{"windows-1252", strings.Replace(tiny, "Rossi", "Ross\xEC", 1), "codec.windows-1252"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, diags, err := Read(tc.name+".trf", []byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if len(tt.Players) != 2 || tt.Rounds() != 1 || tt.Name != "Torneo di prova" {
				t.Fatalf("players %d rounds %d name %q", len(tt.Players), tt.Rounds(), tt.Name)
			}
			// Columns after the name are cut by characters.
			if p := tt.Player(1); p.Rating != 1500 || p.FideID != "1234567" {
				t.Errorf("player 1 = %+v", p)
			}
			if tc.name == "windows-1252" || tc.name == "utf8" {
				if got := tt.Player(1).Name; got != "Rossì, Mario" {
					t.Errorf("name = %q", got)
				}
			}
			found := tc.wantCode == ""
			for _, d := range diags {
				if d.Code == tc.wantCode {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s diagnostic in %v", tc.wantCode, diags)
			}
		})
	}
}

func TestReadNotATournament(t *testing.T) {
	if _, _, err := Read("vuoto.trf", []byte("  \r\n\n")); !errors.Is(err, tournament.ErrEmpty) {
		t.Errorf("blank file: err = %v, want ErrEmpty", err)
	}
	var pe *tournament.ParseError
	if _, _, err := Read("lettera.txt", []byte("Gentile arbitro,\nin allegato il torneo.\n")); !errors.As(err, &pe) {
		t.Errorf("prose: err = %v, want ParseError", err)
	}
	if _, _, err := Read("header.trf", []byte("012 Solo intestazione\n022 Roma\n")); !errors.As(err, &pe) {
		t.Errorf("no players: err = %v, want ParseError", err)
	}
}

func TestReadDetectsTDF(t *testing.T) {
	tdf := "TORNEO|Prova\nGIOCATORE|1|m||Rossi, Mario|ITA|0|0|123|1500||1|1||2 w 1\nGIOCATORE|2|m||Bianchi, Luigi|ITA|0|0|456|1400||0|2||1 b 0\n"
	tt, _, err := Read("export.trf", []byte(tdf))
	if err != nil {
		t.Fatal(err)
	}
	if tt.Format != tournament.FormatTDF || len(tt.Players) != 2 {
		t.Errorf("format %s players %d", tt.Format, len(tt.Players))
	}
}

// FuzzRead checks that no bytes make Read panic, that it returns a
// tournament exactly when it returns no error, and that Decode always
// hands the readers valid UTF-8.
func FuzzRead(f *testing.F) {
	f.Add([]byte(tiny))
	f.Add([]byte("\xEF\xBB\xBF" + strings.ReplaceAll(tiny, "\n", "\r")))
	f.Add([]byte("TORNEO|x\nGIOCATORE|1|m||A|ITA|0|0|||||||2 w 2\n"))
	f.Add([]byte("PK\x03\x04xl/"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tt, _, err := Read("fuzz", data)
		if (err == nil) != (tt != nil) {
			t.Fatalf("tournament %v with error %v", tt != nil, err)
		}
		if text, _ := Decode("fuzz", data); !utf8.ValidString(text) {
			t.Fatalf("Decode(%q) = %q, not UTF-8", data, text)
		}
	})
}

// Bytes Windows-1252 leaves undefined keep their Latin-1 code points, so
// that nothing in a non-UTF-8 file is lost.
func TestDecode1252UndefinedBytes(t *testing.T) {
	got, diags := Decode("x.trf", []byte("\x80\x81\x8D\x8F\x90\x9D\x9F\xE8"))
	if want := "€\u0081\u008D\u008F\u0090\u009DŸè"; got != want {
		t.Errorf("Decode = %q, want %q", got, want)
	}
	if len(diags) != 1 || diags[0].Code != "codec.windows-1252" || diags[0].Column != 1 {
		t.Errorf("diags = %+v, want one codec.windows-1252 note at column 1", diags)
	}
}

// RTF 6.2.2, regs §4c "Other attachments": a document sent beside the
// result file (PDF crosstable, photo, letter, spreadsheet, web page) is
// kept and noted; a result file in a form the office does not read (a
// Vega or Swiss-Manager binary, an archive) is refused even then.
func TestRTF_6_2_2_DocumentsBesideTheResults(t *testing.T) {
	for _, c := range []struct {
		name, data string
		doc        bool
	}{
		{"RTF 6.2.2: a PDF crosstable is a document", "%PDF-1.7\n", true},
		{"RTF 6.2.2: a photo is a document", "\xFF\xD8\xFF\xE0\x00\x10JFIF", true},
		{"RTF 6.2.2: a Word letter is a document", "PK\x03\x04\x14\x00\x06\x00[Content_Types].xml word/document.xml", true},
		{"RTF 6.2.2: an RTF letter is a document", "{\\rtf1\\ansi", true},
		{"RTF 6.2.2: a spreadsheet is a document", "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00", true},
		{"RTF 6.2.2: the published standings are a document", "<!DOCTYPE html>\n<html><body>Classifica</body></html>", true},
		{"RTF 6.2.2: a Vega .vegz is a result file not read", "PK\x03\x04\x14\x00\x00\x00\x08\x00torneo.veg", false},
		{"RTF 6.2.2: a Swiss-Manager binary is a result file not read", "\x01\x00\x00\x00\x1e\x00\x00\x00Swiss-Manager\x00\x00\x02", false},
		{"RTF 6.2.2: a RAR archive is a result file not read", "Rar!\x1a\x07\x00", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var refused *tournament.RefusedError
			if err := Refuse("f", []byte(c.data)); !errors.As(err, &refused) || refused.IsDocument() != c.doc {
				t.Errorf("Refuse = %v, want a refusal with IsDocument %v", err, c.doc)
			}
		})
	}
}
