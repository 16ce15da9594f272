package accounts

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"omologa/internal/store"
)

// fixture is a store with one user, rossi, and accounts on a clock the
// test moves.
type fixture struct {
	st  *store.Store
	a   *Accounts
	now time.Time
	mu  sync.Mutex
}

const rightPW = "una-password-lunga"

func init() { dummyCost = bcrypt.MinCost }

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := &fixture{st: st, now: time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	f.a = New(st, time.Hour, func() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now })
	// The lowest cost: the tests count checks, they do not time them.
	h, err := bcrypt.GenerateFromPassword([]byte(rightPW), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddUser(ctx, "rossi", "clerk", string(h), f.now); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) advance(d time.Duration) { f.mu.Lock(); f.now = f.now.Add(d); f.mu.Unlock() }

func (f *fixture) login(name, pw, addr string) error {
	_, _, err := f.a.LoginFrom(context.Background(), name, pw, "it", addr)
	return err
}

func TestLoginSessions(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := HashPassword("corta"); !errors.Is(err, ErrShort) {
		t.Errorf("a short password: %v, want ErrShort", err)
	}
	tok, sess, err := f.a.Login(ctx, "rossi", rightPW, "it")
	if err != nil || sess.User.Name != "rossi" {
		t.Fatalf("login: %v", err)
	}
	if _, ok, _ := f.a.Session(ctx, tok); !ok {
		t.Error("a fresh session is not found")
	}
	if _, ok, _ := f.a.Session(ctx, tok+"x"); ok {
		t.Error("a wrong token finds a session")
	}
	f.advance(2 * time.Hour)
	if _, ok, _ := f.a.Session(ctx, tok); ok {
		t.Error("an expired session is still live")
	}
	if err := f.login("nessuno", rightPW, ""); !errors.Is(err, ErrBadLogin) {
		t.Errorf("unknown user: %v, want ErrBadLogin", err)
	}
	tok, _, err = f.a.Login(ctx, "rossi", rightPW, "it")
	if err != nil {
		t.Fatal(err)
	}
	disabled := true
	if err := f.st.UpdateUser(ctx, "rossi", nil, nil, &disabled, f.now); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := f.a.Session(ctx, tok); ok {
		t.Error("a disabled user's session is still live")
	}
	if err := f.login("rossi", rightPW, ""); !errors.Is(err, ErrBadLogin) {
		t.Errorf("a disabled user logs in: %v", err)
	}
}

// Attack 1 of issue 22: the limit was checked before bcrypt and the
// failure recorded after it, so 60 concurrent guesses checked 46
// passwords (and found the right one). Now each attempt is reserved
// before its check: whatever the burst, FreeUser passwords are checked.
func TestConcurrentGuessesCheckAtMostTheFreeOnes(t *testing.T) {
	for _, burst := range []int{60, 200} {
		t.Run(fmt.Sprint(burst), func(t *testing.T) {
			f := newFixture(t)
			var wg sync.WaitGroup
			errs := make([]error, burst)
			for i := range burst {
				wg.Add(1)
				go func() {
					defer wg.Done()
					pw := fmt.Sprintf("guess-%04d-xx", i)
					if i == burst-1 {
						pw = rightPW // the guesser has the right one somewhere in his list
					}
					errs[i] = f.login("rossi", pw, fmt.Sprintf("198.51.100.%d", i%250))
				}()
			}
			wg.Wait()
			var bad, throttled, ok int
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ErrThrottled):
					throttled++
				case errors.Is(err, ErrBadLogin):
					bad++
				default:
					t.Errorf("unexpected error %v", err)
				}
			}
			// A right guess among the first ones gives its count back: one
			// more wrong one may then be checked, never more.
			if n := f.a.Checks(); n > int64(FreeUser+ok) || bad > FreeUser {
				t.Errorf("%d concurrent guesses checked %d passwords (%d wrong), want at most %d wrong", burst, n, bad, FreeUser)
			}
			if throttled < burst-FreeUser-ok {
				t.Errorf("%d ok, %d wrong, %d throttled of %d", ok, bad, throttled, burst)
			}
		})
	}
}

// Attack 1, second half: 300 failed logins from one address were all
// answered 401. Now the address has its own back-off, whatever names it
// tries.
func TestOneAddressIsSlowed(t *testing.T) {
	f := newFixture(t)
	var throttled int
	for i := range 300 {
		err := f.login(fmt.Sprintf("user%03d", i), "guess-guess-guess", "203.0.113.7")
		if errors.Is(err, ErrThrottled) {
			throttled++
		}
	}
	if n := f.a.Checks(); n != FreeAddr {
		t.Errorf("300 guesses from one address checked %d passwords, want %d", n, FreeAddr)
	}
	var te *ThrottledError
	if err := f.login("rossi", rightPW, "203.0.113.7"); !errors.As(err, &te) || te.Wait <= 0 {
		t.Errorf("after 300 failures the address logs in: %v", err)
	}
	// Another address is not held back by it.
	if err := f.login("rossi", rightPW, "192.0.2.1"); err != nil {
		t.Errorf("another address: %v", err)
	}
}

// Attack 2: one wrong guess a minute kept the real user refused with the
// right password for as long as the guesses went on. Now the guesser is
// slowed (exponentially) and the real user on an address he used before
// gets in; on a new address he waits the back-off, not for ever.
func TestLockoutIsNoWeapon(t *testing.T) {
	f := newFixture(t)
	const home, attacker, travel = "192.0.2.10", "203.0.113.9", "198.51.100.3"
	if err := f.login("rossi", rightPW, home); err != nil {
		t.Fatal(err)
	}
	var checked, refused int
	for minute := range 120 { // two hours of a guess a minute
		before := f.a.Checks()
		err := f.login("rossi", "guess-guess-guess", attacker)
		if f.a.Checks() > before {
			checked++
		}
		if errors.Is(err, ErrThrottled) {
			refused++
		}
		if minute%10 == 0 {
			if err := f.login("rossi", rightPW, home); err != nil {
				t.Fatalf("the real user at home, after %d guesses: %v", checked+refused, err)
			}
		}
		f.advance(time.Minute)
	}
	if checked > 25 {
		t.Errorf("a guess a minute for two hours checked %d passwords: the back-off does not slow", checked)
	}
	// Right after a guess is checked, the real user on an address he
	// never used waits the back-off, which is bounded.
	for before := f.a.Checks(); f.a.Checks() == before; f.advance(time.Minute) {
		f.login("rossi", "guess-guess-guess", attacker)
	}
	err := f.login("rossi", rightPW, travel)
	var te *ThrottledError
	if !errors.As(err, &te) || te.Wait > MaxDelay {
		t.Fatalf("a new address during the attack: %v", err)
	}
	f.advance(te.Wait)
	if err := f.login("rossi", rightPW, travel); err != nil {
		t.Errorf("a new address after the back-off: %v", err)
	}
}

// Attack 3: failed logins with long unique names were kept in memory for
// ever and written whole to the log. A name longer than MaxName is
// refused before any lookup or count; the throttle's tables are bounded.
func TestThrottleMemoryIsBounded(t *testing.T) {
	f := newFixture(t)
	long := strings.Repeat("x", 10<<20)
	for i := range 10 {
		if err := f.login(fmt.Sprint(i)+long, "guess-guess-guess", "203.0.113.1"); !errors.Is(err, ErrBadLogin) {
			t.Fatalf("an over-long name: %v", err)
		}
	}
	if n := f.a.Checks(); n != 0 {
		t.Errorf("over-long names checked %d passwords", n)
	}
	if u, a, _ := f.a.th.size(); u != 0 || a != 0 {
		t.Errorf("over-long names left %d names and %d addresses in the throttle", u, a)
	}
	if got := LogName(long); len(got) > 64 {
		t.Errorf("LogName of 10 MB: %d bytes", len(got))
	}
	th := newThrottle()
	now := f.now
	for i := range 2 * MaxEntries {
		if _, err := th.reserve(fmt.Sprintf("name%06d", i), fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255), now); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Millisecond)
	}
	if u, a, _ := th.size(); u > MaxEntries || a > MaxEntries {
		t.Errorf("%d names and %d addresses kept, want at most %d each", u, a, MaxEntries)
	}
}

func TestHashingIsCapped(t *testing.T) {
	f := newFixture(t)
	// Hold every slot and check that a login waits, then is refused as busy.
	var releases []func()
	for range MaxHashing {
		r, err := f.a.th.hashSlot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, _, err := f.a.LoginFrom(ctx, "rossi", rightPW, "it", "192.0.2.5"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a login with every slot taken: %v", err)
	}
	if f.a.Checks() != 0 {
		t.Error("a password was checked with every slot taken")
	}
	for _, r := range releases {
		r()
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"rossi", true}, {"m.rossi", true}, {"Rossi_2", true}, {"a-b", true},
		{"", false}, {"rossi ", false}, {" rossi", false}, {"ro ssi", false}, {"rossi\r\nadmin", false},
		{"rоssi", false}, // Cyrillic о
		{"rossì", false}, {".rossi", false}, {strings.Repeat("a", MaxName+1), false}, {strings.Repeat("a", MaxName), true},
	} {
		if err := ValidName(c.name); (err == nil) != c.ok {
			t.Errorf("ValidName(%q) = %v, want ok %v", c.name, err, c.ok)
		}
	}
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1:5555":             "192.0.2.1",
		"[2001:db8:1:2:3:4:5:6]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:1":   "2001:db8:1:2::/64",
		"pipe":                       "",
		"[::ffff:192.0.2.1]:80":      "192.0.2.1",
	} {
		if got := ClientKey(in); got != want {
			t.Errorf("ClientKey(%q) = %q, want %q", in, got, want)
		}
	}
}
