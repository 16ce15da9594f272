package validate

import (
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/fsi/periods"
	"omologa/internal/fsi/registers"
	"omologa/internal/platform/catalogue"
	"omologa/internal/tournament"
)

// Severity grades a finding. An error rejects the tournament; a hold
// neither accepts nor rejects it: the file waits for the office's word
// (an authorisation the calendar does not settle, RTF 5.3.1 g, 6.1.1);
// a warning is reported with an acceptance; info is said and changes
// nothing. A rule of rules.yaml configured off reports nothing (no
// finding is off).
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityHold    Severity = "hold"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
	SeverityOff     Severity = "off"
)

// Configurable reports whether a rule of rules.yaml may have the
// severity: error, hold, warning, info or off.
func (s Severity) Configurable() bool {
	switch s {
	case SeverityError, SeverityHold, SeverityWarning, SeverityInfo, SeverityOff:
		return true
	}
	return false
}

// Finding is one result of a check, citing the article it applies.
type Finding struct {
	Rule      string   `json:"rule"`    // dotted id: "crosstable.mirror"
	Article   string   `json:"article"` // "RTF 5.3.1 a", "FIDE-RR 3.1"
	Severity  Severity `json:"severity"`
	MessageIT string   `json:"message_it"`
	MessageEN string   `json:"message_en"`
	File      string   `json:"file,omitempty"`
	Line      int      `json:"line,omitempty"`
	Player    int      `json:"player,omitempty"` // starting number
	Round     int      `json:"round,omitempty"`
}

// Verdict is the outcome of a homologation check.
type Verdict string

const (
	Accepted             Verdict = "accepted"
	AcceptedWithWarnings Verdict = "accepted-with-warnings"
	Rejected             Verdict = "rejected"
	// Held: no error, but a finding the office must settle first (a
	// hold): the file is neither homologated nor rejected until then.
	Held Verdict = "held"
)

// Submission is what came with the file: when and how it was received
// and, for e-mail, the fields the body must state (RAPID 5.2).
type Submission struct {
	ReceivedAt time.Time // mail server arrival time or drop time; starts the 8-day clock
	Channel    string    // "imap", "drop", "cli"
	Sender     string    // e-mail address, when known
	// Fields are the labelled values found in the message body: "venue",
	// "date", "arbiter", "organiser" (and any other label recognised).
	// Nil when the submission did not come by e-mail.
	Fields map[string]string
	// Kind is what the submitter says the tournament is ("standard",
	// "rapid"), or "" to decide from the rate of play.
	Kind string
	// Office is the office's word on the tournament's authorisation,
	// given after the calendar left it uncertain (nil: none given).
	Office *OfficeAuthorisation
	// ClosedLists are the rating lists the office has closed already,
	// "kind period" ("rapid 2026-12"): a file whose receipt falls in a
	// closed list counts in the next open one, and its notice says so
	// (issue 20: a receipt names the list it really counts in).
	ClosedLists []string
}

// OfficeAuthorisation is the office's word on a tournament whose
// authorisation the calendar did not settle (RTF 5.3.1 g, 6.1.1; RAPID
// 2.1): the calendar event it confirmed (Code), or that the tournament is
// not authorised (Refused).
type OfficeAuthorisation struct {
	Code    string `json:"code,omitempty"`
	Refused bool   `json:"refused,omitempty"`
}

// Input is everything a check may look at.
type Input struct {
	// Attachment says the file came beside a result file of the same
	// submission: a document (PDF, image…) is then kept and noted, not
	// refused (format.attachment).
	Attachment bool
	// File names the submitted file (used when Tournament is nil).
	File        string
	Tournament  *tournament.Tournament
	Diagnostics []tournament.Diagnostic // from the reader
	// ReadError is the reader's error when no tournament could be read
	// (a *tournament.ParseError, a *tournament.RefusedError,
	// tournament.ErrEmpty...); Tournament is nil then.
	ReadError  error
	Submission Submission
	Registers  *registers.Set // nil or partly nil when not given
}

// Decision records how the kind of play and the rule set were chosen.
type Decision struct {
	// Play is the kind of play the tournament is judged as: standard,
	// rapid or blitz.
	Play fsi.Kind `json:"play"`
	// FromRate is the kind the rate of play gives (LAWS A.1, B.1), ""
	// when the rate is unknown; Minutes60 the time per player for 60
	// moves it was decided on.
	FromRate  fsi.Kind `json:"from_rate,omitempty"`
	Minutes60 float64  `json:"minutes_60,omitempty"`
	// Declared is the kind the submission states ("" when none).
	Declared fsi.Kind `json:"declared,omitempty"`
	// RuleSetKind is the kind of rule set chosen: standard, rapid or
	// promotion; PromotionBy says why a promotion set was chosen
	// ("submission", "calendar", "name").
	RuleSetKind fsi.Kind `json:"rule_set_kind"`
	PromotionBy string   `json:"promotion_by,omitempty"`
	// On is the date the rule set was chosen for (the start, else the
	// end, else the receipt date); InRange is false when no rule set of
	// the kind was in force then and the nearest was applied.
	On      tournament.Date `json:"rules_date,omitzero"`
	InRange bool            `json:"in_range"`
}

// Standing is one line of the recomputed final standings.
type Standing struct {
	Start  int     `json:"start"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
	Rank   int     `json:"rank"`
	BH     float64 `json:"BH"`
	BHC1   float64 `json:"BH-C1"`
	SB     float64 `json:"SB"`
}

// Report is the validator's answer for one file.
type Report struct {
	File     string            `json:"file"`
	Format   tournament.Format `json:"format,omitempty"`
	Summary  Summary           `json:"tournament"`
	RuleSet  string            `json:"rule_set,omitempty"`
	Kind     fsi.Kind          `json:"kind,omitempty"` // standard, rapid, blitz
	Decision *Decision         `json:"decision,omitempty"`
	Verdict  Verdict           `json:"verdict"`
	Period   *periods.Period   `json:"period,omitempty"`
	// Authorisation is the calendar event the tournament matched (one,
	// not ambiguous), nil when none: the office's record of the
	// tournament and the notice's recipients use this match, never a
	// second one.
	Authorisation *Authorisation `json:"authorisation,omitempty"`
	// Candidates are the calendar events an uncertain authorisation may
	// be, each with what it has in common with the tournament and what
	// differs: what the office chooses among (verdict held).
	Candidates []Candidate `json:"candidates,omitempty"`
	Findings   []Finding   `json:"findings"`
	Standings  []Standing  `json:"standings,omitempty"`
}

// Authorisation is the calendar event a tournament was matched to, and
// how: "code" (the event code stated in the e-mail or the name) or
// "name" (overlapping dates, similar name and city).
type Authorisation struct {
	Code           string          `json:"code"`
	Name           string          `json:"name"`
	City           string          `json:"city,omitempty"`
	Province       string          `json:"province,omitempty"` // the calendar's, "NO"
	Start          tournament.Date `json:"start,omitzero"`
	End            tournament.Date `json:"end,omitzero"`
	OrganiserEmail string          `json:"organiser_email,omitempty"`
	By             string          `json:"by"`
}

// Candidate is a calendar event an uncertain authorisation may be: the
// event, what the tournament has in common with it and what differs
// (the words of validate.common.* and validate.differs.*: "dates",
// "name", "city", "code"...).
type Candidate struct {
	Code     string          `json:"code"`
	Name     string          `json:"name"`
	City     string          `json:"city,omitempty"`
	Province string          `json:"province,omitempty"`
	Start    tournament.Date `json:"start,omitzero"`
	End      tournament.Date `json:"end,omitzero"`
	Common   []string        `json:"common,omitempty"`
	Differs  []string        `json:"differs,omitempty"`
}

// Summary is a short description of the tournament for reports and
// notices.
type Summary struct {
	Name       string          `json:"name,omitempty"`
	City       string          `json:"city,omitempty"`
	Start      tournament.Date `json:"start,omitzero"`
	End        tournament.Date `json:"end,omitzero"`
	Players    int             `json:"players"`
	Rounds     int             `json:"rounds"`
	RateOfPlay string          `json:"rate_of_play,omitempty"`
	Minutes60  float64         `json:"minutes_60,omitempty"` // time per player for 60 moves
	Arbiter    string          `json:"arbiter,omitempty"`
}

// Where says where the finding points, in lang ("it" or "en"): "riga
// 40, giocatore n. 12, turno 3"; "" when it points nowhere in the file.
func (f Finding) Where(lang string) string {
	t := catalogue.Of(lang)
	var w []string
	if f.Line > 0 {
		w = append(w, t.T("finding.line", f.Line))
	}
	if f.Player > 0 {
		w = append(w, t.T("finding.player", f.Player))
	}
	if f.Round > 0 {
		w = append(w, t.T("finding.round", f.Round))
	}
	return strings.Join(w, ", ")
}
