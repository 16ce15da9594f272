package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"
)

// The kinds of the office's decisions about a player of a file.
const (
	// DecisionWithdrawal is the office's reading of a last-round forfeit
	// (RTF 7.5.2–7.5.3): Value is WithdrawalJustified or
	// WithdrawalUnjustified.
	DecisionWithdrawal = "withdrawal"
	// DecisionTheoretical is the chief arbiter's theoretical rating
	// (RTF 4.2.7, RAPID 6.8): Value is the rating, a whole number.
	DecisionTheoretical = "theoretical"
)

// The values of a DecisionWithdrawal.
const (
	WithdrawalJustified   = "justified"
	WithdrawalUnjustified = "unjustified"
)

// Decision is one decision of the office about a player of a file, with
// who took it and when.
type Decision struct {
	FileID int64     `json:"file_id"`
	Start  int       `json:"start"`
	Kind   string    `json:"kind"`
	Value  string    `json:"value"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
}

// Rating is the theoretical rating of a DecisionTheoretical, 0 for any
// other decision or a value that is not a number.
func (d Decision) Rating() int {
	if d.Kind != DecisionTheoretical {
		return 0
	}
	r, _ := strconv.Atoi(d.Value)
	return r
}

// Decide records the office's decisions about the players of a file, in
// one transaction: first the players in clear lose every decision, then
// each decision replaces any earlier one for the same player and kind.
// The caller checks that the players and values make sense; the store
// refuses only an unknown file or kind.
func (s *Store) Decide(ctx context.Context, fileID int64, decisions []Decision, clear []int, by string, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM files WHERE id = ?`, fileID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("no such file")
		}
		for _, start := range clear {
			if _, err := tx.ExecContext(ctx, `DELETE FROM office_decisions WHERE file_id = ? AND start = ?`, fileID, start); err != nil {
				return err
			}
		}
		for _, d := range decisions {
			if d.Kind != DecisionWithdrawal && d.Kind != DecisionTheoretical {
				return fmt.Errorf("player %d: unknown kind of decision %q", d.Start, d.Kind)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO office_decisions (file_id, start, kind, value, decided_by, decided_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (file_id, start, kind) DO UPDATE SET value = excluded.value,
				decided_by = excluded.decided_by, decided_at = excluded.decided_at`,
				fileID, d.Start, d.Kind, d.Value, by, ts(now)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: decisions about file %d: %w", fileID, err)
	}
	return nil
}

// Decisions returns the office's decisions about the players of a file,
// by starting number and kind.
func (s *Store) Decisions(ctx context.Context, fileID int64) ([]Decision, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT start, kind, value, decided_by, decided_at FROM office_decisions
		WHERE file_id = ? ORDER BY start, kind`, fileID)
	if err != nil {
		return nil, fmt.Errorf("store: decisions about file %d: %w", fileID, err)
	}
	defer rows.Close()
	var out []Decision
	for rows.Next() {
		d := Decision{FileID: fileID}
		var at string
		if err := rows.Scan(&d.Start, &d.Kind, &d.Value, &d.By, &at); err != nil {
			return nil, fmt.Errorf("store: decisions about file %d: %w", fileID, err)
		}
		d.At = parseTS(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: decisions about file %d: %w", fileID, err)
	}
	return out, nil
}
