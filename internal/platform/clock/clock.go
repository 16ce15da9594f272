// Package clock is the one home of the office's clock: what time it is
// for everything the office records (acts, notices and their next
// attempt, receipts, audit, list runs, backups) and compares (delivery
// due, cut-offs, link expiry, throttle windows, retries). The process
// builds one Clock (config.Config.Clock) and passes it down; no other
// production package reads the machine's time (guard_test.go), so an
// office whose clock is pinned (the demo's, a test's) dates its acts and
// delivers their notices by the same time.
//
// The readings of the machine that are not the office's time live here
// too, under names that say so: a Stopwatch for how long something took
// (progress bars, waits on a busy store, a cache's freshness), Age for
// how old a file the machine wrote is (its modification time is the
// machine's), and Machine for network deadlines and file times.
package clock

import "time"

// Clock is the office's "now". It is a plain function so that the
// packages that take one need no import of this package.
type Clock = func() time.Time

// System is the machine's clock: the office's time when none is pinned.
func System() Clock { return time.Now }

// Pinned is a clock that reads at when it is made and runs on from
// there at the machine's pace: the demo's office lives on its own day
// and its notices fall due as time passes.
func Pinned(at time.Time) Clock {
	start := time.Now()
	return func() time.Time { return at.Add(time.Since(start)) }
}

// Fixed is a clock that never moves (tests).
func Fixed(at time.Time) Clock { return func() time.Time { return at } }

// Stopwatch measures how long something takes on the machine's
// monotonic clock, whatever the office's clock says.
type Stopwatch struct{ start time.Time }

// Start starts a stopwatch.
func Start() Stopwatch { return Stopwatch{start: time.Now()} }

// Elapsed is the time since the stopwatch started.
func (s Stopwatch) Elapsed() time.Duration { return time.Since(s.start) }

// Age is how long ago the machine's clock read t: for files' modification
// times, which the machine wrote.
func Age(t time.Time) time.Duration { return time.Since(t) }

// Machine is the machine's time, for what the operating system compares
// with its own clock: network and I/O deadlines, files' modification
// times. Never for what the office records or compares.
func Machine() time.Time { return time.Now() }
