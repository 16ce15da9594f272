package office

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/fee"
	"omologa/internal/homologation/state"
	"omologa/internal/intake/statement"
	"omologa/internal/platform/italian"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// The fee's acts (issue 33): a clerk imports statements, enters payments
// and confirms suggestions; an officer waives a fee or records a refund.
const (
	ActPayments Action = "payments"
	ActFee      Action = "fee"
)

func init() {
	minRank[ActPayments] = 1
	minRank[ActFee] = 2
}

// FeeRow is one submission's fee as the treasurer reads it.
type FeeRow struct {
	store.Fee
	View state.FeeView `json:"view"`
}

// Fees returns every submission's fee with its state (the one state
// model's FeeOf), newest first.
func (o *Office) Fees(ctx context.Context) ([]FeeRow, error) {
	fs, err := o.Store.Fees(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]FeeRow, 0, len(fs))
	for _, f := range fs {
		out = append(out, FeeRow{Fee: f, View: o.feeView(f)})
	}
	return out, nil
}

// feeView derives a fee's state at the office's now.
func (o *Office) feeView(f store.Fee) state.FeeView {
	var due tournament.Date
	_ = due.UnmarshalText([]byte(f.DueBy))
	return state.FeeOf(state.FeeFacts{DueCents: f.DueCents, PaidCents: f.PaidCents, Waived: f.WaivedReason != "",
		Refunded: !f.RefundedAt.IsZero(), Homologated: f.Homologated, AfterPayment: f.Policy == string(fee.AfterPayment),
		Overdue: fee.Overdue(due, o.Now(), o.Rules.Rating.Location())})
}

// FeeOf returns one submission's fee with its state.
func (o *Office) FeeOf(ctx context.Context, submission int64) (*FeeRow, error) {
	f, err := o.Store.FeeOf(ctx, submission)
	if errors.Is(err, store.ErrNoFee) {
		return nil, newError(NotFound, "office.fee.none", submission)
	}
	if err != nil {
		return nil, err
	}
	return &FeeRow{Fee: *f, View: o.feeView(*f)}, nil
}

// Suggestion is a fee a movement without reference may pay, for the
// office to confirm, with why it is suggested.
type Suggestion struct {
	Submission int64    `json:"submission"`
	Reference  string   `json:"reference"`
	Tournament string   `json:"tournament"`
	Organiser  string   `json:"organiser,omitempty"`
	OwedCents  int64    `json:"owed_cents"`
	Why        []string `json:"why"` // amount, code, organiser, tournament
	score      float64
}

// Unmatched is a payment that pays nothing yet, or only part of itself,
// with the fees it may pay.
type Unmatched struct {
	store.Payment
	LeftCents   int64        `json:"left_cents"`
	Suggestions []Suggestion `json:"suggestions"`
}

// PaymentsResult is what a statement's import did.
type PaymentsResult struct {
	File      string          `json:"file"`
	Layout    string          `json:"layout"`
	Movements int             `json:"movements"`
	Added     int             `json:"added"`
	Known     int             `json:"already_known"`
	Debits    int             `json:"debits_passed_over"`
	Matched   []store.Payment `json:"matched"`
	Unmatched []Unmatched     `json:"unmatched"`
}

// PaymentsImport reads a bank statement (plain, CBI or a configured
// layout) and records its credits, each once by its bank fields: a
// movement already imported is passed over, so importing the same
// statement twice adds nothing. A movement whose causale carries
// references pays them (fee.Split); the others stay unmatched, with
// suggestions by amount and name for the office to confirm. A statement
// with a bad line, or a movement dated after today, imports nothing.
func (o *Office) PaymentsImport(ctx context.Context, a Actor, name string, data []byte) (*PaymentsResult, error) {
	if err := o.allow(a, ActPayments); err != nil {
		return nil, err
	}
	var layouts []statement.Layout
	if p := o.Config.Payments; p != nil {
		layouts = p.Layouts
	}
	st, err := statement.Parse(name, data, layouts)
	if err != nil {
		return nil, &Error{Kind: Invalid, Msg: err.Error(), MsgIT: err.Error(), Err: err}
	}
	loc := o.Rules.Rating.Location()
	today := tournament.DateOf(o.Now().In(loc))
	var bad []error
	for _, m := range st.Movements {
		if today.Before(m.Date) {
			bad = append(bad, &statement.Error{File: name, Line: m.Line, Column: "data",
				Msg: fmt.Sprintf("%s is after today (%s): not a movement already credited", italian.DateISO(m.Date.String()), italian.DateISO(today.String()))})
		}
	}
	if len(bad) > 0 {
		err := errors.Join(bad...)
		return nil, &Error{Kind: Invalid, Msg: err.Error(), MsgIT: err.Error(), Err: err}
	}
	fees, err := o.Store.Fees(ctx)
	if err != nil {
		return nil, err
	}
	owed := owedOf(fees)
	res := &PaymentsResult{File: name, Layout: st.Layout, Movements: len(st.Movements), Debits: len(st.Debits)}
	var ps []store.NewPayment
	now := o.Now()
	for _, m := range st.Movements {
		p := store.NewPayment{Payment: store.Payment{BankKey: m.Key, Date: m.Date.String(), ValueDate: valueDate(m.ValueDate),
			Cents: m.Cents, Description: m.Description, Channel: "bank", Source: fmt.Sprintf("%s:%d", name, m.Line),
			RecordedBy: a.User, RecordedAt: now}}
		p.Pays = o.byReference(m.Cents, m.Description, owed, a, now)
		ps = append(ps, p)
	}
	added, err := o.Store.RecordPayments(ctx, ps)
	if err != nil {
		return nil, err
	}
	res.Added, res.Known = len(added), len(ps)-len(added)
	for _, p := range added {
		if p.Allocated() > 0 {
			res.Matched = append(res.Matched, p)
			for _, al := range p.Allocations {
				if err := o.audit(ctx, a, ActPayments, fmt.Sprintf("submission %d", al.SubmissionID),
					say("audit.payment.matched", p.ID, italian.Euro(al.Cents), p.Source)); err != nil {
					return nil, err
				}
			}
		}
	}
	if res.Unmatched, err = o.Unmatched(ctx); err != nil {
		return nil, err
	}
	if err := o.audit(ctx, a, ActPayments, name, say("audit.payments.import", name, st.Layout, res.Movements, res.Added,
		res.Known, len(res.Matched))); err != nil {
		return nil, err
	}
	o.Log.Info("bank statement imported", "file", name, "layout", st.Layout, "movements", res.Movements,
		"added", res.Added, "known", res.Known, "matched", len(res.Matched), "by", a.User)
	return res, nil
}

func valueDate(d tournament.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

// owedOf maps each fee's reference to the fee and what it still owes.
func owedOf(fees []store.Fee) map[string]*store.Fee {
	m := make(map[string]*store.Fee, len(fees))
	for i := range fees {
		m[fees[i].Reference] = &fees[i]
	}
	return m
}

// byReference is what a movement pays by the references in its causale;
// the fees' paid amounts are updated, so that a second movement of the
// same statement sees the first.
func (o *Office) byReference(cents int64, causale string, fees map[string]*store.Fee, a Actor, now time.Time) []store.Allocation {
	parts := fee.Split(cents, fee.FindReferences(causale), func(r string) (int64, bool) {
		f, ok := fees[r]
		if !ok {
			return 0, false
		}
		return f.DueCents - f.PaidCents, true
	})
	var out []store.Allocation
	for _, p := range parts {
		f := fees[p.Reference]
		f.PaidCents += p.Cents
		out = append(out, store.Allocation{SubmissionID: f.SubmissionID, Cents: p.Cents, How: store.ByReference, By: a.User, At: now})
	}
	return out
}

// PaymentEntry is a payment entered by hand: cash at the office, a
// postal order, a transfer seen outside a statement.
type PaymentEntry struct {
	Date        tournament.Date
	Cents       int64
	Description string
	Channel     string // cash, bank, other
	// Submission, when given, is the fee it pays; else the references in
	// the description, else it stays unmatched.
	Submission int64
}

// PaymentAdd records a payment entered by hand.
func (o *Office) PaymentAdd(ctx context.Context, a Actor, e PaymentEntry) (*store.Payment, error) {
	if err := o.allow(a, ActPayments); err != nil {
		return nil, err
	}
	loc := o.Rules.Rating.Location()
	switch {
	case e.Cents <= 0:
		return nil, newError(Invalid, "office.payment.amount", italian.Euro(e.Cents))
	case !e.Date.IsCalendarDay() || tournament.DateOf(o.Now().In(loc)).Before(e.Date):
		return nil, newError(Invalid, "office.payment.date", e.Date.String())
	case !slices.Contains([]string{"cash", "bank", "other"}, e.Channel):
		return nil, newError(Invalid, "office.payment.channel", e.Channel)
	}
	fees, err := o.Store.Fees(ctx)
	if err != nil {
		return nil, err
	}
	now := o.Now()
	sum := sha256.Sum256([]byte(fmt.Sprintf("manual|%s|%d|%s|%s", e.Date, e.Cents, e.Description, now.Format("20060102T150405.000000000"))))
	p := store.NewPayment{Payment: store.Payment{BankKey: "manual-" + hex.EncodeToString(sum[:12]), Date: e.Date.String(),
		Cents: e.Cents, Description: e.Description, Channel: e.Channel, Source: "manual", RecordedBy: a.User, RecordedAt: now}}
	if e.Submission != 0 {
		if _, err := o.Store.FeeOf(ctx, e.Submission); err != nil {
			return nil, newError(NotFound, "office.fee.none", e.Submission)
		}
		p.Pays = []store.Allocation{{SubmissionID: e.Submission, Cents: e.Cents, How: store.Confirmed, By: a.User, At: now}}
	} else {
		p.Pays = o.byReference(e.Cents, e.Description, owedOf(fees), a, now)
	}
	added, err := o.Store.RecordPayments(ctx, []store.NewPayment{p})
	if err != nil || len(added) == 0 {
		return nil, err
	}
	if err := o.audit(ctx, a, ActPayments, fmt.Sprintf("payment %d", added[0].ID),
		say("audit.payment.entered", added[0].ID, italian.Euro(e.Cents), e.Channel, e.Description)); err != nil {
		return nil, err
	}
	return &added[0], nil
}

// PaymentConfirm records that what is left of a payment pays a
// submission's fee: the office's confirmation of a suggestion (or its
// own choice). What exceeds the fee stays with it as a balance.
func (o *Office) PaymentConfirm(ctx context.Context, a Actor, paymentID, submission int64) error {
	if err := o.allow(a, ActPayments); err != nil {
		return err
	}
	ps, err := o.Store.Payments(ctx)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(ps, func(p store.Payment) bool { return p.ID == paymentID })
	if i < 0 {
		return newError(NotFound, "office.payment.none", paymentID)
	}
	left := ps[i].Cents - ps[i].Allocated()
	if left <= 0 {
		return newError(Conflict, "office.payment.spent", paymentID)
	}
	if _, err := o.Store.FeeOf(ctx, submission); err != nil {
		return newError(NotFound, "office.fee.none", submission)
	}
	if err := o.Store.Allocate(ctx, store.Allocation{PaymentID: paymentID, SubmissionID: submission, Cents: left,
		How: store.Confirmed, By: a.User, At: o.Now()}); err != nil {
		return err
	}
	return o.audit(ctx, a, ActPayments, fmt.Sprintf("submission %d", submission),
		say("audit.payment.confirmed", paymentID, italian.Euro(left)))
}

// FeeWaive records an officer's waiver of a submission's fee, with the
// reason: the fee is no longer due and nothing is held for it.
func (o *Office) FeeWaive(ctx context.Context, a Actor, submission int64, reason string) error {
	if err := o.allow(a, ActFee); err != nil {
		return err
	}
	if strings.TrimSpace(reason) == "" {
		return newError(Invalid, "office.fee.reason")
	}
	if err := o.Store.WaiveFee(ctx, submission, reason, a.User, o.Now()); err != nil {
		if errors.Is(err, store.ErrNoFee) {
			return newError(NotFound, "office.fee.none", submission)
		}
		return err
	}
	return o.audit(ctx, a, ActFee, fmt.Sprintf("submission %d", submission), say("audit.fee.waived", reason))
}

// Unmatched returns the payments with something left to allocate, each
// with the fees still owed it may pay: by amount, and by the calendar
// code, the organiser's or the tournament's name in its causale.
func (o *Office) Unmatched(ctx context.Context) ([]Unmatched, error) {
	ps, err := o.Store.Payments(ctx)
	if err != nil {
		return nil, err
	}
	fees, err := o.Store.Fees(ctx)
	if err != nil {
		return nil, err
	}
	out := []Unmatched{}
	for _, p := range ps {
		left := p.Cents - p.Allocated()
		if left <= 0 || len(p.Allocations) > 0 {
			continue // an over-payment is the fee's balance, not unmatched
		}
		u := Unmatched{Payment: p, LeftCents: left, Suggestions: []Suggestion{}}
		for _, f := range fees {
			v := o.feeView(f)
			if v.State != state.FeeDue {
				continue
			}
			if s, ok := suggest(p.Description, left, f, v.OwedCents); ok {
				u.Suggestions = append(u.Suggestions, s)
			}
		}
		sort.SliceStable(u.Suggestions, func(i, j int) bool { return u.Suggestions[i].score > u.Suggestions[j].score })
		if len(u.Suggestions) > 3 {
			u.Suggestions = u.Suggestions[:3]
		}
		out = append(out, u)
	}
	return out, nil
}

// suggest scores a fee against a movement: the amount owed, the calendar
// code, and the share of the organiser's and the tournament's telling
// words in the causale (one name normaliser: registers.Fold).
func suggest(causale string, cents int64, f store.Fee, owed int64) (Suggestion, bool) {
	desc := " " + registers.Fold(causale) + " "
	s := Suggestion{Submission: f.SubmissionID, Reference: f.Reference, Tournament: f.Tournament, Organiser: f.Organiser, OwedCents: owed}
	if cents == owed || cents == f.DueCents {
		s.score += 2
		s.Why = append(s.Why, "amount")
	}
	squash := func(x string) string { return strings.ReplaceAll(registers.Fold(x), " ", "") }
	if f.CalendarCode != "" && strings.Contains(squash(causale), squash(f.CalendarCode)) {
		s.score += 3
		s.Why = append(s.Why, "code")
	}
	share := func(name string) float64 {
		var n, hit int
		for _, w := range strings.Fields(registers.Fold(name)) {
			if len(w) < 4 || registers.ClubStopWord(w) {
				continue
			}
			n++
			if strings.Contains(desc, " "+w+" ") {
				hit++
			}
		}
		if n == 0 {
			return 0
		}
		return float64(hit) / float64(n)
	}
	if x := share(f.Organiser); x >= 0.5 {
		s.score += 2 * x
		s.Why = append(s.Why, "organiser")
	}
	if x := share(f.Tournament); x >= 0.5 {
		s.score += x
		s.Why = append(s.Why, "tournament")
	}
	return s, s.score >= 2 && len(s.Why) >= 2 || slices.Contains(s.Why, "code")
}
