package store

import (
	"context"
	"errors"
	"testing"

	"omologa/internal/platform/failure"
)

// A user name is taken once: a second AddUser of it is ErrUserExists (a
// conflict), records nothing, and the first user keeps its id and role.
func TestAddUserNameTaken(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	id, err := s.AddUser(ctx, "rossi", "clerk", "h1", t0)
	if err != nil || id == 0 {
		t.Fatalf("AddUser: %d %v", id, err)
	}
	if _, err := s.AddUser(ctx, "rossi", "admin", "h2", t0); !errors.Is(err, ErrUserExists) || !failure.Is(err, failure.Conflict) {
		t.Fatalf("second AddUser: %v, want ErrUserExists", err)
	}
	us, err := s.Users(ctx)
	if err != nil || len(us) != 1 || us[0].ID != id || us[0].Role != "clerk" || !us[0].CreatedAt.Equal(t0) {
		t.Fatalf("users: %+v %v", us, err)
	}
	if id2, err := s.AddUser(ctx, "bianchi", "officer", "h3", t0); err != nil || id2 == id {
		t.Fatalf("another user: %d %v", id2, err)
	}
}
