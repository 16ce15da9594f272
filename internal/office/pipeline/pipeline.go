// Package pipeline is where the stages meet: a submission handed over by
// an intake (drop folder, IMAP, command line) is recorded in the store,
// each of its files is read (codec.Read) and judged (validate.Validate),
// the verdicts and the notice are saved together, and the notice is
// delivered through a mailer.Mailer with retries and exponential backoff,
// then slowly for days. A notice is claimed in the store before each
// send, so two deliverers never send it both; the SMTP transaction's
// progress is recorded as it goes and the server's 250 before the
// session closes, so that a crash repeats a notice (with the same
// Message-ID) only in the instant between that 250 and its record.
// Who may submit is SenderPolicy's, the same for every door.
//
// Construction, for a daemon or a test:
//
//	st, _ := store.Open(ctx, "var/omologa.db")
//	rf, _ := rules.Load("rules.yaml")
//	p, _ := pipeline.New(pipeline.Options{Store: st, Rules: rf, Mailer: m,
//		From: "omologazioni@example.org", Office: "omologazioni@example.org"})
//	go p.Run(ctx)                 // judges and delivers until ctx is done
//	drop.Run(ctx, p.Handle)        // any intake: Handle is an ingest.Handler
//
// Handle returns once the submission is durably recorded (the intake may
// then acknowledge it); judging and delivery happen in Run's two loops,
// which also resume, after a crash, whatever was recorded but not
// judged and every notice not yet delivered. Drain does the same work
// once, for one-shot commands.
package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/clock"
	"omologa/internal/platform/defaults"
	"omologa/internal/publishing/mailer"
	"omologa/internal/publishing/notice"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// ReadFunc reads a result file into a tournament (codec.Read).
type ReadFunc func(name string, data []byte) (*tournament.Tournament, []tournament.Diagnostic, error)

// Options configure a pipeline. Store, Rules, Mailer, From and Office
// are required.
type Options struct {
	Store     *store.Store
	Rules     *rules.File
	Registers *registers.Set // nil: checks needing registers say so
	Mailer    mailer.Mailer
	From      string // the notices' sender
	Office    string // recipient of last resort, and the contact named in notices
	Lang      string // "it" (default) or "en"

	// AllowedSenders, when true, quarantines e-mail submissions (by any
	// door: SenderPolicy) whose sender is not an arbiter or organiser in
	// the registers nor in ExtraSenders.
	AllowedSenders bool
	ExtraSenders   []string
	// Auth, with AllowedSenders, authenticates the sender first
	// (email.Authenticate: the receiving server's DMARC/DKIM verdict, a
	// single From, trusted PEC envelopes) and then requires it to be the
	// tournament's own arbiter or organiser, and the sender of any file
	// it would supersede; otherwise the submission is quarantined for
	// the office. Nil: the sender is only looked up in the registers.
	Auth *email.AuthPolicy

	// Delivery retries: the wait doubles from RetryBase up to RetryMax;
	// after MaxAttempts the notice is failing: retried every SlowRetry
	// until SlowFor has passed, then failed (omologa resend puts it
	// back). Defaults 2s, 30m, 12, 30m, 7 days.
	RetryBase   time.Duration
	RetryMax    time.Duration
	MaxAttempts int
	SlowRetry   time.Duration
	SlowFor     time.Duration

	// JudgeRetryBase and JudgeRetryMax bound the wait before a
	// submission whose judging failed (the disk full) is judged again:
	// it doubles from the base. Defaults 1s and 5m.
	JudgeRetryBase time.Duration
	JudgeRetryMax  time.Duration

	// Poll is how often Run looks at the store for work recorded by
	// another process (omologa ingest, release or resend while the
	// daemon runs). Default 2s.
	Poll time.Duration

	// Payee is the account the notices give for the homologation fee;
	// nil: the notices state the amount and the reference only.
	Payee *Payee

	Logger *slog.Logger
	Now    func() time.Time // the office's clock; the machine's when nil
	Read   ReadFunc         // codec.Read when nil

	// LoadRegisters, when set, reads the registers again: a pass that
	// finds them changed in the store (an import while the daemon runs,
	// Store.RegistersStamp) uses the new ones from its next submission.
	LoadRegisters func(context.Context) (*registers.Set, error)
}

// Pipeline records, judges and answers submissions.
type Pipeline struct {
	o         Options
	log       *slog.Logger
	kick      chan struct{} // something to judge
	kickSend  chan struct{} // something to deliver
	judgeMu   sync.Mutex    // one judging pass at a time (Run and Drain)
	deliverMu sync.Mutex    // one delivery pass at a time
	// retry holds the submissions whose judging failed, with when to
	// try again; guarded by judgeMu. Kept in memory: a restart judges
	// every received submission at once anyway.
	retry map[int64]judgeRetry
	// index of the players' register, built on the first file rated
	// and kept until the registers are read again.
	index *rating.Index
	// stamp is the store's registers stamp when they were last read.
	stamp string
	hooks Hooks
}

// Hooks are what the pipeline tells of its work to whoever watches the
// process's health (the daemon's office.Vitals); set before Run.
type Hooks struct {
	// Judged is called after each submission judged, with how long it
	// took.
	Judged func(time.Duration)
	// Delivering is called with true at each delivery pass and with
	// false when the delivery loop stops.
	Delivering func(running bool)
}

// SetHooks sets the hooks; call it before Run.
func (p *Pipeline) SetHooks(h Hooks) { p.hooks = h }

// New checks the options and fills the defaults.
func New(o Options) (*Pipeline, error) {
	switch {
	case o.Store == nil:
		return nil, errors.New("pipeline: no store")
	case o.Rules == nil:
		return nil, errors.New("pipeline: no rules")
	case o.Mailer == nil:
		return nil, errors.New("pipeline: no mailer")
	case o.From == "" || o.Office == "":
		return nil, errors.New("pipeline: the notices' From and Office addresses are required")
	}
	if o.Lang == "" {
		o.Lang = "it"
	}
	// The delivery defaults are omologa.yaml's (config), said once.
	defaults.Fill(&o.RetryBase, config.DefaultRetryBase)
	if o.RetryMax < o.RetryBase {
		o.RetryMax = max(config.DefaultRetryMax, o.RetryBase)
	}
	defaults.Fill(&o.MaxAttempts, config.DefaultMaxAttempts)
	defaults.Fill(&o.SlowRetry, config.DefaultSlowRetry)
	defaults.Fill(&o.SlowFor, config.DefaultSlowFor)
	defaults.Fill(&o.JudgeRetryBase, time.Second)
	if o.JudgeRetryMax < o.JudgeRetryBase {
		o.JudgeRetryMax = max(5*time.Minute, o.JudgeRetryBase)
	}
	defaults.Fill(&o.Poll, 2*time.Second)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = clock.System()
	}
	if o.Read == nil {
		o.Read = codec.Read
	}
	return &Pipeline{o: o, log: o.Logger, kick: make(chan struct{}, 1), kickSend: make(chan struct{}, 1),
		retry: map[int64]judgeRetry{}}, nil
}

// Handle records a submission; it is an ingest.Handler. It returns nil
// once the submission is durably recorded, or was already (a repeat),
// and wakes Run to judge it.
func (p *Pipeline) Handle(ctx context.Context, s *ingest.Submission) error {
	_, _, err := p.Record(ctx, s)
	return err
}

// resendAfter is how long after the first receipt the same bytes, the
// first answered, count as sent again rather than replayed by the intake.
const resendAfter = time.Minute

// Record is Handle returning the submission's id, and dup true when it
// was already recorded.
//
// An automatic message (an auto-reply, a delivery report, the office's
// own mail) is kept apart and is no submission: id 0. A reply to a
// notice is recorded in its thread.
func (p *Pipeline) Record(ctx context.Context, s *ingest.Submission) (id int64, dup bool, err error) {
	if isMail(s) {
		if auto, err := p.automatic(ctx, s); err != nil || auto {
			return 0, false, err
		}
	}
	thread, err := p.threadOf(ctx, s)
	if err != nil {
		return 0, false, err
	}
	id, dup, err = p.o.Store.RecordInThread(ctx, s, thread, p.o.Now())
	if err != nil {
		return 0, false, err
	}
	if dup {
		p.log.Info("submission already recorded", "id", id, "source", s.Source, "message_id", s.MessageID)
		// The same bytes again, from the drop folder or the command line,
		// after the first was answered: someone sent them again, so a
		// short answer, once a day per sender. An e-mail with the same
		// Message-ID is the mailbox handing the same message over again,
		// and a file taken again before its answer went out is the drop
		// folder's replay after a crash: neither is a resend.
		if first, ok, err := p.o.Store.AnsweredAt(ctx, id); err != nil {
			return 0, false, err
		} else if s.Channel != ingest.ChannelIMAP && ok && s.ReceivedAt.Sub(first) >= resendAfter {
			now := p.o.Now()
			day := tournament.DateOf(now.In(p.o.Rules.Rating.Location())).String()
			if rid, ok, err := p.o.Store.RecordRepeat(ctx, id, s.Sender, day, s.ReceivedAt, now); err != nil {
				return 0, false, err
			} else if ok {
				p.log.Info("the same content received again: a short notice", "id", rid, "first", id)
			}
		}
	} else {
		p.log.Info("submission recorded", "id", id, "channel", s.Channel, "source", s.Source,
			"sender", s.Sender, "files", len(s.Files), "problems", len(s.Problems))
	}
	p.Wake()
	return id, dup, nil
}

// Release lets a quarantined submission through on the office's word
// (by is who decided): the next pass judges and answers it as if its
// sender were allowed. Run is woken; a one-shot command calls Drain.
// A submission that is not quarantined is a *store.StateError.
func (p *Pipeline) Release(ctx context.Context, id int64, by string) error {
	if err := p.o.Store.Release(ctx, id, by, p.o.Now().In(p.o.Rules.Rating.Location())); err != nil {
		return err
	}
	p.log.Info("quarantined submission released by the office", "id", id, "by", by)
	p.Wake()
	return nil
}

// Discard closes a quarantined submission as discarded by the office,
// without a notice; it stays in the store.
func (p *Pipeline) Discard(ctx context.Context, id int64, by string) error {
	if err := p.o.Store.Discard(ctx, id, by, p.o.Now().In(p.o.Rules.Rating.Location())); err != nil {
		return err
	}
	p.log.Info("quarantined submission discarded by the office", "id", id, "by", by)
	return nil
}

// Wake asks Run for a judging pass (after an import, or a Handle).
func (p *Pipeline) Wake() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// WakeDelivery asks Run for a delivery pass (after a resend).
func (p *Pipeline) WakeDelivery() {
	select {
	case p.kickSend <- struct{}{}:
	default:
	}
}

// Run judges the recorded submissions and delivers the notices until
// ctx is done: judging and delivery are two loops, so that a slow or
// silent mail server never delays a verdict. Each runs now, when woken,
// when a retry falls due, and every Poll for work another process put
// in the store.
func (p *Pipeline) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		p.loop(ctx, p.kick, p.judgePass)
	}()
	go func() {
		defer wg.Done()
		pass := p.deliverPass
		if h := p.hooks.Delivering; h != nil {
			pass = func(ctx context.Context) time.Time { h(true); return p.deliverPass(ctx) }
			defer h(false)
		}
		p.loop(ctx, p.kickSend, pass)
	}()
	wg.Wait()
	return nil
}

// loop runs pass now and again when kicked, when the time it returns
// comes (zero: nothing scheduled), or after Poll.
func (p *Pipeline) loop(ctx context.Context, kick <-chan struct{}, pass func(context.Context) time.Time) {
	for {
		wait := p.o.Poll
		if at := pass(ctx); !at.IsZero() {
			// A floor, so that a store that cannot record an attempt
			// does not turn the loop into a busy one.
			wait = min(wait, max(at.Sub(p.o.Now()), 10*time.Millisecond))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-kick:
		case <-t.C:
		}
		t.Stop()
	}
}

// Drain judges everything recorded and makes one delivery attempt for
// every notice due; it returns the number of notices still pending.
func (p *Pipeline) Drain(ctx context.Context) (pending int, err error) {
	p.judgePass(ctx)
	p.deliverPass(ctx)
	c, err := p.o.Store.Counts(ctx)
	if err != nil {
		return 0, err
	}
	return c["notices."+store.NoticePending] + c["notices."+store.NoticeFailing], ctx.Err()
}

type judgeRetry struct {
	failures int
	at       time.Time
}

// judgePass judges the submissions received, but not those whose last
// judging failed until their retry is due; it returns the earliest such
// retry (zero when none). A register imported since the last pass is
// read again first.
func (p *Pipeline) judgePass(ctx context.Context) time.Time {
	p.judgeMu.Lock()
	defer p.judgeMu.Unlock()
	p.reloadRegisters(ctx)
	ids, err := p.o.Store.Received(ctx)
	if err != nil {
		p.log.Error("cannot list submissions to judge", "err", err)
		return p.o.Now().Add(p.o.JudgeRetryBase)
	}
	waiting := map[int64]bool{}
	judged := false
	for _, id := range ids {
		if ctx.Err() != nil {
			return time.Time{}
		}
		waiting[id] = true
		r, failed := p.retry[id]
		if failed && p.o.Now().Before(r.at) {
			continue
		}
		// A judgement begun finishes even when the process is asked to
		// stop (SIGTERM): its verdicts and notice are saved together, and
		// the loop stops before the next one.
		took := clock.Start()
		if err := p.judge(context.WithoutCancel(ctx), id); err != nil {
			// Left in the received state, and judged again after a
			// wait that grows with each failure (the disk may stay full).
			r.failures++
			r.at = p.o.Now().Add(Backoff(p.o.JudgeRetryBase, p.o.JudgeRetryMax, r.failures))
			p.retry[id] = r
			p.log.Error("submission not judged, will retry", "id", id, "failures", r.failures, "retry_at", r.at, "err", err)
			continue
		}
		delete(p.retry, id)
		judged = true
		if h := p.hooks.Judged; h != nil {
			h(took.Elapsed())
		}
	}
	var next time.Time
	for id, r := range p.retry {
		if !waiting[id] {
			delete(p.retry, id) // judged meanwhile by another process
			continue
		}
		if next.IsZero() || r.at.Before(next) {
			next = r.at
		}
	}
	if judged {
		p.WakeDelivery()
	}
	return next
}

// repeat answers a submission whose content was received before with a
// short notice pointing to the first submission and its verdict, at most
// once a day per sender and first submission; done is true when sub was
// such a repeat (judged here).
func (p *Pipeline) repeat(ctx context.Context, sub *store.Submission, in *notice.Input, j *store.Judgement) (done bool, err error) {
	first := sub.RepeatOf
	if first == 0 {
		if first, err = p.o.Store.SameContent(ctx, sub.ID); err != nil || first == 0 {
			return false, err
		}
	}
	j.RepeatOf = first
	now := p.o.Now()
	loc := p.o.Rules.Rating.Location()
	y, m, d := now.In(loc).Date()
	if again, err := p.o.Store.RepeatedSince(ctx, first, sub.Sender, time.Date(y, m, d, 0, 0, 0, 0, loc), sub.ID); err != nil {
		return false, err
	} else if again {
		j.Note = catalogue.IT.T("note.repeat.silent", first)
		p.log.Info("the same content again, already answered today", "id", sub.ID, "first", first)
		return true, p.o.Store.Judge(ctx, *j, now)
	}
	orig, err := p.o.Store.Load(ctx, first)
	if err != nil {
		return false, err
	}
	r := &notice.Repeat{SubmissionID: first, ReceivedAt: orig.ReceivedAt}
	for _, f := range orig.Files {
		v, _, _, err := p.o.Store.FileVerdict(ctx, f.ID)
		if err != nil {
			return false, err
		}
		r.Files = append(r.Files, notice.RepeatFile{Name: f.Name, Verdict: validate.Verdict(v)})
	}
	in.Repeat = r
	in.To = nil
	if a := AddrOf(sub.Sender); a != "" {
		in.To = []string{sub.Sender}
	} else {
		in.To = []string{p.o.Office}
	}
	kind, subject, msg, err := notice.Compose(*in)
	if err != nil {
		return false, err
	}
	j.Note = catalogue.IT.T("note.repeat.short", first)
	j.Notice = &store.NewNotice{Kind: kind, From: p.o.From, To: in.To, Subject: subject, MessageID: in.MessageID, Message: msg}
	p.log.Info("the same content received again: short notice", "id", sub.ID, "first", first)
	return true, p.o.Store.Judge(ctx, *j, now)
}

// reloadRegisters reads the registers again when an import changed them
// since the last pass; a register that cannot be read leaves the ones in
// use.
func (p *Pipeline) reloadRegisters(ctx context.Context) {
	if p.o.LoadRegisters == nil {
		return
	}
	stamp, err := p.o.Store.RegistersStamp(ctx)
	if err != nil || stamp == p.stamp {
		return
	}
	if p.stamp == "" && p.o.Registers != nil {
		// The registers given at start are the store's of now.
		p.stamp = stamp
		return
	}
	regs, err := p.o.LoadRegisters(ctx)
	if err != nil {
		p.log.Error("registers changed but cannot be read: the previous ones stay in use", "err", err)
		return
	}
	p.o.Registers, p.index, p.stamp = regs, nil, stamp
	p.log.Info("registers read again after an import")
}

// judge reads and validates every file of a submission, composes its
// notice and saves all of it in one transaction.
func (p *Pipeline) judge(ctx context.Context, id int64) error {
	sub, err := p.o.Store.Load(ctx, id)
	if err != nil {
		return err
	}
	now := p.o.Now()
	// A submission the office released is answered whoever sent it.
	released := sub.Office != nil && sub.Office.Action == store.OfficeReleased
	policy := p.senderPolicy()
	arr := Arrival{Message: sub.Message, Released: released, Claimed: sub.Sender,
		Portal: sub.Channel == string(ingest.ChannelPortal)}
	if policy.Enabled && policy.Auth != nil && sub.Message && !released {
		res, err := p.authenticate(ctx, id)
		if err != nil {
			return err
		}
		arr.Auth = &res
	}
	adm := policy.Admit(arr)
	if adm.Quarantine != "" {
		return p.quarantine(ctx, id, now, adm.Quarantine)
	}
	sender := adm.Sender
	var thread store.ThreadFacts
	if sub.Thread.Of != 0 && !released {
		if why, err := p.threadSender(ctx, sub, sender); err != nil {
			return err
		} else if why != "" {
			return p.quarantine(ctx, id, now, why)
		}
	}
	if sub.Thread.Of != 0 {
		if len(sub.Files) == 0 {
			return p.message(ctx, id, now, store.Judgement{})
		}
		if thread, err = p.o.Store.ThreadFactsOf(ctx, sub.Thread.Of); err != nil {
			return err
		}
	}

	in := notice.Input{Lang: p.o.Lang, From: p.o.From, Office: p.o.Office, Date: now, Rules: p.o.Rules,
		SubmissionID: id, Channel: sub.Channel, ReceivedAt: sub.ReceivedAt, Subject: sub.Subject,
		InReplyTo: sub.MessageID, References: thread.References, Problems: sub.Problems,
		MessageID: fmt.Sprintf("omologa.%d.%s@%s", id, sub.ContentHash[:min(12, len(sub.ContentHash))], domainOf(p.o.From))}
	if in.Subject == "" {
		in.Subject = sub.Source
	}
	if released {
		in.ReleasedAt = sub.Office.At
	}
	// The note of a released submission says who released it: kept.
	j := store.Judgement{SubmissionID: id, State: store.StateJudged, Note: sub.Note}
	if done, err := p.repeat(ctx, sub, &in, &j); err != nil || done {
		return err
	}
	recipients := newAddrs()
	// The sender as authenticated (the inner From of a PEC envelope),
	// never a second address of a From.
	recipients.add(sender)
	// Files of one submission for the same tournament: the later counts.
	inSub := map[string]int64{}
	closed, err := p.closedLists(ctx)
	if err != nil {
		return err
	}
	var local []store.TournamentFacts
	var unclear []string
	// Documents beside a result file (issue 20): by index in j.Verdicts,
	// with their reading error; anyRead says a result file was read.
	docs := map[int]error{}
	anyRead := false
	var judged []judgedFile
	for _, f := range sub.Files {
		// One file's bytes in memory at a time, read just before it is
		// judged.
		_, data, err := p.o.Store.FileData(ctx, f.ID)
		if err != nil {
			return err
		}
		rep, t, readErr := p.validate(sub, f, data, closed, nil)
		var refused *tournament.RefusedError
		if errors.As(readErr, &refused) && refused.IsDocument() {
			docs[len(j.Verdicts)] = readErr
		}
		anyRead = anyRead || t != nil
		v, facts := p.verdictOf(sub, f, t, rep)
		// A file held for its authorisation displaces no version until
		// the office confirms it (issue 30).
		accepted := rep.Verdict != validate.Rejected && rep.Verdict != validate.Held
		nf := notice.File{Number: state.Number(id, f.Seq), Name: f.Name, From: f.From, Report: rep}
		if why := policy.SendsFor(adm, t, rep.Authorisation); why != "" {
			return p.quarantine(ctx, id, now, why)
		}
		if t != nil {
			key, maybe, err := p.tournamentOf(ctx, facts, local)
			if err != nil {
				return err
			}
			if k := threadTournament(thread); k != "" {
				// A reply to the thread of one tournament is its next
				// version: no identity guesswork.
				key, maybe = k, ""
			}
			facts.Key = key
			local = append(local, facts)
			v.TournamentKey, v.UnclearWith = key, maybe
			// The organiser of the authorisation the validator matched
			// is told too.
			if a := rep.Authorisation; a != nil {
				recipients.add(a.OrganiserEmail)
			}
			if maybe != "" {
				p.log.Warn("tournament unclear: the office decides whether the file is a version of another tournament",
					"id", id, "file", f.Name, "tournament", key, "maybe", maybe)
				unclear = append(unclear, catalogue.IT.T("note.unclear", f.Name, maybe))
			}
		}
		if v.TournamentKey != "" {
			prev, inThis := inSub[v.TournamentKey]
			cur, err := p.o.Store.CurrentFile(ctx, v.TournamentKey)
			if err != nil {
				return err
			}
			switch versionEffect(accepted, inThis, cur != nil) {
			case replacesSameSubmission:
				v.Supersedes = prev
				nf.Supersedes = &notice.Earlier{Name: nameOf(sub, prev), SubmissionID: id, ReceivedAt: sub.ReceivedAt}
			case replacesInForce:
				// regs: a file that would replace one sent by someone
				// else is for the office to judge (issue 13).
				if why := policy.Replaces(adm, cur.Name, cur.Sender); why != "" {
					return p.quarantine(ctx, id, now, why)
				}
				v.Supersedes = cur.FileID
				nf.Supersedes = &notice.Earlier{Name: cur.Name, SubmissionID: cur.SubmissionID, ReceivedAt: cur.ReceivedAt}
			case replacesRejected:
				t, err := p.o.Store.TournamentByKey(ctx, v.TournamentKey)
				if err != nil && !errors.Is(err, store.ErrNoTournament) {
					return err
				}
				if t != nil && len(t.Versions) > 0 {
					last := t.Versions[len(t.Versions)-1]
					v.Supersedes = last.FileID
					nf.Supersedes = &notice.Earlier{Name: last.Name, SubmissionID: last.SubmissionID, ReceivedAt: last.ReceivedAt}
				}
			case keepsInForce:
				nf.InForce = &notice.Earlier{Name: cur.Name, SubmissionID: cur.SubmissionID, ReceivedAt: cur.ReceivedAt,
					HomologatedAt: cur.JudgedAt}
			}
		}
		j.Verdicts = append(j.Verdicts, v)
		// A new version of a tournament sent before owes no fee again.
		judged = append(judged, judgedFile{rep: rep, t: t,
			version: (nf.Supersedes != nil && nf.Supersedes.SubmissionID != id) || nf.InForce != nil})
		if v.TournamentKey != "" && accepted {
			inSub[v.TournamentKey] = f.ID
		}
		in.Files = append(in.Files, nf)
	}
	if sub.Thread.Of != 0 && !anyRead && len(docs) == len(j.Verdicts) {
		// Only documents (a member's card, a photo): a message for the
		// office with its attachments, not a submission to judge.
		p.attachments(sub, &j, &in, docs)
		return p.message(ctx, id, now, j)
	}
	if anyRead && len(docs) > 0 {
		p.attachments(sub, &j, &in, docs)
	}
	if len(unclear) > 0 {
		if j.Note != "" {
			j.Note += "; "
		}
		j.Note += strings.Join(unclear, "; ")
	}
	if len(recipients.list) == 0 {
		recipients.add(p.o.Office)
	}
	in.To = recipients.list
	if j.Fee, in.Fee, err = p.feeOf(ctx, sub, judged); err != nil {
		return err
	}
	kind, subject, msg, err := notice.Compose(in)
	if err != nil {
		return err
	}
	j.Notice = &store.NewNotice{Kind: kind, From: p.o.From, To: in.To, Subject: subject, MessageID: in.MessageID, Message: msg}
	if err := p.o.Store.Judge(ctx, j, now); err != nil {
		return err
	}
	p.log.Info("submission judged", "id", id, "notice", kind, "to", strings.Join(in.To, ","), "files", len(sub.Files))
	return nil
}

// authenticate checks the sender of a submission by its original's
// headers, read from the store as a stream. An original not kept has no
// headers to trust; a store that fails mid-read is an error (judged
// again later), not an unreadable message.
func (p *Pipeline) authenticate(ctx context.Context, id int64) (email.AuthResult, error) {
	var raw io.Reader = strings.NewReader("")
	rc, err := p.o.Store.OpenRaw(ctx, id)
	switch {
	case err == nil:
		defer rc.Close()
		raw = rc
	case !errors.Is(err, store.ErrNotKept):
		return email.AuthResult{}, err
	}
	r := &errReader{r: raw}
	res := email.Authenticate(r, *p.o.Auth)
	return res, r.err
}

// errReader keeps the first error of a read other than the end.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

func nameOf(sub *store.Submission, fileID int64) string {
	for _, f := range sub.Files {
		if f.ID == fileID {
			return f.Name
		}
	}
	return ""
}

// validate reads and judges one file; a reader or check that panics is
// turned into an error finding, so that one hostile file cannot stop the
// daemon (and, after a restart, stop it again).
func (p *Pipeline) validate(sub *store.Submission, f store.File, data []byte, closed []string, word *validate.OfficeAuthorisation) (rep validate.Report, t *tournament.Tournament, readErr error) {
	in := validate.Input{File: f.Name, Registers: p.o.Registers, Submission: SubmissionOf(sub)}
	in.Submission.ClosedLists, in.Submission.Office = closed, word
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("panic judging a file", "submission", sub.ID, "file", f.Name, "panic", r, "stack", string(debug.Stack()))
			rep = validate.Report{File: f.Name, Verdict: validate.Rejected, Findings: []validate.Finding{{
				Rule: "format.internal", Severity: validate.SeverityError, File: f.Name,
				MessageIT: catalogue.IT.T("finding.internal"), MessageEN: catalogue.EN.T("finding.internal")}}}
			t = nil
		}
	}()
	t, diags, err := p.o.Read(f.Name, data)
	if err != nil {
		t = nil
	}
	in.Tournament, in.Diagnostics, in.ReadError = t, diags, err
	return validate.Validate(&p.o.Rules.Rulebook, in), t, err
}

// attachments turns the documents sent beside a result file (a PDF
// crosstable, a photo: docs, by index in the judgement) into attachments:
// judged again as such (format.attachment, a note), recorded with the
// verdict "attachment", and listed apart in the notice, which they never
// make a rejection (regs §4c "Other attachments"). No bytes are read
// again: the reader's refusal is all the validator needs.
func (p *Pipeline) attachments(sub *store.Submission, j *store.Judgement, in *notice.Input, docs map[int]error) {
	var files []notice.File
	for i := range in.Files {
		err, ok := docs[i]
		if !ok {
			files = append(files, in.Files[i])
			continue
		}
		rep := validate.Validate(&p.o.Rules.Rulebook, validate.Input{File: in.Files[i].Name, ReadError: err, Attachment: true,
			Submission: SubmissionOf(sub)})
		v := &j.Verdicts[i]
		v.Verdict, v.ReadError, v.Format, v.Kind, v.Period, v.RuleSet, v.Report = Attachment, "", "", "", "", "", &rep
		in.Attachments = append(in.Attachments, notice.File{Name: in.Files[i].Name, From: in.Files[i].From, Report: rep})
	}
	in.Files = files
}

// Attachment is the verdict recorded for a document kept beside a result
// file: the state model's (state.Attachment), which Derive reads back.
const Attachment = string(state.Attachment)

// SubmissionOf is what the validator is told of a stored submission:
// its receipt time, channel and sender, and the body's fields (RAPID
// 5.2) for e-mail, including a message saved into the drop folder.
// `omologa report` re-judges stored submissions through it too.
func SubmissionOf(sub *store.Submission) validate.Submission {
	vs := validate.Submission{ReceivedAt: sub.ReceivedAt, Channel: sub.Channel, Sender: sub.Sender}
	if sub.Channel == string(ingest.ChannelIMAP) || sub.Channel == string(ingest.ChannelPortal) || sub.MessageID != "" {
		vs.Fields = sub.Fields
		if vs.Fields == nil {
			vs.Fields = map[string]string{}
		}
	}
	return vs
}

// rate computes the provisional rating variations of an accepted
// tournament (RTF 4.3.1, RAPID 7.1) for the record; nothing when the
// players' register is missing or the kind has no list (blitz). A panic
// in the rating stage is logged and leaves the record without ratings:
// the verdict stands.
func (p *Pipeline) rate(sub *store.Submission, f store.File, t *tournament.Tournament, rep validate.Report) (out []store.Rating) {
	if p.o.Registers == nil || p.o.Registers.Players == nil {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("panic rating a file", "submission", sub.ID, "file", f.Name, "panic", r, "stack", string(debug.Stack()))
			out = nil
		}
	}()
	if p.index == nil {
		p.index = rating.NewIndex(p.o.Registers.Players, p.o.Rules.Rating.MatchByName)
	}
	lines, kind := Rate(t, rep, p.index, &p.o.Rules.Rating)
	period := ""
	if rep.Period != nil {
		period = rep.Period.Label
	}
	for _, l := range lines {
		b, err := json.Marshal(l)
		if err != nil {
			continue
		}
		player := l.FSIID
		if player == "" {
			player = fmt.Sprintf("#%d", l.Start)
		}
		out = append(out, store.Rating{Player: player, Kind: kind, Period: period, Result: b, TheoreticalWanted: l.TheoreticalWanted})
	}
	return out
}

// Rate computes the provisional variations of an accepted tournament
// against the list in force (indexed by ix), as they are recorded at
// homologation (RTF 4.3.1, RAPID 7.1), and the list they are for; nil
// for a kind without a list (blitz). `omologa report` rates through it
// too.
func Rate(t *tournament.Tournament, rep validate.Report, ix *rating.Index, settings *rules.Rating) ([]rating.Line, fsi.Kind) {
	kind := rep.Kind
	if !kind.IsList() {
		return nil, ""
	}
	return rating.Rate(t, rating.Seeds(kind, t, ix, settings), rating.OptionsFor(kind, settings)), kind
}

// message keeps a written reply (with the verdicts of its documents,
// if any) for the office to read: never judged, never answered.
func (p *Pipeline) message(ctx context.Context, id int64, now time.Time, j store.Judgement) error {
	p.log.Info("written reply for the office", "id", id)
	j.SubmissionID, j.State, j.Note, j.Notice = id, store.StateMessage, catalogue.IT.T("note.reply.message"), nil
	return p.o.Store.Judge(ctx, j, now)
}

// quarantine keeps a submission for the office, unanswered, saying why.
func (p *Pipeline) quarantine(ctx context.Context, id int64, now time.Time, why string) error {
	p.log.Warn("submission quarantined", "id", id, "why", why)
	return p.o.Store.Judge(ctx, store.Judgement{SubmissionID: id, State: store.StateQuarantined,
		Note: catalogue.IT.T("note.quarantined", why)}, now)
}

// senderPolicy is the policy of the options, over the registers in use.
func (p *Pipeline) senderPolicy() SenderPolicy {
	return SenderPolicy{Enabled: p.o.AllowedSenders, Auth: p.o.Auth, Extra: p.o.ExtraSenders, Registers: p.o.Registers}
}

// AddrOf is the address s names, in lower case; "" when s is none. The
// portal knows its people by it, as the sender policy does.
func AddrOf(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if a, err := mail.ParseAddress(s); err == nil {
		return strings.ToLower(a.Address)
	}
	return ""
}

func domainOf(addr string) string {
	a := AddrOf(addr)
	if _, d, ok := strings.Cut(a, "@"); ok && d != "" {
		return d
	}
	return "omologa.invalid"
}

// addrs is a list of recipients without repeats.
type addrs struct {
	seen map[string]bool
	list []string
}

func newAddrs() *addrs { return &addrs{seen: map[string]bool{}} }

func (a *addrs) add(s string) {
	x := AddrOf(s)
	if x == "" || a.seen[x] {
		return
	}
	a.seen[x] = true
	a.list = append(a.list, x)
}

// deliverPass makes one attempt for every notice due, each claimed
// first, and returns when the next one is due (zero when none is
// waiting).
func (p *Pipeline) deliverPass(ctx context.Context) time.Time {
	p.deliverMu.Lock()
	defer p.deliverMu.Unlock()
	ns, err := p.o.Store.DueNotices(ctx, p.o.Now())
	if err != nil {
		p.log.Error("cannot list notices to deliver", "err", err)
		return p.o.Now().Add(p.o.RetryBase)
	}
	for _, n := range ns {
		if ctx.Err() != nil {
			return time.Time{}
		}
		p.deliver(ctx, n)
	}
	at, ok, err := p.o.Store.NextDue(ctx)
	if err != nil || !ok {
		return time.Time{}
	}
	return at
}

// deliver claims a notice, sends it and records the outcome.
func (p *Pipeline) deliver(ctx context.Context, n store.Notice) {
	if ok, err := p.o.Store.Claim(ctx, n.ID, p.o.Now()); err != nil {
		p.log.Error("cannot claim a notice to deliver", "notice", n.ID, "err", err)
		return
	} else if !ok {
		return // another deliverer has it
	}
	// The transaction's progress is recorded as it goes (claimed, the
	// message written, the server's 250), the 250 before the session is
	// closed: a restart resends a notice the server has not taken, and
	// never one it took, but for the instant between its 250 and this
	// record (then with the same Message-ID).
	accepted := false
	env := mailer.Envelope{From: n.From, To: n.To, Progress: func(s mailer.Step) {
		var err error
		switch s {
		case mailer.StepData:
			err = p.o.Store.DataSent(context.WithoutCancel(ctx), n.ID)
		case mailer.StepAccepted:
			// Recorded even when shutting down meanwhile: the notice is
			// out, and a restart must not send it again.
			if err = p.o.Store.Sent(context.WithoutCancel(ctx), n.ID, p.o.Now()); err == nil {
				accepted = true
			}
		}
		if err != nil {
			p.log.Error("cannot record a delivery's progress", "notice", n.ID, "step", s, "err", err)
		}
	}}
	sendErr := p.o.Mailer.Send(ctx, env, n.Message)
	if accepted {
		p.log.Info("notice delivered", "notice", n.ID, "submission", n.SubmissionID, "kind", n.Kind, "to", strings.Join(n.To, ","))
		return
	}
	if sendErr == nil {
		if err := p.o.Store.Sent(context.WithoutCancel(ctx), n.ID, p.o.Now()); err != nil {
			p.log.Error("notice delivered but not marked sent: it stays claimed, and is sent again (same Message-ID) when the claim runs out",
				"notice", n.ID, "err", err)
			return
		}
		p.log.Info("notice delivered", "notice", n.ID, "submission", n.SubmissionID, "kind", n.Kind, "to", strings.Join(n.To, ","))
		return
	}
	if ctx.Err() != nil {
		// Shutting down: not the notice's fault. Its claim is dropped
		// when the store is next opened by a daemon.
		return
	}
	now := p.o.Now()
	attempts := n.Attempts + 1
	var perm *mailer.PermanentError
	switch {
	case errors.As(sendErr, &perm):
		p.recordAttempt(ctx, n.ID, sendErr, time.Time{})
		p.log.Error("notice refused for good, given up", "notice", n.ID, "attempts", attempts, "err", sendErr)
	case attempts < p.o.MaxAttempts:
		next := now.Add(Backoff(p.o.RetryBase, p.o.RetryMax, attempts))
		p.recordAttempt(ctx, n.ID, sendErr, next)
		p.log.Warn("notice not delivered, will retry", "notice", n.ID, "attempts", attempts, "retry_at", next, "err", sendErr)
	case !n.FailingSince.IsZero() && now.Sub(n.FailingSince) >= p.o.SlowFor:
		p.recordAttempt(ctx, n.ID, sendErr, time.Time{})
		p.log.Error("notice not delivered for too long, given up: omologa resend puts it back", "notice", n.ID,
			"attempts", attempts, "failing_since", n.FailingSince, "err", sendErr)
	default:
		next := now.Add(p.o.SlowRetry)
		if err := p.o.Store.Failing(ctx, n.ID, sendErr.Error(), next, now); err != nil {
			p.log.Error("cannot record a delivery attempt", "notice", n.ID, "err", err)
		}
		p.log.Error("notice failing: retried slowly", "notice", n.ID, "attempts", attempts, "retry_at", next, "err", sendErr)
	}
}

func (p *Pipeline) recordAttempt(ctx context.Context, id int64, sendErr error, next time.Time) {
	if err := p.o.Store.Attempted(ctx, id, sendErr.Error(), next); err != nil {
		p.log.Error("cannot record a delivery attempt", "notice", id, "err", err)
	}
}

// Resend puts the notice of a submission back to be delivered at once
// (see store.Resend) and wakes the delivery.
func (p *Pipeline) Resend(ctx context.Context, submissionID int64) error {
	if err := p.o.Store.Resend(ctx, submissionID, p.o.Now()); err != nil {
		return err
	}
	p.log.Info("notice put back to be delivered", "submission", submissionID)
	p.WakeDelivery()
	return nil
}

// ResendFailed puts every failed or failing notice back to be delivered
// at once and returns their submissions' ids.
func (p *Pipeline) ResendFailed(ctx context.Context) ([]int64, error) {
	ids, err := p.o.Store.ResendFailed(ctx, p.o.Now())
	if err != nil {
		return nil, err
	}
	p.log.Info("failed notices put back to be delivered", "submissions", ids)
	p.WakeDelivery()
	return ids, nil
}

// Backoff is the wait before attempt n+1 after n failed attempts: base
// doubled n-1 times, capped at limit.
func Backoff(base, limit time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}
