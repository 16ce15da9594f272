package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/failure"
	"omologa/internal/platform/italian"
)

// StateDiscarded is a quarantined submission the office closed without
// an answer (omologa release --drop). It stays in the store.
const StateDiscarded = "discarded"

// The office's decisions about a quarantined submission.
const (
	OfficeReleased  = "released"  // to be judged and answered as if the sender were allowed
	OfficeDiscarded = "discarded" // closed without a notice
)

// Office is what the office decided about a quarantined submission, by
// whom and when.
type Office struct {
	Action string    `json:"action"` // OfficeReleased or OfficeDiscarded
	By     string    `json:"by"`
	At     time.Time `json:"at"`
}

// StateError says a submission is not in the state an operation needs.
type StateError struct {
	ID    int64
	State string // the state it is in
	Want  string // the state the operation needs
}

// FailureKind is failure.Refused: the act does not apply to the state.
func (e *StateError) FailureKind() failure.Kind { return failure.Refused }

func (e *StateError) Error() string {
	return fmt.Sprintf("submission %d is %s, not %s", e.ID, e.State, e.Want)
}

// ErrNoSubmission is returned for an id that names no submission.
var ErrNoSubmission = failure.New(failure.NotFound, "no such submission")

// noSubmission is ErrNoSubmission naming the id: "no submission 999".
type noSubmission int64

func (e noSubmission) Error() string             { return fmt.Sprintf("no submission %d", int64(e)) }
func (e noSubmission) Is(target error) bool      { return target == ErrNoSubmission }
func (e noSubmission) FailureKind() failure.Kind { return failure.NotFound }

// Release puts a quarantined submission back in the received state, so
// that the next pass judges and answers it, recording who released it
// and when. A submission in any other state is a *StateError.
func (s *Store) Release(ctx context.Context, id int64, by string, now time.Time) error {
	return s.officeDecides(ctx, id, OfficeReleased, StateReceived, by, now,
		catalogue.IT.T("note.released", by, noteTime(now)))
}

// Discard closes a quarantined submission as discarded by the office,
// without a notice; the submission and its files stay in the store. A
// submission in any other state is a *StateError.
func (s *Store) Discard(ctx context.Context, id int64, by string, now time.Time) error {
	return s.officeDecides(ctx, id, OfficeDiscarded, StateDiscarded, by, now,
		catalogue.IT.T("note.discarded", by, noteTime(now)))
}

func (s *Store) officeDecides(ctx context.Context, id int64, action, state, by string, now time.Time, note string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var cur string
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT state FROM submissions WHERE id = ?`, id), ErrNoSubmission, &cur); err != nil {
			return err
		}
		if cur != StateQuarantined {
			return &StateError{ID: id, State: cur, Want: StateQuarantined}
		}
		// The quarantine note (why) is kept ahead of the decision.
		_, err := tx.ExecContext(ctx, `UPDATE submissions SET state = ?, office_action = ?, office_by = ?, office_at = ?,
			note = CASE WHEN note = '' THEN ? ELSE note || '; ' || ? END WHERE id = ? AND state = ?`,
			state, action, by, ts(now), note, note, id, StateQuarantined)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: %s submission %d: %w", action, id, err)
	}
	return nil
}

// noteTime writes when the office acted, as the office reads it: in the
// office's time zone, which the caller gives as now's location (the
// rules' time_zone), dd/mm/yyyy hh:mm.
func noteTime(t time.Time) string { return italian.DateTime(t, t.Location()) }

func officeOf(action, by string, at sql.NullString) *Office {
	if action == "" {
		return nil
	}
	o := &Office{Action: action, By: by}
	if at.Valid {
		o.At = parseTS(at.String)
	}
	return o
}
