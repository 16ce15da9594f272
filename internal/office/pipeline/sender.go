package pipeline

import (
	"strings"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/email"
	"omologa/internal/platform/catalogue"
	"omologa/internal/tournament"
)

// SenderPolicy is who may submit, the same for every door: the mailbox,
// a saved message given to `omologa ingest`, a message dropped in the
// folder. It is pure: the headers' verdict (email.Authenticate) and the
// registers are passed in, and each step says why not, for the office.
//
// With Enabled off every sender is answered. With it on, a message's
// sender must be authenticated (when Auth is set: the receiving server's
// DMARC/DKIM verdict, one From address, a PEC envelope only from a
// configured provider), known (an arbiter or organiser of the registers,
// or Extra), the arbiter or organiser of each tournament it sends, and
// the sender of any file it would supersede. A result file that is not a
// message (dropped or given to ingest by the office) is the office's own.
type SenderPolicy struct {
	Enabled   bool
	Auth      *email.AuthPolicy // nil: the From is only looked up in the registers
	Extra     []string          // addresses the office allows besides the registers
	Registers *registers.Set
}

// Arrival is what the policy is told of a submission before its files
// are read.
type Arrival struct {
	Message  bool   // the original is an e-mail message, whatever the door
	Released bool   // the office let it through: answered whoever sent it
	Claimed  string // the sender as the intake read it (the From)
	// Portal: uploaded by a person signed in on the portal (issue 24):
	// the sender is the account's address, authenticated by the sign-in
	// whatever Enabled says, and held to the later steps as an
	// authenticated message is.
	Portal bool
	// Auth is the headers' verdict (email.Authenticate), needed only
	// for a message when the policy has Auth.
	Auth *email.AuthResult
}

// Admission is the first step's answer.
type Admission struct {
	// Check says the later steps apply (SendsFor, Replaces): a message
	// under the policy, not released.
	Check bool
	// Authenticated says the sender is known for sure by other means
	// than the policy's Auth (a portal upload): he is then held to be
	// the tournament's own arbiter or organiser even without Auth.
	Authenticated bool
	// Sender is who the submission is from: the authenticated address
	// when authenticated (the inner From of a PEC envelope), else the
	// claimed one. The notice goes to it.
	Sender string
	// Quarantine, when not empty, is why the submission is kept for the
	// office unanswered (in Italian).
	Quarantine string
}

// Admit is the first step: the sender authenticated and known.
func (sp SenderPolicy) Admit(a Arrival) Admission {
	ad := Admission{Sender: a.Claimed}
	if a.Portal && !a.Released {
		ad.Check, ad.Authenticated = true, true
		if !sp.known(ad.Sender) {
			ad.Quarantine = catalogue.IT.T("note.sender.unknown", ad.Sender)
		}
		return ad
	}
	if !sp.Enabled || !a.Message || a.Released {
		return ad
	}
	ad.Check = true
	if sp.Auth != nil {
		if a.Auth == nil {
			ad.Quarantine = catalogue.IT.T("note.sender.unauthenticated")
			return ad
		}
		if !a.Auth.OK {
			ad.Quarantine = a.Auth.Reason
			return ad
		}
		ad.Sender = a.Auth.Sender
	}
	if !sp.known(ad.Sender) {
		ad.Quarantine = catalogue.IT.T("note.sender.unknown", ad.Sender)
	}
	return ad
}

// SendsFor is the second step, for each tournament read: the sender is
// one of its arbiters (named in the file, or in the authorisation the
// validator matched), its organiser (in that authorisation), or an
// address the office configured; not merely any arbiter of the
// register. It applies only with Auth (without it the From is not
// trusted enough to tell one arbiter from another). "" means allowed.
func (sp SenderPolicy) SendsFor(ad Admission, t *tournament.Tournament, auth *validate.Authorisation) string {
	if !ad.Check || (sp.Auth == nil && !ad.Authenticated) || t == nil || sp.sendsFor(ad.Sender, t, auth) {
		return ""
	}
	return catalogue.IT.T("note.sender.not-theirs", ad.Sender, t.Name)
}

// Replaces is the third step: a file that would supersede one sent by
// someone else (or by the office) is for the office to judge (issue 13).
// prevSender is the current file's sender, "" for the office's own.
func (sp SenderPolicy) Replaces(ad Admission, prevName, prevSender string) string {
	if !ad.Check || (sp.Auth == nil && !ad.Authenticated) || AddrOf(prevSender) == AddrOf(ad.Sender) {
		return ""
	}
	from := prevSender
	if from == "" {
		from = catalogue.IT.T("note.sender.office")
	}
	return catalogue.IT.T("note.sender.replaces", prevName, from)
}

func (sp SenderPolicy) sendsFor(sender string, t *tournament.Tournament, auth *validate.Authorisation) bool {
	a := AddrOf(sender)
	if a == "" {
		return false
	}
	if sp.extra(a) {
		return true
	}
	r := sp.Registers
	if r == nil {
		return false
	}
	for _, name := range append([]string{t.ChiefArbiter}, t.DeputyArbiters...) {
		if strings.TrimSpace(name) == "" {
			continue
		}
		for _, m := range validate.MatchArbiter(name, r.Arbiters) {
			if AddrOf(m.Email) == a {
				return true
			}
		}
	}
	if auth == nil {
		return false
	}
	if AddrOf(auth.OrganiserEmail) == a {
		return true
	}
	for _, e := range r.Calendar {
		if e.Code != auth.Code || e.ArbiterFSIID == "" {
			continue
		}
		for _, x := range r.Arbiters {
			if x.FSIID == e.ArbiterFSIID && AddrOf(x.Email) == a {
				return true
			}
		}
	}
	return false
}

// extra reports whether the office configured the address a (as AddrOf
// gives it) as a sender.
func (sp SenderPolicy) extra(a string) bool {
	for _, x := range sp.Extra {
		if AddrOf(x) == a {
			return true
		}
	}
	return false
}

// known reports whether sender is an arbiter or an organiser of the
// registers, or configured.
func (sp SenderPolicy) known(sender string) bool {
	a := AddrOf(sender)
	if a == "" {
		return false
	}
	if sp.extra(a) {
		return true
	}
	if r := sp.Registers; r != nil {
		for _, x := range r.Arbiters {
			if AddrOf(x.Email) == a {
				return true
			}
		}
		for _, e := range r.Calendar {
			if AddrOf(e.OrganiserEmail) == a {
				return true
			}
		}
	}
	return false
}
