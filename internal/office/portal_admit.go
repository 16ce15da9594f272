package office

import (
	"context"
	"errors"
	"time"

	"omologa/internal/platform/failure"
)

// The bounded cost of an upload (issue 31): an upload counts against the
// person's hourly bound when it starts, before its body is read, and at
// most Judging uploads are read and judged at once across the whole
// server; the others wait their turn up to JudgeWait, then are refused
// with ErrBusy (the portal answers 503 with Retry-After). A judgement of
// a large file costs memory; twenty at once must not exhaust the machine.

const defaultJudgeWait = 15 * time.Second

// ErrBusy: every judging slot stayed taken for as long as an upload
// waits. RetryAfter is when to try again.
var ErrBusy = failure.New(failure.Refused, "too many uploads being judged: try again shortly")

// RetryAfter is what the portal tells a refused upload (ErrBusy) to wait.
const RetryAfter = 10 * time.Second

// admission marks a context whose upload Admit counted and gave a slot.
type admission struct{ email string }

type admissionKey struct{}

// Admit starts an upload of per's: it counts against the hourly bound
// and takes a judging slot, waiting for one up to JudgeWait. The
// context returned carries the admission, so that PreCheck and Submit
// called with it neither count it nor wait again; release gives the slot
// back (call it once, when the upload is answered).
func (p *Portal) Admit(ctx context.Context, per *Person) (context.Context, func(), error) {
	if err := p.count(per); err != nil {
		return ctx, func() {}, err
	}
	release, err := p.slot(ctx)
	if err != nil {
		p.uncount(per) // not judged: the server's load is not the person's
		return ctx, func() {}, err
	}
	return context.WithValue(ctx, admissionKey{}, admission{per.Email}), release, nil
}

// admitted is the admission of an upload of size bytes: the one Admit
// gave ctx, else (a caller that did not Admit) counted and given a slot
// now.
func (p *Portal) admitted(ctx context.Context, per *Person, size int) (func(), error) {
	if err := p.fits(size); err != nil {
		return nil, err
	}
	if a, ok := ctx.Value(admissionKey{}).(admission); ok && a.email == per.Email {
		return func() {}, nil
	}
	if err := p.count(per); err != nil {
		return nil, err
	}
	release, err := p.slot(ctx)
	if err != nil {
		p.uncount(per)
	}
	return release, err
}

// uncount takes back the upload count counted last for per.
func (p *Portal) uncount(per *Person) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u := p.uploads[per.Email]; len(u) > 0 {
		p.uploads[per.Email] = u[:len(u)-1]
	}
}

// slot takes a judging slot, waiting up to JudgeWait.
func (p *Portal) slot(ctx context.Context) (func(), error) {
	select {
	case p.judging <- struct{}{}:
	default:
		// A timer, not the clock: how long to wait is no date.
		t := time.NewTimer(p.opt.JudgeWait)
		defer t.Stop()
		select {
		case p.judging <- struct{}{}:
		case <-t.C:
			p.o.Log.Warn("portal: upload refused, every judging slot taken", "slots", cap(p.judging))
			return nil, ErrBusy
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	done := false
	return func() {
		if !done {
			done = true
			<-p.judging
		}
	}, nil
}

// IsBusy reports whether err is ErrBusy.
func IsBusy(err error) bool { return errors.Is(err, ErrBusy) }
