package state

import (
	"omologa/internal/platform/catalogue"
)

// FeeCode is the state of a submission's homologation fee, beside the
// verdict of its files (issue 33).
type FeeCode string

// The fee's states. A fee is due until what was paid covers it (paid),
// an officer waives it with a reason (waived), or the tournament is not
// homologated: then what was paid is kept by the FSI (kept, RAPID 5.4)
// unless the office gives it back (refunded); nothing paid and nothing
// homologated, or an amount of zero, is no fee (none).
const (
	FeeNone     FeeCode = "none"
	FeeDue      FeeCode = "due"
	FeePaid     FeeCode = "paid"
	FeeWaived   FeeCode = "waived"
	FeeKept     FeeCode = "kept"
	FeeRefunded FeeCode = "refunded"
)

// FeeCodes are the fee's states in the order a legend lists them.
var FeeCodes = []FeeCode{FeeDue, FeePaid, FeeWaived, FeeKept, FeeRefunded, FeeNone}

// FeeFacts are what the store knows of a submission's fee.
type FeeFacts struct {
	DueCents  int64
	PaidCents int64
	Waived    bool
	Refunded  bool
	// Homologated: a file of the submission was accepted.
	Homologated bool
	// Overdue: the term has passed (fee.Overdue), for a fee still due.
	Overdue bool
	// AfterPayment: the rules homologate only after the payment
	// (fee.AfterPayment), so an unpaid accepted file is held.
	AfterPayment bool
}

// FeeView is what a person reads of a fee.
type FeeView struct {
	State   FeeCode `json:"state"`
	Label   string  `json:"label"`
	LabelEN string  `json:"label_en"`
	Colour  Colour  `json:"colour"`
	// OwedCents is what is still to pay (0 once paid); BalanceCents what
	// was paid beyond the fee (an over-payment, the organiser's credit).
	OwedCents    int64 `json:"owed_cents"`
	BalanceCents int64 `json:"balance_cents"`
	Overdue      bool  `json:"overdue"`
	// Holds: the submission's accepted files wait for the fee (with
	// "after payment"), shown as AwaitingFee.
	Holds bool `json:"holds"`
}

var feeColours = map[FeeCode]Colour{FeeNone: Neutral, FeeDue: Held, FeePaid: Good, FeeWaived: Good, FeeKept: Neutral, FeeRefunded: Neutral}

// FeeLabel returns the Italian and English label and the colour of a
// fee's state.
func FeeLabel(c FeeCode) (it, en string, colour Colour) {
	key := "fee.state." + string(c)
	return catalogue.IT.T(key), catalogue.EN.T(key), feeColours[c]
}

// FeeOf derives a fee's state: the one function every surface calls.
func FeeOf(f FeeFacts) FeeView {
	v := FeeView{}
	switch {
	case f.Refunded:
		v.State = FeeRefunded
	case !f.Homologated && f.PaidCents > 0:
		v.State = FeeKept // RAPID 5.4
	case !f.Homologated || f.DueCents <= 0:
		v.State = FeeNone
		v.BalanceCents = max(f.PaidCents-f.DueCents, 0)
	case f.Waived:
		v.State = FeeWaived
		v.BalanceCents = f.PaidCents
	case f.PaidCents >= f.DueCents:
		v.State = FeePaid
		v.BalanceCents = f.PaidCents - f.DueCents
	default:
		v.State = FeeDue
		v.OwedCents = f.DueCents - f.PaidCents
		v.Overdue = f.Overdue
		v.Holds = f.AfterPayment
	}
	v.Label, v.LabelEN, v.Colour = FeeLabel(v.State)
	if v.Overdue {
		v.Label, v.LabelEN, v.Colour = catalogue.IT.T("fee.state.overdue"), catalogue.EN.T("fee.state.overdue"), Bad
	}
	return v
}
