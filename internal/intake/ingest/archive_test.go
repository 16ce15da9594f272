package ingest

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
)

func zipOf(t *testing.T, entries map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestExpandArchives(t *testing.T) {
	lim := Limits{MaxFileBytes: 1 << 20, MaxArchiveBytes: 2 << 20, MaxArchiveFiles: 10}
	inner := zipOf(t, map[string][]byte{"deep.trf": []byte("012 Deep")})
	for _, tc := range []struct {
		name      string
		files     []File
		wantNames []string
		wantProb  string
	}{
		{"plain file passes through", []File{{Name: "a.trf", Content: Bytes([]byte("012 A"))}}, []string{"a.trf"}, ""},
		{"zip opened, directories dropped from names",
			[]File{{Name: "t.zip", Content: Bytes(zipOf(t, map[string][]byte{"dir/a.trf": []byte("012 A")}))}}, []string{"a.trf"}, ""},
		{"names with ../ never leave", []File{{Name: "t.zip", Content: Bytes(zipOf(t, map[string][]byte{
			"../../etc/passwd": []byte("x"), `..\..\win.ini`: []byte("y")}))}}, []string{"passwd", "win.ini"}, ""},
		{"nested zip opened", []File{{Name: "t.zip", Content: Bytes(zipOf(t, map[string][]byte{"in.zip": inner}))}}, []string{"deep.trf"}, ""},
		{"Vega's .vegz is a document, passed on whole for the reader to refuse",
			[]File{{Name: "torneo.vegz", Content: Bytes(zipOf(t, map[string][]byte{"torneo.veg": []byte("x")}))}}, []string{"torneo.vegz"}, ""},
		{"an office document is not opened, whatever its name",
			[]File{{Name: "classifica", Content: Bytes(zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<Types/>"), "xl/workbook.xml": []byte("<w/>")}))}},
			[]string{"classifica"}, ""},
		{"a spreadsheet inside a zip reaches the reader whole",
			[]File{{Name: "t.zip", Content: Bytes(zipOf(t, map[string][]byte{"risultati.xlsx": zipOf(t, map[string][]byte{"xl/workbook.xml": []byte("<w/>")})}))}},
			[]string{"risultati.xlsx"}, ""},
		{"damaged zip is a problem", []File{{Name: "t.zip", Content: Bytes([]byte("PK\x03\x04 not really"))}}, nil, "non si apre"},
		{"zip bomb stops at the archive budget", []File{{Name: "bomb.zip", Content: Bytes(zipOf(t, map[string][]byte{
			"1.trf": bytes.Repeat([]byte("0"), 900<<10), "2.trf": bytes.Repeat([]byte("0"), 900<<10),
			"3.trf": bytes.Repeat([]byte("0"), 900<<10)}))}}, nil, "zip bomb"},
		{"oversized entry refused", []File{{Name: "big.zip", Content: Bytes(zipOf(t, map[string][]byte{
			"big.trf": bytes.Repeat([]byte("0"), 2<<20)}))}}, nil, "supera il limite"},
		{"too many entries", []File{{Name: "many.zip", Content: Bytes(zipOf(t, func() map[string][]byte {
			m := map[string][]byte{}
			for i := range 12 {
				m[strings.Repeat("x", i+1)+".trf"] = []byte("012")
			}
			return m
		}()))}}, nil, "più di 10 file"},
	} {
		inMemoryAndSpooled(t, tc.name, func(t *testing.T, sp *Spool, dir string) {
			spooled, files := sp != nil, tc.files
			if spooled {
				// The archives themselves in the spool too, as the
				// mail parser leaves its attachments: zip reads them
				// from the file.
				files = nil
				for _, f := range tc.files {
					r, _ := f.Content.Open()
					c, _, err := sp.ReadUpTo(r, 1<<30)
					if err != nil {
						t.Fatal(err)
					}
					f.Content = c
					files = append(files, f)
				}
			}
			got, probs, err := ExpandArchives(files, lim, sp)
			if err != nil {
				t.Fatal(err)
			}
			checkExpanded(t, lim, got, probs, tc.wantNames, tc.wantProb)
			if !spooled {
				return
			}
			for _, f := range got {
				if !f.Content.Spooled() {
					t.Errorf("%s held in memory", f.Name)
				}
			}
			// The inputs stay the caller's; RemoveOpened takes away
			// those taken apart, and nothing else.
			RemoveOpened(files, got)
			if n := len(spoolFiles(t, dir)); n != len(got) {
				t.Errorf("after RemoveOpened the spool holds %d files, want the %d expanded", n, len(got))
			}
			for _, f := range got {
				f.Content.Remove()
			}
			if names := spoolFiles(t, dir); len(names) != 0 {
				t.Errorf("spool files left: %q", names)
			}
		})
	}
}

// checkExpanded checks what ExpandArchives gave: safe names, the budget
// kept, the names and the problem wanted.
func checkExpanded(t *testing.T, lim Limits, got []File, probs, wantNames []string, wantProb string) {
	t.Helper()
	var total int64
	for _, f := range got {
		total += f.Content.Size()
		if strings.ContainsAny(f.Name, `/\`) || strings.HasPrefix(f.Name, ".") {
			t.Errorf("unsafe name %q", f.Name)
		}
	}
	if total > lim.MaxArchiveBytes {
		t.Errorf("expanded %d bytes, over the budget", total)
	}
	if wantNames != nil {
		names := map[string]bool{}
		for _, f := range got {
			names[f.Name] = true
		}
		for _, n := range wantNames {
			if !names[n] {
				t.Errorf("missing %q in %v", n, got)
			}
		}
	}
	joined := strings.Join(probs, "\n")
	if wantProb == "" && joined != "" {
		t.Errorf("unexpected problems: %s", joined)
	}
	if wantProb != "" && !strings.Contains(joined, wantProb) {
		t.Errorf("problems %q, want one with %q", joined, wantProb)
	}
}

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		"../../etc/passwd": "passwd",
		`C:\tmp\x.trf`:     "x.trf",
		"..":               "file",
		"":                 "file",
		".hidden":          "hidden",
		"a\x00b\nc.trf":    "a_b_c.trf",
		"torneo\xff.trf":   "torneo_.trf",
		"dir/":             "file",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
	if n := CleanName(strings.Repeat("è", 300)); len(n) > 200 {
		t.Errorf("name of %d bytes", len(n))
	}
}

func FuzzExpandArchives(f *testing.F) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("../a.trf")
	w.Write([]byte("012 Fuzz"))
	zw.Close()
	f.Add(buf.Bytes())
	f.Add([]byte("PK\x05\x06"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := Limits{MaxFileBytes: 1 << 16, MaxArchiveBytes: 1 << 17, MaxArchiveFiles: 8}
		got, _, err := ExpandArchives([]File{{Name: "f.zip", Content: Bytes(data)}}, lim, nil)
		if err != nil {
			t.Fatal(err) // no spool: nothing to fail
		}
		var total int64
		for _, g := range got {
			total += g.Content.Size()
			if strings.ContainsAny(g.Name, `/\`) || g.Name == "" {
				t.Fatalf("unsafe name %q", g.Name)
			}
		}
		if total > lim.MaxArchiveBytes+int64(len(data)) {
			t.Fatalf("expanded %d bytes", total)
		}
	})
}
