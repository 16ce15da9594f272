package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrListExists is returned by SaveRatingList when the kind and period
// are already closed and replacing was not asked for.
var ErrListExists = errors.New("list already closed")

// RatingList is a closed rating list as stored.
type RatingList struct {
	ID     int64
	Kind   string // standard, rapid
	Period string // "2027-01"
	Issue  string // "2027-01-01"
	From   string // first receipt day counted
	Cutoff string // last receipt day counted
	// BasedOn says what the list in force was: "list 2026-11" or
	// "register players.csv".
	BasedOn   string
	List      []byte // players' register CSV with the engine's state columns
	Rows      int
	Report    []byte // the change report, JSON
	CreatedAt time.Time
	// Files are the files rated, with their tournament keys.
	Files []ListedFile
}

// ListedFile is a file a list rated.
type ListedFile struct {
	FileID        int64
	TournamentKey string
}

// SaveRatingList stores a closed list with the files it rated, in one
// transaction. A list of the same kind and period is an ErrListExists
// unless replace is true, in which case it (and its files) is replaced.
func (s *Store) SaveRatingList(ctx context.Context, l *RatingList, replace bool, now time.Time) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var old int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM rating_lists WHERE kind = ? AND period = ?`, l.Kind, l.Period).Scan(&old)
		switch {
		case err == nil && !replace:
			return fmt.Errorf("%s list %s: %w", l.Kind, l.Period, ErrListExists)
		case err == nil:
			if _, err := tx.ExecContext(ctx, `DELETE FROM rating_list_files WHERE list_id = ?`, old); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM rating_lists WHERE id = ?`, old); err != nil {
				return err
			}
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		report := string(l.Report)
		if report == "" {
			report = "{}"
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO rating_lists (kind, period, issue, received_from, cutoff, based_on,
			list, rows, report, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			l.Kind, l.Period, l.Issue, l.From, l.Cutoff, l.BasedOn, nonNil(l.List), l.Rows, report, ts(now))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for _, f := range l.Files {
			if _, err := tx.ExecContext(ctx, `INSERT INTO rating_list_files (list_id, file_id, tournament_key) VALUES (?, ?, ?)`,
				id, f.FileID, f.TournamentKey); err != nil {
				return fmt.Errorf("file %d: %w", f.FileID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: save %s list %s: %w", l.Kind, l.Period, err)
	}
	return id, nil
}

// RatingListOf returns the stored list of a kind and period; ok is
// false when it was never closed.
func (s *Store) RatingListOf(ctx context.Context, kind, period string) (l *RatingList, ok bool, err error) {
	return s.ratingList(ctx, `WHERE kind = ? AND period = ?`, kind, period)
}

// LatestRatingList returns the last list of a kind closed for a period
// before the given one ("2027-03"); ok is false when there is none.
func (s *Store) LatestRatingList(ctx context.Context, kind, before string) (l *RatingList, ok bool, err error) {
	// Periods are "YYYY-MM": their text order is their time order.
	return s.ratingList(ctx, `WHERE kind = ? AND period < ? ORDER BY period DESC LIMIT 1`, kind, before)
}

// RatingListInForce returns the last list of a kind closed for a period
// up to and including the given one: the list of that kind in force when
// the given period's list is issued; ok is false when there is none.
func (s *Store) RatingListInForce(ctx context.Context, kind, upTo string) (l *RatingList, ok bool, err error) {
	return s.ratingList(ctx, `WHERE kind = ? AND period <= ? ORDER BY period DESC LIMIT 1`, kind, upTo)
}

func (s *Store) ratingList(ctx context.Context, where string, args ...any) (*RatingList, bool, error) {
	l := &RatingList{}
	var created, report string
	err := s.db.QueryRowContext(ctx, `SELECT id, kind, period, issue, received_from, cutoff, based_on, list, rows, report,
		created_at FROM rating_lists `+where, args...).Scan(&l.ID, &l.Kind, &l.Period, &l.Issue, &l.From, &l.Cutoff,
		&l.BasedOn, &l.List, &l.Rows, &report, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: rating list: %w", err)
	}
	l.Report, l.CreatedAt = []byte(report), parseTS(created)
	rows, err := s.db.QueryContext(ctx, `SELECT file_id, tournament_key FROM rating_list_files WHERE list_id = ? ORDER BY file_id`, l.ID)
	if err != nil {
		return nil, false, fmt.Errorf("store: files of list %d: %w", l.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var f ListedFile
		if err := rows.Scan(&f.FileID, &f.TournamentKey); err != nil {
			return nil, false, err
		}
		l.Files = append(l.Files, f)
	}
	return l, true, rows.Err()
}

// RatingListPeriods lists the periods closed for a kind, oldest first.
func (s *Store) RatingListPeriods(ctx context.Context, kind string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT period FROM rating_lists WHERE kind = ? ORDER BY period`, kind)
	if err != nil {
		return nil, fmt.Errorf("store: %s lists: %w", kind, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// RatedTournaments maps the tournament keys (and, for files without a
// key, "#" and the file id) already rated in a list of the kind, other
// than the list of the given period, to that list's period.
func (s *Store) RatedTournaments(ctx context.Context, kind, exceptPeriod string) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.file_id, f.tournament_key, l.period FROM rating_list_files f
		JOIN rating_lists l ON l.id = f.list_id WHERE l.kind = ? AND l.period <> ?`, kind, exceptPeriod)
	if err != nil {
		return nil, fmt.Errorf("store: rated tournaments: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id int64
		var key, period string
		if err := rows.Scan(&id, &key, &period); err != nil {
			return nil, err
		}
		if key == "" {
			key = fmt.Sprintf("#%d", id)
		}
		out[key] = period
	}
	return out, rows.Err()
}

// Homologated is a file whose tournament stands accepted: its latest
// judged file, accepted (with or without warnings) and not superseded.
type Homologated struct {
	FileID        int64
	SubmissionID  int64
	Name          string
	Data          []byte
	ReceivedAt    time.Time
	Verdict       string
	Kind          string
	Period        string // the list period recorded with the verdict
	TournamentKey string
}

// HomologatedFiles returns the accepted, not superseded files of a kind
// of play (standard, rapid) received from from to to included, oldest
// first.
func (s *Store) HomologatedFiles(ctx context.Context, kind string, from, to time.Time) ([]Homologated, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, f.submission_id, f.name, f.data, s.received_at, v.verdict, v.kind,
		v.period, v.tournament_key FROM verdicts v JOIN files f ON f.id = v.file_id JOIN submissions s ON s.id = f.submission_id
		WHERE v.kind = ? AND v.verdict IN ('accepted', 'accepted-with-warnings') AND v.superseded_by IS NULL
		AND s.received_at >= ? AND s.received_at < ?
		ORDER BY s.received_at, f.id`, kind,
		// Days a margin wide, as text (the date leads, fixed width); the
		// exact bounds are checked below.
		from.UTC().AddDate(0, 0, -1).Format("2006-01-02"), to.UTC().AddDate(0, 0, 2).Format("2006-01-02"))
	if err != nil {
		return nil, fmt.Errorf("store: homologated %s files: %w", kind, err)
	}
	defer rows.Close()
	var out []Homologated
	for rows.Next() {
		var h Homologated
		var recv string
		if err := rows.Scan(&h.FileID, &h.SubmissionID, &h.Name, &h.Data, &recv, &h.Verdict, &h.Kind, &h.Period,
			&h.TournamentKey); err != nil {
			return nil, err
		}
		// Compared as times, not as text: RFC 3339 with a variable
		// fraction does not sort as text.
		h.ReceivedAt = parseTS(recv)
		if h.ReceivedAt.Before(from) || h.ReceivedAt.After(to) {
			continue
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
