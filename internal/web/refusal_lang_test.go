package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestOfficeRefusalInThePageLanguage: a refusal of the office's own
// input checks (an unknown register, an unknown list kind) reads in the
// page's language: Italian on an Italian page, English on an English
// one (issue 19: they were English only).
func TestOfficeRefusalInThePageLanguage(t *testing.T) {
	f := newFixture(t)
	officer := f.client(t, "officer")
	follow := *officer // the same session, following the redirect to the page showing the reason
	follow.CheckRedirect = nil
	cases := []struct {
		path   string
		form   url.Values
		code   int
		it, en string
	}{
		{"/registers/bogus/undo", nil, http.StatusBadRequest, "registro sconosciuto &#34;bogus&#34;", "unknown register &#34;bogus&#34;"},
		{"/lists/rejudge", url.Values{"kind": {"bogus"}, "period": {"2026-12"}, "reason": {"x"}, "confirm": {"1"}}, http.StatusOK,
			"tipo di lista sconosciuto &#34;bogus&#34;", "unknown list kind &#34;bogus&#34;"},
	}
	for _, lang := range []string{"it", "en"} {
		if code, _ := post(t, officer, f.ts.URL+"/lang", url.Values{"lang": {lang}, "next": {"/"}}, nil); code != http.StatusSeeOther {
			t.Fatalf("language %s: %d", lang, code)
		}
		for _, c := range cases {
			code, page := post(t, &follow, f.ts.URL+c.path, c.form, nil)
			if code != c.code {
				t.Fatalf("%s: %d, want %d", c.path, code, c.code)
			}
			want, other := c.it, c.en
			if lang == "en" {
				want, other = c.en, c.it
			}
			if !strings.Contains(page, want) || strings.Contains(page, other) {
				i := max(strings.Index(page, "bogus")-200, 0)
				t.Errorf("%s, page in %s: want %q, not %q, in\n%s", c.path, lang, want, other, page[i:min(i+400, len(page))])
			}
		}
	}
}
