package office

import (
	"context"
	"errors"
	"fmt"

	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/store"
)

// Release puts a quarantined submission back to be judged and answered
// as if its sender were allowed, and judges and answers it at once, or
// leaves that to the running daemon (DaemonElsewhere), which polls the
// store.
func (o *Office) Release(ctx context.Context, a Actor, submissionID int64) error {
	return o.submissionAct(ctx, a, ActRelease, submissionID, true, func(p *pipeline.Pipeline) error {
		return quarantineError(submissionID, "release", p.Release(ctx, submissionID, a.User))
	})
}

// Discard closes a quarantined submission without an answer; it stays
// in the store.
func (o *Office) Discard(ctx context.Context, a Actor, submissionID int64) error {
	return o.submissionAct(ctx, a, ActDiscard, submissionID, false, func(p *pipeline.Pipeline) error {
		return quarantineError(submissionID, "discard", p.Discard(ctx, submissionID, a.User))
	})
}

// submissionAct is an act on one submission through the pipeline: allowed
// to a, done (do returns the office's error), written to the audit trail
// and, with drain, its work (judging, delivery) carried out at once or
// left to the running daemon.
func (o *Office) submissionAct(ctx context.Context, a Actor, act Action, id int64, drain bool, do func(*pipeline.Pipeline) error) error {
	p, err := o.pipelineFor(ctx, a, act)
	if err != nil {
		return err
	}
	if err := do(p); err != nil {
		return err
	}
	if err := o.audit(ctx, a, act, submissionObject(id), say("")); err != nil {
		return err
	}
	if !drain {
		return nil
	}
	return o.drain(ctx, p)
}

func submissionObject(id int64) string { return fmt.Sprintf("submission %d", id) }

// quarantineError turns the store's refusals of a release or discard
// into the office's errors (nil stays nil).
func quarantineError(id int64, what string, err error) error {
	var se *store.StateError
	switch {
	case errors.As(err, &se):
		return newError(Refused, "office.submission.not-quarantined",
			catalogue.Named{"id": id, "state": se.State, "what": what}).because(err)
	case errors.Is(err, store.ErrNoSubmission):
		return newError(NotFound, "office.submission.none", id).because(err)
	}
	return err
}
