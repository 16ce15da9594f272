package store

import (
	"context"
	"database/sql"
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
