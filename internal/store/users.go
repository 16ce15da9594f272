package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"omologa/internal/platform/failure"
)

// ErrNoUser is returned for a user name that names no user.
var ErrNoUser = failure.New(failure.NotFound, "no such user")

// RoleAdmin is the stored role of a user who manages the users (the
// office's Admin): UpdateUser keeps one enabled.
const RoleAdmin = "admin"

// ErrLastAdmin is returned by UpdateUser for disabling, or taking the
// role from, the only enabled admin: nobody could manage the users then.
var ErrLastAdmin = errors.New("the last enabled admin")

// ErrUserExists is returned by AddUser for a name already taken.
var ErrUserExists = failure.New(failure.Conflict, "user already exists")

// User is an account of the office's web application. The hash is the
// password's bcrypt hash; the store never sees a password.
type User struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Role      string    `json:"role"`
	Hash      string    `json:"-"`
	Disabled  bool      `json:"disabled"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// AddUser records a new user; a name already taken is ErrUserExists (the
// insert does nothing then, rather than fail on the constraint).
func (s *Store) AddUser(ctx context.Context, name, role, hash string, now time.Time) (int64, error) {
	var id int64
	err := scanOne(s.db.QueryRowContext(ctx, `INSERT INTO users (name, role, hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name) DO NOTHING RETURNING id`, name, role, hash, ts(now), ts(now)), ErrUserExists, &id)
	if errors.Is(err, ErrUserExists) {
		return 0, fmt.Errorf("store: user %s: %w", name, err)
	}
	if err != nil {
		return 0, fmt.Errorf("store: add user %s: %w", name, err)
	}
	return id, nil
}

// UpdateUser changes a user's hash, role or disabled flag (a field left
// nil is kept). Disabling a user ends its sessions in the same
// transaction, and so does a new password.
func (s *Store) UpdateUser(ctx context.Context, name string, hash, role *string, disabled *bool, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var id int64
		var oldRole string
		var wasDisabled bool
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT id, role, disabled FROM users WHERE name = ?`, name), ErrNoUser,
			&id, &oldRole, &wasDisabled); err != nil {
			return err
		}
		// Checked in the write transaction, so that two admins disabling
		// each other at once cannot both succeed.
		if oldRole == RoleAdmin && !wasDisabled && ((disabled != nil && *disabled) || (role != nil && *role != RoleAdmin)) {
			var others int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = ? AND NOT disabled AND id != ?`, RoleAdmin, id).Scan(&others); err != nil {
				return err
			}
			if others == 0 {
				return ErrLastAdmin
			}
		}
		if hash != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET hash = ? WHERE id = ?`, *hash, id); err != nil {
				return err
			}
		}
		if role != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET role = ? WHERE id = ?`, *role, id); err != nil {
				return err
			}
		}
		if disabled != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET disabled = ? WHERE id = ?`, *disabled, id); err != nil {
				return err
			}
		}
		if hash != nil || (disabled != nil && *disabled) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = ? WHERE id = ?`, ts(now), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: user %s: %w", name, err)
	}
	return nil
}

// UserByName returns a user; the error wraps ErrNoUser when there is none.
func (s *Store) UserByName(ctx context.Context, name string) (*User, error) {
	us, err := s.users(ctx, `WHERE name = ?`, name)
	if err != nil {
		return nil, err
	}
	if len(us) == 0 {
		return nil, fmt.Errorf("store: user %s: %w", name, ErrNoUser)
	}
	return &us[0], nil
}

// Users lists every user by name.
func (s *Store) Users(ctx context.Context) ([]User, error) {
	return s.users(ctx, `ORDER BY name`)
}

func (s *Store) users(ctx context.Context, where string, args ...any) ([]User, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, u *User) error {
		return rows.Scan(&u.ID, &u.Name, &u.Role, &u.Hash, &u.Disabled, stamp(&u.CreatedAt), stamp(&u.UpdatedAt))
	}, `SELECT id, name, role, hash, disabled, created_at, updated_at FROM users `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: users: %w", err)
	}
	return out, nil
}

// Session is a logged-in user's server-side session.
type Session struct {
	User      User
	Lang      string
	ExpiresAt time.Time
}

// AddSession records a session known by its token's hash.
func (s *Store) AddSession(ctx context.Context, tokenHash string, userID int64, lang string, now, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, lang, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		tokenHash, userID, lang, ts(now), ts(expires))
	if err != nil {
		return fmt.Errorf("store: add session: %w", err)
	}
	return nil
}

// SessionOf returns the live session of a token hash with its user; ok
// is false when there is none, it has expired or its user is disabled.
func (s *Store) SessionOf(ctx context.Context, tokenHash string, now time.Time) (sess *Session, ok bool, err error) {
	sess = &Session{}
	var expires, created, updated string
	u := &sess.User
	err = s.db.QueryRowContext(ctx, `SELECT s.lang, s.expires_at, u.id, u.name, u.role, u.hash, u.disabled, u.created_at, u.updated_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`, tokenHash).Scan(
		&sess.Lang, &expires, &u.ID, &u.Name, &u.Role, &u.Hash, &u.Disabled, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: session: %w", err)
	}
	sess.ExpiresAt = parseTS(expires)
	u.CreatedAt, u.UpdatedAt = parseTS(created), parseTS(updated)
	if u.Disabled || !now.Before(sess.ExpiresAt) {
		return nil, false, nil
	}
	return sess, true, nil
}

// SetSessionLang records a session's language.
func (s *Store) SetSessionLang(ctx context.Context, tokenHash, lang string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE sessions SET lang = ? WHERE token_hash = ?`, lang, tokenHash)
	if err != nil {
		return fmt.Errorf("store: session language: %w", err)
	}
	return nil
}

// DeleteSession ends a session, and every expired one with it.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ? OR expires_at < ?`, tokenHash, ts(now))
	if err != nil {
		return fmt.Errorf("store: end session: %w", err)
	}
	return nil
}
