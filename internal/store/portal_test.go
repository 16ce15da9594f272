package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// A sign-in link of the portal (issue 24): once, in time, from the
// browser that asked; a disabled account's links and sessions stop.
func TestPortalLinks(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	add := func(tok, email string) {
		t.Helper()
		if err := st.AddPortalLink(ctx, tok, email, "browser", now, now.Add(15*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	add("a", "Mirko.Casadei@arbitri.example")
	add("b", "mirko.casadei@arbitri.example")
	add("c", "marco.ferretti@arbitri.example")
	for _, c := range []struct {
		name, tok, browser string
		at                 time.Time
		want               error
	}{
		{"unknown token", "x", "browser", now, ErrLinkUnknown},
		{"another browser", "a", "other", now, ErrLinkBrowser},
		{"expired", "a", "browser", now.Add(15 * time.Minute), ErrLinkExpired},
		{"in time, same browser", "a", "browser", now.Add(14 * time.Minute), nil},
		{"second use", "a", "browser", now.Add(14 * time.Minute), ErrLinkUsed},
	} {
		email, err := st.UsePortalLink(ctx, c.tok, c.browser, c.at)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if c.want == nil && email != "mirko.casadei@arbitri.example" {
			t.Errorf("%s: the link's address %q", c.name, email)
		}
	}
	if n, err := st.PortalLinksSince(ctx, "MIRKO.casadei@arbitri.example", now); err != nil || n != 2 {
		t.Errorf("links this hour: %d (%v)", n, err)
	}
	if err := st.AddPortalSession(ctx, "s", "mirko.casadei@arbitri.example", now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if e, ok, err := st.PortalSessionOf(ctx, "s", now); err != nil || !ok || e != "mirko.casadei@arbitri.example" {
		t.Errorf("session: %q %v %v", e, ok, err)
	}
	if _, ok, _ := st.PortalSessionOf(ctx, "s", now.Add(time.Hour)); ok {
		t.Error("an expired session is live")
	}
	if err := st.SetPortalDisabled(ctx, "mirko.casadei@arbitri.example", true, "admin", now); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := st.PortalSessionOf(ctx, "s", now); ok {
		t.Error("a disabled account's session is live")
	}
	if _, err := st.UsePortalLink(ctx, "b", "browser", now); !errors.Is(err, ErrLinkUnknown) {
		t.Errorf("a disabled account's link: %v", err)
	}
	a, ok, err := st.PortalAccountOf(ctx, "mirko.casadei@arbitri.example")
	if err != nil || !ok || !a.Disabled || a.DisabledBy != "admin" || a.LastLogin.IsZero() {
		t.Errorf("the account: %+v %v %v", a, ok, err)
	}
	// An address the office disabled before it ever signed in.
	if err := st.SetPortalDisabled(ctx, "marco.ferretti@arbitri.example", true, "admin", now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.UsePortalLink(ctx, "c", "browser", now); !errors.Is(err, ErrLinkUnknown) {
		t.Errorf("a link of an address disabled before its first sign-in: %v", err)
	}
}
