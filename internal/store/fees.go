package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Fee is what a submission owes for its homologation (issue 33), with
// what was paid of it (the sum of its allocations) and the office's
// decisions.
type Fee struct {
	SubmissionID int64  `json:"submission"`
	Reference    string `json:"reference"`
	DueCents     int64  `json:"due_cents"`
	Schedule     string `json:"schedule,omitempty"`
	Article      string `json:"article,omitempty"`
	Policy       string `json:"policy,omitempty"`
	DueBy        string `json:"due_by,omitempty"` // YYYY-MM-DD
	ExemptBy     string `json:"exempt_by,omitempty"`
	// Homologated: a file of the submission was accepted (it counts, or
	// waits for the fee); false for a rejected one.
	Homologated  bool      `json:"homologated"`
	Organiser    string    `json:"organiser,omitempty"`
	Tournament   string    `json:"tournament,omitempty"`
	CalendarCode string    `json:"calendar_code,omitempty"`
	Province     string    `json:"province,omitempty"`
	WaivedReason string    `json:"waived_reason,omitempty"`
	WaivedBy     string    `json:"waived_by,omitempty"`
	RefundedAt   time.Time `json:"refunded_at,omitzero"`
	RefundedBy   string    `json:"refunded_by,omitempty"`
	Reminders    int       `json:"reminders"`
	RemindedAt   time.Time `json:"reminded_at,omitzero"`
	ReceivedAt   time.Time `json:"received_at"`
	PaidCents    int64     `json:"paid_cents"`
}

// SetFee records what a submission owes, as its judgement computed it:
// a new judgement changes the amount and the term and keeps the
// payments, the waiver, the refund and the reminders.
func (s *Store) SetFee(ctx context.Context, f Fee, now time.Time) error {
	return setFee(ctx, s.db, f, now)
}

func setFee(ctx context.Context, db interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, f Fee, now time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO fees (submission_id, reference, due_cents, schedule, article, policy,
		due_by, exempt_by, homologated, organiser, tournament, calendar_code, province, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (submission_id) DO UPDATE SET due_cents = excluded.due_cents, schedule = excluded.schedule,
			article = excluded.article, policy = excluded.policy, due_by = excluded.due_by,
			exempt_by = excluded.exempt_by, homologated = excluded.homologated, organiser = excluded.organiser,
			tournament = excluded.tournament, calendar_code = excluded.calendar_code, province = excluded.province,
			updated_at = excluded.updated_at`,
		f.SubmissionID, f.Reference, f.DueCents, f.Schedule, f.Article, f.Policy, f.DueBy, f.ExemptBy,
		f.Homologated, f.Organiser, f.Tournament, f.CalendarCode, f.Province, ts(now))
	if err != nil {
		return fmt.Errorf("store: fee of submission %d: %w", f.SubmissionID, err)
	}
	return nil
}

const feeColumns = `f.submission_id, f.reference, f.due_cents, f.schedule, f.article, f.policy, f.due_by, f.exempt_by,
	f.homologated, f.organiser, f.tournament, f.calendar_code, f.province, f.waived_reason, f.waived_by,
	f.refunded_at, f.refunded_by, f.reminders, f.reminded_at, s.received_at,
	coalesce((SELECT sum(a.cents) FROM payment_allocations a WHERE a.submission_id = f.submission_id), 0)
	FROM fees f JOIN submissions s ON s.id = f.submission_id`

func scanFee(rows interface{ Scan(...any) error }, f *Fee) error {
	var refunded, reminded string
	if err := rows.Scan(&f.SubmissionID, &f.Reference, &f.DueCents, &f.Schedule, &f.Article, &f.Policy, &f.DueBy,
		&f.ExemptBy, &f.Homologated, &f.Organiser, &f.Tournament, &f.CalendarCode, &f.Province, &f.WaivedReason,
		&f.WaivedBy, &refunded, &f.RefundedBy, &f.Reminders, &reminded, stamp(&f.ReceivedAt), &f.PaidCents); err != nil {
		return err
	}
	if refunded != "" {
		f.RefundedAt = parseTS(refunded)
	}
	if reminded != "" {
		f.RemindedAt = parseTS(reminded)
	}
	return nil
}

// ErrNoFee is returned for a submission, or a reference, with no fee
// recorded.
var ErrNoFee = errors.New("no fee recorded")

// FeeOf returns the fee of a submission, ErrNoFee when none is recorded.
func (s *Store) FeeOf(ctx context.Context, submissionID int64) (*Fee, error) {
	var f Fee
	err := scanFee(s.db.QueryRowContext(ctx, `SELECT `+feeColumns+` WHERE f.submission_id = ?`, submissionID), &f)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoFee
	}
	if err != nil {
		return nil, fmt.Errorf("store: fee of submission %d: %w", submissionID, err)
	}
	return &f, nil
}

// Fees returns every recorded fee, newest submission first.
func (s *Store) Fees(ctx context.Context) ([]Fee, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, f *Fee) error { return scanFee(rows, f) },
		`SELECT `+feeColumns+` ORDER BY f.submission_id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: fees: %w", err)
	}
	return orEmpty(out), nil
}

// WaiveFee records an officer's waiver of a fee, with the reason.
func (s *Store) WaiveFee(ctx context.Context, submissionID int64, reason, by string, now time.Time) error {
	return s.feeUpdate(ctx, submissionID, `UPDATE fees SET waived_reason = ?, waived_by = ?, updated_at = ? WHERE submission_id = ?`,
		reason, by, ts(now), submissionID)
}

// RefundFee records that what was paid of a fee was given back.
func (s *Store) RefundFee(ctx context.Context, submissionID int64, by string, now time.Time) error {
	return s.feeUpdate(ctx, submissionID, `UPDATE fees SET refunded_at = ?, refunded_by = ?, updated_at = ? WHERE submission_id = ?`,
		ts(now), by, ts(now), submissionID)
}

// Reminded counts a reminder sent for a fee.
func (s *Store) Reminded(ctx context.Context, submissionID int64, now time.Time) error {
	return s.feeUpdate(ctx, submissionID, `UPDATE fees SET reminders = reminders + 1, reminded_at = ?, updated_at = ? WHERE submission_id = ?`,
		ts(now), ts(now), submissionID)
}

func (s *Store) feeUpdate(ctx context.Context, id int64, q string, args ...any) error {
	res, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("store: fee of submission %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoFee
	}
	return nil
}

// Payment is one movement received: a credit of a bank statement or an
// entry made by hand (cash, other channels), with what it pays.
type Payment struct {
	ID          int64        `json:"id"`
	BankKey     string       `json:"-"`
	Date        string       `json:"date"` // YYYY-MM-DD
	ValueDate   string       `json:"value_date,omitempty"`
	Cents       int64        `json:"cents"`
	Description string       `json:"description"`
	Channel     string       `json:"channel"` // bank, cash, other
	Source      string       `json:"source,omitempty"`
	RecordedBy  string       `json:"recorded_by,omitempty"`
	RecordedAt  time.Time    `json:"recorded_at"`
	Allocations []Allocation `json:"allocations,omitempty"`
}

// Allocated is what the payment pays of fees, in cents.
func (p Payment) Allocated() int64 {
	var n int64
	for _, a := range p.Allocations {
		n += a.Cents
	}
	return n
}

// Allocation is the part of a payment that pays a submission's fee.
type Allocation struct {
	PaymentID    int64     `json:"payment"`
	SubmissionID int64     `json:"submission"`
	Cents        int64     `json:"cents"`
	How          string    `json:"how"` // reference, confirmed
	By           string    `json:"by,omitempty"`
	At           time.Time `json:"at"`
}

// The ways a payment is matched to a fee.
const (
	ByReference = "reference" // the reference in the causale
	Confirmed   = "confirmed" // the office confirmed a suggestion, or chose the fee
)

// NewPayment is a payment to record with what it pays (PaymentID is
// filled by RecordPayments).
type NewPayment struct {
	Payment
	Pays []Allocation
}

// RecordPayments records payments and their allocations in one
// transaction and returns those added: a payment whose bank key is
// already recorded is passed over with its allocations, so that the same
// statement imported twice adds nothing.
func (s *Store) RecordPayments(ctx context.Context, ps []NewPayment) ([]Payment, error) {
	var added []Payment
	err := s.tx(ctx, func(tx *sql.Tx) error {
		added = nil
		for _, p := range ps {
			res, err := tx.ExecContext(ctx, `INSERT INTO payments (bank_key, date, value_date, cents, description, channel,
				source, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (bank_key) DO NOTHING`,
				p.BankKey, p.Date, p.ValueDate, p.Cents, p.Description, p.Channel, p.Source, p.RecordedBy, ts(p.RecordedAt))
			if err != nil {
				return fmt.Errorf("payment of %s: %w", p.Date, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
			id, err := res.LastInsertId()
			if err != nil {
				return err
			}
			p.ID = id
			for _, a := range p.Pays {
				a.PaymentID = id
				if err := allocate(ctx, tx, a); err != nil {
					return err
				}
				p.Allocations = append(p.Allocations, a)
			}
			added = append(added, p.Payment)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: record payments: %w", err)
	}
	return added, nil
}

func allocate(ctx context.Context, tx *sql.Tx, a Allocation) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payment_allocations (payment_id, submission_id, cents, how, by_user, at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (payment_id, submission_id) DO UPDATE SET cents = cents + excluded.cents`,
		a.PaymentID, a.SubmissionID, a.Cents, a.How, a.By, ts(a.At))
	if err != nil {
		return fmt.Errorf("payment %d to submission %d: %w", a.PaymentID, a.SubmissionID, err)
	}
	return nil
}

// Allocate records that part of a recorded payment pays a fee (the
// office's confirmation of a suggestion).
func (s *Store) Allocate(ctx context.Context, a Allocation) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return allocate(ctx, tx, a) })
}

// ErrNoPayment is returned for a payment id not recorded.
var ErrNoPayment = errors.New("no such payment")

// Payments returns every recorded payment with its allocations, newest
// first.
func (s *Store) Payments(ctx context.Context) ([]Payment, error) {
	ps, err := queryAll(ctx, s.db, func(rows *sql.Rows, p *Payment) error {
		return rows.Scan(&p.ID, &p.BankKey, &p.Date, &p.ValueDate, &p.Cents, &p.Description, &p.Channel, &p.Source,
			&p.RecordedBy, stamp(&p.RecordedAt))
	}, `SELECT id, bank_key, date, value_date, cents, description, channel, source, recorded_by, recorded_at
		FROM payments ORDER BY date DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: payments: %w", err)
	}
	as, err := queryAll(ctx, s.db, func(rows *sql.Rows, a *Allocation) error {
		return rows.Scan(&a.PaymentID, &a.SubmissionID, &a.Cents, &a.How, &a.By, stamp(&a.At))
	}, `SELECT payment_id, submission_id, cents, how, by_user, at FROM payment_allocations ORDER BY payment_id, submission_id`)
	if err != nil {
		return nil, fmt.Errorf("store: allocations: %w", err)
	}
	at := map[int64]int{}
	for i := range ps {
		at[ps[i].ID] = i
	}
	for _, a := range as {
		if i, ok := at[a.PaymentID]; ok {
			ps[i].Allocations = append(ps[i].Allocations, a)
		}
	}
	return orEmpty(ps), nil
}

// feeHeldSQL is true when the tournament whose key is the expression key
// waits for its homologation fee: a submission of one of its files owes
// a fee under the after-payment policy (RTF 6.2.2), not paid in full,
// waived or refunded. The state model (stateSQL), the lists
// (homologated) and the held files read it, so that every surface holds
// the same files.
func feeHeldSQL(key string) string {
	return `EXISTS (SELECT 1 FROM fees fe WHERE fe.policy = 'after-payment' AND fe.homologated = 1
		AND fe.waived_reason = '' AND fe.refunded_at = ''
		AND fe.submission_id IN (SELECT ff.submission_id FROM files ff JOIN verdicts vv ON vv.file_id = ff.id WHERE vv.tournament_key = ` + key + `)
		AND fe.due_cents > coalesce((SELECT sum(a.cents) FROM payment_allocations a WHERE a.submission_id = fe.submission_id), 0))`
}
