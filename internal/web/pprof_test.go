package web

import (
	"net/http"
	"strings"
	"testing"
)

// The server's profiles are the admin's: any other role is refused, a
// visitor not logged in is sent to the login page.
func TestProfilesAdminOnly(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		user string
		code int
	}{
		{"admin", http.StatusOK}, {"officer", http.StatusForbidden}, {"clerk", http.StatusForbidden}, {"", http.StatusSeeOther},
	} {
		code, body := get(t, f.client(t, tc.user), f.ts.URL+"/debug/pprof/heap?debug=1")
		if code != tc.code {
			t.Errorf("%q: %d, want %d", tc.user, code, tc.code)
		}
		if tc.code == http.StatusOK && !strings.Contains(body, "heap profile") {
			t.Errorf("admin: not a heap profile:\n%.300s", body)
		}
	}
	if code, body := get(t, f.client(t, "admin"), f.ts.URL+"/debug/pprof/"); code != http.StatusOK || !strings.Contains(body, "goroutine") {
		t.Errorf("index: %d %.200s", code, body)
	}
}
