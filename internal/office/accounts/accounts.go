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
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"omologa/internal/platform/clock"
	"omologa/internal/store"
)

// MinPassword is the shortest password accepted, in characters.
const MinPassword = 10

// Errors a login or a change may return (ErrThrottled and ErrBusy are
// the throttle's, throttle.go).
var (
	ErrBadLogin = errors.New("wrong user name or password")
	ErrShort    = fmt.Errorf("password shorter than %d characters", MinPassword)
)

// Accounts is the users and sessions of a store.
type Accounts struct {
	st  *store.Store
	now func() time.Time
	// Lifetime is how long a session lasts from login.
	Lifetime time.Duration

	th     *throttle
	checks atomic.Int64 // passwords checked with bcrypt since start
}

// Checks is how many passwords were checked since start: what the
// throttle bounds (the tests of concurrent guesses read it).
func (a *Accounts) Checks() int64 { return a.checks.Load() }

// New returns the accounts kept in st; now is the office's clock (the
// machine's when nil).
func New(st *store.Store, lifetime time.Duration, now func() time.Time) *Accounts {
	if now == nil {
		now = clock.System()
	}
	if lifetime <= 0 {
		lifetime = 12 * time.Hour
	}
	return &Accounts{st: st, now: now, Lifetime: lifetime, th: newThrottle()}
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

// Login is LoginFrom with no client address (the command line, tests):
// only the user's throttle applies.
func (a *Accounts) Login(ctx context.Context, name, password, lang string) (token string, sess *store.Session, err error) {
	return a.LoginFrom(ctx, name, password, lang, "")
}

// LoginFrom checks a name and password given from a client address
// (ClientKey's, "" when unknown) and opens a session: it returns the
// cookie's token (the store keeps only its hash). A wrong name, a wrong
// password and a disabled user are all ErrBadLogin, so that a guesser
// learns nothing. A name that cannot be a user's (longer than MaxName,
// or with control characters) is refused before any lookup. The attempt
// is reserved with the throttle before the password is checked
// (ErrThrottled, with how long to wait), and the check waits for one of
// the MaxHashing slots (ErrBusy when none frees up in time).
func (a *Accounts) LoginFrom(ctx context.Context, name, password, lang, addr string) (token string, sess *store.Session, err error) {
	if len(name) > MaxName || hasControl(name) || len(password) > 1024 {
		return "", nil, ErrBadLogin
	}
	now := a.now()
	res, err := a.th.reserve(name, addr, now)
	if err != nil {
		return "", nil, err
	}
	release, err := a.th.hashSlot(ctx)
	if err != nil {
		return "", nil, err
	}
	u, err := a.check(ctx, name, password)
	release()
	if err != nil {
		return "", nil, err
	}
	res.ok()
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

// PasswordMatches reports whether password is the one hash was made
// from (a user changing his own password gives the current one).
func PasswordMatches(hash, password string) bool {
	return len(password) <= 1024 && bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}

// check is one password check: the user when right, else ErrBadLogin.
func (a *Accounts) check(ctx context.Context, name, password string) (*store.User, error) {
	a.checks.Add(1)
	u, err := a.st.UserByName(ctx, name)
	if errors.Is(err, store.ErrNoUser) {
		// Spend the time a real check takes, so that timing does not say
		// which names exist.
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return nil, ErrBadLogin
	}
	if err != nil {
		return nil, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.Hash), []byte(password)) != nil || u.Disabled {
		return nil, ErrBadLogin
	}
	return u, nil
}

// Computed when first needed, not at start-up: bcrypt at its default cost
// takes about 100 ms, which every command would otherwise pay.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("omologa-dummy-password"), dummyCost)
	return h
})

// dummyCost is the dummy hash's cost: the users' (the package's tests,
// whose users have the lowest, lower it).
var dummyCost = bcrypt.DefaultCost

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
