package validate

import (
	"time"

	"omologa/periods"
	"omologa/registers"
	"omologa/tournament"
)

// Severity grades a finding. An error rejects the tournament; a warning is
// reported with an acceptance; info is said and changes nothing.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

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
}

// Input is everything a check may look at.
type Input struct {
	Tournament  *tournament.Tournament
	Diagnostics []tournament.Diagnostic // from the reader
	Submission  Submission
	Registers   *registers.Set // nil or partly nil when not given
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
	File      string            `json:"file"`
	Format    tournament.Format `json:"format,omitempty"`
	Summary   Summary           `json:"tournament"`
	RuleSet   string            `json:"rule_set,omitempty"`
	Kind      string            `json:"kind,omitempty"` // standard, rapid, blitz
	Verdict   Verdict           `json:"verdict"`
	Period    *periods.Period   `json:"period,omitempty"`
	Findings  []Finding         `json:"findings"`
	Standings []Standing        `json:"standings,omitempty"`
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
