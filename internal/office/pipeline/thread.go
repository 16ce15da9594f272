package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/emersion/go-message/textproto"

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

// Answer queues the office's written answer (text, by whom) to the
// written reply id, in its thread: to the reply's sender, In-Reply-To
// the reply, References the thread, and records the reply answered,
// in one transaction. A submission that is no written reply is a
// *store.StateError.
func (p *Pipeline) Answer(ctx context.Context, id int64, text, by string) error {
	sub, err := p.o.Store.Load(ctx, id)
	if err != nil {
		return err
	}
	if sub.State != store.StateMessage {
		return &store.StateError{ID: id, State: sub.State, Want: store.StateMessage}
	}
	root := sub.Thread.Of
	if root == 0 {
		root = id
	}
	tf, err := p.o.Store.ThreadFactsOf(ctx, root)
	if err != nil {
		return err
	}
	to := AddrOf(sub.Sender)
	if to == "" {
		to = AddrOf(p.o.Office)
	}
	now := p.o.Now()
	in := notice.Answer{Lang: p.o.Lang, From: p.o.From, To: []string{to}, Office: p.o.Office,
		MessageID: fmt.Sprintf("omologa.answer.%d.%d@%s", id, now.UnixNano(), domainOf(p.o.From)),
		InReplyTo: sub.MessageID, References: tf.References, Date: now, SubmissionID: root, Subject: sub.Subject, Text: text, By: by}
	subject, msg, err := notice.ComposeAnswer(in)
	if err != nil {
		return err
	}
	n := &store.NewNotice{Kind: notice.KindAnswer, From: p.o.From, To: in.To, Subject: subject, MessageID: in.MessageID, Message: msg}
	if err := p.o.Store.Replied(ctx, id, by, n, now); err != nil {
		return err
	}
	p.log.Info("the office answered a written reply", "id", id, "by", by, "to", to)
	p.WakeDelivery()
	return nil
}

// MarkRead records that the office read the written reply id without
// answering it.
func (p *Pipeline) MarkRead(ctx context.Context, id int64, by string) error {
	return p.o.Store.Replied(ctx, id, by, nil, p.o.Now())
}

// Readdress sends a notice not delivered again, to the corrected
// address to (the office's, after a delivery report): the same message
// and Message-ID with its To changed.
func (p *Pipeline) Readdress(ctx context.Context, noticeID int64, to string) error {
	addr := AddrOf(to)
	if addr == "" {
		return fmt.Errorf("pipeline: %q is no e-mail address", to)
	}
	n, err := p.o.Store.NoticeOf(ctx, noticeID)
	if err != nil {
		return err
	}
	msg, err := withTo(n.Message, addr)
	if err != nil {
		return err
	}
	if err := p.o.Store.Readdress(ctx, noticeID, []string{addr}, msg, p.o.Now()); err != nil {
		return err
	}
	p.log.Info("notice sent again to a corrected address", "notice", noticeID, "to", addr)
	p.WakeDelivery()
	return nil
}

// withTo is msg with its To header replaced by addr, the body as it was.
func withTo(msg []byte, addr string) ([]byte, error) {
	br := bufio.NewReader(bytes.NewReader(msg))
	h, err := textproto.ReadHeader(br)
	if err != nil {
		return nil, fmt.Errorf("pipeline: the notice's header: %w", err)
	}
	h.Set("To", "<"+addr+">")
	var buf bytes.Buffer
	if err := textproto.WriteHeader(&buf, h); err != nil {
		return nil, err
	}
	if _, err := io.Copy(&buf, br); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
