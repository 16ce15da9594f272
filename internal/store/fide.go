package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// Forwarding is one tournament forwarded to FIDE (omologa fide export).
type Forwarding struct {
	ID            int64     `json:"id"`
	FileID        int64     `json:"file_id"`
	TournamentKey string    `json:"-"`
	Period        string    `json:"period"` // the FIDE list, "2027-01"
	Name          string    `json:"name"`   // the TRF file written
	Data          []byte    `json:"-"`
	By            string    `json:"by"`
	At            time.Time `json:"at"`
}

// RecordForwarding records that a file was forwarded to FIDE.
func (s *Store) RecordForwarding(ctx context.Context, f *Forwarding, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO fide_forwardings (file_id, tournament_key, period, name, data,
		forwarded_by, forwarded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		f.FileID, f.TournamentKey, f.Period, f.Name, nonNil(f.Data), f.By, ts(now))
	if err != nil {
		return 0, fmt.Errorf("store: record FIDE forwarding of file %d: %w", f.FileID, err)
	}
	return res.LastInsertId()
}

// LastForwarding returns the latest forwarding of a file or, when
// tournamentKey is not empty, of any file of that tournament (an earlier
// file superseded by a correction was the same tournament).
func (s *Store) LastForwarding(ctx context.Context, fileID int64, tournamentKey string) (*Forwarding, bool, error) {
	f := &Forwarding{}
	var at string
	err := s.db.QueryRowContext(ctx, `SELECT id, file_id, tournament_key, period, name, forwarded_by, forwarded_at
		FROM fide_forwardings WHERE file_id = ? OR (? <> '' AND tournament_key = ?) ORDER BY id DESC LIMIT 1`,
		fileID, tournamentKey, tournamentKey).Scan(&f.ID, &f.FileID, &f.TournamentKey, &f.Period, &f.Name, &f.By, &at)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: FIDE forwarding of file %d: %w", fileID, err)
	}
	f.At = parseTS(at)
	return f, true, nil
}

// ForwardingRow is one forwarding as the office's FIDE page lists it.
type ForwardingRow struct {
	Forwarding
	SubmissionID int64
	Tournament   string // the tournament's name, the file's when none was read
}

// Forwardings lists the forwardings to a FIDE list (all lists when
// period is ""), latest first.
func (s *Store) Forwardings(ctx context.Context, period string) ([]ForwardingRow, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *ForwardingRow) error {
		var at string
		if err := rows.Scan(&r.ID, &r.FileID, &r.TournamentKey, &r.Period, &r.Name, &r.By, &at, &r.SubmissionID,
			&r.Tournament); err != nil {
			return err
		}
		r.At = parseTS(at)
		return nil
	}, `SELECT w.id, w.file_id, w.tournament_key, w.period, w.name, w.forwarded_by,
		w.forwarded_at, f.submission_id, coalesce(t.name, f.name)
		FROM fide_forwardings w JOIN files f ON f.id = w.file_id LEFT JOIN tournaments t ON t.key = w.tournament_key
		WHERE ? = '' OR w.period = ? ORDER BY w.id DESC`, period, period)
	if err != nil {
		return nil, fmt.Errorf("store: FIDE forwardings: %w", err)
	}
	return out, nil
}

// ForwardingPeriods lists the FIDE lists something was forwarded to,
// newest first.
func (s *Store) ForwardingPeriods(ctx context.Context) ([]string, error) {
	out, err := s.texts(ctx, `SELECT DISTINCT period FROM fide_forwardings ORDER BY period DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: FIDE lists: %w", err)
	}
	return out, nil
}

// ForwardingData returns the TRF of a forwarding as it was sent; ok is
// false when there is no such forwarding.
func (s *Store) ForwardingData(ctx context.Context, id int64) (name string, data []byte, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT name, data FROM fide_forwardings WHERE id = ?`, id).Scan(&name, &data)
	if err == sql.ErrNoRows {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, fmt.Errorf("store: FIDE forwarding %d: %w", id, err)
	}
	return name, data, true, nil
}

// FideHold is a tournament an export held back (fide export): the
// problems FIDE would raise and the players waiting for a FIDE id, as
// JSON the export wrote (the store does not read them).
type FideHold struct {
	ID            int64           `json:"id"`
	FileID        int64           `json:"file_id"`
	Period        string          `json:"period"`
	Tournament    string          `json:"tournament"` // its name, as the export read it
	Findings      json.RawMessage `json:"findings"`
	Registrations json.RawMessage `json:"registrations"`
	By            string          `json:"by"`
	At            time.Time       `json:"at"`
}

// RecordFideHold records that an export held a file back.
func (s *Store) RecordFideHold(ctx context.Context, h *FideHold, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO fide_holds (file_id, period, tournament, findings, registrations, held_by, held_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, h.FileID, h.Period, h.Tournament, jsonOr(h.Findings, "[]"), jsonOr(h.Registrations, "[]"), h.By, ts(now))
	if err != nil {
		return fmt.Errorf("store: record FIDE hold of file %d: %w", h.FileID, err)
	}
	return nil
}

func jsonOr(b json.RawMessage, empty string) string {
	if len(b) == 0 || string(b) == "null" {
		return empty
	}
	return string(b)
}

// FideHoldRow is a held tournament as the FIDE page lists it.
type FideHoldRow struct {
	FideHold
	SubmissionID int64
}

// FideHolds lists the tournaments held back from a FIDE list (all lists
// when period is "") and not forwarded since: each file's latest hold,
// latest first.
func (s *Store) FideHolds(ctx context.Context, period string) ([]FideHoldRow, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *FideHoldRow) error {
		var at, findings, regs string
		if err := rows.Scan(&r.ID, &r.FileID, &r.Period, &r.Tournament, &findings, &regs, &r.By, &at, &r.SubmissionID); err != nil {
			return err
		}
		r.Findings, r.Registrations, r.At = json.RawMessage(findings), json.RawMessage(regs), parseTS(at)
		return nil
	}, `SELECT h.id, h.file_id, h.period, CASE WHEN h.tournament <> '' THEN h.tournament ELSE f.name END,
		h.findings, h.registrations, h.held_by, h.held_at, f.submission_id
		FROM fide_holds h JOIN files f ON f.id = h.file_id
		WHERE (? = '' OR h.period = ?)
		AND h.id = (SELECT max(h2.id) FROM fide_holds h2 WHERE h2.file_id = h.file_id)
		AND NOT EXISTS (SELECT 1 FROM fide_forwardings w WHERE w.file_id = h.file_id AND w.forwarded_at >= h.held_at)
		ORDER BY h.id DESC`, period, period)
	if err != nil {
		return nil, fmt.Errorf("store: FIDE holds: %w", err)
	}
	return out, nil
}
