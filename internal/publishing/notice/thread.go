package notice

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"omologa/internal/platform/catalogue"
)

// KindAnswer is the office's written answer to a reply.
const KindAnswer = "answer"

// Reference is the submission's reference a notice's Subject carries
// ("[rif. 12]"), so that a reply whose client dropped the thread headers
// still finds its thread (ReferenceIn).
func Reference(t catalogue.Lang, submissionID int64) string {
	return t.T("notice.reference", submissionID)
}

// referenceRE finds Reference's "[rif. 12]", or the submission named as
// a subject of several files names it ("invio n. 12", notice.submissionN).
var referenceRE = regexp.MustCompile(`(?i)\[\s*(?:rif|ref)\.?\s*([0-9]{1,12})\s*\]|(?:invio n\.|submission no\.)\s*([0-9]{1,12})\b`)

// ReferenceIn reads the submission's reference from a Subject (the last
// one, in either language); ok is false when it carries none.
func ReferenceIn(subject string) (id int64, ok bool) {
	m := referenceRE.FindAllStringSubmatch(subject, -1)
	if len(m) == 0 {
		return 0, false
	}
	last := m[len(m)-1]
	n := last[1] + last[2]
	id, err := strconv.ParseInt(n, 10, 64)
	return id, err == nil && id > 0
}

// references is the References of a notice answering id after the
// thread refs (RFC 5322 3.6.4: the parent's references, then the
// parent), each once, at most the last 20.
func references(refs []string, id string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range append(append([]string(nil), refs...), id) {
		r = strings.Trim(strings.TrimSpace(r), "<>")
		if r == "" || seen[r] {
			continue
		}
		seen[r] = true
		out = append(out, r)
	}
	if len(out) > 20 {
		out = append(out[:1:1], out[len(out)-19:]...)
	}
	return out
}

// Answer is the office's written answer to a reply, sent in its thread.
type Answer struct {
	Lang       string
	From       string
	To         []string
	Office     string
	MessageID  string
	InReplyTo  string   // the reply's Message-ID
	References []string // the thread's before it
	Date       time.Time

	SubmissionID int64  // the thread's first submission
	Subject      string // the reply's
	Text         string // the clerk's words
	By           string // who answered (shown as the signature)
	// Decision, when the office decided something with the answer, says
	// what in a sentence.
	Decision string
}

// ComposeAnswer writes the office's answer as a complete message.
func ComposeAnswer(in Answer) (subject string, msg []byte, err error) {
	t := catalogue.Of(in.Lang)
	subject = strings.TrimSpace(in.Subject)
	if subject == "" {
		subject = t.T("notice.answer.subject")
	}
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	if _, ok := ReferenceIn(subject); !ok {
		subject += " " + Reference(t, in.SubmissionID)
	}
	// The clerk's words as written, greeting included.
	d := &doc{}
	for _, p := range strings.Split(strings.ReplaceAll(strings.TrimSpace(in.Text), "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			d.para(p)
		}
	}
	if in.Decision != "" {
		d.section(t.T("notice.answer.decision"), in.Decision)
	}
	d.para(t.T("notice.answer.signature", in.Office))
	msg, err = envelope(header{lang: in.Lang, from: in.From, office: in.Office, messageID: in.MessageID, inReplyTo: in.InReplyTo,
		references: in.References, to: in.To, date: in.Date, submissionID: in.SubmissionID}, KindAnswer, subject, d)
	return subject, msg, err
}
