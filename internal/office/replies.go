package office

import (
	"context"
	"errors"
	"strings"

	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/store"
)

// Reply is a written reply waiting for the office; ThreadItem one
// message of a thread (the store's, as the pages read them).
type (
	Reply      = store.Reply
	ThreadItem = store.ThreadItem
)

// Answer sends the office's written answer to a written reply (a
// message for the office in a submission's thread, issue 34), in the
// thread, and records the reply answered; audited with the answer's
// text.
func (o *Office) Answer(ctx context.Context, a Actor, submissionID int64, text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return newError(Invalid, "office.reply.no-text", submissionID)
	}
	if len(text) > 20000 {
		return newError(Invalid, "office.reply.too-long", submissionID)
	}
	p, err := o.pipelineFor(ctx, a, ActAnswer)
	if err != nil {
		return err
	}
	if err := replyError(submissionID, p.Answer(ctx, submissionID, text, a.User)); err != nil {
		return err
	}
	if err := o.audit(ctx, a, ActAnswer, submissionObject(submissionID), say("audit.answer", text)); err != nil {
		return err
	}
	return o.drain(ctx, p)
}

// AnswerAndRejudge is the office's answer with a decision: the answer
// goes out in the thread, then the latest version of every tournament
// of the thread is judged again against the registers in force (the
// arbiter wrote "the player is a member": the clerk fixed the register,
// the officer answers and re-judges in one act). The re-judgement is
// the officer's (ActRejudge), asked before anything is sent; each one
// is audited and notified as RejudgeFile does.
func (o *Office) AnswerAndRejudge(ctx context.Context, a Actor, submissionID int64, text string) ([]Outcome, error) {
	if err := o.allow(a, ActRejudge); err != nil {
		return nil, err
	}
	files, err := o.threadFiles(ctx, submissionID)
	if err != nil {
		return nil, err
	}
	if err := o.Answer(ctx, a, submissionID, text); err != nil {
		return nil, err
	}
	var out []Outcome
	for _, id := range files {
		res, err := o.RejudgeFile(ctx, a, id, say("office.reply.rejudged", submissionID).in(catalogue.IT))
		if err != nil {
			return out, err
		}
		out = append(out, *res)
	}
	return out, nil
}

// threadFiles are the latest versions of the tournaments of the thread
// submissionID belongs to, the files a decision on the thread concerns.
func (o *Office) threadFiles(ctx context.Context, submissionID int64) ([]int64, error) {
	thread, err := o.Store.ThreadOf(ctx, submissionID)
	if err != nil {
		return nil, err
	}
	tf, err := o.Store.ThreadFactsOf(ctx, thread)
	if err != nil {
		return nil, err
	}
	var files []int64
	for _, key := range tf.Tournaments {
		t, err := o.Store.TournamentByKey(ctx, key)
		if err != nil {
			return nil, err
		}
		var latest *store.Version
		for i := range t.Versions {
			if v := &t.Versions[i]; latest == nil || v.ReceivedAt.After(latest.ReceivedAt) {
				latest = v
			}
		}
		if latest != nil {
			files = append(files, latest.FileID)
		}
	}
	if len(files) == 0 {
		return nil, newError(Conflict, "office.reply.no-files", submissionID)
	}
	return files, nil
}

// MarkRead records that the office read a written reply and needs not
// answer it; audited.
func (o *Office) MarkRead(ctx context.Context, a Actor, submissionID int64) error {
	return o.submissionAct(ctx, a, ActAnswer, submissionID, false, func(p *pipeline.Pipeline) error {
		return replyError(submissionID, p.MarkRead(ctx, submissionID, a.User))
	})
}

// Readdress sends a notice not delivered (a delivery report came back)
// again to a corrected address; audited with the address.
func (o *Office) Readdress(ctx context.Context, a Actor, noticeID int64, to string) error {
	p, err := o.pipelineFor(ctx, a, ActResend)
	if err != nil {
		return err
	}
	n, err := o.Store.NoticeOf(ctx, noticeID)
	if errors.Is(err, store.ErrNoNotice) {
		return newError(NotFound, "office.notice.none", noticeID).because(err)
	} else if err != nil {
		return err
	}
	if pipeline.AddrOf(to) == "" {
		return newError(Invalid, "office.notice.bad-address", to)
	}
	if err := p.Readdress(ctx, noticeID, to); err != nil {
		var ne *store.NoticeError
		if errors.As(err, &ne) {
			return newError(Conflict, "office.submission.delivered", n.SubmissionID).because(err)
		}
		return err
	}
	if err := o.audit(ctx, a, ActResend, submissionObject(n.SubmissionID), say("audit.readdress", noticeID, pipeline.AddrOf(to))); err != nil {
		return err
	}
	return o.drain(ctx, p)
}

// RepliesToRead lists the written replies the office has still to
// read (the work queue's).
func (o *Office) RepliesToRead(ctx context.Context) ([]store.Reply, error) {
	return o.Store.RepliesToRead(ctx)
}

// Thread lists the messages of a submission's thread.
func (o *Office) Thread(ctx context.Context, submissionID int64) ([]store.ThreadItem, error) {
	return o.Store.Thread(ctx, submissionID)
}

// replyError turns the store's refusal of an act on what is no written
// reply into the office's error (nil stays nil).
func replyError(id int64, err error) error {
	var se *store.StateError
	switch {
	case errors.As(err, &se):
		return newError(Refused, "office.reply.not-a-reply", id).because(err)
	case errors.Is(err, store.ErrNoSubmission):
		return newError(NotFound, "office.submission.none", id).because(err)
	}
	return err
}

// Thread lists the messages of a submission's thread (the read side's,
// for the pages and the portal).
func (q *Queries) Thread(ctx context.Context, submissionID int64) ([]store.ThreadItem, error) {
	return q.st.Thread(ctx, submissionID)
}

// RepliesToRead lists the written replies the office has still to read.
func (q *Queries) RepliesToRead(ctx context.Context) ([]store.Reply, error) {
	return q.st.RepliesToRead(ctx)
}

// TournamentReplies lists the written replies in the threads that
// brought versions of the tournament key, oldest first.
func (q *Queries) TournamentReplies(ctx context.Context, key string) ([]store.ThreadItem, error) {
	roots, err := q.st.ThreadsOfTournament(ctx, key)
	if err != nil {
		return nil, err
	}
	var out []store.ThreadItem
	for _, root := range roots {
		items, err := q.st.Thread(ctx, root)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if it.Incoming && it.State == store.StateMessage {
				out = append(out, it)
			}
		}
	}
	return out, nil
}
