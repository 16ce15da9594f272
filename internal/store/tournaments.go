package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/failure"
)

// TournamentFacts are what tells one tournament from another when no
// calendar authorisation does: sections of one festival share name,
// dates and venue but not their players.
type TournamentFacts struct {
	ID      int64    `json:"id"`
	Key     string   `json:"key"`
	Name    string   `json:"name"`
	City    string   `json:"city,omitempty"`
	Start   string   `json:"start,omitempty"`
	End     string   `json:"end,omitempty"`
	Code    string   `json:"calendar_code,omitempty"` // the calendar authorisation matched
	Rounds  int      `json:"rounds"`
	Players []string `json:"-"` // normalised names (rating.NameKey)
}

// Tournament is a tournament with its versions.
type Tournament struct {
	TournamentFacts
	// CurrentFile is the version in force (0: none accepted).
	CurrentFile int64 `json:"current_file,omitempty"`
	// CurrentNumber is the version in force as a person knows it: "N.M".
	CurrentNumber string `json:"current_number,omitempty"`
	// UnclearWith is the key of a tournament this one may be the same
	// as: the office decides (link, or leave it).
	UnclearWith string      `json:"unclear_with,omitempty"`
	Revoked     *Revocation `json:"revoked,omitempty"`
	Versions    []Version   `json:"versions"`
}

// Revocation is a homologation the office revoked.
type Revocation struct {
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	Reason string    `json:"reason"`
}

// Version is one file of a tournament.
type Version struct {
	FileID       int64 `json:"file_id"`
	SubmissionID int64 `json:"submission_id"`
	// Number is the file as a person knows it: "N.M", the M-th file of
	// submission N (state.Number).
	Number     string    `json:"number"`
	Name       string    `json:"name"`
	ReceivedAt time.Time `json:"received_at"`
	JudgedAt   time.Time `json:"judged_at"`
	Verdict    string    `json:"verdict"`
	InForce    bool      `json:"in_force"`
}

// ErrNoTournament is returned for a tournament id or file that names no
// tournament.
var ErrNoTournament = failure.New(failure.NotFound, "no such tournament")

const acceptedSQL = `('accepted', 'accepted-with-warnings')`

// Candidates returns the tournaments a file with these facts may be a
// version of: those matched to the same calendar authorisation, and
// those starting the same day.
func (s *Store) Candidates(ctx context.Context, code, start string) ([]TournamentFacts, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT rowid, key, name, city, start_date, end_date, calendar_code, rounds, players
		FROM tournaments WHERE (calendar_code <> '' AND calendar_code = ?) OR (start_date <> '' AND start_date = ?) ORDER BY rowid`, code, start)
	if err != nil {
		return nil, fmt.Errorf("store: tournament candidates: %w", err)
	}
	defer rows.Close()
	var out []TournamentFacts
	for rows.Next() {
		f, err := scanFacts(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

type scanner interface{ Scan(...any) error }

func scanFacts(r scanner) (TournamentFacts, error) {
	var f TournamentFacts
	var players string
	if err := r.Scan(&f.ID, &f.Key, &f.Name, &f.City, &f.Start, &f.End, &f.Code, &f.Rounds, &players); err != nil {
		return f, err
	}
	_ = json.Unmarshal([]byte(players), &f.Players)
	return f, nil
}

// KeyTaken reports whether a tournament key is in use.
func (s *Store) KeyTaken(ctx context.Context, key string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE key = ?`, key).Scan(&n)
	return n > 0, err
}

// saveTournament records a judged file's tournament: created with the
// file's facts when new; its facts follow an accepted version. The
// version in force is then recomputed (refreshTournament).
func saveTournament(ctx context.Context, tx *sql.Tx, v Verdict, now time.Time) error {
	players, _ := json.Marshal(orEmpty(v.Players))
	accepted := v.Verdict == "accepted" || v.Verdict == "accepted-with-warnings"
	if _, err := tx.ExecContext(ctx, `INSERT INTO tournaments (key, name, city, start_date, end_date, calendar_code, rounds,
		players, unclear_with, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
		v.TournamentKey, v.Name, v.City, v.Start, v.End, v.CalendarCode, v.Rounds, string(players), v.UnclearWith, ts(now)); err != nil {
		return err
	}
	if accepted {
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET name = ?, city = ?, start_date = ?, end_date = ?, rounds = ?,
			players = ?, calendar_code = CASE WHEN ? <> '' THEN ? ELSE calendar_code END WHERE key = ?`,
			v.Name, v.City, v.Start, v.End, v.Rounds, string(players), v.CalendarCode, v.CalendarCode, v.TournamentKey); err != nil {
			return err
		}
	}
	return refreshTournament(ctx, tx, v.TournamentKey, "nuova versione", now)
}

// refreshTournament makes the tournament's latest accepted version (by
// receipt) the one in force and the other accepted versions superseded
// by it; a rejected version supersedes nothing. When the version in
// force changes, changed_at and the reason are recorded.
func refreshTournament(ctx context.Context, tx *sql.Tx, key, reason string, now time.Time) error {
	var cur sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT v.file_id FROM verdicts v JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id
		WHERE v.tournament_key = ? AND v.verdict IN `+acceptedSQL+` ORDER BY s.received_at DESC, f.id DESC LIMIT 1`, key).Scan(&cur)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	var old sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT current_file FROM tournaments WHERE key = ?`, key).Scan(&old); err != nil {
		return err
	}
	if old != cur {
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET current_file = ?, updated_at = ?,
			changed_at = CASE WHEN ? THEN ? ELSE changed_at END,
			change_reason = CASE WHEN ? THEN ? ELSE change_reason END WHERE key = ?`,
			cur, ts(now), old.Valid, ts(now), old.Valid, reason, key); err != nil {
			return err
		}
	}
	// Superseded: the other accepted versions, and the rejected ones
	// received before the version in force (a rejected correction after
	// it supersedes nothing and is superseded by nothing).
	_, err = tx.ExecContext(ctx, `UPDATE verdicts SET superseded_by = CASE
		WHEN ? IS NOT NULL AND file_id <> ? AND (verdict IN `+acceptedSQL+` OR
			(SELECT s.received_at FROM files f JOIN submissions s ON s.id = f.submission_id WHERE f.id = verdicts.file_id) <=
			(SELECT s.received_at FROM files f JOIN submissions s ON s.id = f.submission_id WHERE f.id = ?))
		THEN ? ELSE NULL END WHERE tournament_key = ?`,
		cur, cur, cur, cur, key)
	return err
}

// CurrentFile returns the version in force of the tournament key (its
// latest accepted file), nil when none was accepted.
func (s *Store) CurrentFile(ctx context.Context, key string) (*Current, error) {
	c := &Current{}
	var recv string
	var judged sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT f.id, f.submission_id, f.name, s.received_at, s.judged_at, v.verdict, s.sender
		FROM tournaments t JOIN files f ON f.id = t.current_file
		JOIN submissions s ON s.id = f.submission_id
		JOIN verdicts v ON v.file_id = f.id
		WHERE t.key = ?`, key).Scan(&c.FileID, &c.SubmissionID, &c.Name, &recv, &judged, &c.Verdict, &c.Sender)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: tournament %q: %w", key, err)
	}
	c.ReceivedAt = parseTS(recv)
	if judged.Valid {
		c.JudgedAt = parseTS(judged.String)
	}
	return c, nil
}

// Tournaments lists the tournaments with their versions, newest first;
// with unclear, only those the office has to attribute.
func (s *Store) Tournaments(ctx context.Context, unclear bool) ([]Tournament, error) {
	q := `SELECT rowid FROM tournaments`
	if unclear {
		q += ` WHERE unclear_with <> ''`
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY rowid DESC`)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []Tournament{}
	for _, id := range ids {
		t, err := s.Tournament(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *t)
	}
	return out, nil
}

// Tournament returns one tournament by id, with its versions (oldest
// first).
func (s *Store) Tournament(ctx context.Context, id int64) (*Tournament, error) {
	return s.tournament(ctx, `t.rowid = ?`, id)
}

// TournamentByKey returns one tournament by key.
func (s *Store) TournamentByKey(ctx context.Context, key string) (*Tournament, error) {
	return s.tournament(ctx, `t.key = ?`, key)
}

// TournamentOfFile returns the tournament a file is a version of.
func (s *Store) TournamentOfFile(ctx context.Context, fileID int64) (*Tournament, error) {
	return s.tournament(ctx, `t.key = (SELECT tournament_key FROM verdicts WHERE file_id = ?)`, fileID)
}

func (s *Store) tournament(ctx context.Context, where string, arg any) (*Tournament, error) {
	t := &Tournament{Versions: []Version{}}
	var cur sql.NullInt64
	var revAt sql.NullString
	var revBy, revWhy, players string
	err := s.db.QueryRowContext(ctx, `SELECT t.rowid, t.key, t.name, t.city, t.start_date, t.end_date, t.calendar_code, t.rounds,
		t.players, t.current_file, t.unclear_with, t.revoked_at, t.revoked_by, t.revoke_reason FROM tournaments t WHERE `+where, arg).Scan(
		&t.ID, &t.Key, &t.Name, &t.City, &t.Start, &t.End, &t.Code, &t.Rounds, &players, &cur, &t.UnclearWith, &revAt, &revBy, &revWhy)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoTournament
	}
	if err != nil {
		return nil, err
	}
	_ = json.Unmarshal([]byte(players), &t.Players)
	t.CurrentFile = cur.Int64
	if revAt.Valid {
		t.Revoked = &Revocation{At: parseTS(revAt.String), By: revBy, Reason: revWhy}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, f.submission_id, f.seq, f.name, s.received_at, coalesce(s.judged_at, ''), v.verdict
		FROM verdicts v JOIN files f ON f.id = v.file_id JOIN submissions s ON s.id = f.submission_id
		WHERE v.tournament_key = ? ORDER BY s.received_at, f.id`, t.Key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var v Version
		var recv, judged string
		var seq int
		if err := rows.Scan(&v.FileID, &v.SubmissionID, &seq, &v.Name, &recv, &judged, &v.Verdict); err != nil {
			return nil, err
		}
		v.Number = state.Number(v.SubmissionID, seq)
		v.ReceivedAt, v.InForce = parseTS(recv), v.FileID == t.CurrentFile
		if v.InForce {
			t.CurrentNumber = v.Number
		}
		if judged != "" {
			v.JudgedAt = parseTS(judged)
		}
		t.Versions = append(t.Versions, v)
	}
	return t, rows.Err()
}

// Revoke revokes a tournament's homologation: its versions stay, none is
// in force for the lists until it is reinstated.
func (s *Store) Revoke(ctx context.Context, id int64, by, reason string, now time.Time) error {
	return s.setRevoked(ctx, id, true, by, reason, now)
}

// Reinstate undoes a revocation.
func (s *Store) Reinstate(ctx context.Context, id int64, by, reason string, now time.Time) error {
	return s.setRevoked(ctx, id, false, by, reason, now)
}

func (s *Store) setRevoked(ctx context.Context, id int64, revoke bool, by, reason string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var revAt sql.NullString
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT revoked_at FROM tournaments WHERE rowid = ?`, id), ErrNoTournament, &revAt); err != nil {
			return err
		}
		if revAt.Valid == revoke {
			return &StateError{ID: id, State: map[bool]string{true: "revoked", false: "not revoked"}[revAt.Valid],
				Want: map[bool]string{true: "not revoked", false: "revoked"}[revoke]}
		}
		var err error
		if revoke {
			_, err = tx.ExecContext(ctx, `UPDATE tournaments SET revoked_at = ?, revoked_by = ?, revoke_reason = ?,
				changed_at = ?, change_reason = ?, updated_at = ? WHERE rowid = ?`,
				ts(now), by, reason, ts(now), "revoca: "+reason, ts(now), id)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE tournaments SET revoked_at = NULL, revoked_by = '', revoke_reason = '',
				changed_at = ?, change_reason = ?, updated_at = ? WHERE rowid = ?`, ts(now), "ripristino: "+reason, ts(now), id)
		}
		return err
	})
}

// Link makes a file a version of the tournament id (the office's word
// when the facts were unclear); the tournament it leaves, and the one it
// joins, get their version in force again. A tournament left without
// versions is deleted.
func (s *Store) Link(ctx context.Context, fileID, id int64, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var to string
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT key FROM tournaments WHERE rowid = ?`, id), ErrNoTournament, &to); err != nil {
			return err
		}
		return moveFile(ctx, tx, fileID, to, catalogue.IT.T("note.linked"), now)
	})
}

// ClearUnclear records the office's word that an unclear tournament is
// a tournament of its own: it counts from now on.
func (s *Store) ClearUnclear(ctx context.Context, id int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tournaments SET unclear_with = '', updated_at = ? WHERE rowid = ?`, ts(now), id)
	if err != nil {
		return fmt.Errorf("store: tournament %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoTournament
	}
	return nil
}

// Unlink makes a file a tournament of its own, under key (new).
func (s *Store) Unlink(ctx context.Context, fileID int64, key string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var from string
		err := tx.QueryRowContext(ctx, `SELECT tournament_key FROM verdicts WHERE file_id = ?`, fileID).Scan(&from)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && from == "") {
			return ErrNoTournament
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tournaments (key, name, city, start_date, end_date, calendar_code, rounds,
			players, updated_at) SELECT ?, name, city, start_date, end_date, calendar_code, rounds, players, ? FROM tournaments WHERE key = ?`,
			key, ts(now), from); err != nil {
			return err
		}
		return moveFile(ctx, tx, fileID, key, catalogue.IT.T("note.unlinked"), now)
	})
}

func moveFile(ctx context.Context, tx *sql.Tx, fileID int64, to, reason string, now time.Time) error {
	var from string
	err := tx.QueryRowContext(ctx, `SELECT tournament_key FROM verdicts WHERE file_id = ?`, fileID).Scan(&from)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && from == "") {
		return fmt.Errorf("file %d: %w", fileID, ErrNoTournament)
	}
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE verdicts SET tournament_key = ?, superseded_by = NULL WHERE file_id = ?`, to, fileID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET unclear_with = '' WHERE key IN (?, ?)`, from, to); err != nil {
		return err
	}
	for _, k := range []string{from, to} {
		if err := refreshTournament(ctx, tx, k, reason, now); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM tournaments WHERE key = ? AND NOT EXISTS (SELECT 1 FROM verdicts WHERE tournament_key = ?)`, from, from)
	return err
}

// FileData returns a stored file's name and content.
func (s *Store) FileData(ctx context.Context, fileID int64) (name string, data []byte, err error) {
	name, size, r, err := s.OpenFile(ctx, fileID)
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	if data, err = readSized(r, size); err != nil {
		return "", nil, fmt.Errorf("store: file %d: %w", fileID, err)
	}
	return name, data, nil
}

// OpenFile reads a stored file a chunk at a time (a download), with its
// name and size. The caller closes the reader.
func (s *Store) OpenFile(ctx context.Context, fileID int64) (name string, size int64, r io.ReadCloser, err error) {
	var hash string
	err = s.db.QueryRowContext(ctx, `SELECT name, hash, size FROM files WHERE id = ?`, fileID).Scan(&name, &hash, &size)
	if err != nil {
		return "", 0, nil, fmt.Errorf("store: file %d: %w", fileID, err)
	}
	return name, size, s.openBlob(ctx, hash), nil
}

// FileVerdict returns a file's verdict and kind of play; ok is false
// when it is not judged yet.
func (s *Store) FileVerdict(ctx context.Context, fileID int64) (verdict string, kind fsi.Kind, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT verdict, kind FROM verdicts WHERE file_id = ?`, fileID).Scan(&verdict, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	return verdict, kind, err == nil, err
}
