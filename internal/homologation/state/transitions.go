package state

import (
	"omologa/internal/platform/catalogue"
	"slices"
	"time"
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
	// The office's word on an authorisation the calendar left uncertain
	// (issue 30): the event confirmed, or the tournament declared not
	// authorised; the file is then judged again with that word.
	ActAuthorise   Act = "authorise"
	ActUnauthorise Act = "unauthorise"
)

// judged are the states a judged, readable file can be in.
var judged = []Code{Accepted, AcceptedWithWarnings, Rejected, OverruledAccepted, OverruledRejected}

// rule is what the model says of an act: the states it applies to,
// whether the office must give a written reason, and what it changes in
// the facts (nil: nothing the model derives from; the world gives the
// outcome). Its name in Italian is the catalogue's ("state.act.<act>").
type rule struct {
	from   []Code
	reason bool
	apply  func(*Facts)
}

// rules are the acts. Re-judging is allowed to every judged file (a new
// judgement of the same version, the old one kept) and withdraws a
// decision; linking takes its tournament from the world.
var rules = map[Act]rule{
	ActJudge:         {from: []Code{Received}},
	ActRelease:       {from: []Code{Quarantined}, apply: func(f *Facts) { f.Submission = "received" }},
	ActDiscard:       {from: []Code{Quarantined}, apply: func(f *Facts) { f.Discarded = true }},
	ActRejudge:       {from: append([]Code{Superseded, Unclear, AuthorisationPending}, judged...), apply: decide(NoDecision)},
	ActAuthorise:     {from: []Code{AuthorisationPending}},
	ActUnauthorise:   {from: []Code{AuthorisationPending}, reason: true},
	ActAcceptDespite: {from: []Code{Rejected, OverruledRejected}, reason: true, apply: decide(AcceptDespite)},
	ActAcceptLate:    {from: []Code{Rejected, OverruledRejected}, reason: true, apply: decide(AcceptLate)},
	ActReject: {from: []Code{Accepted, AcceptedWithWarnings, OverruledAccepted, Unclear}, reason: true,
		apply: decide(RejectVersion)},
	ActRevoke:    {from: []Code{Accepted, AcceptedWithWarnings, OverruledAccepted}, reason: true, apply: revoke(true)},
	ActReinstate: {from: []Code{Revoked}, reason: true, apply: revoke(false)},
	ActLink:      {from: append([]Code{Unclear, Superseded}, judged...), apply: settle},
	ActUnlink:    {from: append([]Code{Unclear, Superseded}, judged...), apply: settle},
}

// The acts' changes: the office's decision set (or withdrawn), the
// tournament revoked or reinstated, an unclear file settled.
func decide(d Decision) func(*Facts) { return func(f *Facts) { f.Decision = d } }
func revoke(r bool) func(*Facts)     { return func(f *Facts) { f.Revoked = r } }
func settle(f *Facts)                { f.Unclear = false }

// Error is an act refused in a state, with the reason in both languages.
type Error struct {
	Act   Act
	State Code
	Msg   string
	MsgIT string
	// NoReason: the act needs a written reason and was given none, a
	// fault of the request rather than of the file's state.
	NoReason bool
}

func (e *Error) Error() string { return e.Msg }

// Allowed returns nil when act applies to a file in state from, else an
// *Error saying why not. The web offers only the acts Allowed lets
// through, so that it never offers one the office would refuse.
func Allowed(from Code, act Act) error {
	if slices.Contains(rules[act].from, from) {
		return nil
	}
	it, en, _ := Label(from)
	name := "state.act." + string(act)
	return &Error{Act: act, State: from,
		Msg:   catalogue.EN.T("state.refused", catalogue.EN.T(name), en),
		MsgIT: catalogue.IT.T("state.refused", catalogue.IT.T(name), it)}
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

// NeedsReason reports whether act needs a written reason.
func NeedsReason(act Act) bool { return rules[act].reason }

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
	if NeedsReason(act) && reason == "" {
		return f, Transition{}, &Error{Act: act, State: from, NoReason: true, Msg: catalogue.EN.T("state.refused.reason"), MsgIT: catalogue.IT.T("state.refused.reason")}
	}
	if apply := rules[act].apply; apply != nil {
		apply(&f)
	}
	return f, Transition{Act: act, From: from, To: Derive(f), By: by, At: at, Reason: reason}, nil
}
