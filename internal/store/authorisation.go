package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/homologation/validate"
)

// SetAuthorisationWord records the office's word on a file whose
// authorisation the calendar left uncertain (issue 30): the event it
// confirmed, or that the tournament is not authorised. A later word
// replaces an earlier one.
func (s *Store) SetAuthorisationWord(ctx context.Context, fileID int64, w validate.OfficeAuthorisation, by, reason string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO authorisation_words (file_id, code, refused, by_user, reason, decided_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (file_id) DO UPDATE SET code = excluded.code, refused = excluded.refused,
		by_user = excluded.by_user, reason = excluded.reason, decided_at = excluded.decided_at`,
		fileID, w.Code, w.Refused, by, reason, ts(at))
	if err != nil {
		return fmt.Errorf("store: authorisation of file %d: %w", fileID, err)
	}
	return nil
}

// AuthorisationWord returns the office's word on a file's authorisation,
// nil when it gave none.
func (s *Store) AuthorisationWord(ctx context.Context, fileID int64) (*validate.OfficeAuthorisation, error) {
	var w validate.OfficeAuthorisation
	err := s.db.QueryRowContext(ctx, `SELECT code, refused FROM authorisation_words WHERE file_id = ?`, fileID).Scan(&w.Code, &w.Refused)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: authorisation of file %d: %w", fileID, err)
	}
	return &w, nil
}

// AuthorisationHeld is a file held for its authorisation (verdict held,
// issue 30), for the work queue.
type AuthorisationHeld struct {
	FileID       int64    `json:"file_id"`
	SubmissionID int64    `json:"submission_id"`
	Number       string   `json:"number"`
	Name         string   `json:"name"`
	Tournament   string   `json:"tournament"`
	Kind         fsi.Kind `json:"kind"`
	// Candidates are the calendar events the judgement listed.
	Candidates []validate.Candidate `json:"candidates,omitempty"`
}

// AuthorisationsHeld returns the files held for their authorisation and
// not superseded since, oldest first.
func (s *Store) AuthorisationsHeld(ctx context.Context) ([]AuthorisationHeld, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, h *AuthorisationHeld) error {
		var seq int
		var report string
		if err := rows.Scan(&h.FileID, &h.SubmissionID, &seq, &h.Name, &h.Kind, &report); err != nil {
			return err
		}
		h.Number = state.Number(h.SubmissionID, seq)
		var rep struct {
			Summary struct {
				Name string `json:"name"`
			} `json:"tournament"`
			Candidates []validate.Candidate `json:"candidates"`
		}
		if json.Unmarshal([]byte(report), &rep) == nil {
			h.Tournament, h.Candidates = rep.Summary.Name, rep.Candidates
		}
		if h.Tournament == "" {
			h.Tournament = h.Name
		}
		return nil
	}, `SELECT f.id, f.submission_id, f.seq, f.name, v.kind, v.report
		FROM verdicts v JOIN files f ON f.id = v.file_id
		WHERE v.verdict = ? AND v.superseded_by IS NULL ORDER BY f.id`, state.HeldVerdict)
}
