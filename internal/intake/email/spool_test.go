package email

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"omologa/internal/intake/ingest"
)

// spooled puts raw in a fresh spool, as the IMAP intake does with a
// message it fetches, and returns the spool and its folder.
func spooled(t *testing.T, raw []byte) (ingest.Content, *ingest.Spool, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "incoming")
	sp, err := ingest.NewSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	orig, _, err := sp.ReadUpTo(bytes.NewReader(raw), int64(len(raw))+1)
	if err != nil {
		t.Fatal(err)
	}
	return orig, sp, dir
}

func spoolCount(t *testing.T, dir string) int {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

// zipOf is a zip archive of the named contents.
func zipOf(t *testing.T, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	}) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[name]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// Reading from the spool gives what parsing in memory gives: the same
// sender, text, fields, problems and files (names, sizes, hashes), with
// every file in the spool; Cleanup leaves the spool empty.
func TestRead_SpoolSameAsMemory(t *testing.T) {
	seeds, _ := filepath.Glob("testdata/fuzz/FuzzParse/*")
	msgs := map[string][]byte{
		"forwarded": forwardedMessage,
		"pec":       pecMessage,
		"zip and a plain file": crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: text/plain

Luogo: Roma
--B
Content-Type: application/zip; name=files.zip
Content-Transfer-Encoding: base64

` + b64(zipOf(t, map[string]string{"a.trf": trfLine, "b.trf": trfLine + "x", "inner.zip": zipOf(t, map[string]string{"c.trf": "012 C"})})) + `
--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=torneo.trf
Content-Transfer-Encoding: quoted-printable

012 Torneo=20di=20prova
--B--
`),
		"oversized part": oversizedPartMessage,
		"broken base64":  crlf("From: a@b.it\nContent-Type: application/octet-stream; name=a.trf\nContent-Transfer-Encoding: base64\n\nMDEy!!!!****\n"),
	}
	for _, path := range seeds {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// A corpus file's one value is a Go-quoted []byte.
		if _, lit, ok := strings.Cut(strings.TrimSpace(string(b)), "[]byte("); ok {
			if v, err := strconv.Unquote(strings.TrimSuffix(lit, ")")); err == nil {
				msgs["seed "+filepath.Base(path)] = []byte(v)
			}
		}
	}
	lim := DefaultLimits
	lim.MaxPart = 1000
	for name, raw := range msgs {
		t.Run(name, func(t *testing.T) {
			want, err := ParseWithLimits(raw, received, lim)
			if err != nil {
				t.Fatal(err)
			}
			orig, sp, dir := spooled(t, raw)
			got, err := Read(orig, received, lim, sp)
			if err != nil {
				t.Fatal(err)
			}
			if got.Sender != want.Sender || got.MessageID != want.MessageID || got.Subject != want.Subject || got.Body != want.Body {
				t.Errorf("envelope differs: %q %q %q %q, in memory %q %q %q %q", got.Sender, got.MessageID, got.Subject, got.Body,
					want.Sender, want.MessageID, want.Subject, want.Body)
			}
			if !slices.Equal(got.Problems, want.Problems) {
				t.Errorf("problems %q, in memory %q", got.Problems, want.Problems)
			}
			if got.Original.Hash() != ingest.Bytes(raw).Hash() {
				t.Errorf("original not kept")
			}
			if len(got.Files) != len(want.Files) {
				t.Fatalf("files %+v, in memory %+v", got.Files, want.Files)
			}
			for i, f := range got.Files {
				w := want.Files[i]
				if f.Name != w.Name || f.From != w.From || f.Content.Size() != w.Content.Size() || f.Content.Hash() != w.Content.Hash() {
					t.Errorf("file %d: %s from %q (%d bytes, %s), in memory %s from %q (%d bytes, %s)", i,
						f.Name, f.From, f.Content.Size(), f.Content.Hash(), w.Name, w.From, w.Content.Size(), w.Content.Hash())
				}
				if !f.Content.Spooled() {
					t.Errorf("file %s held in memory", f.Name)
				}
				if !bytes.Equal(bytesOf(f.Content), bytesOf(w.Content)) {
					t.Errorf("file %s: spooled bytes differ", f.Name)
				}
			}
			// The original and one spool file per file: no archive taken
			// apart, no oversized part left behind.
			if n := spoolCount(t, dir); n != 1+len(got.Files) {
				t.Errorf("spool holds %d files, want %d", n, 1+len(got.Files))
			}
			got.Cleanup()
			if n := spoolCount(t, dir); n != 0 {
				t.Errorf("after Cleanup the spool holds %d files", n)
			}
		})
	}
}

// A spool that fails (disk full) makes the message unreadable now, to
// be offered again, rather than recorded without its attachments; no
// spool file is left behind.
func TestRead_SpoolFails(t *testing.T) {
	raw := crlf("From: a@b.it\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: application/octet-stream; name=a.trf\n\n012 A\n--B\nContent-Type: application/octet-stream; name=b.trf\n\n012 B\n--B--\n")
	dir := filepath.Join(t.TempDir(), "incoming")
	sp, err := ingest.NewSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	s, err := Read(ingest.Bytes(raw), received, DefaultLimits, sp)
	if err == nil || s != nil {
		t.Fatalf("Read into a vanished spool = %+v, %v; want an error", s, err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("spool folder recreated")
	}
}

// A message of 30 MB (a 13 MB and a 9 MB attachment, base64) read from
// the spool costs memory of its buffers, not of its size: the bound is
// on allocation, measured, not on time.
func TestRead_LargeMessageBoundedAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 30 MB message")
	}
	var buf bytes.Buffer
	buf.Write(crlf("From: a@b.it\nSubject: torneo\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nLuogo: Roma\n"))
	line := strings.Repeat("QUFB", 19) + "\r\n" // 76 base64 characters, 57 bytes
	sizes := map[string]int{"a.trf": 13 << 20, "b.trf": 9 << 20}
	for _, name := range []string{"a.trf", "b.trf"} {
		buf.Write(crlf("--B\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename=" + name + "\nContent-Transfer-Encoding: base64\n\n"))
		buf.Write(bytes.Repeat([]byte(line), sizes[name]/57))
	}
	buf.Write(crlf("--B--\n"))
	orig, sp, dir := spooled(t, buf.Bytes())
	size := buf.Len()
	buf = bytes.Buffer{}

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, err := Read(orig, received, DefaultLimits, sp)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Cleanup()
	if len(s.Files) != 2 || s.Files[0].Content.Size() != int64(sizes["a.trf"]/57*57) || s.Fields["venue"] != "Roma" {
		t.Fatalf("files %+v, fields %q, problems %q", s.Files, s.Fields, s.Problems)
	}
	const bound = 8 << 20
	t.Logf("a %d MB message: %d KB allocated", size>>20, (after.TotalAlloc-before.TotalAlloc)>>10)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > bound {
		t.Errorf("reading a %d MB message allocated %d MB, want under %d MB", size>>20, grew>>20, bound>>20)
	}
	if n := spoolCount(t, dir); n != 3 {
		t.Errorf("spool holds %d files, want the message and its 2 attachments", n)
	}
}

// Text parts are bounded by MaxBody, not by the attachment limits: a
// long text is cut (said once), its fields still read; all text parts
// together keep at most twice MaxBody.
func TestRead_TextBoundedByMaxBody(t *testing.T) {
	lim := DefaultLimits
	lim.MaxBody, lim.MaxPart = 1000, 100
	long := "Luogo: Roma\n" + strings.Repeat("bla ", 1500)
	raw := crlf("From: a@b.it\nContent-Type: multipart/mixed; boundary=B\n\n" +
		"--B\nContent-Type: text/plain\n\n" + long + "\n" +
		"--B\nContent-Type: text/html\n\n<p>" + long + "</p>\n" +
		"--B\nContent-Type: text/plain\n\n" + long + "\n--B--\n")
	orig, sp, _ := spooled(t, raw)
	s, err := Read(orig, received, lim, sp)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Cleanup()
	if s.Fields["venue"] != "Roma" || len(s.Body) > lim.MaxBody {
		t.Errorf("venue %q, body of %d bytes", s.Fields["venue"], len(s.Body))
	}
	cut := 0
	for _, p := range s.Problems {
		if strings.Contains(p, "troppo grande") {
			t.Errorf("text refused as an attachment: %q", p)
		}
		if strings.Contains(p, "troncato") {
			cut++
		}
	}
	if cut != 1 {
		t.Errorf("problems %q: want the cut said once", s.Problems)
	}
}
