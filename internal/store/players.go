package store

import (
	"context"
	"database/sql"
	"fmt"

	"omologa/internal/fsi"
)

// PlayerPoint is a player's rating in one closed list.
type PlayerPoint struct {
	FSIID  string
	Kind   fsi.Kind // the list's, filled when read
	Period string   // the list's, filled when read
	Rating int
	Cat    string
}

// PlayerMilestone is a milestone of a player a list ratified, as JSON
// (the office's type).
type PlayerMilestone struct {
	FSIID string
	Data  []byte
}

// IndexedLists maps each list whose players are in the history to the
// stamp it had when read (ListStamps).
func (s *Store) IndexedLists(ctx context.Context) (map[int64]string, error) {
	return s.idStrings(ctx, "indexed lists", `SELECT list_id, stamp FROM player_index_lists`)
}

// IndexList records a list's players' points and milestones (replacing
// what was recorded for that list id) under the list's stamp, in one
// transaction.
func (s *Store) IndexList(ctx context.Context, listID int64, stamp string, points []PlayerPoint, ms []PlayerMilestone) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := unindex(ctx, tx, listID); err != nil {
			return err
		}
		ins, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO player_points (fsi_id, list_id, rating, cat) VALUES (?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		for _, p := range points {
			if _, err := ins.ExecContext(ctx, p.FSIID, listID, p.Rating, p.Cat); err != nil {
				return err
			}
		}
		for i, m := range ms {
			if _, err := tx.ExecContext(ctx, `INSERT INTO player_milestones (fsi_id, list_id, seq, data) VALUES (?, ?, ?, ?)`,
				m.FSIID, listID, i, string(m.Data)); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO player_index_lists (list_id, stamp) VALUES (?, ?)`, listID, stamp)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: index list %d: %w", listID, err)
	}
	return nil
}

// UnindexList forgets a list's players (a list closed again, or gone).
func (s *Store) UnindexList(ctx context.Context, listID int64) error {
	if err := s.tx(ctx, func(tx *sql.Tx) error { return unindex(ctx, tx, listID) }); err != nil {
		return fmt.Errorf("store: unindex list %d: %w", listID, err)
	}
	return nil
}

func unindex(ctx context.Context, tx *sql.Tx, listID int64) error {
	for _, q := range []string{`DELETE FROM player_points WHERE list_id = ?`, `DELETE FROM player_milestones WHERE list_id = ?`,
		`DELETE FROM player_index_lists WHERE list_id = ?`} {
		if _, err := tx.ExecContext(ctx, q, listID); err != nil {
			return err
		}
	}
	return nil
}

// PlayerHistory returns a player's rating in each closed list, oldest
// period first.
func (s *Store) PlayerHistory(ctx context.Context, fsiID string) ([]PlayerPoint, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, p *PlayerPoint) error {
		p.FSIID = fsiID
		return rows.Scan(&p.Kind, &p.Period, &p.Rating, &p.Cat)
	}, `SELECT l.kind, l.period, p.rating, p.cat FROM player_points p JOIN rating_lists l ON l.id = p.list_id
		WHERE p.fsi_id = ? ORDER BY l.period, l.kind`, fsiID)
	if err != nil {
		return nil, fmt.Errorf("store: history of %s: %w", fsiID, err)
	}
	return out, nil
}

// PlayerMilestones returns the milestones the lists ratified for a
// player, oldest period first.
func (s *Store) PlayerMilestones(ctx context.Context, fsiID string) ([][]byte, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, b *[]byte) error {
		var d string
		err := rows.Scan(&d)
		*b = []byte(d)
		return err
	}, `SELECT m.data FROM player_milestones m JOIN rating_lists l ON l.id = m.list_id
		WHERE m.fsi_id = ? ORDER BY l.period, l.kind, m.seq`, fsiID)
	if err != nil {
		return nil, fmt.Errorf("store: milestones of %s: %w", fsiID, err)
	}
	return out, nil
}
