// Package lock makes one process at a time the store's deliverer: the
// daemon (omologa watch, and omologa serve when it writes) holds an
// exclusive flock on a file beside the SQLite store for as long as it
// runs, so that a second daemon is refused and every notice is sent from
// one place. The lock file names its holder (role and pid) for the
// message a refused process prints; the kernel drops the lock when the
// holder dies, even by SIGKILL, so a crash never leaves it stale.
package lock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Roles a holder declares.
const (
	RoleDaemon  = "watch"   // takes submissions and delivers for as long as it runs
	RoleServe   = "serve"   // the web office, when it writes
	RoleOneShot = "oneshot" // a command that judges and delivers once (ingest, release, resend)
)

// Lock is a held lock; Release lets it go.
type Lock struct {
	f    *os.File
	path string
}

// HeldError says another process holds the lock.
type HeldError struct {
	Path string // the lock file
	Role string // the holder's role, "" when unknown
	PID  int    // the holder's pid, 0 when unknown
}

func (e *HeldError) Error() string {
	who := "another omologa process"
	if e.Role != "" {
		who = fmt.Sprintf("omologa %s", e.Role)
	}
	if e.PID > 0 {
		who += fmt.Sprintf(" (pid %d)", e.PID)
	}
	return fmt.Sprintf("%s is already running on this store (lock %s): stop it first, one daemon per store", who, e.Path)
}

// Daemon reports whether the holder is a long-running daemon, to which a
// one-shot command hands its work instead of waiting.
func (e *HeldError) Daemon() bool { return e.Role == RoleDaemon || e.Role == RoleServe }

// PathFor is the lock file of the store at storePath.
func PathFor(storePath string) string { return storePath + ".lock" }

// Acquire takes the lock of the store at storePath for role, without
// waiting: a *HeldError when another process holds it.
func Acquire(storePath, role string) (*Lock, error) {
	path := PathFor(storePath)
	// The store's folder may not exist yet (a fresh clone): the store
	// would create it when opened, after the lock is taken.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, holder(path)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	// Who holds it, for the message of whoever is refused.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt(fmt.Appendf(nil, holderLine, role, os.Getpid()), 0)
	}
	return &Lock{f: f, path: path}, nil
}

// Wait takes the lock for role, waiting while a one-shot command holds
// it; a daemon holding it is a *HeldError at once (it will not let go).
func Wait(ctx context.Context, storePath, role string) (*Lock, error) {
	for {
		l, err := Acquire(storePath, role)
		var held *HeldError
		if err == nil || !errors.As(err, &held) || held.Daemon() {
			return l, err
		}
		t := time.NewTimer(50 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// holderLine is what the lock file says of its holder: role and pid.
const holderLine = "%s %d\n"

// holder reads the lock file's holderLine; what cannot be read (the
// file of a holder still writing it) stays unknown.
func holder(path string) *HeldError {
	e := &HeldError{Path: path}
	b, err := os.ReadFile(path)
	if err != nil {
		return e
	}
	_, _ = fmt.Sscanf(string(b), holderLine, &e.Role, &e.PID)
	return e
}

// Release lets the lock go. The file stays: removing it would let two
// processes lock two different files of the same name.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing drops the flock
	l.f = nil
	return err
}
