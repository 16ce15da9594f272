// Package accounts checks the office's web logins: the bcrypt hash of a
// password, the server-side sessions a login opens, and the throttle
// that slows a password guesser. Adding, changing and disabling users
// are office acts (office/users.go), audited like the others.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"omologa/internal/store"
)

// MinPassword is the shortest password accepted, in characters.
const MinPassword = 10

// Throttle settings: after MaxFailures wrong passwords for a name within
// FailureWindow, every login for that name is refused (even with the
// right password) until LockFor has passed since the last failure.
const (
	MaxFailures   = 5
	FailureWindow = 15 * time.Minute
	LockFor       = time.Minute
)

// Errors a login or a change may return.
var (
	ErrBadLogin  = errors.New("wrong user name or password")
	ErrThrottled = errors.New("too many wrong passwords: try again in a minute")
	ErrShort     = fmt.Errorf("password shorter than %d characters", MinPassword)
)

// Accounts is the users and sessions of a store.
type Accounts struct {
	st  *store.Store
	now func() time.Time
	// Lifetime is how long a session lasts from login.
	Lifetime time.Duration

	mu       sync.Mutex
	failures map[string][]time.Time // by user name
}

// New returns the accounts kept in st; now is the clock (time.Now when
// nil).
func New(st *store.Store, lifetime time.Duration, now func() time.Time) *Accounts {
	if now == nil {
		now = time.Now
	}
	if lifetime <= 0 {
		lifetime = 12 * time.Hour
	}
	return &Accounts{st: st, now: now, Lifetime: lifetime, failures: map[string][]time.Time{}}
}

// HashPassword checks a new password's length and returns its bcrypt
// hash, what the store keeps.
func HashPassword(pw string) (string, error) {
	if utf8.RuneCountInString(pw) < MinPassword {
		return "", ErrShort
	}
	if len(pw) > 72 {
		// bcrypt reads 72 bytes: a longer password would be cut silently.
		return "", errors.New("password longer than 72 bytes")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	if err != nil {
		return "", fmt.Errorf("accounts: %w", err)
	}
	return string(h), nil
}

// Login checks a name and password and opens a session: it returns the
// cookie's token (the store keeps only its hash). A wrong name, a wrong
// password and a disabled user are all ErrBadLogin, so that a guesser
// learns nothing; too many failures for a name are ErrThrottled.
func (a *Accounts) Login(ctx context.Context, name, password, lang string) (token string, sess *store.Session, err error) {
	now := a.now()
	if a.throttled(name, now) {
		return "", nil, ErrThrottled
	}
	u, err := a.st.UserByName(ctx, name)
	if errors.Is(err, store.ErrNoUser) {
		// Spend the time a real check takes, so that timing does not say
		// which names exist.
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		a.fail(name, now)
		return "", nil, ErrBadLogin
	}
	if err != nil {
		return "", nil, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.Hash), []byte(password)) != nil || u.Disabled {
		a.fail(name, now)
		return "", nil, ErrBadLogin
	}
	a.mu.Lock()
	delete(a.failures, name)
	a.mu.Unlock()
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", nil, err
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	exp := now.Add(a.Lifetime)
	if err := a.st.AddSession(ctx, TokenHash(token), u.ID, lang, now, exp); err != nil {
		return "", nil, err
	}
	return token, &store.Session{User: *u, Lang: lang, ExpiresAt: exp}, nil
}

// Computed when first needed, not at start-up: bcrypt at its default cost
// takes about 100 ms, which every command would otherwise pay.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("omologa-dummy-password"), bcrypt.DefaultCost)
	return h
})

func (a *Accounts) throttled(name string, now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	fs := a.recent(name, now)
	return len(fs) >= MaxFailures && now.Sub(fs[len(fs)-1]) < LockFor
}

func (a *Accounts) fail(name string, now time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.failures[name] = append(a.recent(name, now), now)
}

// recent returns name's failures within the window (a.mu held).
func (a *Accounts) recent(name string, now time.Time) []time.Time {
	fs := a.failures[name]
	i := 0
	for i < len(fs) && now.Sub(fs[i]) > FailureWindow {
		i++
	}
	fs = fs[i:]
	if len(fs) == 0 {
		delete(a.failures, name)
	} else {
		a.failures[name] = fs
	}
	return fs
}

// Session returns the live session of a cookie's token; ok is false when
// there is none.
func (a *Accounts) Session(ctx context.Context, token string) (*store.Session, bool, error) {
	if token == "" {
		return nil, false, nil
	}
	return a.st.SessionOf(ctx, TokenHash(token), a.now())
}

// SetLang records the language a session chose.
func (a *Accounts) SetLang(ctx context.Context, token, lang string) error {
	return a.st.SetSessionLang(ctx, TokenHash(token), lang)
}

// Logout ends a session.
func (a *Accounts) Logout(ctx context.Context, token string) error {
	return a.st.DeleteSession(ctx, TokenHash(token), a.now())
}

// TokenHash is what the store keeps of a session token.
func TokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}
