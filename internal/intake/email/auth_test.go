package email

import (
	"bytes"
	"strings"
	"testing"
)

func TestAuthenticate(t *testing.T) {
	pol := AuthPolicy{AuthServID: "mx.fsi.example", PECProviders: []string{"pec.provider.it"}}
	for _, tc := range []struct {
		name, headers string
		ok            bool
		sender        string
	}{
		{"dmarc pass", "From: A <a@example.org>\r\nAuthentication-Results: mx.fsi.example; dmarc=pass header.from=example.org\r\n", true, "a@example.org"},
		{"dkim pass parent domain", "From: a@mail.example.org\r\nAuthentication-Results: mx.fsi.example 1; dkim=pass (good) header.d=example.org\r\n", true, "a@mail.example.org"},
		{"dkim pass other domain", "From: a@example.org\r\nAuthentication-Results: mx.fsi.example; dkim=pass header.d=evil.example\r\n", false, ""},
		{"spf only", "From: a@example.org\r\nAuthentication-Results: mx.fsi.example; spf=pass smtp.mailfrom=example.org\r\n", false, ""},
		{"no results", "From: a@example.org\r\n", false, ""},
		{"comment hides nothing", "From: a@example.org\r\nAuthentication-Results: mx.fsi.example; dmarc=fail (dmarc=pass header.from=example.org) header.from=example.org\r\n", false, ""},
		{"two From headers", "From: a@example.org\r\nFrom: b@example.org\r\nAuthentication-Results: mx.fsi.example; dmarc=pass header.from=example.org\r\n", false, ""},
	} {
		r := Authenticate(strings.NewReader(tc.headers+"\r\nbody\r\n"), pol)
		if r.OK != tc.ok || (tc.ok && r.Sender != tc.sender) || (!r.OK && r.Reason == "") {
			t.Errorf("%s: %+v", tc.name, r)
		}
	}
	if r := Authenticate(strings.NewReader("From: a@example.org\r\nAuthentication-Results: ; dmarc=pass header.from=example.org\r\n\r\n"), AuthPolicy{}); r.OK {
		t.Error("no authserv-id configured: authenticated")
	}
}

func FuzzAuthenticate(f *testing.F) {
	f.Add([]byte("From: a@example.org\r\nAuthentication-Results: mx; dmarc=pass header.from=example.org\r\nX-Trasporto: x\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: message/rfc822\r\n\r\nFrom: b@x\r\n\r\n--B--\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		Authenticate(bytes.NewReader(raw), AuthPolicy{AuthServID: "mx", PECProviders: []string{"example.org"}})
	})
}
