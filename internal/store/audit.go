package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// AuditEntry is one act of the office in the audit trail.
type AuditEntry struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	User    string    `json:"user"`
	Role    string    `json:"role"`
	Via     string    `json:"via"`    // cli, web
	Action  string    `json:"action"` // release, decide, import, list-run, …
	Object  string    `json:"object"` // "submission 12"
	Details string    `json:"details"`
	// DetailsIT is Details in Italian, for the office's pages; empty in
	// entries recorded before it existed.
	DetailsIT string `json:"details_it,omitempty"`
}

// AuditFilter selects entries of the audit trail; zero fields select
// all.
type AuditFilter struct {
	User, Action string
	Object       string    // exact
	From, To     time.Time // From ≤ at < To
	Limit        int       // 0: all
	Offset       int
}

// Audit records an act of the office.
func (s *Store) Audit(ctx context.Context, e AuditEntry) (int64, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO audit (at, user, role, via, action, object, details, details_it)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, ts(e.At), e.User, e.Role, e.Via, e.Action, e.Object, e.Details, e.DetailsIT)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// AuditLog lists the audit trail's entries f selects, newest first.
func (s *Store) AuditLog(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		where = append(where, cond)
		args = append(args, v)
	}
	if f.User != "" {
		add("user = ?", f.User)
	}
	if f.Action != "" {
		add("action = ?", f.Action)
	}
	if f.Object != "" {
		add("object = ?", f.Object)
	}
	if !f.From.IsZero() {
		add("at >= ?", ts(f.From))
	}
	if !f.To.IsZero() {
		add("at < ?", ts(f.To))
	}
	q := `SELECT id, at, user, role, via, action, object, details, details_it FROM audit`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY at DESC, id DESC"
	if f.Limit > 0 || f.Offset > 0 {
		limit := f.Limit
		if limit <= 0 {
			limit = -1
		}
		q += " LIMIT ? OFFSET ?"
		args = append(args, limit, f.Offset)
	}
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, e *AuditEntry) error {
		return rows.Scan(&e.ID, stamp(&e.At), &e.User, &e.Role, &e.Via, &e.Action, &e.Object, &e.Details, &e.DetailsIT)
	}, q, args...)
	return orEmpty(out), err
}
