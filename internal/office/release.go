package office

import (
	"context"
	"errors"
	"fmt"

	"omologa/internal/store"
)

// Release puts a quarantined submission back to be judged and answered
// as if its sender were allowed, and judges and answers it at once, or
// leaves that to the running daemon (DaemonElsewhere), which polls the
// store.
func (o *Office) Release(ctx context.Context, a Actor, submissionID int64) error {
	if err := o.allow(a, ActRelease); err != nil {
		return err
	}
	p, err := o.pipeline(ctx)
	if err != nil {
		return err
	}
	if err := p.Release(ctx, submissionID, a.User); err != nil {
		return quarantineError(submissionID, "release", err)
	}
	if err := o.audit(ctx, a, ActRelease, submissionObject(submissionID), say("")); err != nil {
		return err
	}
	return o.drain(ctx, p)
}

// Discard closes a quarantined submission without an answer; it stays
// in the store.
func (o *Office) Discard(ctx context.Context, a Actor, submissionID int64) error {
	if err := o.allow(a, ActDiscard); err != nil {
		return err
	}
	p, err := o.pipeline(ctx)
	if err != nil {
		return err
	}
	if err := p.Discard(ctx, submissionID, a.User); err != nil {
		return quarantineError(submissionID, "discard", err)
	}
	return o.audit(ctx, a, ActDiscard, submissionObject(submissionID), say(""))
}

func submissionObject(id int64) string { return fmt.Sprintf("submission %d", id) }

// quarantineError turns the store's refusals of a release or discard
// into the office's errors.
func quarantineError(id int64, what string, err error) error {
	var se *store.StateError
	switch {
	case errors.As(err, &se):
		return &Error{Kind: Refused, Err: err,
			Msg:   fmt.Sprintf("submission %d is %s, not quarantined: nothing to %s", id, se.State, what),
			MsgIT: fmt.Sprintf("la trasmissione %d non è in quarantena (%s)", id, se.State)}
	case errors.Is(err, store.ErrNoSubmission):
		return newError(NotFound, "office.submission.none", id).because(err)
	}
	return err
}
