// Package notice writes the answers to a submission: a receipt when every
// tournament in it is accepted (what was found, the rating list it counts
// in), and a rejection notice otherwise, listing every error and warning
// with its article in plain language and saying how to resubmit. Italian
// by default, English on request; each notice is a complete RFC 5322
// message with a text and an HTML part (github.com/emersion/go-message).
// Composing is pure: the caller passes the time and the Message-ID.
package notice

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/mail"
	"strings"
	"time"
	_ "time/tzdata" // notices give Italian times on a machine without zoneinfo

	gomail "github.com/emersion/go-message/mail"

	"omologa/internal/fsi"
	"omologa/internal/homologation/rules"
	"omologa/internal/homologation/validate"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/tournament"
	"omologa/internal/tournament/dates"
)

// Kinds of notice.
const (
	KindReceipt   = "receipt"
	KindRejection = "rejection"
	KindRepeat    = "repeat" // the same content received again
)

// Input is everything a notice says.
type Input struct {
	Lang      string // "it" (default) or "en"
	From      string // the office's address
	To        []string
	Office    string // the contact named for questions
	MessageID string // of the notice, without angle brackets
	Date      time.Time

	// The submission answered.
	SubmissionID int64
	Channel      string // imap, drop, cli
	ReceivedAt   time.Time
	Subject      string // of the original message, or the file name
	InReplyTo    string // the original's Message-ID, with or without brackets
	// References are the Message-IDs of the thread before InReplyTo
	// (RFC 5322 3.6.4), oldest first: a reply's notice keeps the thread.
	References []string
	Problems   []string
	// ReleasedAt is when the office released a submission quarantined
	// for its unknown sender (zero for the others): the notice says so,
	// since the sender may wonder why the answer came late.
	ReleasedAt time.Time
	Files      []File
	// Attachments are the documents sent beside the result files (a PDF
	// crosstable, a photo): kept with the submission and noted, never
	// judged, never a reason to reject (regs §4c).
	Attachments []File
	// Repeat, for a submission whose content was received before, is
	// that first submission: the notice is then a short one pointing to
	// it and its verdict (Files is empty).
	Repeat *Repeat
	// Fee is the homologation fee the submission owes (issue 33), nil
	// when no fee schedule applies.
	Fee *Fee
	// Rules are the rules the files were judged by: the times are
	// written in the office's time zone (rating.time_zone) and the
	// advice counts each file's deadline as its rule set does
	// (deadline.max_days_after_end, deadline.time_zone). Required.
	Rules *rules.File
}

// Fee is what a notice says of the homologation fee: the amount, to
// whom, by when, and the reference to write in the causale; for a
// submission not homologated, whether a fee paid is kept (RAPID 5.4).
type Fee struct {
	Cents       int64
	Reference   string
	DueBy       tournament.Date
	Article     string
	Beneficiary string
	IBAN        string // as people read it, in groups of four
	Bank        string
	// AfterPayment: the tournament counts only once the fee is paid.
	AfterPayment bool
	// ExemptBy is the calendar flag that exempts it ("giovanile").
	ExemptBy string
	// PaidCents is what was already paid of it.
	PaidCents int64
}

// Repeat is the first submission of a content received again.
type Repeat struct {
	SubmissionID int64
	ReceivedAt   time.Time
	Files        []RepeatFile
}

// RepeatFile is one file of the first submission and its verdict ("" when
// not judged yet).
type RepeatFile struct {
	Name    string
	Verdict validate.Verdict
}

// File is the judgement of one file of the submission.
type File struct {
	// Number is the file's number a person reads ("10.1": submission
	// 10, its first file), as status and the office's pages give it.
	Number string
	Name   string
	From   string // the archive it came out of
	Report validate.Report
	// Supersedes describes the earlier file of the same tournament that
	// this one replaces, nil when none.
	Supersedes *Earlier
	// InForce, for a rejected file of a tournament already homologated,
	// is the accepted version that stays in force.
	InForce *Earlier
}

// Earlier is a file superseded by a newer submission.
type Earlier struct {
	Name          string
	SubmissionID  int64
	ReceivedAt    time.Time
	HomologatedAt time.Time // when it was judged accepted
}

// Kind says whether the submission is answered with a receipt or a
// rejection notice: a receipt when there is at least one file and none is
// rejected.
func Kind(in Input) string {
	if in.Repeat != nil {
		return KindRepeat
	}
	if len(in.Files) == 0 {
		return KindRejection
	}
	for _, f := range in.Files {
		if f.Report.Verdict == validate.Rejected {
			return KindRejection
		}
	}
	return KindReceipt
}

// Compose writes the notice as a complete message.
func Compose(in Input) (kind, subject string, msg []byte, err error) {
	if in.Rules == nil {
		return "", "", nil, fmt.Errorf("notice: no rules to count the deadline and write the times by")
	}
	t := catalogue.Of(in.Lang)
	kind = Kind(in)
	subject = subjectOf(in, t, kind)
	msg, err = envelope(envelopeOf(in), kind, subject, build(in))
	if err != nil {
		return "", "", nil, err
	}
	return kind, subject, msg, nil
}

// header is what every notice's message header says.
type header struct {
	lang, from, office, messageID, inReplyTo string
	references, to                           []string
	date                                     time.Time
	submissionID                             int64
}

func envelopeOf(in Input) header {
	return header{lang: in.Lang, from: in.From, office: in.Office, messageID: in.MessageID, inReplyTo: in.InReplyTo,
		references: in.References, to: in.To, date: in.Date, submissionID: in.SubmissionID}
}

// envelope writes a notice's document as a complete message.
func envelope(in header, kind, subject string, d *doc) ([]byte, error) {
	t := catalogue.Of(in.lang)
	var h gomail.Header
	h.SetDate(in.date)
	h.SetSubject(subject)
	from, err := mail.ParseAddress(in.from)
	if err != nil {
		return nil, fmt.Errorf("notice: from address %q: %w", in.from, err)
	}
	h.SetAddressList("From", []*gomail.Address{{Name: t.T("notice.office"), Address: from.Address}})
	var to []*gomail.Address
	for _, a := range in.to {
		p, err := mail.ParseAddress(a)
		if err != nil {
			return nil, fmt.Errorf("notice: recipient %q: %w", a, err)
		}
		to = append(to, &gomail.Address{Name: p.Name, Address: p.Address})
	}
	h.SetAddressList("To", to)
	h.SetMessageID(in.messageID)
	if id := strings.Trim(strings.TrimSpace(in.inReplyTo), "<>"); id != "" {
		h.SetMsgIDList("In-Reply-To", []string{id})
		h.SetMsgIDList("References", references(in.references, id))
	}
	// RFC 3834: an automatic answer, so that auto-responders do not loop;
	// Microsoft's servers heed only their own header for the same.
	h.Set("Auto-Submitted", "auto-replied")
	h.Set("X-Auto-Response-Suppress", "All")
	h.Set("Content-Language", map[bool]string{true: "en", false: "it"}[in.lang == "en"])
	h.Set("X-Omologa-Kind", kind)
	h.Set("X-Omologa-Submission", fmt.Sprint(in.submissionID))

	var buf bytes.Buffer
	w, err := gomail.CreateInlineWriter(&buf, h)
	if err != nil {
		return nil, fmt.Errorf("notice: %w", err)
	}
	if err := part(w, "text/plain", d.text()); err != nil {
		return nil, err
	}
	if err := part(w, "text/html", d.html(in.lang)); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("notice: %w", err)
	}
	return buf.Bytes(), nil
}

func part(w *gomail.InlineWriter, ctype, body string) error {
	var ph gomail.InlineHeader
	ph.SetContentType(ctype, map[string]string{"charset": "utf-8"})
	pw, err := w.CreatePart(ph)
	if err != nil {
		return fmt.Errorf("notice: %w", err)
	}
	if _, err := io.WriteString(pw, body); err != nil {
		return fmt.Errorf("notice: %w", err)
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("notice: %w", err)
	}
	return nil
}

func subjectOf(in Input, t catalogue.Lang, kind string) string {
	what := ""
	if len(in.Files) == 1 && in.Files[0].Report.Summary.Name != "" {
		what = in.Files[0].Report.Summary.Name
	} else if len(in.Files) == 1 {
		what = in.Files[0].Name
	} else {
		what = t.T("notice.submissionN", in.SubmissionID)
	}
	if kind == KindRepeat {
		return t.T("notice.subjRepeat") + " – " + t.T("notice.submissionN", in.Repeat.SubmissionID)
	}
	// The reference finds the thread of a reply whose client dropped
	// its headers; a subject naming the submission carries it already.
	ref := " " + Reference(t, in.SubmissionID)
	if len(in.Files) != 1 {
		ref = ""
	}
	switch {
	case kind == KindReceipt:
		return t.T("notice.subjReceipt") + " – " + what + ref
	case allUnreadable(in):
		return t.T("notice.subjUnreadable") + " – " + what + ref
	}
	return t.T("notice.subjRejection") + " – " + what + ref
}

// doc is the notice as a list of blocks, rendered as text or HTML.
type doc struct {
	blocks []block
}

type block struct {
	heading string
	paras   []string
	list    []string
	ordered bool
}

func (d *doc) para(s ...string) { d.blocks = append(d.blocks, block{paras: s}) }
func (d *doc) section(h string, s ...string) {
	d.blocks = append(d.blocks, block{heading: h, paras: s})
}
func (d *doc) list(h string, items []string, ordered bool) {
	if len(items) > 0 {
		d.blocks = append(d.blocks, block{heading: h, list: items, ordered: ordered})
	}
}

func build(in Input) *doc {
	t := catalogue.Of(in.Lang)
	loc := in.zone()
	d := &doc{}
	d.para(t.T("notice.greeting"))
	if r := in.Repeat; r != nil {
		// Its own opening: "we received … with 0 files. This is the
		// outcome of the check" would announce a check that was not made,
		// and say the receipt twice.
		d.para(t.T("notice.repeat", at(t, in.ReceivedAt, loc), lookup(t, "notice.channel."+in.Channel),
			r.SubmissionID, at(t, r.ReceivedAt, loc)))
		var items []string
		for _, f := range r.Files {
			v := lookup(t, "notice.verdict."+string(f.Verdict))
			if v == "" {
				v = t.T("notice.notJudged")
			}
			items = append(items, f.Name+": "+v)
		}
		d.list(t.T("notice.verdictLabel"), items, false)
		d.para(t.T("notice.signature", in.Office))
		d.elide(in.Lang)
		return d
	}
	d.para(t.T("notice.received", at(t, in.ReceivedAt, loc), lookup(t, "notice.channel."+in.Channel),
		in.SubmissionID, in.Subject, t.N("count.file", len(in.Files))))
	if !in.ReleasedAt.IsZero() {
		d.para(t.T("notice.released", at(t, in.ReleasedAt, loc)))
	}
	d.list(t.T("notice.problemsHead"), in.Problems, false)
	if len(in.Files) == 0 {
		d.para(t.T("notice.noFiles"))
	}
	for _, f := range in.Files {
		r := f.Report
		name := f.Name
		if f.Number != "" {
			// The number the office's pages and status give the file.
			name = f.Number + " " + f.Name
		}
		head := t.T("notice.fileHead", name)
		if f.From != "" {
			head += t.T("notice.fromArchive", f.From)
		}
		var paras []string
		if s := r.Summary; s.Name != "" || s.Players > 0 {
			paras = append(paras, t.T("notice.summary", orDash(s.Name), orDash(s.City), span(t, s.Start, s.End),
				t.N("count.player", s.Players), t.N("count.round", s.Rounds), orDash(s.RateOfPlay)))
		}
		paras = append(paras, t.T("notice.verdictLabel")+": "+lookup(t, "notice.verdict."+string(r.Verdict)))
		if e := f.Supersedes; e != nil {
			paras = append(paras, t.T("notice.supersedes", e.Name, e.SubmissionID, at(t, e.ReceivedAt, loc)))
		}
		if e := f.InForce; e != nil {
			paras = append(paras, t.T("notice.inForce", italian.DateIn(e.HomologatedAt, loc), e.Name, e.SubmissionID))
		}
		// Only a file that counts is told its list; the sentence says
		// what the deadline.list-period note says, which is left out.
		if r.Verdict == validate.Held {
			// Issue 30: neither homologated nor rejected yet.
			paras = append(paras, t.T("notice.held"))
		}
		if p := r.Period; r.Verdict != validate.Rejected && r.Verdict != validate.Held && p != nil && p.Issue.IsFull() {
			list := r.Kind.ListName()
			if list == "" {
				list = string(r.Kind)
			}
			month := italian.MonthYear(p.Issue.Year, p.Issue.Month)
			if in.Lang == "en" {
				month = italian.MonthYearEN(p.Issue.Year, p.Issue.Month)
			}
			paras = append(paras, t.T("notice.period", list, month, dateOf(p.Issue), dateOf(p.Cutoff)))
		}
		d.section(head, paras...)
		var errs, holds, warns, infos []string
		for _, x := range shown(r) {
			line := findingLine(in.Lang, x)
			switch x.Severity {
			case validate.SeverityError:
				errs = append(errs, line)
			case validate.SeverityHold:
				holds = append(holds, line)
			case validate.SeverityWarning:
				warns = append(warns, line)
			default:
				infos = append(infos, line)
			}
		}
		d.list(t.T("notice.errorsHead"), errs, true)
		d.list(t.T("notice.holdsHead"), holds, true)
		d.list(t.T("notice.warningsHead"), warns, true)
		d.list(t.T("notice.infoHead"), infos, false)
	}
	var atts []string
	for _, f := range in.Attachments {
		item := f.Name
		for _, x := range f.Report.Findings {
			item += ": " + message(in.Lang, x)
		}
		atts = append(atts, item)
	}
	d.list(t.T("notice.attachmentsHead"), atts, false)
	if f := in.Fee; f != nil {
		feeSection(d, t, in.Lang, f, Kind(in) == KindRejection)
	}
	switch {
	case Kind(in) == KindRejection:
		d.section(t.T("notice.resubmitHead"), resubmit(t, in))
	case anyHeld(in):
		d.para(t.T("notice.thanksHeld"))
	case in.Fee != nil && in.Fee.ExemptBy == "" && in.Fee.Cents > in.Fee.PaidCents:
		d.para(t.T("notice.thanksFee"))
	default:
		d.para(t.T("notice.thanks"))
	}
	d.para(t.T("notice.signature", in.Office))
	d.elide(in.Lang)
	return d
}

// elide applies Italian's elision before a date ("dell'08/03/2026") to
// every paragraph of an Italian notice.
func (d *doc) elide(lang string) {
	if lang == "en" {
		return
	}
	for i := range d.blocks {
		b := &d.blocks[i]
		for j := range b.paras {
			b.paras[j] = italian.Elide(b.paras[j])
		}
	}
}

// message is f's message in lang, the other language's when it has none.
func message(lang string, f validate.Finding) string {
	if lang == "en" && f.MessageEN != "" || f.MessageIT == "" {
		return f.MessageEN
	}
	return f.MessageIT
}

func findingLine(lang string, f validate.Finding) string {
	s := message(lang, f)
	if f.Article != "" {
		s = "[" + f.Article + "] " + s
	}
	if where := f.Where(lang); where != "" {
		s += " (" + where + ")"
	}
	return s
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return s
}

// Rules the notice treats apart.
const (
	ruleListPeriod = validate.RuleListPeriod
	ruleLate       = validate.RuleLate
)

// unreadableRules are the findings that say a file could not be read at
// all: such a file gets that one reason, not the reader's notes that
// came with it.
var unreadableRules = map[string]bool{"format.unreadable": true, "format.refused": true, "format.empty": true,
	"format.no-players": true}

func unreadable(r validate.Report) bool {
	for _, f := range r.Findings {
		if unreadableRules[f.Rule] {
			return true
		}
	}
	return false
}

// allUnreadable: no file of the submission could be read (or there
// is none).
func allUnreadable(in Input) bool {
	for _, f := range in.Files {
		if !unreadable(f.Report) {
			return false
		}
	}
	return true
}

// shown are the findings a notice lists for a file: for an unreadable
// file only why; the list period never (the file's paragraph says it
// when the file counts, and a rejected file counts in no list).
func shown(r validate.Report) []validate.Finding {
	bad := unreadable(r)
	var out []validate.Finding
	for _, f := range r.Findings {
		switch {
		case f.Rule == ruleListPeriod:
		case bad && !unreadableRules[f.Rule]:
		default:
			out = append(out, f)
		}
	}
	return out
}

// anyHeld reports whether a file waits for the office to verify its
// authorisation (issue 30).
func anyHeld(in Input) bool {
	for _, f := range in.Files {
		if f.Report.Verdict == validate.Held {
			return true
		}
	}
	return false
}

// resubmit is the advice that fits the rejection: a late file is not
// told to resend in time; an unreadable one is asked for a TRF file; a
// file whose end is known is told the day its deadline falls, or that
// it has passed.
func resubmit(t catalogue.Lang, in Input) string {
	late, bad := false, true
	var end tournament.Date
	var judged *validate.Report
	for i, f := range in.Files {
		if f.Report.Verdict != validate.Rejected {
			continue
		}
		for _, x := range f.Report.Findings {
			if x.Rule == ruleLate && x.Severity == validate.SeverityError {
				late = true
			}
		}
		if !unreadable(f.Report) {
			bad = false
		}
		if e := f.Report.Summary.End; e.IsFull() && end.IsZero() {
			end, judged = e, &in.Files[i].Report
		}
	}
	if judged == nil && len(in.Files) > 0 {
		judged = &in.Files[0].Report
	}
	terms := in.deadline(judged)
	days := t.N("count.day", terms.MaxDaysAfterEnd)
	switch {
	case late:
		return t.T("notice.resubmitLate")
	case bad:
		return t.T("notice.resubmitUnreadable", days)
	case end.IsFull():
		loc := terms.Location()
		due := end.Time(loc).AddDate(0, 0, terms.MaxDaysAfterEnd)
		if !in.Date.IsZero() && in.Date.In(loc).After(due.AddDate(0, 0, 1)) {
			return t.T("notice.resubmitPast", days, italian.Date(due))
		}
		return t.T("notice.resubmitBy", italian.Date(due), days)
	}
	return t.T("notice.resubmit", days)
}

// zone is the office's time zone, in which the notice writes times
// (UTC without rules).
func (in Input) zone() *time.Location {
	if in.Rules == nil {
		return time.UTC
	}
	return in.Rules.Rating.Location()
}

// deadline is the sending deadline of the rule set that judged rep (RTF
// 6.2.2, RAPID 5.2): the report's rule set, else the one of its kind in
// force at its start, else the standard one; zero without rules.
func (in Input) deadline(rep *validate.Report) validate.DeadlineParams {
	if in.Rules == nil {
		return validate.DeadlineParams{}
	}
	kind, on := fsi.Standard, tournament.Date{}
	if rep != nil {
		if rs := in.Rules.RuleSet(rep.RuleSet); rs != nil {
			return rs.Params.Deadline
		}
		if rep.Decision != nil && rep.Decision.RuleSetKind != "" {
			kind = rep.Decision.RuleSetKind
		}
		on = rep.Summary.Start
	}
	if rs, _ := in.Rules.Select(kind, on); rs != nil {
		return rs.Params.Deadline
	}
	return validate.DeadlineParams{}
}

// span writes the tournament's dates: "il 21/11/2026" for one day, "dal
// 14/11/2026 al 18/11/2026" for more.
func span(t catalogue.Lang, start, end tournament.Date) string {
	switch {
	case start == end && start.IsFull():
		return t.T("notice.oneDay", dateOf(start))
	case start.IsZero() && end.IsZero():
		return "–"
	}
	return t.T("notice.fromTo", dateOf(start), dateOf(end))
}

// dateOf writes a full date the Italian way, day/month/year (in both
// languages), and a partial one in ISO form.
func dateOf(d tournament.Date) string {
	if d.IsFull() {
		return dates.ItalianDate(d)
	}
	return orDash(d.String())
}

// Text renders the notice's plain-text part.
func Text(in Input) string { return build(in).text() }

// HTML renders the notice's HTML part.
func HTML(in Input) string { return build(in).html(in.Lang) }

func (d *doc) text() string {
	var b strings.Builder
	for _, bl := range d.blocks {
		if bl.heading != "" {
			b.WriteString(bl.heading + "\n" + strings.Repeat("-", len([]rune(bl.heading))) + "\n")
		}
		for _, p := range bl.paras {
			b.WriteString(p + "\n")
		}
		for i, it := range bl.list {
			if bl.ordered {
				fmt.Fprintf(&b, "  %d. %s\n", i+1, it)
			} else {
				b.WriteString("  - " + it + "\n")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (d *doc) html(lang string) string {
	var b strings.Builder
	if lang != "en" {
		lang = "it"
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"></head><body>\n", lang)
	for _, bl := range d.blocks {
		if bl.heading != "" {
			b.WriteString("<h3>" + html.EscapeString(bl.heading) + "</h3>\n")
		}
		for _, p := range bl.paras {
			b.WriteString("<p>" + html.EscapeString(p) + "</p>\n")
		}
		if len(bl.list) > 0 {
			tag := "ul"
			if bl.ordered {
				tag = "ol"
			}
			b.WriteString("<" + tag + ">\n")
			for _, it := range bl.list {
				b.WriteString("<li>" + html.EscapeString(it) + "</li>\n")
			}
			b.WriteString("</" + tag + ">\n")
		}
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// at writes an instant as a sentence says it: "il 23/11/2026 alle
// 10:00" reads as Italian, "il 23/11/2026 10:00" as a table cell.
func at(t catalogue.Lang, instant time.Time, loc *time.Location) string {
	return t.T("notice.at", italian.DateIn(instant, loc), italian.Clock(instant, loc))
}

// lookup is the text of key, "" when the catalogue has none (a channel
// or verdict it does not name).
func lookup(t catalogue.Lang, key string) string {
	s, _ := t.Lookup(key)
	return s
}

// feeSection says what the submission owes (RTF 6.2.2, RAPID 5.2), or,
// for a rejection, that nothing is due, and that a fee paid is kept
// (RAPID 5.4).
func feeSection(d *doc, t catalogue.Lang, lang string, f *Fee, rejected bool) {
	euro := italian.Euro
	if lang == "en" {
		euro = italian.EuroEN
	}
	switch {
	case rejected && f.PaidCents > 0:
		d.section(t.T("notice.fee.head"), t.T("notice.fee.kept", euro(f.PaidCents)))
	case rejected:
		d.section(t.T("notice.fee.head"), t.T("notice.fee.noneRejected"))
	case f.ExemptBy != "":
		d.section(t.T("notice.fee.head"), t.T("notice.fee.exempt", f.ExemptBy))
	case f.Cents <= f.PaidCents:
		if f.Cents > 0 {
			d.section(t.T("notice.fee.head"), t.T("notice.fee.paid", euro(f.Cents)))
		}
	default:
		paras := []string{t.T("notice.fee.due", euro(f.Cents-f.PaidCents), f.Article, dateOf(f.DueBy))}
		to := f.Beneficiary
		if f.Bank != "" {
			to += ", " + f.Bank
		}
		if f.IBAN != "" {
			paras = append(paras, t.T("notice.fee.account", to, f.IBAN))
		}
		paras = append(paras, t.T("notice.fee.reference", f.Reference))
		if f.AfterPayment {
			paras = append(paras, t.T("notice.fee.afterPayment"))
		}
		d.section(t.T("notice.fee.head"), paras...)
	}
}
