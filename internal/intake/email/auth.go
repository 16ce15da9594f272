package email

import (
	"bufio"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"net/textproto"
	"strings"

	"omologa/internal/platform/catalogue"
)

// it is the language of the reasons: the office's.
const it = catalogue.IT

// AuthPolicy says which authentication results a message's sender is
// judged by: those the receiving server (the office's own mail server,
// named by its authserv-id) wrote in Authentication-Results (RFC 8601),
// and which certified-mail (PEC) providers' envelopes are trusted.
type AuthPolicy struct {
	// AuthServID is the authserv-id of the receiving server: only its
	// Authentication-Results header (the topmost with that id, which
	// the server writes last and strips forged copies of) counts.
	AuthServID string
	// PECProviders are the domains of the PEC providers whose envelopes
	// (X-Trasporto, From posta-certificata@provider) are trusted.
	PECProviders []string
}

// AuthResult is the sender of a message as authenticated.
type AuthResult struct {
	OK     bool
	Sender string // the From address (the inner one for a PEC envelope), lower case
	PEC    bool   // it came in a trusted PEC envelope
	// Reason says, in Italian for the office, why it is not OK.
	Reason string
}

// Authenticate checks a message's sender against the receiving server's
// verdict: exactly one From address, and DMARC pass for its domain or a
// DKIM signature that passed for it (or its parent domain). A PEC
// envelope counts only when it comes from a configured provider, passes
// the same check for the provider's domain, and wraps a message with
// exactly one From address: that address is then the sender. It reads
// the headers only (and a PEC envelope's inner message), so a message
// of any size is read from the store as a stream.
func Authenticate(raw io.Reader, pol AuthPolicy) AuthResult {
	br := bufio.NewReader(raw)
	h, err := textproto.NewReader(br).ReadMIMEHeader()
	if err != nil && len(h) == 0 {
		return AuthResult{Reason: it.T("intake.auth.unreadable-header")}
	}
	from, reason := singleFrom(h)
	if reason != "" {
		return AuthResult{Reason: reason}
	}
	if !passes(h, pol.AuthServID, domainOf(from)) {
		return AuthResult{Sender: from, Reason: it.T("intake.auth.not-authenticated", domainOf(from), pol.AuthServID)}
	}
	if h.Get("X-Trasporto") == "" {
		return AuthResult{OK: true, Sender: from}
	}
	// A PEC envelope: the provider is authenticated, the arbiter is the
	// sender of the message it wraps.
	if !provider(domainOf(from), pol.PECProviders) {
		return AuthResult{Sender: from, Reason: it.T("intake.auth.pec-provider", domainOf(from))}
	}
	inner := pecOriginal(h, br)
	if inner == nil {
		return AuthResult{Sender: from, Reason: it.T("intake.auth.pec-original")}
	}
	orig, reason := singleFrom(inner)
	if reason != "" {
		return AuthResult{Reason: it.T("intake.auth.in-pec", reason)}
	}
	return AuthResult{OK: true, Sender: orig, PEC: true}
}

// singleFrom returns the one From address, or why there is not one.
func singleFrom(h textproto.MIMEHeader) (string, string) {
	vs := h.Values("From")
	if len(vs) != 1 {
		return "", it.T("intake.auth.from-count")
	}
	list, err := (&mail.AddressParser{WordDecoder: &mime.WordDecoder{CharsetReader: charsetReader}}).ParseList(vs[0])
	if err != nil {
		return "", it.T("intake.auth.from-unreadable")
	}
	if len(list) != 1 {
		return "", it.T("intake.auth.from-several")
	}
	return strings.ToLower(list[0].Address), ""
}

func domainOf(addr string) string {
	_, d, _ := strings.Cut(addr, "@")
	return strings.ToLower(d)
}

func provider(domain string, providers []string) bool {
	for _, p := range providers {
		if p = strings.ToLower(strings.TrimSpace(p)); p != "" && (domain == p || strings.HasSuffix(domain, "."+p)) {
			return true
		}
	}
	return false
}

// passes reports whether the topmost Authentication-Results header of
// the server authservID says DMARC passed for domain, or a DKIM
// signature of domain (or of a parent domain: relaxed alignment) passed.
func passes(h textproto.MIMEHeader, authservID, domain string) bool {
	if authservID == "" || domain == "" {
		return false
	}
	for _, v := range h.Values("Authentication-Results") {
		parts := strings.Split(stripComments(v), ";")
		id := strings.Fields(parts[0])
		if len(id) == 0 || !strings.EqualFold(id[0], authservID) {
			continue
		}
		for _, res := range parts[1:] {
			f := strings.Fields(res)
			if len(f) == 0 {
				continue
			}
			method, result, _ := strings.Cut(strings.ToLower(f[0]), "=")
			if result != "pass" {
				continue
			}
			props := map[string]string{}
			for _, kv := range f[1:] {
				if k, v, ok := strings.Cut(kv, "="); ok {
					props[strings.ToLower(k)] = strings.ToLower(strings.Trim(v, `"`))
				}
			}
			switch method {
			case "dmarc":
				if props["header.from"] == domain {
					return true
				}
			case "dkim":
				if d := props["header.d"]; d != "" && (d == domain || strings.HasSuffix(domain, "."+d)) {
					return true
				}
			}
		}
		return false // only the receiving server's own, topmost, header counts
	}
	return false
}

func stripComments(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pecOriginal returns the header of the message a PEC envelope wraps
// (the message/rfc822 part, postacert.eml), nil when there is none.
func pecOriginal(h textproto.MIMEHeader, body io.Reader) textproto.MIMEHeader {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		return nil
	}
	mr := multipart.NewReader(body, params["boundary"])
	for depth := 0; depth < 3; {
		part, err := mr.NextPart()
		if err != nil {
			return nil
		}
		pt, pp, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		switch {
		case pt == "message/rfc822":
			ih, err := textproto.NewReader(bufio.NewReader(part)).ReadMIMEHeader()
			if err != nil && len(ih) == 0 {
				return nil
			}
			return ih
		case strings.HasPrefix(pt, "multipart/"):
			// The envelope's text and the original may sit one level
			// down (multipart/mixed inside multipart/signed).
			mr = multipart.NewReader(part, pp["boundary"])
			depth++
		}
	}
	return nil
}
