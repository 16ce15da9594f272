package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"omologa/internal/platform/failure"
)

// RegisterVersion is one imported version of a register.
type RegisterVersion struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind"`
	Name       string    `json:"name"`
	Rows       int       `json:"rows"`
	ImportedAt time.Time `json:"imported_at"`
	ImportedBy string    `json:"imported_by,omitempty"`
	UndoneAt   time.Time `json:"undone_at,omitzero"`
	UndoneBy   string    `json:"undone_by,omitempty"`
	InForce    bool      `json:"in_force"`
}

// ErrNothingToUndo is returned by UndoRegister when no import of the
// kind is left to undo.
var ErrNothingToUndo = failure.New(failure.Refused, "no import to undo")

// ImportRegister stores a register version and makes it the one in
// force, keeping the earlier versions. An import made before versions
// were kept becomes the first version.
func (s *Store) ImportRegister(ctx context.Context, kind, name string, data []byte, rows int, by string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM register_versions WHERE kind = ?`, kind).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO register_versions (kind, name, data, rows, imported_at)
				SELECT kind, name, data, rows, imported_at FROM registers WHERE kind = ?`, kind); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO register_versions (kind, name, data, rows, imported_at, imported_by)
			VALUES (?, ?, ?, ?, ?, ?)`, kind, name, data, rows, ts(now), by); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO registers (kind, name, data, rows, imported_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (kind) DO UPDATE SET name = excluded.name, data = excluded.data, rows = excluded.rows,
			imported_at = excluded.imported_at`, kind, name, data, rows, ts(now))
		return err
	})
}

// UndoRegister undoes the latest import of a register still in force:
// the version before it is in force again, or, when there is none, the
// configured file. It returns the version undone.
func (s *Store) UndoRegister(ctx context.Context, kind, by string, now time.Time) (*RegisterVersion, error) {
	var undone RegisterVersion
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT id, name, rows FROM register_versions WHERE kind = ? AND undone_at IS NULL
			ORDER BY id DESC LIMIT 1`, kind), ErrNothingToUndo, &undone.ID, &undone.Name, &undone.Rows); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE register_versions SET undone_at = ?, undone_by = ? WHERE id = ?`, ts(now), by, undone.ID); err != nil {
			return err
		}
		// The latest version not undone is in force again; with none
		// left, the register goes.
		const prev = `SELECT max(id) FROM register_versions WHERE kind = ? AND undone_at IS NULL`
		if _, err := tx.ExecContext(ctx, `DELETE FROM registers WHERE kind = ? AND (`+prev+`) IS NULL`, kind, kind); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO registers (kind, name, data, rows, imported_at)
			SELECT kind, name, data, rows, ? FROM register_versions WHERE id = (`+prev+`)
			ON CONFLICT (kind) DO UPDATE SET name = excluded.name, data = excluded.data, rows = excluded.rows,
			imported_at = excluded.imported_at`, ts(now), kind)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: undo %s import: %w", kind, err)
	}
	undone.Kind = kind
	return &undone, nil
}

// RegisterHistory lists the imported versions of a register (all kinds
// when kind is ""), newest first.
func (s *Store) RegisterHistory(ctx context.Context, kind string) ([]RegisterVersion, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, v *RegisterVersion) error {
		return rows.Scan(&v.ID, &v.Kind, &v.Name, &v.Rows, stamp(&v.ImportedAt), &v.ImportedBy, stamp(&v.UndoneAt), &v.UndoneBy, &v.InForce)
	}, `SELECT id, kind, name, rows, imported_at, imported_by, undone_at, undone_by,
		id = (SELECT max(id) FROM register_versions w WHERE w.kind = v.kind AND w.undone_at IS NULL)
		FROM register_versions v WHERE ? = '' OR kind = ? ORDER BY id DESC`, kind, kind)
	return orEmpty(out), err
}

// RegistersStamp changes whenever a register is imported or an import
// undone: a running daemon compares it to know when to read them again.
func (s *Store) RegistersStamp(ctx context.Context) (string, error) {
	var stamp string
	err := s.db.QueryRowContext(ctx, `SELECT coalesce((SELECT group_concat(kind || '@' || imported_at, ';') FROM
		(SELECT kind, imported_at FROM registers ORDER BY kind)), '') || '/' ||
		(SELECT count(*) FROM register_versions WHERE undone_at IS NOT NULL)`).Scan(&stamp)
	return stamp, err
}
