package state

import (
	"time"

	"omologa/internal/platform/catalogue"
)

// Act is an office act (or the machine's) that moves a file from one
// state to another.
type Act string

// The acts on a file.
const (
	ActJudge         Act = "judge"          // the validator's verdict
	ActRelease       Act = "release"        // a quarantined submission let through
	ActDiscard       Act = "discard"        // a quarantined submission closed without answer
	ActRejudge       Act = "rejudge"        // judged again against the registers and calendar in force
	ActAcceptDespite Act = "accept-despite" // accepted despite named errors, with a reason
	ActAcceptLate    Act = "accept-late"    // a late file accepted, with a reason
	ActReject        Act = "reject"         // an accepted version rejected, with a reason
	ActRevoke        Act = "revoke"         // the tournament's homologation revoked
	ActReinstate     Act = "reinstate"      // a revocation undone
	ActLink          Act = "link"           // an unclear file attributed to a tournament
	ActUnlink        Act = "unlink"         // a version made a tournament of its own
)

// judged are the states a judged, readable file can be in.
var judged = []Code{Accepted, AcceptedWithWarnings, Rejected, OverruledAccepted, OverruledRejected}

// allowed lists, for each act, the states it applies to. Re-judging is
// allowed to every judged file (a new judgement of the same version, the
// old one kept); a decision is withdrawn by re-judging.
var allowed = map[Act][]Code{
	ActJudge:         {Received},
	ActRelease:       {Quarantined},
	ActDiscard:       {Quarantined},
	ActRejudge:       {Accepted, AcceptedWithWarnings, Rejected, OverruledAccepted, OverruledRejected, Superseded, Unclear},
	ActAcceptDespite: {Rejected, OverruledRejected},
	ActAcceptLate:    {Rejected, OverruledRejected},
	ActReject:        {Accepted, AcceptedWithWarnings, OverruledAccepted, Unclear},
	ActRevoke:        {Accepted, AcceptedWithWarnings, OverruledAccepted},
	ActReinstate:     {Revoked},
	ActLink:          append([]Code{Unclear, Superseded}, judged...),
	ActUnlink:        append([]Code{Unclear, Superseded}, judged...),
}

// Error is an act refused in a state, with the reason in both languages.
type Error struct {
	Act   Act
	State Code
	Msg   string
	MsgIT string
}

func (e *Error) Error() string { return e.Msg }

// Allowed returns nil when act applies to a file in state from, else an
// *Error saying why not. The web offers only the acts Allowed lets
// through, so that it never offers one the office would refuse.
func Allowed(from Code, act Act) error {
	for _, c := range allowed[act] {
		if c == from {
			return nil
		}
	}
	it, en, _ := Label(from)
	return &Error{Act: act, State: from, Msg: notAllowed(catalogue.EN, act, en), MsgIT: notAllowed(catalogue.IT, act, it)}
}

// notAllowed says in language l that act does not apply to a file in the
// state labelled label: the act named as the command names it in
// English, as a noun in Italian.
func notAllowed(l catalogue.Lang, act Act, label string) string {
	return l.T("state.not-allowed", l.T("state.act."+string(act)), label)
}

// Transition is one recorded act: who did it, when and why.
type Transition struct {
	Act    Act       `json:"act"`
	From   Code      `json:"from"`
	To     Code      `json:"to"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
	Reason string    `json:"reason,omitempty"`
}

// needsReason are the acts the office must give a written reason for.
var needsReason = map[Act]bool{ActAcceptDespite: true, ActAcceptLate: true, ActReject: true, ActRevoke: true, ActReinstate: true}

// NeedsReason reports whether act needs a written reason.
func NeedsReason(act Act) bool { return needsReason[act] }

// Apply checks that act applies to facts and returns the facts after
// it, with the transition recorded (who, when, why). Re-judging and
// linking take their outcome from the world (the validator, the
// tournament linked to), so Apply returns the facts unchanged for them
// apart from the decision withdrawn by a re-judgement.
func Apply(f Facts, act Act, by string, at time.Time, reason string) (Facts, Transition, error) {
	from := Derive(f)
	if err := Allowed(from, act); err != nil {
		return f, Transition{}, err
	}
	if needsReason[act] && reason == "" {
		return f, Transition{}, &Error{Act: act, State: from,
			Msg: catalogue.EN.T("state.reason-required"), MsgIT: catalogue.IT.T("state.reason-required")}
	}
	switch act {
	case ActRelease:
		f.Submission = "received"
	case ActDiscard:
		f.Discarded = true
	case ActRejudge:
		f.Decision = NoDecision
	case ActAcceptDespite:
		f.Decision = AcceptDespite
	case ActAcceptLate:
		f.Decision = AcceptLate
	case ActReject:
		f.Decision = RejectVersion
	case ActRevoke:
		f.Revoked = true
	case ActReinstate:
		f.Revoked = false
	case ActLink, ActUnlink:
		f.Unclear = false
	}
	return f, Transition{Act: act, From: from, To: Derive(f), By: by, At: at, Reason: reason}, nil
}
