package accounts

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"omologa/internal/store"
)

func TestLoginSessionsThrottle(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	a := New(st, time.Hour, func() time.Time { return now })
	h, err := HashPassword("una-password-lunga")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddUser(ctx, "rossi", "clerk", h, now); err != nil {
		t.Fatal(err)
	}
	if _, err := HashPassword("corta"); !errors.Is(err, ErrShort) {
		t.Errorf("a short password: %v, want ErrShort", err)
	}

	tok, sess, err := a.Login(ctx, "rossi", "una-password-lunga", "it")
	if err != nil || sess.User.Name != "rossi" {
		t.Fatalf("login: %v", err)
	}
	if _, ok, _ := a.Session(ctx, tok); !ok {
		t.Error("a fresh session is not found")
	}
	if _, ok, _ := a.Session(ctx, tok+"x"); ok {
		t.Error("a wrong token finds a session")
	}
	now = now.Add(2 * time.Hour)
	if _, ok, _ := a.Session(ctx, tok); ok {
		t.Error("an expired session is still live")
	}

	if _, _, err := a.Login(ctx, "nessuno", "una-password-lunga", "it"); !errors.Is(err, ErrBadLogin) {
		t.Errorf("unknown user: %v, want ErrBadLogin", err)
	}
	for i := range MaxFailures {
		if _, _, err := a.Login(ctx, "rossi", "sbagliata-sbagliata", "it"); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("wrong password %d: %v", i+1, err)
		}
	}
	if _, _, err := a.Login(ctx, "rossi", "una-password-lunga", "it"); !errors.Is(err, ErrThrottled) {
		t.Errorf("right password after %d wrong ones: %v, want ErrThrottled", MaxFailures, err)
	}
	now = now.Add(LockFor + time.Second)
	tok, _, err = a.Login(ctx, "rossi", "una-password-lunga", "it")
	if err != nil {
		t.Fatalf("login after the lock: %v", err)
	}

	disabled := true
	if err := st.UpdateUser(ctx, "rossi", nil, nil, &disabled, now); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := a.Session(ctx, tok); ok {
		t.Error("a disabled user's session is still live")
	}
	if _, _, err := a.Login(ctx, "rossi", "una-password-lunga", "it"); !errors.Is(err, ErrBadLogin) {
		t.Errorf("a disabled user logs in: %v", err)
	}
}
