package accounts

import (
	"context"
	"time"
)

// Throttle is the logins' throttle for accounts kept elsewhere (the
// portal's, known by e-mail address: office/portal.go), so that a
// password of the portal is guarded by the same rules as the office's:
// each attempt reserved before its check, the back-off per name and per
// address, the bounded number of bcrypt checks at once.
type Throttle struct{ t *throttle }

// NewThrottle returns an empty throttle.
func NewThrottle() *Throttle { return &Throttle{t: newThrottle()} }

// Reserve counts an attempt of name from addr before its password is
// checked (a *ThrottledError when it must wait), and waits for a
// bcrypt slot (ErrBusy). Call release once the check is done, and ok
// when the password was right.
func (t *Throttle) Reserve(ctx context.Context, name, addr string, now time.Time) (release, ok func(), err error) {
	res, err := t.t.reserve(name, addr, now)
	if err != nil {
		return nil, nil, err
	}
	release, err = t.t.hashSlot(ctx)
	if err != nil {
		return nil, nil, err
	}
	return release, res.ok, nil
}

// DummyCheck spends the time a password check takes, for an account
// that does not exist.
func DummyCheck(password string) { PasswordMatches(string(dummyHash()), password) }
