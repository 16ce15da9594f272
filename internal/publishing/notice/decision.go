package notice

import (
	"fmt"
	"time"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
)

// Kinds of notice telling of an office's act that changed a verdict or
// where a tournament counts.
const (
	KindRejudged   = "rejudged"   // the file judged again against the registers in force
	KindOverruled  = "overruled"  // the office accepted (despite errors, or late) or rejected a version
	KindRevoked    = "revoked"    // the tournament's homologation revoked
	KindReinstated = "reinstated" // a revocation undone
	KindLinked     = "linked"     // an unclear file attributed to a tournament
	// KindAuthorisation: the office verified an authorisation the
	// calendar left uncertain (issue 30) and the file was judged again.
	KindAuthorisation = "authorisation"
)

// Decision is a notice of an office's act about one file: what it was
// and what it is now (the one state model's views), why, and the
// findings the decision is about.
type Decision struct {
	Kind      string // KindRejudged, KindOverruled, ...
	Lang      string
	From      string
	To        []string
	Office    string
	MessageID string
	InReplyTo string // the submission's original message, if any
	Date      time.Time

	SubmissionID int64
	Number       string // the file's number, "10.1"
	Name         string // the file's name
	Tournament   string
	Before       state.View
	After        state.View
	Reason       string // the office's words
	// Findings are the error findings accepted (an overrule) or the new
	// judgement's errors and warnings (a re-judgement).
	Findings []validate.Finding
}

// ComposeDecision writes the notice of an office's act as a complete
// message, in reply to the submission's original.
func ComposeDecision(in Decision) (subject string, msg []byte, err error) {
	t := catalogue.Of(in.Lang)
	head, ok := t.Lookup("notice.decision.subject." + in.Kind)
	if !ok {
		return "", nil, fmt.Errorf("notice: unknown decision kind %q", in.Kind)
	}
	subject = head + " – " + in.Tournament
	msg, err = envelope(header{lang: in.Lang, from: in.From, office: in.Office, messageID: in.MessageID, inReplyTo: in.InReplyTo,
		to: in.To, date: in.Date, submissionID: in.SubmissionID}, in.Kind, subject, buildDecision(in))
	return subject, msg, err
}

// DecisionText is the text part of a decision notice (for goldens and
// the office's pages).
func DecisionText(in Decision) string {
	return buildDecision(in).text()
}

func buildDecision(in Decision) *doc {
	t := catalogue.Of(in.Lang)
	d := &doc{}
	d.para(t.T("notice.greeting"))
	d.para(t.T("notice.decision.opening."+in.Kind, in.Number, in.Name, in.SubmissionID, in.Tournament))
	d.para(t.T("notice.decision.before", in.Before.Text(in.Lang)), t.T("notice.decision.now", in.After.Text(in.Lang), in.After.Reason(in.Lang)))
	if in.Reason != "" {
		d.section(t.T("notice.decision.reason"), in.Reason)
	}
	var items []string
	for _, f := range in.Findings {
		item := fmt.Sprintf("[%s] %s", severityWord(in.Lang, f.Severity), message(in.Lang, f))
		if f.Article != "" {
			item += " (" + f.Article + ")"
		}
		items = append(items, item)
	}
	d.list(t.T("notice.decision.findings"), items, false)
	d.para(t.T("notice.signature", in.Office))
	d.elide(in.Lang)
	return d
}

func severityWord(lang string, s validate.Severity) string {
	if w, ok := catalogue.Of(lang).Lookup("finding.severity." + string(s)); ok {
		return w
	}
	return string(s)
}
