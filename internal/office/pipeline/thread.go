package pipeline

import (
	"context"
	"slices"

	"omologa/internal/intake/ingest"
	"omologa/internal/platform/catalogue"
	"omologa/internal/publishing/notice"
	"omologa/internal/store"
)

// Threads (issue 34). A message answering a notice continues the thread
// of the submission the notice answered: its In-Reply-To or References
// name the notice's Message-ID, or, when it has neither header, its
// Subject carries the submission's reference (notice.Reference). A
// reply with a result file is the next version of the thread's
// tournament, judged and answered in the thread; a reply without one is
// a written message for the office (store.StateMessage), never judged
// nor answered automatically. Only the thread's people (the first
// sender, the notice's recipients) may add to it: anyone else's reply
// is quarantined. Automatic mail (RFC 3834), delivery reports (RFC
// 3464) and the office's own mail never become submissions.

// isMail says the submission is an e-mail message (any door but the
// portal's uploads and a result file dropped by the office).
func isMail(s *ingest.Submission) bool {
	return s.Message || s.Channel == ingest.ChannelIMAP
}

// automatic keeps an automatic message apart and reports true when s
// was one: an auto-reply, a delivery report (marking the notice it
// names not delivered when it says so), mail from the office's own
// addresses. Nothing is answered.
func (p *Pipeline) automatic(ctx context.Context, s *ingest.Submission) (bool, error) {
	why := s.Automatic
	if why == "" {
		if a := AddrOf(s.Sender); a != "" && (a == AddrOf(p.o.From) || a == AddrOf(p.o.Office)) {
			why = "From: " + a
		}
	}
	if why == "" {
		return false, nil
	}
	var noticeID int64
	reason := ""
	if b := s.Bounce; b != nil && b.MessageID != "" {
		nid, _, ok, err := p.o.Store.NoticeByMessageID(ctx, b.MessageID)
		if err != nil {
			return false, err
		}
		if ok {
			noticeID = nid
			if b.Failed() {
				reason = b.Reason()
			}
		}
	}
	id, dup, err := p.o.Store.RecordAutomatic(ctx, s, why, noticeID, reason, p.o.Now())
	if err != nil {
		return false, err
	}
	switch {
	case dup:
	case reason != "":
		p.log.Warn("delivery report: a notice was not delivered", "notice", noticeID, "reason", reason, "automatic", id)
	default:
		p.log.Info("automatic message kept, not answered", "why", why, "sender", s.Sender, "automatic", id, "notice", noticeID)
	}
	return true, nil
}

// threadOf finds the thread a message continues: the notices its
// In-Reply-To and References name (the nearest first), else, without
// either header, the reference in its Subject. A Message-ID no notice
// has (unknown, forged) leaves it a submission of its own.
func (p *Pipeline) threadOf(ctx context.Context, s *ingest.Submission) (store.Thread, error) {
	if !isMail(s) {
		return store.Thread{}, nil
	}
	refs := slices.Clone(s.References)
	slices.Reverse(refs)
	for _, id := range append(slices.Clone(s.InReplyTo), refs...) {
		_, thread, ok, err := p.o.Store.NoticeByMessageID(ctx, id)
		if err != nil {
			return store.Thread{}, err
		}
		if ok {
			return store.Thread{Of: thread, InReplyTo: id}, nil
		}
	}
	if len(s.InReplyTo) > 0 || len(s.References) > 0 {
		return store.Thread{}, nil
	}
	if ref, ok := notice.ReferenceIn(s.Subject); ok {
		thread, err := p.o.Store.ThreadOf(ctx, ref)
		if err == nil {
			return store.Thread{Of: thread}, nil
		}
	}
	return store.Thread{}, nil
}

// threadSender says why a reply may not add to its thread ("" when it
// may): its sender must be one of the thread's people.
func (p *Pipeline) threadSender(ctx context.Context, sub *store.Submission, sender string) (string, error) {
	people, err := p.o.Store.ThreadPeople(ctx, sub.Thread.Of)
	if err != nil {
		return "", err
	}
	a := AddrOf(sender)
	if a != "" && slices.Contains(people, a) {
		return "", nil
	}
	return catalogue.IT.T("note.reply.stranger", sender), nil
}

// threadTournament is the tournament a reply's result file is a
// version of: the thread's, when it has exactly one ("" otherwise: the
// identity rules decide among several).
func threadTournament(tf store.ThreadFacts) string {
	if len(tf.Tournaments) == 1 {
		return tf.Tournaments[0]
	}
	return ""
}
