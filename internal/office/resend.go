package office

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

// Resend puts the notice of a submission back to be delivered at once
// (a failed or failing one, or a pending one sooner), with the same
// Message-ID and its attempts counted afresh, and delivers it now or
// leaves that to the running daemon (DaemonElsewhere). The id is the
// submission's, as status shows it.
func (o *Office) Resend(ctx context.Context, a Actor, submissionID int64) error {
	p, err := o.pipelineFor(ctx, a, ActResend)
	if err != nil {
		return err
	}
	if err := p.Resend(ctx, submissionID); err != nil {
		var ne *store.NoticeError
		switch {
		case errors.As(err, &ne):
			return newError(Conflict, "office.submission.delivered", submissionID).because(err).
				withCLI("the notice of submission %d was already delivered (omologa status --show %d)", submissionID, submissionID)
		case errors.Is(err, store.ErrNoNotice):
			return newError(Refused, "office.submission.no-notice", submissionID).because(err)
		case errors.Is(err, store.ErrNoSubmission):
			return newError(NotFound, "office.submission.none", submissionID).because(err)
		}
		return err
	}
	if err := o.audit(ctx, a, ActResend, submissionObject(submissionID), say("")); err != nil {
		return err
	}
	return o.drain(ctx, p)
}

// ResendFailed puts every failed or failing notice back to be delivered
// at once, as Resend does, and returns their submissions' ids.
func (o *Office) ResendFailed(ctx context.Context, a Actor) ([]int64, error) {
	p, err := o.pipelineFor(ctx, a, ActResend)
	if err != nil {
		return nil, err
	}
	ids, err := p.ResendFailed(ctx)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, nil
	}
	objs, nums := make([]string, len(ids)), make([]string, len(ids))
	for i, id := range ids {
		objs[i], nums[i] = submissionObject(id), strconv.FormatInt(id, 10)
	}
	if err := o.audit(ctx, a, ActResend, "failed notices",
		sayN("audit.resend.failed", len(ids), pair{strings.Join(objs, ", "), italian.Join(nums)})); err != nil {
		return ids, err
	}
	return ids, o.drain(ctx, p)
}

// FailingNotices lists the notices not delivered after their fast
// attempts, with their next attempt (the dashboard's list).
func (o *Office) FailingNotices(ctx context.Context) ([]store.FailingNotice, error) {
	return o.Store.FailingNotices(ctx)
}
