package notice

import (
	"fmt"
	"time"

	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
)

// Kinds of notice telling of an office's act that changed a verdict or
// where a tournament counts.
const (
	KindRejudged   = "rejudged"   // the file judged again against the registers in force
	KindOverruled  = "overruled"  // the office accepted (despite errors, or late) or rejected a version
	KindRevoked    = "revoked"    // the tournament's homologation revoked
	KindReinstated = "reinstated" // a revocation undone
	KindLinked     = "linked"     // an unclear file attributed to a tournament
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

type decisionText struct {
	subject, opening map[string]string
	before, now      string
	reason, findings string
}

var decisionTexts = map[string]*decisionText{
	"it": {
		subject: map[string]string{
			KindRejudged: "Omologazione: nuovo esito", KindOverruled: "Omologazione: decisione dell'ufficio",
			KindRevoked: "Omologazione revocata", KindReinstated: "Omologazione ripristinata",
			KindLinked: "Omologazione: file attribuito al torneo",
		},
		opening: map[string]string{
			KindRejudged:   "l'ufficio ha esaminato di nuovo il file %s «%s» dell'invio n. %d (torneo %s) con i registri e il calendario in vigore oggi.",
			KindOverruled:  "l'ufficio ha preso una decisione sul file %s «%s» dell'invio n. %d (torneo %s).",
			KindRevoked:    "l'ufficio ha revocato l'omologazione del file %s «%s» dell'invio n. %d (torneo %s).",
			KindReinstated: "l'ufficio ha ripristinato l'omologazione del file %s «%s» dell'invio n. %d (torneo %s).",
			KindLinked:     "l'ufficio ha attribuito il file %s «%s» dell'invio n. %d al torneo %s.",
		},
		before: "Esito precedente: %s.", now: "Esito ora: %s (%s).",
		reason: "Motivo della decisione", findings: "Rilievi",
	},
	"en": {
		subject: map[string]string{
			KindRejudged: "Homologation: new outcome", KindOverruled: "Homologation: the office's decision",
			KindRevoked: "Homologation revoked", KindReinstated: "Homologation reinstated",
			KindLinked: "Homologation: file attributed to the tournament",
		},
		opening: map[string]string{
			KindRejudged:   "the office has judged again file %s \"%s\" of submission no. %d (tournament %s) against the registers and calendar in force today.",
			KindOverruled:  "the office has taken a decision about file %s \"%s\" of submission no. %d (tournament %s).",
			KindRevoked:    "the office has revoked the homologation of file %s \"%s\" of submission no. %d (tournament %s).",
			KindReinstated: "the office has reinstated the homologation of file %s \"%s\" of submission no. %d (tournament %s).",
			KindLinked:     "the office has attributed file %s \"%s\" of submission no. %d to tournament %s.",
		},
		before: "Previous outcome: %s.", now: "Outcome now: %s (%s).",
		reason: "Reason for the decision", findings: "Findings",
	},
}

// ComposeDecision writes the notice of an office's act as a complete
// message, in reply to the submission's original.
func ComposeDecision(in Decision) (subject string, msg []byte, err error) {
	dt := decisionTexts["it"]
	if in.Lang == "en" {
		dt = decisionTexts["en"]
	}
	if dt.subject[in.Kind] == "" {
		return "", nil, fmt.Errorf("notice: unknown decision kind %q", in.Kind)
	}
	subject = dt.subject[in.Kind] + " – " + in.Tournament
	msg, err = envelope(header{lang: in.Lang, from: in.From, office: in.Office, messageID: in.MessageID, inReplyTo: in.InReplyTo,
		to: in.To, date: in.Date, submissionID: in.SubmissionID}, in.Kind, subject, buildDecision(in, dt))
	return subject, msg, err
}

// DecisionText is the text part of a decision notice (for goldens and
// the office's pages).
func DecisionText(in Decision) string {
	dt := decisionTexts["it"]
	if in.Lang == "en" {
		dt = decisionTexts["en"]
	}
	return buildDecision(in, dt).text()
}

func buildDecision(in Decision, dt *decisionText) *doc {
	t := textOf(in.Lang)
	d := &doc{}
	d.para(t.greeting)
	d.para(fmt.Sprintf(dt.opening[in.Kind], in.Number, in.Name, in.SubmissionID, in.Tournament))
	d.para(fmt.Sprintf(dt.before, in.Before.Text(in.Lang)), fmt.Sprintf(dt.now, in.After.Text(in.Lang), in.After.Reason(in.Lang)))
	if in.Reason != "" {
		d.section(dt.reason, in.Reason)
	}
	var items []string
	for _, f := range in.Findings {
		msg := f.MessageIT
		if in.Lang == "en" {
			msg = f.MessageEN
		}
		item := fmt.Sprintf("[%s] %s", severityWord(in.Lang, f.Severity), msg)
		if f.Article != "" {
			item += " (" + f.Article + ")"
		}
		items = append(items, item)
	}
	d.list(dt.findings, items, false)
	d.para(fmt.Sprintf(t.signature, in.Office))
	d.elide(in.Lang)
	return d
}

func severityWord(lang string, s validate.Severity) string {
	w := map[validate.Severity][2]string{validate.SeverityError: {"errore", "error"},
		validate.SeverityWarning: {"avvertenza", "warning"}, validate.SeverityInfo: {"nota", "note"}}[s]
	if lang == "en" {
		return w[1]
	}
	if w[0] == "" {
		return string(s)
	}
	return w[0]
}
