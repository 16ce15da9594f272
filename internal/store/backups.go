package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// BackupRecord is one scheduled backup as the daemon recorded it: a
// verified copy (OK) or the reason there is none.
type BackupRecord struct {
	ID         int64     `json:"id"`
	StartedAt  time.Time `json:"started_at"`
	FinishedAt time.Time `json:"finished_at"`
	Path       string    `json:"path,omitempty"`
	Bytes      int64     `json:"bytes"`
	OK         bool      `json:"ok"`
	Error      string    `json:"error,omitempty"`
	// Copied is true when backup.command ran on the copy and succeeded.
	Copied    bool      `json:"copied"`
	RemovedAt time.Time `json:"removed_at,omitzero"`
	AlertedAt time.Time `json:"alerted_at,omitzero"`
}

// RecordBackup records a backup done or failed and returns its id.
func (s *Store) RecordBackup(ctx context.Context, b BackupRecord) (int64, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO backups (started_at, finished_at, path, bytes, ok, error, copied)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, ts(b.StartedAt), ts(b.FinishedAt), b.Path, b.Bytes, b.OK, b.Error, b.Copied)
	if err != nil {
		return 0, fmt.Errorf("store: record backup: %w", err)
	}
	return res.LastInsertId()
}

// BackupRemoved records that the rotation removed the copy at path.
func (s *Store) BackupRemoved(ctx context.Context, path string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE backups SET removed_at = ? WHERE path = ? AND removed_at IS NULL`, ts(now), path)
	return err
}

// BackupAlerted records that the office was told of the failed backup id.
func (s *Store) BackupAlerted(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE backups SET alerted_at = ? WHERE id = ?`, ts(now), id)
	return err
}

const backupCols = `id, started_at, finished_at, path, bytes, ok, error, copied, removed_at, alerted_at`

func scanBackup(sc interface{ Scan(...any) error }) (BackupRecord, error) {
	var b BackupRecord
	err := sc.Scan(&b.ID, stamp(&b.StartedAt), stamp(&b.FinishedAt), &b.Path, &b.Bytes, &b.OK, &b.Error, &b.Copied,
		stamp(&b.RemovedAt), stamp(&b.AlertedAt))
	return b, err
}

// Backups lists the latest limit backups, newest first.
func (s *Store) Backups(ctx context.Context, limit int) ([]BackupRecord, error) {
	return s.backups(ctx, `ORDER BY started_at DESC, id DESC LIMIT ?`, limit)
}

// backups lists the backups the rest of the query (a condition, the
// order) selects.
func (s *Store) backups(ctx context.Context, rest string, args ...any) ([]BackupRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+backupCols+` FROM backups `+rest, args...)
	if err != nil {
		return nil, fmt.Errorf("store: backups: %w", err)
	}
	defer rows.Close()
	var out []BackupRecord
	for rows.Next() {
		b, err := scanBackup(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// BackupState is what the work queue and the metrics say of the
// backups: the latest one, and the latest that succeeded (each nil when
// there is none).
type BackupState struct {
	Last, LastOK *BackupRecord
}

// Failing reports whether the latest backup failed: it stays in the
// work queue until a later one succeeds.
func (b BackupState) Failing() bool { return b.Last != nil && !b.Last.OK }

// BackupState reads the latest backup and the latest that succeeded.
func (s *Store) BackupState(ctx context.Context) (BackupState, error) {
	var st BackupState
	for _, q := range []struct {
		dst   **BackupRecord
		where string
	}{{&st.Last, ""}, {&st.LastOK, "WHERE ok = 1"}} {
		b, err := scanBackup(s.db.QueryRowContext(ctx, `SELECT `+backupCols+` FROM backups `+q.where+` ORDER BY started_at DESC, id DESC LIMIT 1`))
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return st, fmt.Errorf("store: backups: %w", err)
		}
		*q.dst = &b
	}
	return st, nil
}

// KeptBackups lists the copies not yet rotated away, newest first (a
// copy verified whose command failed is one).
func (s *Store) KeptBackups(ctx context.Context) ([]BackupRecord, error) {
	return s.backups(ctx, `WHERE removed_at IS NULL AND path <> '' ORDER BY started_at DESC, id DESC`)
}

// Size is the store file's size in bytes, as SQLite counts its pages
// (what a backup copies, before its WAL is folded in).
func (s *Store) Size(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()`).Scan(&n)
	return n, err
}

// ListRun is the latest close of a list of one kind: when and how long
// it ran.
type ListRun struct {
	Kind     string
	Period   string
	At       time.Time
	Duration time.Duration
}

// LastListRuns returns the latest closed list of each kind.
func (s *Store) LastListRuns(ctx context.Context) ([]ListRun, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT kind, period, created_at, run_ms FROM rating_lists r
		WHERE created_at = (SELECT max(created_at) FROM rating_lists WHERE kind = r.kind) ORDER BY kind`)
	if err != nil {
		return nil, fmt.Errorf("store: list runs: %w", err)
	}
	defer rows.Close()
	var out []ListRun
	for rows.Next() {
		var r ListRun
		var ms int64
		if err := rows.Scan(&r.Kind, &r.Period, stamp(&r.At), &ms); err != nil {
			return nil, err
		}
		r.Duration = time.Duration(ms) * time.Millisecond
		out = append(out, r)
	}
	return out, rows.Err()
}

// SubmissionsByChannel counts the submissions by the door they came in
// by (drop, imap, cli, portal).
func (s *Store) SubmissionsByChannel(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT channel, count(*) FROM submissions GROUP BY channel`)
	if err != nil {
		return nil, fmt.Errorf("store: submissions by channel: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, rows.Err()
}
