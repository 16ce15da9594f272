package office

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/publishing/notice"
	"omologa/internal/store"
)

// The office's acts about a verdict.
const (
	ActRejudge  Action = "rejudge"
	ActOverrule Action = "overrule"
	// ActReplaceRegister is an import removing more than
	// MaxRemovedShare of a register's rows: an administrator's.
	ActReplaceRegister Action = "replace-register"
)

func init() {
	minRank[ActRejudge], minRank[ActOverrule], minRank[ActReplaceRegister] = 2, 2, 3
}

// Outcome is what an act about a file did: the file's state before and
// after (the one state model's views) and the notice queued, if the
// verdict or where the file counts changed.
type Outcome struct {
	FileID     int64      `json:"file_id"`
	Number     string     `json:"number"`
	Name       string     `json:"name"`
	Tournament string     `json:"tournament,omitempty"`
	Before     state.View `json:"before"`
	After      state.View `json:"after"`
	Notice     string     `json:"notice,omitempty"` // the notice's kind; "" when none was sent
}

// Changed reports whether the act changed what the file is or where it
// counts.
func (o Outcome) Changed() bool {
	return o.Before.State != o.After.State || o.Before.CountsIn != o.After.CountsIn
}

// fileView is a file's facts and view now, with its submission and
// number.
type fileView struct {
	facts      state.Facts
	view       state.View
	number     string
	submission int64
	tournament int64
}

func (o *Office) fileView(ctx context.Context, fileID int64) (*fileView, error) {
	f, number, sub, tour, err := o.Store.FileFacts(ctx, fileID)
	if errors.Is(err, store.ErrNotJudged) {
		return nil, newError(NotFound, "office.file.none", fileID).because(err).withCLI("no file %d (omologa status shows the files)", fileID)
	}
	if err != nil {
		return nil, err
	}
	return &fileView{facts: f, view: state.Of(f), number: number, submission: sub, tournament: tour}, nil
}

// badPeriod refuses label, which is no list's period: the reader's words
// in English, the office's in Italian.
func badPeriod(label string, err error) *Error {
	return newError(Invalid, "office.list.bad-period", catalogue.Named{"err": err, "period": strconv.Quote(label)}).because(err)
}

// refusal turns the state model's refusal into the office's.
func refusal(err error) error {
	var se *state.Error
	if errors.As(err, &se) {
		// A missing written reason is the form's fault, not the file's
		// state.
		kind := Refused
		if se.State == "" || se.NoReason {
			kind = Invalid
		}
		return &Error{Kind: kind, Err: err, Msg: se.Msg, MsgIT: se.MsgIT}
	}
	return err
}

// RejudgeFile judges a file again against the registers and calendar in
// force (after the office fixed a membership or an authorisation): a new
// judgement of the same version, the earlier one kept in its history, the
// office's decision about it withdrawn. When the verdict or the list
// changes, the arbiter (and the organiser) get a notice.
func (o *Office) RejudgeFile(ctx context.Context, a Actor, fileID int64, reason string) (*Outcome, error) {
	if err := o.allow(a, ActRejudge); err != nil {
		return nil, err
	}
	fv, err := o.fileView(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if _, _, err := state.Apply(fv.facts, state.ActRejudge, a.User, o.Now(), reason); err != nil {
		return nil, refusal(err)
	}
	p, err := o.pipeline(ctx)
	if err != nil {
		return nil, err
	}
	v, rep, err := p.Rejudge(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if err := o.Store.Rejudge(ctx, v, a.User, strings.TrimSpace(reason), o.Now()); err != nil {
		return nil, err
	}
	var findings []validate.Finding
	for _, f := range rep.Findings {
		if f.Severity != validate.SeverityInfo {
			findings = append(findings, f)
		}
	}
	out, err := o.after(ctx, a, fv, fileID, notice.KindRejudged, strings.TrimSpace(reason), findings)
	if err != nil {
		return nil, err
	}
	details := say("audit.rejudge", out.Number, pair{out.Before.LabelEN, out.Before.Label}, pair{out.After.LabelEN, out.After.Label})
	if reason != "" {
		details = say("audit.reason", details, reason)
	}
	return out, o.audit(ctx, a, ActRejudge, "file "+out.Number, details)
}

// RejudgePeriod judges again every judged file received from from to to
// (to excluded): after a register or calendar fix that concerns many.
// Only the files whose verdict or list changed get a notice.
func (o *Office) RejudgePeriod(ctx context.Context, a Actor, from, to time.Time, reason string) ([]Outcome, error) {
	if err := o.allow(a, ActRejudge); err != nil {
		return nil, err
	}
	ids, err := o.Store.JudgedFiles(ctx, from, to)
	if err != nil {
		return nil, err
	}
	out := []Outcome{}
	for _, id := range ids {
		r, err := o.RejudgeFile(ctx, a, id, reason)
		if KindOf(err) == Refused {
			continue // a file the state model says cannot be re-judged (quarantined…)
		}
		if err != nil {
			return out, err
		}
		out = append(out, *r)
	}
	return out, nil
}

// RejudgeList judges again every judged file received in the days a
// list period takes (its first receipt day to its cut-off, in the rules'
// time zone), whatever its kind: RejudgePeriod for the period the office
// names (the web's lists page, after a register or calendar fix).
func (o *Office) RejudgeList(ctx context.Context, a Actor, k fsi.Kind, label, reason string) ([]Outcome, error) {
	if err := o.allow(a, ActRejudge); err != nil {
		return nil, err
	}
	if !k.IsList() {
		return nil, unknownKind(k)
	}
	p, err := o.Rules.Rating.Schedule(k).Parse(label)
	if err != nil {
		return nil, badPeriod(label, err)
	}
	loc := o.Rules.Rating.Location()
	return o.RejudgePeriod(ctx, a, p.From.Time(loc), p.Cutoff.AddDays(1).Time(loc), reason)
}

// Overrule records the office's decision about a file's verdict, with a
// written reason: accept despite the named error findings (their rules;
// every error of the file must be named, so that no error is accepted
// unread), accept a late file, or reject an accepted version. The
// findings stay as they were, the decision beside them; the notice goes
// to the arbiter and the organiser.
func (o *Office) Overrule(ctx context.Context, a Actor, fileID int64, d state.Decision, rules []string, reason string) (*Outcome, error) {
	if err := o.allow(a, ActOverrule); err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	act := map[state.Decision]state.Act{state.AcceptDespite: state.ActAcceptDespite, state.AcceptLate: state.ActAcceptLate,
		state.RejectVersion: state.ActReject}[d]
	if act == "" {
		return nil, newError(Invalid, "office.overrule.unknown", d)
	}
	fv, err := o.fileView(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if _, _, err := state.Apply(fv.facts, act, a.User, o.Now(), reason); err != nil {
		return nil, refusal(err)
	}
	rep, err := o.report(ctx, fileID)
	if err != nil {
		return nil, err
	}
	var named []validate.Finding
	if d != state.RejectVersion {
		var missing []string
		late := false
		for _, f := range rep.Findings {
			if f.Severity != validate.SeverityError {
				continue
			}
			if isLate(f.Rule) {
				late = true
			}
			if d == state.AcceptLate && isLate(f.Rule) {
				named = append(named, f)
				continue
			}
			if slices.Contains(rules, f.Rule) {
				named = append(named, f)
			} else if !slices.Contains(missing, f.Rule) {
				missing = append(missing, f.Rule)
			}
		}
		if d == state.AcceptLate && !late {
			return nil, newError(Refused, "office.overrule.not-late", fv.number)
		}
		if len(missing) > 0 {
			return nil, newError(Invalid, "office.overrule.unnamed", fv.number, strings.Join(missing, ", "))
		}
		rules = nil
		for _, f := range named {
			if !slices.Contains(rules, f.Rule) {
				rules = append(rules, f.Rule)
			}
		}
	}
	if err := o.Store.Overrule(ctx, fileID, d, rules, a.User, reason, o.Now()); err != nil {
		return nil, err
	}
	out, err := o.after(ctx, a, fv, fileID, notice.KindOverruled, reason, named)
	if err != nil {
		return nil, err
	}
	details := say("audit.overrule", out.Number,
		say("audit.overrule.change", pair{string(d), ""}, pair{out.Before.LabelEN, out.Before.Label}, pair{out.After.LabelEN, out.After.Label}), reason)
	if len(rules) > 0 {
		details = say("audit.rules", details, strings.Join(rules, ", "))
	}
	return out, o.audit(ctx, a, ActOverrule, "file "+out.Number, details)
}

// report returns the validator's report stored with a file's verdict.
func (o *Office) report(ctx context.Context, fileID int64) (*validate.Report, error) {
	raw, _, ok, err := o.Store.FileReport(ctx, fileID)
	if err != nil {
		return nil, err
	}
	rep := &validate.Report{}
	if ok {
		_ = json.Unmarshal(raw, rep)
	}
	return rep, nil
}

// after reads the file's state after an act and, when it changed,
// queues the notice of kind to the submission's sender and the
// tournament's organiser.
func (o *Office) after(ctx context.Context, a Actor, before *fileView, fileID int64, kind, reason string, findings []validate.Finding) (*Outcome, error) {
	now, err := o.fileView(ctx, fileID)
	if err != nil {
		return nil, err
	}
	sub, err := o.Store.Load(ctx, now.submission)
	if err != nil {
		return nil, err
	}
	out := &Outcome{FileID: fileID, Number: now.number, Before: before.view, After: now.view}
	for _, f := range sub.Files {
		if f.ID == fileID {
			out.Name = f.Name
		}
	}
	rep, err := o.report(ctx, fileID)
	if err != nil {
		return nil, err
	}
	out.Tournament = rep.Summary.Name
	if out.Tournament == "" {
		out.Tournament = out.Name
	}
	if !out.Changed() {
		return out, nil
	}
	var to []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && !slices.Contains(to, s) {
			to = append(to, s)
		}
	}
	add(sub.Sender)
	if rep.Authorisation != nil {
		add(rep.Authorisation.OrganiserEmail)
	}
	if len(to) == 0 {
		add(o.Config.Notices.Office)
	}
	at := o.Now()
	in := notice.Decision{Kind: kind, Lang: o.Config.Notices.Language, From: o.Config.Notices.From, To: to,
		Office: o.Config.Notices.Office, InReplyTo: sub.MessageID, Date: at, SubmissionID: now.submission,
		Number: out.Number, Name: out.Name, Tournament: out.Tournament, Before: out.Before, After: out.After,
		Reason: reason, Findings: findings,
		MessageID: fmt.Sprintf("omologa.%d.%s.%d@%s", now.submission, kind, at.UnixNano(), domainOf(o.Config.Notices.From))}
	subject, msg, err := notice.ComposeDecision(in)
	if err != nil {
		return nil, err
	}
	if err := o.Store.AddNotice(ctx, now.submission, kind, store.NewNotice{Kind: kind, From: o.Config.Notices.From, To: to,
		Subject: subject, MessageID: in.MessageID, Message: msg}, at); err != nil {
		return nil, err
	}
	out.Notice = kind
	if p, err := o.pipeline(ctx); err == nil {
		if err := o.drain(ctx, p); err != nil {
			o.Log.Warn("decision notice not delivered yet", "err", err)
		}
		p.WakeDelivery()
	}
	return out, nil
}

// domainOf is the domain of an address, for Message-IDs.
func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return strings.Trim(addr[i+1:], "> ")
	}
	return "omologa.invalid"
}

// FileNumbered returns the id of the file numbered "N.M" (submission N,
// its M-th file), as status, the pages and the notices number it.
func (o *Office) FileNumbered(ctx context.Context, number string) (int64, error) {
	sub, place, ok := strings.Cut(strings.TrimSpace(number), ".")
	n, err1 := strconv.ParseInt(sub, 10, 64)
	m, err2 := strconv.Atoi(place)
	if !ok || err1 != nil || err2 != nil || n <= 0 || m <= 0 {
		return 0, newError(Invalid, "office.file.bad-number", number)
	}
	id, found, err := o.Store.FileByNumber(ctx, n, m)
	if err != nil {
		return 0, err
	}
	if !found {
		return 0, newError(NotFound, "office.file.none", number)
	}
	return id, nil
}
