package lock

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A second holder is refused with a message naming the first; a
// one-shot waits for a one-shot but not for a daemon; released, the lock
// is free again.
func TestLock(t *testing.T) {
	store := filepath.Join(t.TempDir(), "var", "omologa.db") // its folder not made yet
	d, err := Acquire(store, RoleDaemon)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(store, RoleDaemon)
	var held *HeldError
	if !errors.As(err, &held) || !held.Daemon() || held.PID == 0 || !strings.Contains(err.Error(), "omologa watch (pid") {
		t.Fatalf("second daemon: %v", err)
	}
	if _, err := Wait(context.Background(), store, RoleOneShot); !errors.As(err, &held) {
		t.Fatalf("one-shot with a daemon running: %v", err)
	}
	d.Release()
	o, err := Wait(context.Background(), store, RoleOneShot)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := Wait(ctx, store, RoleOneShot); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a one-shot did not wait for another: %v", err)
	}
	o.Release()
	if l, err := Acquire(store, RoleServe); err != nil {
		t.Fatal(err)
	} else {
		l.Release()
	}
}
