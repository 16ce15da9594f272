package office

import (
	"sync"
	"time"
)

// Vitals are what the running daemon knows of itself and no store
// holds: whether the mailbox is connected and when it was last looked
// at, whether the delivery loop runs, how long judgements take. The
// daemon writes them (its intakes and pipeline report to them); /readyz
// and /metrics read them. The zero value is ready to use; a nil *Vitals
// (omologa serve alone) reports nothing.
type Vitals struct {
	mu sync.Mutex
	// IMAP is true when the daemon has a mailbox to watch.
	imap      bool
	imapUp    bool
	lastPoll  time.Time
	delivery  bool // the delivery loop is running
	lastPass  time.Time
	judged    [len(JudgeBuckets) + 1]uint64
	judgedSum float64
}

// JudgeBuckets are the upper bounds, in seconds, of the judgement
// durations counted (a file is judged in milliseconds; a large register
// read first takes seconds).
var JudgeBuckets = [...]float64{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// WatchesIMAP says the daemon watches a mailbox.
func (v *Vitals) WatchesIMAP() {
	v.mu.Lock()
	v.imap = true
	v.mu.Unlock()
}

// IMAPConnected records the mailbox's connection going up or down.
func (v *Vitals) IMAPConnected(up bool) {
	v.mu.Lock()
	v.imapUp = up
	v.mu.Unlock()
}

// IMAPPolled records a successful look at the mailbox at t.
func (v *Vitals) IMAPPolled(t time.Time) {
	v.mu.Lock()
	v.lastPoll = t
	v.mu.Unlock()
}

// Delivering records the delivery loop starting or stopping, and each
// of its passes (at t).
func (v *Vitals) Delivering(running bool, t time.Time) {
	v.mu.Lock()
	v.delivery, v.lastPass = running, t
	v.mu.Unlock()
}

// Judged counts a submission judged in d.
func (v *Vitals) Judged(d time.Duration) {
	s := d.Seconds()
	v.mu.Lock()
	defer v.mu.Unlock()
	v.judgedSum += s
	for i, b := range JudgeBuckets {
		if s <= b {
			v.judged[i]++
			return
		}
	}
	v.judged[len(JudgeBuckets)]++
}

// VitalsNow is a copy of the Vitals at one moment.
type VitalsNow struct {
	IMAP, IMAPUp bool
	LastPoll     time.Time
	Delivery     bool
	LastPass     time.Time
	// Judged counts the judgements by JudgeBuckets (not cumulative; the
	// last is over the last bound); JudgedSum is their seconds.
	Judged    []uint64
	JudgedSum float64
}

// Now returns a copy of the Vitals; a nil *Vitals gives the zero copy.
func (v *Vitals) Now() VitalsNow {
	if v == nil {
		return VitalsNow{Judged: make([]uint64, len(JudgeBuckets)+1)}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	return VitalsNow{IMAP: v.imap, IMAPUp: v.imapUp, LastPoll: v.lastPoll, Delivery: v.delivery, LastPass: v.lastPass,
		Judged: append([]uint64(nil), v.judged[:]...), JudgedSum: v.judgedSum}
}
