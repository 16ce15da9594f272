package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"omologa/internal/fsi"
)

// The portal of arbiters and organisers (issue 24): accounts known by
// the e-mail address the registers hold, one-time sign-in links and the
// portal's sessions. Who may sign in is the registers' business (office
// portal.go); the store keeps what a sign-in leaves behind.

// PortalAccount is one person's portal account.
type PortalAccount struct {
	Email      string    `json:"email"`
	Hash       string    `json:"-"` // bcrypt of the password the person set, "" for none
	Disabled   bool      `json:"disabled"`
	DisabledBy string    `json:"disabled_by,omitempty"`
	DisabledAt time.Time `json:"disabled_at,omitzero"`
	CreatedAt  time.Time `json:"created_at"`
	LastLogin  time.Time `json:"last_login,omitzero"`
}

// Errors of a sign-in link.
var (
	ErrLinkUnknown = errors.New("no such sign-in link")
	ErrLinkUsed    = errors.New("sign-in link already used")
	ErrLinkExpired = errors.New("sign-in link expired")
	ErrLinkBrowser = errors.New("sign-in link asked from another browser")
)

func portalEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// PortalAccountOf returns the account of an address; ok is false when
// it has none yet.
func (s *Store) PortalAccountOf(ctx context.Context, email string) (a *PortalAccount, ok bool, err error) {
	as, err := s.portalAccounts(ctx, `WHERE email = ?`, portalEmail(email))
	if err != nil || len(as) == 0 {
		return nil, false, err
	}
	return &as[0], true, nil
}

// PortalAccounts lists every portal account by address.
func (s *Store) PortalAccounts(ctx context.Context) ([]PortalAccount, error) {
	return s.portalAccounts(ctx, `ORDER BY email`)
}

func (s *Store) portalAccounts(ctx context.Context, where string, args ...any) ([]PortalAccount, error) {
	out, err := queryAll(ctx, s.db, func(r *sql.Rows, a *PortalAccount) error {
		var dAt, last sql.NullString
		var created string
		if err := r.Scan(&a.Email, &a.Hash, &a.Disabled, &a.DisabledBy, &dAt, &created, &last); err != nil {
			return err
		}
		a.CreatedAt, a.DisabledAt, a.LastLogin = parseTS(created), parseTS(dAt.String), parseTS(last.String)
		return nil
	}, `SELECT email, hash, disabled, disabled_by, disabled_at, created_at, last_login FROM portal_accounts `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: portal accounts: %w", err)
	}
	return out, nil
}

// ensurePortalAccount creates the account of an address if it has none.
func ensurePortalAccount(ctx context.Context, tx *sql.Tx, email string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO portal_accounts (email, created_at) VALUES (?, ?)`, email, ts(now))
	return err
}

// SetPortalPassword records the bcrypt hash of the password a person
// set ("" removes it).
func (s *Store) SetPortalPassword(ctx context.Context, email, hash string, now time.Time) error {
	email = portalEmail(email)
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := ensurePortalAccount(ctx, tx, email, now); err != nil {
			return fmt.Errorf("store: portal password: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE portal_accounts SET hash = ? WHERE email = ?`, hash, email); err != nil {
			return fmt.Errorf("store: portal password: %w", err)
		}
		return nil
	})
}

// SetPortalDisabled disables (or enables again) the account of an
// address, creating it if needed: the office may close the portal to an
// address that never used it. Disabling ends its sessions and unused
// links.
func (s *Store) SetPortalDisabled(ctx context.Context, email string, disabled bool, by string, now time.Time) error {
	email = portalEmail(email)
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := ensurePortalAccount(ctx, tx, email, now); err != nil {
			return fmt.Errorf("store: portal account: %w", err)
		}
		var err error
		if disabled {
			_, err = tx.ExecContext(ctx, `UPDATE portal_accounts SET disabled = 1, disabled_by = ?, disabled_at = ? WHERE email = ?`, by, ts(now), email)
			if err == nil {
				_, err = tx.ExecContext(ctx, `DELETE FROM portal_sessions WHERE email = ?`, email)
			}
			if err == nil {
				_, err = tx.ExecContext(ctx, `DELETE FROM portal_links WHERE email = ? AND used_at IS NULL`, email)
			}
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE portal_accounts SET disabled = 0, disabled_by = '', disabled_at = NULL WHERE email = ?`, email)
		}
		if err != nil {
			return fmt.Errorf("store: portal account: %w", err)
		}
		return nil
	})
}

// AddPortalLink records a sign-in link by its token's hash, bound to the
// hash of the asking browser's cookie.
func (s *Store) AddPortalLink(ctx context.Context, tokenHash, email, browserHash string, now, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO portal_links (token_hash, email, browser_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		tokenHash, portalEmail(email), browserHash, ts(now), ts(expires))
	if err != nil {
		return fmt.Errorf("store: portal link: %w", err)
	}
	return nil
}

// PortalLinksSince counts the links made for an address since a time
// (the portal bounds how many a person is sent).
func (s *Store) PortalLinksSince(ctx context.Context, email string, since time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM portal_links WHERE email = ? AND created_at >= ?`,
		portalEmail(email), ts(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: portal links: %w", err)
	}
	return n, nil
}

// UsePortalLink spends a sign-in link: it must exist, be unused, be
// within its time and be used from the browser that asked for it. The
// address it was sent to is returned and the link is marked used, at
// once, so that a second use is refused; a link tried from another
// browser stays usable from the right one. The account is created if it
// has none, and a disabled one refuses the link as unknown.
func (s *Store) UsePortalLink(ctx context.Context, tokenHash, browserHash string, now time.Time) (email string, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var browser, expires string
		var used sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT email, browser_hash, expires_at, used_at FROM portal_links WHERE token_hash = ?`,
			tokenHash).Scan(&email, &browser, &expires, &used)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrLinkUnknown
		case err != nil:
			return fmt.Errorf("store: portal link: %w", err)
		case used.Valid:
			return ErrLinkUsed
		case !now.Before(parseTS(expires)):
			return ErrLinkExpired
		case browser != browserHash:
			return ErrLinkBrowser
		}
		var disabled bool
		if err := tx.QueryRowContext(ctx, `SELECT disabled FROM portal_accounts WHERE email = ?`, email).Scan(&disabled); err == nil && disabled {
			return ErrLinkUnknown
		}
		if _, err := tx.ExecContext(ctx, `UPDATE portal_links SET used_at = ? WHERE token_hash = ?`, ts(now), tokenHash); err != nil {
			return fmt.Errorf("store: portal link: %w", err)
		}
		if err := ensurePortalAccount(ctx, tx, email, now); err != nil {
			return fmt.Errorf("store: portal account: %w", err)
		}
		return nil
	})
	return email, err
}

// AddPortalSession opens a portal session known by its token's hash and
// records the sign-in on the account (created if needed).
func (s *Store) AddPortalSession(ctx context.Context, tokenHash, email string, now, expires time.Time) error {
	email = portalEmail(email)
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := ensurePortalAccount(ctx, tx, email, now); err != nil {
			return fmt.Errorf("store: portal session: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE portal_accounts SET last_login = ? WHERE email = ?`, ts(now), email); err != nil {
			return fmt.Errorf("store: portal session: %w", err)
		}
		// Expired sessions and links go with each sign-in.
		if _, err := tx.ExecContext(ctx, `DELETE FROM portal_sessions WHERE expires_at < ?`, ts(now)); err != nil {
			return fmt.Errorf("store: portal session: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM portal_links WHERE expires_at < ?`, ts(now.Add(-24*time.Hour))); err != nil {
			return fmt.Errorf("store: portal session: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO portal_sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			tokenHash, email, ts(now), ts(expires)); err != nil {
			return fmt.Errorf("store: portal session: %w", err)
		}
		return nil
	})
}

// PortalSessionOf returns the address of a live portal session; ok is
// false when there is none, it has expired or its account is disabled.
func (s *Store) PortalSessionOf(ctx context.Context, tokenHash string, now time.Time) (email string, ok bool, err error) {
	var expires string
	var disabled bool
	err = s.db.QueryRowContext(ctx, `SELECT s.email, s.expires_at, coalesce(a.disabled, 0) FROM portal_sessions s
		LEFT JOIN portal_accounts a ON a.email = s.email WHERE s.token_hash = ?`, tokenHash).Scan(&email, &expires, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: portal session: %w", err)
	}
	if disabled || !now.Before(parseTS(expires)) {
		return "", false, nil
	}
	return email, true, nil
}

// DeletePortalSession ends a portal session.
func (s *Store) DeletePortalSession(ctx context.Context, tokenHash string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM portal_sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: portal session: %w", err)
	}
	return nil
}

// PortalFile is one judged file of a tournament with what the portal
// shows of it and what decides whether a person may see it: the
// tournament's calendar authorisation, the arbiter the file names and
// the submission's sender.
type PortalFile struct {
	TournamentID  int64
	TournamentKey string
	Tournament    string
	City          string
	Start, End    string
	CalendarCode  string
	Revoked       bool
	RevokedAt     time.Time
	RevokeReason  string
	InForce       bool
	FileID        int64
	FileName      string
	SubmissionID  int64
	Channel       string
	Sender        string
	ReceivedAt    time.Time
	Verdict       string
	Kind          fsi.Kind
	Period        string // the list the file counts in by its receipt
	Arbiter       string // the chief arbiter the file names (102)
	// ListKind and ListPeriod name the closed list the file was rated
	// in, "" while it was rated in none.
	ListKind   fsi.Kind
	ListPeriod string
}

// PortalFiles returns every judged file that belongs to a tournament,
// newest tournament first and each tournament's files in the order
// received. The portal filters them by person: the query is the same
// for everyone, so that a person's view is a filter of the office's.
func (s *Store) PortalFiles(ctx context.Context) ([]PortalFile, error) {
	out, err := queryAll(ctx, s.db, func(r *sql.Rows, p *PortalFile) error {
		var recv string
		var revAt sql.NullString
		var arbiter sql.NullString
		if err := r.Scan(&p.TournamentID, &p.TournamentKey, &p.Tournament, &p.City, &p.Start, &p.End, &p.CalendarCode,
			&revAt, &p.RevokeReason, &p.InForce, &p.FileID, &p.FileName, &p.SubmissionID, &p.Channel, &p.Sender, &recv,
			&p.Verdict, &p.Kind, &p.Period, &arbiter, &p.ListKind, &p.ListPeriod); err != nil {
			return err
		}
		p.Revoked, p.RevokedAt = revAt.Valid, parseTS(revAt.String)
		p.ReceivedAt, p.Arbiter = parseTS(recv), arbiter.String
		return nil
	}, `SELECT t.rowid, t.key, t.name, t.city, t.start_date, t.end_date, t.calendar_code, t.revoked_at, t.revoke_reason,
		coalesce(t.current_file = f.id, 0), f.id, f.name, s.id, s.channel, s.sender, s.received_at,
		v.verdict, v.kind, v.period, json_extract(v.report, '$.tournament.arbiter'),
		coalesce((SELECT l.kind FROM rating_list_files lf JOIN rating_lists l ON l.id = lf.list_id
			WHERE lf.file_id = f.id ORDER BY l.period LIMIT 1), ''),
		coalesce((SELECT l.period FROM rating_list_files lf JOIN rating_lists l ON l.id = lf.list_id
			WHERE lf.file_id = f.id ORDER BY l.period LIMIT 1), '')
		FROM verdicts v JOIN tournaments t ON t.key = v.tournament_key JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id
		WHERE v.tournament_key <> ''
		ORDER BY t.start_date DESC, t.rowid DESC, s.received_at, f.id`)
	if err != nil {
		return nil, fmt.Errorf("store: portal files: %w", err)
	}
	return out, nil
}

// SubmissionsBy returns the ids of the submissions an address sent,
// newest first.
func (s *Store) SubmissionsBy(ctx context.Context, sender string) ([]int64, error) {
	out, err := queryAll(ctx, s.db, func(r *sql.Rows, id *int64) error { return r.Scan(id) },
		`SELECT id FROM submissions WHERE lower(sender) = ? ORDER BY id DESC`, portalEmail(sender))
	if err != nil {
		return nil, fmt.Errorf("store: submissions by sender: %w", err)
	}
	return out, nil
}
