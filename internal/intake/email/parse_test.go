package email

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"omologa/internal/intake/ingest"
	"runtime"
	"strings"
	"testing"
	"time"
)

var received = time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)

// crlf turns a readable test message into wire form.
func crlf(s string) []byte {
	return []byte(strings.ReplaceAll(strings.TrimLeft(s, "\n"), "\n", "\r\n"))
}

const trfLine = "012 Test Tournament\n001    1 m    Rossi, Mario                      1800 ITA      123456 1980/01/01  1.0    1     2 w 1\n"

func b64(s string) string {
	enc := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	b.WriteString(enc)
	return b.String()
}

func hasProblem(t *testing.T, problems []string, sub string) {
	t.Helper()
	for _, p := range problems {
		if strings.Contains(p, sub) {
			return
		}
	}
	t.Errorf("no problem containing %q in %q", sub, problems)
}

func TestParse_PlainWithTRFAttachment(t *testing.T) {
	raw := crlf(`
From: "Mario Rossi" <Arbitro@Example.IT>
To: omologhe@federscacchi.it
Subject: =?utf-8?q?Omologazione_torneo_=C3=A0_Roma?=
Message-ID: <abc123@example.it>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="XX"

--XX
Content-Type: text/plain; charset=utf-8

Buongiorno,
Luogo: Roma, Circolo Scacchi
Data: 1-3 novembre 2026
Arbitro: Mario Rossi
Organizzatore: ASD Scacchi Roma

--XX
Content-Type: application/octet-stream; name="torneo.trf"
Content-Disposition: attachment; filename="torneo.trf"
Content-Transfer-Encoding: base64

` + b64(trfLine) + `
--XX--
`)
	s, err := Parse(raw, received)
	if err != nil {
		t.Fatal(err)
	}
	if s.Sender != "arbitro@example.it" || s.MessageID != "abc123@example.it" || s.Subject != "Omologazione torneo à Roma" {
		t.Errorf("envelope = %q %q %q", s.Sender, s.MessageID, s.Subject)
	}
	if !s.ReceivedAt.Equal(received) || !bytes.Equal(bytesOf(s.Original), raw) {
		t.Error("ReceivedAt or Raw not kept")
	}
	if len(s.Files) != 1 || s.Files[0].Name != "torneo.trf" || string(bytesOf(s.Files[0].Content)) != trfLine {
		t.Fatalf("files = %+v", s.Files)
	}
	want := map[string]string{"venue": "Roma, Circolo Scacchi", "date": "1-3 novembre 2026", "arbiter": "Mario Rossi", "organiser": "ASD Scacchi Roma"}
	for k, v := range want {
		if s.Fields[k] != v {
			t.Errorf("field %s = %q, want %q", k, s.Fields[k], v)
		}
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems = %q", s.Problems)
	}
}

func TestParse_HTMLOnlyAlternativeNested(t *testing.T) {
	raw := crlf(`
From: org@example.org
Subject: torneo
Content-Type: multipart/mixed; boundary=outer

--outer
Content-Type: multipart/alternative; boundary=inner

--inner
Content-Type: text/html; charset=iso-8859-1
Content-Transfer-Encoding: quoted-printable

<html><head><style>p{}</style></head><body><table><tr><td>Localit=E0:</td><td>Bologna</td></tr>
<tr><td><b>Direttore di gara:</b></td><td>Anna Bianchi</td></tr></table>
<p>Data: 7 dicembre 2026</p><p>Organizer: Circolo&nbsp;Felsineo</p></body></html>
--inner--
--outer
Content-Type: text/plain; charset=iso-8859-1; name="torneo.trf"
Content-Disposition: attachment; filename="torneo.trf"
Content-Transfer-Encoding: quoted-printable

012 Torneo di Citt=E0
--outer--
`)
	s, _ := Parse(raw, received)
	want := map[string]string{"venue": "Bologna", "date": "7 dicembre 2026", "arbiter": "Anna Bianchi", "organiser": "Circolo Felsineo"}
	for k, v := range want {
		if s.Fields[k] != v {
			t.Errorf("field %s = %q, want %q (body %q)", k, s.Fields[k], v, s.Body)
		}
	}
	if strings.Contains(s.Body, "p{}") {
		t.Errorf("style kept in body: %q", s.Body)
	}
	// An attachment reaches the file reader as it came (the transfer
	// encoding undone, no charset conversion): codec reads Latin-1 and
	// Windows-1252 itself, and the bytes judged are the bytes kept.
	if len(s.Files) != 1 || string(bytesOf(s.Files[0].Content)) != "012 Torneo di Citt\xe0" {
		t.Fatalf("files = %+v", s.Files)
	}
}

func TestParse_HostileNames(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"../../etc/passwd", "passwd"},
		{`..\..\windows\torneo.trf`, "torneo.trf"},
		{"..", "allegato.bin"},
		{"/abs/path/x.trfx", "x.trfx"},
		{".hidden", "hidden"},
		{"a\x00b\x07.trf", "a_b_.trf"},
		{"=?utf-8?b?dG9ybmVvIMOgLnRyZg==?=", "torneo à.trf"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename="` + tc.name + `"

data
--B--
`)
			s, _ := Parse(raw, received)
			if len(s.Files) != 1 {
				t.Fatalf("files = %+v problems %q", s.Files, s.Problems)
			}
			if got := s.Files[0].Name; got != tc.want {
				t.Errorf("name = %q, want %q", got, tc.want)
			}
			if strings.ContainsAny(s.Files[0].Name, `/\`) {
				t.Errorf("path in name %q", s.Files[0].Name)
			}
		})
	}
}

func TestParse_RFC2231NameAndDuplicates(t *testing.T) {
	raw := crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename*=utf-8''citt%C3%A0.trf

one
--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename="città.trf"

two
--B--
`)
	s, _ := Parse(raw, received)
	if len(s.Files) != 2 || s.Files[0].Name != "città.trf" || s.Files[1].Name != "città-1.trf" {
		t.Fatalf("files = %+v", s.Files)
	}
}

func TestParse_NonUTF8Body(t *testing.T) {
	raw := append(crlf(`
From: a@b.it
Subject: x
Content-Type: text/plain

`), []byte("Localit\xe0: Cant\xf9\r\n")...)
	s, _ := Parse(raw, received)
	if s.Fields["venue"] != "Cantù" {
		t.Errorf("venue = %q (body %q)", s.Fields["venue"], s.Body)
	}
	hasProblem(t, s.Problems, "Windows-1252")
}

func TestParse_UnknownCharset(t *testing.T) {
	raw := crlf(`
From: a@b.it
Content-Type: text/plain; charset=koi8-r

Luogo: Roma
`)
	s, _ := Parse(raw, received)
	hasProblem(t, s.Problems, "koi8-r")
	if s.Fields["venue"] != "Roma" {
		t.Errorf("venue = %q", s.Fields["venue"])
	}
}

func TestParse_BrokenMIME(t *testing.T) {
	for name, raw := range map[string][]byte{
		"unterminated multipart": crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: text/plain

Luogo: Roma
--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=x.trf
Content-Transfer-Encoding: base64

MDEy`),
		"no boundary":          crlf("From: a@b.it\nContent-Type: multipart/mixed\n\nhello\n"),
		"bad content type":     crlf("From: a@b.it\nContent-Type: ;;;\n\nLuogo: Roma\n"),
		"bad base64":           crlf("From: a@b.it\nContent-Type: application/zip; name=a.zip\nContent-Transfer-Encoding: base64\n\n!!!!****\n"),
		"unknown encoding":     crlf("From: a@b.it\nContent-Type: text/plain\nContent-Transfer-Encoding: x-uuencode\n\nhi\n"),
		"garbage":              []byte("\x00\x01\x02 not a message at all"),
		"empty":                {},
		"header only, no body": crlf("From: a@b.it\nSubject: s"),
		"malformed from":       crlf("From: Mario <<mario@@x.it\n\nhi\n"),
	} {
		t.Run(name, func(t *testing.T) {
			s, err := Parse(raw, received)
			if err != nil || s == nil {
				t.Fatalf("Parse = %v, %v", s, err)
			}
			if !bytes.Equal(bytesOf(s.Original), raw) {
				t.Error("raw not kept")
			}
		})
	}
	s, _ := Parse(crlf("From: a@b.it\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nLuogo: Roma\n--B\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename=x.trf\n\n012"), received)
	if s.Fields["venue"] != "Roma" {
		t.Errorf("unterminated: venue = %q, problems %q", s.Fields["venue"], s.Problems)
	}
	s, _ = Parse(crlf("From: Mario <<mario@@x.it\n\nhi\n"), received)
	hasProblem(t, s.Problems, "From")
}

// forwardedMessage is an arbiter forwarding the organiser's message.
var forwardedMessage = crlf(`
From: arbitro@example.it
Subject: Fwd: torneo
Content-Type: multipart/mixed; boundary=A

--A
Content-Type: text/plain

Vi inoltro il torneo.
--A
Content-Type: message/rfc822

From: org@example.org
Subject: torneo
Content-Type: multipart/mixed; boundary=C

--C
Content-Type: text/plain

ciao
--C
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=inner.trf

012 Inner
--C--
--A--
`)

func TestParse_ForwardedMessage(t *testing.T) {
	raw := forwardedMessage
	s, _ := Parse(raw, received)
	if len(s.Files) != 1 || s.Files[0].Name != "inner.trf" {
		t.Fatalf("files = %+v problems %q", s.Files, s.Problems)
	}
	if !strings.HasPrefix(s.Body, "Vi inoltro") {
		t.Errorf("body = %q", s.Body)
	}
}

// oversizedPartMessage has an attachment of 5,000 bytes, then a small one.
var oversizedPartMessage = crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=big.trf
Content-Transfer-Encoding: base64

` + b64(strings.Repeat("x", 5000)) + `
--B
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=small.trf

small
--B--
`)

func TestParse_Limits(t *testing.T) {
	raw := oversizedPartMessage
	lim := DefaultLimits
	lim.MaxPart = 1000
	s, _ := ParseWithLimits(raw, received, lim)
	if len(s.Files) != 1 || s.Files[0].Name != "small.trf" {
		t.Fatalf("files = %+v", s.Files)
	}
	hasProblem(t, s.Problems, "big.trf: parte troppo grande (4,9 KB")

	lim = DefaultLimits
	lim.MaxDepth = 2
	deep := "From: a@b.it\nContent-Type: multipart/mixed; boundary=B0\n\n"
	for i := 1; i < 6; i++ {
		deep += "--B" + string(rune('0'+i-1)) + "\nContent-Type: multipart/mixed; boundary=B" + string(rune('0'+i)) + "\n\n"
	}
	s, _ = ParseWithLimits(crlf(deep), received, lim)
	hasProblem(t, s.Problems, "annidata")
}

// A 100 MB attachment must cost no more than the part limit on top of
// the raw message: the rest is counted and discarded. Under the race
// detector (20 times slower) the same ratio is checked at a tenth of the
// size.
func TestParse_HundredMBAttachmentBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates the 137 MB raw message")
	}
	size, lim := 100<<20, DefaultLimits
	if raceEnabled {
		size, lim.MaxPart = 10<<20, 2<<20
	}
	line := strings.Repeat("QUFB", 19) + "\r\n" // 76 base64 chars = 57 bytes
	n := size / 57
	var buf bytes.Buffer
	buf.Write(crlf("From: a@b.it\nContent-Type: application/octet-stream; name=huge.trf\nContent-Transfer-Encoding: base64\n\n"))
	buf.Write(bytes.Repeat([]byte(line), n))
	raw := buf.Bytes()

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, _ := ParseWithLimits(raw, received, lim)
	runtime.ReadMemStats(&after)
	if len(s.Files) != 0 {
		t.Fatalf("huge attachment taken")
	}
	hasProblem(t, s.Problems, "huge.trf: parte troppo grande (")
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 3*uint64(lim.MaxPart) {
		t.Errorf("parsing a %d MB attachment allocated %d MB, want under %d MB", size>>20, grew>>20, 3*lim.MaxPart>>20)
	}
}

func TestParse_ZipAttachmentExpanded(t *testing.T) {
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("../dir/torneo.trf")
	w.Write([]byte(trfLine))
	zw.Close()
	raw := crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: application/zip; name=files.zip
Content-Transfer-Encoding: base64

` + b64(zbuf.String()) + `
--B--
`)
	s, _ := Parse(raw, received)
	if len(s.Files) != 1 || s.Files[0].Name != "torneo.trf" || s.Files[0].From != "files.zip" || string(bytesOf(s.Files[0].Content)) != trfLine {
		t.Fatalf("files = %+v problems %q", s.Files, s.Problems)
	}
}

// The configured bound on an attached archive's entries reaches the
// archive expansion, as the drop folder's does.
func TestParse_ZipAttachmentMaxArchiveFiles(t *testing.T) {
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for _, name := range []string{"a.trf", "b.trf", "c.trf"} {
		w, _ := zw.Create(name)
		w.Write([]byte(trfLine))
	}
	zw.Close()
	raw := crlf(`
From: a@b.it
Content-Type: multipart/mixed; boundary=B

--B
Content-Type: application/zip; name=files.zip
Content-Transfer-Encoding: base64

` + b64(zbuf.String()) + `
--B--
`)
	s, _ := ParseWithLimits(raw, received, Limits{MaxArchiveFiles: 2})
	if len(s.Files) != 2 {
		t.Fatalf("files = %+v, want the first 2", s.Files)
	}
	hasProblem(t, s.Problems, "più di 2 file")
}

// pecMessage is a PEC delivery (see TestParse_PECEnvelope).
var pecMessage = crlf(`
From: "Per conto di: arbitro@pec.example.it" <posta-certificata@pec.provider.it>
Reply-To: arbitro@pec.example.it
Subject: POSTA CERTIFICATA: Omologazione torneo
Message-ID: <opec123@pec.provider.it>
X-Trasporto: posta-certificata
Content-Type: multipart/signed; protocol="application/x-pkcs7-signature"; boundary=S

--S
Content-Type: multipart/mixed; boundary=M

--M
Content-Type: text/plain; charset=utf-8

Il giorno 08/11/2026 alle ore 10:00:00 (+0100) il messaggio "Omologazione torneo" è stato inviato da "arbitro@pec.example.it"
Data: 08/11/2026
--M
Content-Type: application/xml; name=daticert.xml
Content-Disposition: inline; filename=daticert.xml

<postacert tipo="posta-certificata"/>
--M
Content-Type: message/rfc822; name=postacert.eml
Content-Disposition: inline; filename=postacert.eml

From: Mario Rossi <arbitro@pec.example.it>
Subject: Omologazione torneo
Message-ID: <orig42@pec.example.it>
Content-Type: multipart/mixed; boundary=I

--I
Content-Type: text/plain

Luogo: Roma
Data: 1-7 novembre 2026
Arbitro: Mario Rossi
Organizzatore: ASD Roma
--I
Content-Type: application/octet-stream
Content-Disposition: attachment; filename=torneo.trf

012 Torneo
--I--
--M--
--S
Content-Type: application/x-pkcs7-signature; name=smime.p7s
Content-Disposition: attachment; filename=smime.p7s
Content-Transfer-Encoding: base64

MIIB
--S--
`)

// A PEC (posta elettronica certificata) delivery: the provider's
// envelope wraps the arbiter's message as postacert.eml, with the
// certificate data and a signature beside it.
func TestParse_PECEnvelope(t *testing.T) {
	raw := pecMessage
	s, _ := Parse(raw, received)
	if s.Sender != "arbitro@pec.example.it" || s.MessageID != "orig42@pec.example.it" || s.Subject != "Omologazione torneo" {
		t.Errorf("envelope: sender %q id %q subject %q", s.Sender, s.MessageID, s.Subject)
	}
	if len(s.Files) != 1 || s.Files[0].Name != "torneo.trf" {
		t.Errorf("files = %+v", s.Files)
	}
	if s.Fields["date"] != "1-7 novembre 2026" || s.Fields["organiser"] != "ASD Roma" {
		t.Errorf("fields = %q (body %q)", s.Fields, s.Body)
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems = %q", s.Problems)
	}
}

// A logo in the signature and an S/MIME signature are the mail's, not
// files of the submission.
func TestParse_DecorationsNotFiles(t *testing.T) {
	raw := crlf(`
From: a@b.it
Content-Type: multipart/signed; protocol="application/pkcs7-signature"; boundary=S

--S
Content-Type: multipart/related; boundary=R

--R
Content-Type: text/html

<p>Luogo: Roma</p><img src="cid:logo">
--R
Content-Type: image/png; name=image001.png
Content-ID: <logo>
Content-Disposition: inline; filename=image001.png

PNG
--R
Content-Type: text/plain; name=torneo.trf
Content-Disposition: attachment; filename=torneo.trf

012 T
--R--
--S
Content-Type: application/pkcs7-signature; name=smime.p7s

sig
--S--
`)
	s, _ := Parse(raw, received)
	if len(s.Files) != 1 || s.Files[0].Name != "torneo.trf" || s.Fields["venue"] != "Roma" {
		t.Errorf("files %+v fields %q", s.Files, s.Fields)
	}
}

func TestParse_EncodedDisplayName(t *testing.T) {
	raw := crlf("From: =?windows-1252?q?Nicol=F2_Bianchi?= <Nicolo@Example.it>\nSubject: =?iso-8859-15?q?=A4_torneo?=\n\nciao\n")
	s, _ := Parse(raw, received)
	if s.Sender != "nicolo@example.it" || s.Subject != "€ torneo" || len(s.Problems) != 0 {
		t.Errorf("sender %q subject %q problems %q", s.Sender, s.Subject, s.Problems)
	}
}

// bytesOf is a Content's bytes, for assertions.
func bytesOf(c ingest.Content) []byte { b, _ := c.ReadAll(); return b }
