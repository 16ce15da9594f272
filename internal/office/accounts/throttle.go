package accounts

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// Throttle settings. A login attempt is reserved, and counted as a
// failure, before its password is checked: a burst of concurrent
// guesses sees the count of the ones before it, so no more than
// FreeUser passwords of a user (FreeAddr from one address) are ever
// checked before the back-off starts. After that each further attempt
// waits a delay that doubles with each failure (BaseDelay, 2×, 4×…,
// at most MaxDelay): a guesser is slowed to a few dozen guesses a day,
// never locked out for good, and neither is the user.
//
// The real user is not held back by someone guessing his password from
// elsewhere: an address he logged in from successfully is known for
// him, and attempts from it skip the user's back-off (they still count
// for the address's).
const (
	FreeUser  = 5
	FreeAddr  = 10
	BaseDelay = time.Second
	MaxDelay  = 15 * time.Minute
	// FailureWindow: failures are forgotten after this long without
	// one (and the back-off passed).
	FailureWindow = time.Hour
	// KnownFor is how long an address stays known for a user after his
	// last login from it; KnownPerUser bounds the addresses kept a user.
	KnownFor     = 90 * 24 * time.Hour
	KnownPerUser = 8
	// MaxEntries bounds each of the throttle's tables (names, addresses,
	// users with known addresses): when one is full the expired entries
	// are pruned, then the least recently used goes.
	MaxEntries = 10000
	// HashWait is how long a login waits for a free hashing slot before
	// it is refused as busy.
	HashWait = 3 * time.Second
)

// MaxHashing is how many passwords are hashed at once, at most: bcrypt
// takes a core for about 100 ms, so a flood of logins must leave the
// other cores to the pages.
var MaxHashing = max(1, runtime.NumCPU()/2)

// ErrThrottled is what a throttled attempt's error matches
// (errors.Is); its *ThrottledError says how long to wait.
var ErrThrottled = errors.New("too many wrong passwords: try again later")

// ErrBusy: too many logins at once, none was checked.
var ErrBusy = errors.New("too many logins at once: try again")

// ThrottledError is a refused attempt: Wait is how long before the
// next one is taken.
type ThrottledError struct{ Wait time.Duration }

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("too many wrong passwords: try again in %s", e.Wait.Round(time.Second))
}

// Is makes a ThrottledError match ErrThrottled.
func (e *ThrottledError) Is(target error) bool { return target == ErrThrottled }

// attempts is the failures counted under one key (a name or an address).
type attempts struct {
	fails int
	next  time.Time // no attempt before this once fails >= the free ones
	last  time.Time // the last attempt
}

// throttle is the login throttle's state, all behind one mutex: a
// reservation checks and counts under it, atomically.
type throttle struct {
	mu    sync.Mutex
	users map[string]*attempts
	addrs map[string]*attempts
	known map[string]map[string]time.Time // user -> address -> last login
	slots chan struct{}                   // the hashing slots
}

func newThrottle() *throttle {
	return &throttle{users: map[string]*attempts{}, addrs: map[string]*attempts{},
		known: map[string]map[string]time.Time{}, slots: make(chan struct{}, MaxHashing)}
}

// reservation is an attempt let through: it was counted as a failure;
// ok undoes that when the password was right.
type reservation struct {
	t          *throttle
	name, addr string
	at         time.Time
	userCount  bool // the attempt counted for the name (not from a known address)
}

// delay is the back-off after fails failures when free are free.
func delay(fails, free int) time.Duration {
	n := fails - free
	if n < 0 {
		return 0
	}
	if n > 20 {
		return MaxDelay
	}
	return min(BaseDelay<<n, MaxDelay)
}

// reserve counts an attempt of name from addr before its password is
// checked, or refuses it with a *ThrottledError.
func (t *throttle) reserve(name, addr string, now time.Time) (*reservation, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	known := false
	if ks := t.known[name]; ks != nil && addr != "" {
		if at, ok := ks[addr]; ok && now.Sub(at) < KnownFor {
			known = true
		}
	}
	u := t.entry(t.users, name, now)
	var a *attempts
	if addr != "" {
		a = t.entry(t.addrs, addr, now)
	}
	var wait time.Duration
	if !known && u.fails >= FreeUser && now.Before(u.next) {
		wait = u.next.Sub(now)
	}
	if a != nil && a.fails >= FreeAddr && now.Before(a.next) {
		wait = max(wait, a.next.Sub(now))
	}
	if wait > 0 {
		return nil, &ThrottledError{Wait: wait}
	}
	if !known {
		count(u, FreeUser, now)
	}
	if a != nil {
		count(a, FreeAddr, now)
	}
	return &reservation{t: t, name: name, addr: addr, at: now, userCount: !known}, nil
}

// count adds a failure to e, and its back-off.
func count(e *attempts, free int, now time.Time) {
	e.fails++
	e.last = now
	if d := delay(e.fails, free); d > 0 {
		e.next = now.Add(d)
	}
}

// uncount takes back one counted failure.
func uncount(e *attempts, free int) {
	if e.fails > 0 {
		e.fails--
	}
	if e.fails < free {
		e.next = time.Time{}
	}
}

// entry returns m's entry for key, made when missing (t.mu held). Old
// failures are forgotten; a full table is pruned first.
func (t *throttle) entry(m map[string]*attempts, key string, now time.Time) *attempts {
	e := m[key]
	if e != nil && expired(e, now) {
		*e = attempts{}
	}
	if e == nil {
		if len(m) >= MaxEntries {
			prune(m, now)
		}
		e = &attempts{}
		m[key] = e
	}
	return e
}

func expired(e *attempts, now time.Time) bool {
	return now.Sub(e.last) > FailureWindow && !now.Before(e.next)
}

// prune drops the expired entries of a full table; when none is, the
// least recently used quarter goes (an attacker filling the table with
// names forgets his own oldest ones first).
func prune(m map[string]*attempts, now time.Time) {
	for k, e := range m {
		if expired(e, now) {
			delete(m, k)
		}
	}
	if len(m) < MaxEntries*3/4 {
		return
	}
	// One sort for a quarter of the table: a flood of new names costs
	// O(log n) a name, not a scan each.
	type kt struct {
		k  string
		at time.Time
	}
	all := make([]kt, 0, len(m))
	for k, e := range m {
		all = append(all, kt{k, e.last})
	}
	slices.SortFunc(all, func(a, b kt) int { return a.at.Compare(b.at) })
	for _, x := range all[:len(m)-MaxEntries*3/4] {
		delete(m, x.k)
	}
}

// ok is a right password: the name's and the address's counts lose
// this attempt, and only it (the real user logging in does not give a
// guesser elsewhere a fresh set of free attempts, nor does an
// attacker's own account wipe his address's guesses); the address
// becomes known for the user.
func (r *reservation) ok() {
	t := r.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if u := t.users[r.name]; u != nil && r.userCount {
		uncount(u, FreeUser)
	}
	if r.addr == "" {
		return
	}
	if a := t.addrs[r.addr]; a != nil {
		uncount(a, FreeAddr)
	}
	ks := t.known[r.name]
	if ks == nil {
		if len(t.known) >= MaxEntries {
			for u, ks := range t.known {
				for a, at := range ks {
					if r.at.Sub(at) >= KnownFor {
						delete(ks, a)
					}
				}
				if len(ks) == 0 {
					delete(t.known, u)
				}
			}
			if len(t.known) >= MaxEntries {
				return // full of live users: this one's address is not remembered
			}
		}
		ks = map[string]time.Time{}
		t.known[r.name] = ks
	}
	if _, ok := ks[r.addr]; !ok && len(ks) >= KnownPerUser {
		var oldest string
		for a, at := range ks {
			if oldest == "" || at.Before(ks[oldest]) {
				oldest = a
			}
		}
		delete(ks, oldest)
	}
	ks[r.addr] = r.at
}

// hashSlot waits for one of the MaxHashing slots; release gives it back.
func (t *throttle) hashSlot(ctx context.Context) (release func(), err error) {
	tm := time.NewTimer(HashWait)
	defer tm.Stop()
	select {
	case t.slots <- struct{}{}:
		return func() { <-t.slots }, nil
	case <-tm.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// size is the number of entries the throttle holds, for tests.
func (t *throttle) size() (users, addrs, known int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.users), len(t.addrs), len(t.known)
}

// ClientKey is the throttle's key of a client address "host:port" or
// "host": the IP, an IPv6 address by its /64 (one machine's usual
// share), "" when it is not an address.
func ClientKey(remote string) string {
	host := remote
	if h, _, err := net.SplitHostPort(remote); err == nil {
		host = h
	}
	host = strings.TrimSpace(host)
	ip := net.ParseIP(host)
	if ip == nil {
		return ""
	}
	if ip4 := ip.To4(); ip4 != nil {
		return ip4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
