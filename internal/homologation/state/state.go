// Package state is the one state model of the office's work: a
// submission holds files, each file is a version of a tournament, and
// what a person reads about any of them (the label, its colour, the list
// it counts in or why it counts in none) is derived here, once, by Of.
// The command line's status, every web page, the notices, the list
// previews and runs, the player pages and the FIDE export all show what
// Of says, so that no two surfaces contradict each other.
//
// The package is pure: facts in, a View out; Next says which office act
// leads from a state to which, and is what the office consults before
// acting and what the web consults before offering an act.
package state

import (
	"fmt"

	"omologa/internal/fsi"
	"omologa/internal/platform/catalogue"
)

// Code is the state of a file (a version of a tournament) as a person
// reads it.
type Code string

// The states. A file is first received (or quarantined, for an unknown
// sender), then judged: accepted, accepted with warnings, rejected or
// unreadable; the office may overrule a verdict, a later version
// supersedes it, its tournament may be revoked, and a file the identity
// rules could not place is unclear until the office links it.
const (
	Received             Code = "received"               // recorded, not judged yet
	Quarantined          Code = "quarantined"            // unknown sender: kept for the office, not answered
	Discarded            Code = "discarded"              // quarantined, then discarded by the office
	Unreadable           Code = "unreadable"             // no tournament could be read
	Accepted             Code = "accepted"               // homologated, in force
	AcceptedWithWarnings Code = "accepted-with-warnings" // homologated with warnings, in force
	Rejected             Code = "rejected"               // the validator's errors stand
	Superseded           Code = "superseded"             // a later version of the tournament is in force
	Unclear              Code = "unclear"                // may be a version of another tournament: held until linked
	AuthorisationPending Code = "authorisation-pending"  // the calendar left its authorisation uncertain: held until the office says
	Revoked              Code = "revoked"                // the office revoked the tournament's homologation
	OverruledAccepted    Code = "overruled-accepted"     // accepted by the office despite errors (or late)
	OverruledRejected    Code = "overruled-rejected"     // rejected by the office although the validator accepted it
	Attachment           Code = "attachment"             // a document beside a result file: kept and noted, not judged
	// AwaitingFee: accepted, held from its list until the homologation
	// fee is paid or waived (RTF 6.2.2 "previo versamento", with the
	// rules' after-payment policy): a reason of its own, apart from the
	// office's other holds.
	AwaitingFee Code = "awaiting-fee"
)

// Codes are every state, in the order a legend lists them.
var Codes = []Code{Received, Quarantined, Discarded, Unreadable, Accepted, AcceptedWithWarnings, Rejected,
	Superseded, Unclear, AuthorisationPending, Revoked, OverruledAccepted, OverruledRejected, Attachment, AwaitingFee}

// HeldVerdict is the validator's verdict of a file held for the office
// (validate.Held): no error, but its authorisation to verify.
const HeldVerdict = "held"

// Colour is how a state is shown: a CSS class of the office's pages and
// the notices' HTML.
type Colour string

// The colours.
const (
	Good    Colour = "good"    // counts: homologated
	Warn    Colour = "warn"    // counts, with something to read
	Bad     Colour = "bad"     // does not count: rejected, unreadable, revoked
	Held    Colour = "held"    // waits for the office: quarantined, unclear, authorisation to verify
	Neutral Colour = "neutral" // waits for the machine, or replaced
)

// Decision is an office's overrule of a verdict.
type Decision string

// The decisions about a verdict.
const (
	NoDecision    Decision = ""
	AcceptDespite Decision = "accept"      // accept despite named error findings
	AcceptLate    Decision = "accept-late" // accept a file sent after the deadline, with a reason
	RejectVersion Decision = "reject"      // reject an accepted version
)

// Facts are what the store knows of one file: the submission's state,
// the recorded verdict, the office's decision, and the tournament's.
type Facts struct {
	// Submission is the submission's state as stored: received, judged,
	// quarantined or discarded (Discarded says the same).
	Submission string
	Discarded  bool
	// Verdict is the validator's verdict: accepted,
	// accepted-with-warnings, rejected ("" until judged); Unreadable
	// when no tournament could be read.
	Verdict    string
	Unreadable bool
	// Decision is the office's overrule of the verdict, if any.
	Decision Decision
	// SupersededBy is the number (Number) of the version that replaced
	// this one; "" when none did.
	SupersededBy string
	// Unclear: the tournament may be another one's version, held until
	// the office links or separates it.
	Unclear bool
	// Revoked: the office revoked the tournament's homologation.
	Revoked bool
	// FeeHeld: the submission's fee is due and the rules homologate
	// after payment (FeeView.Holds).
	FeeHeld bool
	// Period is the list period ("2026-12") the file counts in when it
	// counts: the next list of its kind still open.
	Period string
	// Kind is the kind of play, for the list's name.
	Kind fsi.Kind
}

// View is what a person reads of a file.
type View struct {
	State   Code   `json:"state"`
	Label   string `json:"label"`    // Italian
	LabelEN string `json:"label_en"` // English
	Colour  Colour `json:"colour"`
	// Counts is true when the file counts for the rating lists; CountsIn
	// then names the list period ("" when the kind has no list: blitz).
	Counts   bool   `json:"counts"`
	CountsIn string `json:"counts_in,omitempty"`
	// Why and WhyEN say in a sentence where it counts, or why in none.
	Why   string `json:"why"`
	WhyEN string `json:"why_en"`
}

// Text returns the label in the language ("en" or Italian).
func (v View) Text(lang string) string {
	if lang == "en" {
		return v.LabelEN
	}
	return v.Label
}

// Reason returns the sentence in the language ("en" or Italian).
func (v View) Reason(lang string) string {
	if lang == "en" {
		return v.WhyEN
	}
	return v.Why
}

// colours say how each state is shown; its words are the catalogue's
// ("state.<code>").
var colours = map[Code]Colour{
	Received: Neutral, Quarantined: Held, Discarded: Neutral, Unreadable: Bad, Accepted: Good,
	AcceptedWithWarnings: Warn, Rejected: Bad, Superseded: Neutral, Unclear: Held, AuthorisationPending: Held, Revoked: Bad,
	OverruledAccepted: Warn, OverruledRejected: Bad, Attachment: Neutral, AwaitingFee: Held,
}

// Label returns the Italian and English label and the colour of a state.
func Label(c Code) (it, en string, colour Colour) {
	colour, ok := colours[c]
	if !ok {
		return string(c), string(c), Neutral
	}
	key := "state." + string(c)
	return catalogue.IT.T(key), catalogue.EN.T(key), colour
}

// Derive returns the state of a file from its facts, in this order: the
// submission's own state (received, quarantined, discarded), an
// unreadable file, the office's rejection, a rejected verdict, a
// superseded version, a revoked tournament, an unclear tournament, a fee
// awaited, the office's acceptance, and last the verdict; a held verdict
// (its authorisation to verify) right after the office's rejection.
func Derive(f Facts) Code {
	switch {
	case f.Discarded || f.Submission == "discarded":
		return Discarded
	case f.Submission == "quarantined":
		return Quarantined
	case f.Submission == "received" || (f.Verdict == "" && !f.Unreadable):
		return Received
	case f.Verdict == string(Attachment):
		return Attachment
	case f.Unreadable || f.Verdict == string(Unreadable):
		return Unreadable
	case f.Decision == RejectVersion:
		return OverruledRejected
	case f.Verdict == HeldVerdict && f.Decision == NoDecision:
		// Neither accepted nor rejected: the office verifies the
		// authorisation first (issue 30).
		if f.SupersededBy != "" {
			return Superseded
		}
		return AuthorisationPending
	}
	accepted := f.Verdict == string(Accepted) || f.Verdict == string(AcceptedWithWarnings) ||
		f.Decision == AcceptDespite || f.Decision == AcceptLate
	switch {
	case !accepted:
		return Rejected
	case f.SupersededBy != "":
		return Superseded
	case f.Revoked:
		return Revoked
	case f.Unclear:
		return Unclear
	case f.FeeHeld:
		return AwaitingFee
	case f.Decision != NoDecision:
		return OverruledAccepted
	}
	return Code(f.Verdict)
}

// Of derives what a person reads of a file: the one function every
// surface calls.
func Of(f Facts) View {
	c := Derive(f)
	v := View{State: c}
	v.Label, v.LabelEN, v.Colour = Label(c)
	why, it, en := "state."+string(c)+".why", []any(nil), []any(nil)
	switch c {
	case Accepted, AcceptedWithWarnings, OverruledAccepted:
		v.Counts = true
		list := f.Kind.ListName()
		if f.Period == "" || list == "" {
			why = "state.counts-in-no-list.why"
			break
		}
		v.CountsIn = f.Period
		why, it, en = "state.counts.why", []any{list, fsi.PeriodMonth(f.Period)}, []any{list, fsi.PeriodMonthEN(f.Period)}
	case Superseded:
		it, en = []any{f.SupersededBy}, []any{f.SupersededBy}
	}
	v.Why, v.WhyEN = catalogue.IT.T(why, it...), catalogue.EN.T(why, en...)
	return v
}

// Number is the number a person reads for a file: its submission's
// number, a dot and its place in the submission from 1 ("10.1", "10.2").
// seq is the file's place from 0, as the store keeps it.
func Number(submission int64, seq int) string {
	return fmt.Sprintf("%d.%d", submission, seq+1)
}
