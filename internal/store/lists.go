package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
	"omologa/internal/platform/failure"
)

// ErrListExists is returned by SaveRatingList when the kind and period
// are already closed and replacing was not asked for.
var ErrListExists = failure.New(failure.Conflict, "list already closed")

// RatingList is a closed rating list as stored.
type RatingList struct {
	ID     int64
	Kind   fsi.Kind // standard, rapid
	Period string   // "2027-01"
	Issue  string   // "2027-01-01"
	From   string   // first receipt day counted
	Cutoff string   // last receipt day counted
	// BasedOn says what the list in force was: "list 2026-11" or
	// "register players.csv".
	BasedOn   string
	List      []byte // players' register CSV with the engine's state columns
	Rows      int
	Report    []byte // the change report, JSON
	CreatedAt time.Time
	// Files are the files rated, with their tournament keys.
	Files []ListedFile
	// Base is the list in force the list was closed from (as given to
	// the close), kept to re-rate a tournament corrected after the close.
	Base []byte
	// Corrections are the differences of tournaments rated in earlier
	// lists carried into this one.
	Corrections []Correction
	// Duration is how long the close ran (the metrics' last list run).
	Duration time.Duration
}

// ListedFile is a file a list rated.
type ListedFile struct {
	FileID        int64
	TournamentKey string
	Label         string // the file's name in the change report
	Decisions     string // fingerprint of the office's decisions applied
}

// Correction is a tournament rated in an earlier list whose version in
// force, revocation or decisions changed, carried into a later list.
type Correction struct {
	TournamentKey string
	RatedIn       string // the period of the list (same kind) it was first rated in
	FileID        int64  // the version now counted; 0 when revoked
	Decisions     string // fingerprint of the decisions now counted
	Reason        string
	Variations    []byte // JSON: player → applied variation now counted
	Deltas        []byte // JSON: the differences carried
}

// AsRead is l as the store gives it back once saved under id at created
// (RatingListOf and the others): its files by file id, an empty report
// as "{}", its corrections and duration not read back. A caller that
// has just saved l reads it so without reading it again (issue 31: the
// list run's site).
func (l *RatingList) AsRead(id int64, created time.Time) *RatingList {
	r := *l
	r.ID, r.CreatedAt, r.Corrections, r.Duration = id, parseTS(ts(created)), nil, 0
	r.Report = []byte(storedReport(l.Report))
	r.Files = slices.Clone(l.Files)
	slices.SortStableFunc(r.Files, func(a, b ListedFile) int { return cmp.Compare(a.FileID, b.FileID) })
	return &r
}

// storedReport is the text a list's report is stored as.
func storedReport(report []byte) string {
	if len(report) == 0 {
		return "{}"
	}
	return string(report)
}

// SaveRatingList stores a closed list with the files it rated, in one
// transaction. A list of the same kind and period is an ErrListExists
// unless replace is true, in which case it (and its files) is replaced.
func (s *Store) SaveRatingList(ctx context.Context, l *RatingList, replace bool, now time.Time) (int64, error) {
	// The two lists are compressed before the transaction, side by side:
	// at 30,000 players that is most of the saving's time (issue 31), and
	// the store's write lock is not held meanwhile.
	var list, base []byte
	packed := make(chan struct{})
	go func() { base = pack(l.Base); close(packed) }()
	list = pack(l.List)
	<-packed
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
			if _, err := tx.ExecContext(ctx, `DELETE FROM list_corrections WHERE list_id = ?`, old); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM rating_lists WHERE id = ?`, old); err != nil {
				return err
			}
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		report := storedReport(l.Report)
		res, err := tx.ExecContext(ctx, `INSERT INTO rating_lists (kind, period, issue, received_from, cutoff, based_on,
			list, rows, report, created_at, base, run_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			l.Kind, l.Period, l.Issue, l.From, l.Cutoff, l.BasedOn, list, l.Rows, report, ts(now), base,
			l.Duration.Milliseconds())
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for _, f := range l.Files {
			if _, err := tx.ExecContext(ctx, `INSERT INTO rating_list_files (list_id, file_id, tournament_key, label, decisions)
				VALUES (?, ?, ?, ?, ?)`, id, f.FileID, f.TournamentKey, f.Label, f.Decisions); err != nil {
				return fmt.Errorf("file %d: %w", f.FileID, err)
			}
		}
		for _, c := range l.Corrections {
			if _, err := tx.ExecContext(ctx, `INSERT INTO list_corrections (list_id, tournament_key, rated_in, file_id, decisions,
				reason, variations, deltas) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, c.TournamentKey, c.RatedIn, c.FileID, c.Decisions,
				c.Reason, string(c.Variations), string(c.Deltas)); err != nil {
				return fmt.Errorf("correction of %s: %w", c.TournamentKey, err)
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
func (s *Store) RatingListOf(ctx context.Context, kind fsi.Kind, period string) (l *RatingList, ok bool, err error) {
	return s.ratingList(ctx, `WHERE kind = ? AND period = ?`, kind, period)
}

// LatestRatingList returns the last list of a kind closed for a period
// before the given one ("2027-03"); ok is false when there is none.
func (s *Store) LatestRatingList(ctx context.Context, kind fsi.Kind, before string) (l *RatingList, ok bool, err error) {
	// Periods are "YYYY-MM": their text order is their time order.
	return s.ratingList(ctx, `WHERE kind = ? AND period < ? ORDER BY period DESC LIMIT 1`, kind, before)
}

// RatingListInForce returns the last list of a kind closed for a period
// up to and including the given one: the list of that kind in force when
// the given period's list is issued; ok is false when there is none.
func (s *Store) RatingListInForce(ctx context.Context, kind fsi.Kind, upTo string) (l *RatingList, ok bool, err error) {
	return s.ratingList(ctx, `WHERE kind = ? AND period <= ? ORDER BY period DESC LIMIT 1`, kind, upTo)
}

func (s *Store) ratingList(ctx context.Context, where string, args ...any) (*RatingList, bool, error) {
	l := &RatingList{}
	var created, report string
	err := s.db.QueryRowContext(ctx, `SELECT id, kind, period, issue, received_from, cutoff, based_on, list, rows, report,
		created_at, base FROM rating_lists `+where, args...).Scan(&l.ID, &l.Kind, &l.Period, &l.Issue, &l.From, &l.Cutoff,
		&l.BasedOn, &l.List, &l.Rows, &report, &created, &l.Base)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: rating list: %w", err)
	}
	l.CreatedAt = parseTS(created)
	// The report is stored as JSON text (statistics read it with SQL);
	// unpack still reads one stored compressed.
	if l.List, err = unpack(l.List); err == nil {
		if l.Base, err = unpack(l.Base); err == nil {
			l.Report, err = unpack([]byte(report))
		}
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: rating list %d: %w", l.ID, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT file_id, tournament_key, label, decisions FROM rating_list_files WHERE list_id = ? ORDER BY file_id`, l.ID)
	if err != nil {
		return nil, false, fmt.Errorf("store: files of list %d: %w", l.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var f ListedFile
		if err := rows.Scan(&f.FileID, &f.TournamentKey, &f.Label, &f.Decisions); err != nil {
			return nil, false, err
		}
		l.Files = append(l.Files, f)
	}
	return l, true, rows.Err()
}

// RatingListPeriods lists the periods closed for a kind, oldest first.
func (s *Store) RatingListPeriods(ctx context.Context, kind fsi.Kind) ([]string, error) {
	out, err := s.texts(ctx, `SELECT period FROM rating_lists WHERE kind = ? ORDER BY period`, kind)
	if err != nil {
		return nil, fmt.Errorf("store: %s lists: %w", kind, err)
	}
	return out, nil
}

// RatedTournaments maps the tournament keys (and, for files without a
// key, "#" and the file id) already rated in a list of the kind, other
// than the list of the given period, to that list's period.
func (s *Store) RatedTournaments(ctx context.Context, kind fsi.Kind, exceptPeriod string) (map[string]string, error) {
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

// Homologated is the version in force of a tournament whose homologation
// stands: its latest accepted file, the tournament neither revoked nor
// unclear.
type Homologated struct {
	FileID       int64
	SubmissionID int64
	// Number is the file as a person knows it, "N.M" (state.Number).
	Number string
	Name   string
	Data   []byte
	// ReceivedAt is when the tournament was first received accepted:
	// the receipt that places it in a list period (RTF 4.2.2, RAPID 6.2),
	// whichever version is in force now.
	ReceivedAt    time.Time
	Verdict       string
	Kind          fsi.Kind
	Period        string // the list period recorded with the verdict
	TournamentKey string
	TournamentID  int64
	// Corrected is true when the version in force is not the first
	// accepted one (its verdict's period is then its own receipt's).
	Corrected bool

	hash string // the file's blob
	size int64
}

// HomologatedFiles returns the versions in force of the tournaments of a
// kind of play (standard, rapid) not revoked, and not unclear (a file the
// identity rules could not place is held until the office links it:
// HeldFiles), first received accepted
// from from to to included, oldest first.
func (s *Store) HomologatedFiles(ctx context.Context, kind fsi.Kind, from, to time.Time) ([]Homologated, error) {
	return s.homologated(ctx, kind, from, to, "", "")
}

// UnratedFiles is HomologatedFiles without the tournaments rated in a
// list of the kind other than the one for period: those homologated too
// late for their own list, or whose list was never closed.
func (s *Store) UnratedFiles(ctx context.Context, kind fsi.Kind, from, to time.Time, period string) ([]Homologated, error) {
	return s.homologated(ctx, kind, from, to, ` AND NOT EXISTS (SELECT 1 FROM rating_list_files rf JOIN rating_lists rl ON rl.id = rf.list_id
		WHERE rf.tournament_key = t.key AND rl.kind = v.kind AND rl.period <> ?)`, period)
}

func (s *Store) homologated(ctx context.Context, kind fsi.Kind, from, to time.Time, unrated, period string) ([]Homologated, error) {
	args := []any{kind}
	if unrated != "" {
		args = append(args, period)
	}
	// Days a margin wide, as text (the date leads, fixed width); the
	// exact bounds are checked below.
	args = append(args, from.UTC().AddDate(0, 0, -1).Format("2006-01-02"), to.UTC().AddDate(0, 0, 2).Format("2006-01-02"))
	rows, err := s.db.QueryContext(ctx, `SELECT * FROM (SELECT f.id, f.submission_id, f.seq, f.name, f.hash, f.size,
		(SELECT min(s2.received_at) FROM verdicts v2 JOIN files f2 ON f2.id = v2.file_id JOIN submissions s2 ON s2.id = f2.submission_id
			WHERE v2.tournament_key = t.key AND v2.verdict IN `+acceptedSQL+`) AS first,
		v.verdict, v.kind, v.period, v.tournament_key, t.rowid, s.received_at AS own
		FROM tournaments t JOIN verdicts v ON v.file_id = t.current_file JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id
		WHERE v.kind = ? AND v.verdict IN `+acceptedSQL+` AND t.revoked_at IS NULL AND t.unclear_with = ''
			AND NOT `+feeHeldSQL("t.key")+unrated+`)
		WHERE first >= ? AND first < ? ORDER BY first, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: homologated %s files: %w", kind, err)
	}
	defer rows.Close()
	var out []Homologated
	for rows.Next() {
		var h Homologated
		var recv, own string
		var seq int
		if err := rows.Scan(&h.FileID, &h.SubmissionID, &seq, &h.Name, &h.hash, &h.size, &recv, &h.Verdict, &h.Kind, &h.Period,
			&h.TournamentKey, &h.TournamentID, &own); err != nil {
			return nil, err
		}
		// Compared as times, not as text: RFC 3339 with a variable
		// fraction does not sort as text.
		h.ReceivedAt = parseTS(recv)
		h.Corrected = own != recv
		h.Number = state.Number(h.SubmissionID, seq)
		if h.ReceivedAt.Before(from) || h.ReceivedAt.After(to) {
			continue
		}
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	// The bytes once the rows are closed: no query nested in another.
	for i := range out {
		if out[i].Data, err = s.readBlob(ctx, out[i].hash, out[i].size); err != nil {
			return nil, fmt.Errorf("store: homologated file %d: %w", out[i].FileID, err)
		}
	}
	return out, nil
}

// Rated is a tournament rated in a closed list, with what is counted of
// it now: the file, decisions and variations of its latest correction
// carried into a list before the given period, else the list's own.
type Rated struct {
	List   *RatingList // the list it was rated in (without its files)
	Listed ListedFile
	// Counted is the latest correction; nil when none.
	Counted *Correction
}

// RatedBefore returns the tournaments rated in the lists of a kind
// closed for periods before the given one, oldest list first.
func (s *Store) RatedBefore(ctx context.Context, kind fsi.Kind, period string) ([]Rated, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.id, l.period, f.file_id, f.tournament_key, f.label, f.decisions
		FROM rating_list_files f JOIN rating_lists l ON l.id = f.list_id WHERE l.kind = ? AND l.period < ?
		ORDER BY l.period, f.file_id`, kind, period)
	if err != nil {
		return nil, fmt.Errorf("store: rated tournaments: %w", err)
	}
	var out []Rated
	lists := map[int64]*RatingList{}
	for rows.Next() {
		var r Rated
		var id int64
		var p string
		if err := rows.Scan(&id, &p, &r.Listed.FileID, &r.Listed.TournamentKey, &r.Listed.Label, &r.Listed.Decisions); err != nil {
			rows.Close()
			return nil, err
		}
		if lists[id] == nil {
			lists[id] = &RatingList{ID: id, Period: p}
		}
		r.List = lists[id]
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for id, l := range lists {
		full, ok, err := s.ratingList(ctx, `WHERE id = ?`, id)
		if err != nil || !ok {
			return nil, fmt.Errorf("store: list %d: %v", id, err)
		}
		full.Files = nil
		*l = *full
	}
	for i := range out {
		c := &Correction{}
		var vars, deltas string
		err := s.db.QueryRowContext(ctx, `SELECT c.tournament_key, c.rated_in, c.file_id, c.decisions, c.reason, c.variations, c.deltas
			FROM list_corrections c JOIN rating_lists l ON l.id = c.list_id
			WHERE c.tournament_key = ? AND c.rated_in = ? AND l.kind = ? AND l.period < ? ORDER BY l.period DESC LIMIT 1`,
			out[i].Listed.TournamentKey, out[i].List.Period, kind, period).Scan(&c.TournamentKey, &c.RatedIn, &c.FileID, &c.Decisions, &c.Reason, &vars, &deltas)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		c.Variations, c.Deltas = []byte(vars), []byte(deltas)
		out[i].Counted = c
	}
	return out, nil
}

// Revoked reports whether the tournament key's homologation is revoked.
func (s *Store) Revoked(ctx context.Context, key string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE key = ? AND revoked_at IS NOT NULL`, key).Scan(&n)
	return n > 0, err
}

// HeldFile is a homologated file held from the lists because its
// tournament is unclear: it may be a version of another tournament, and
// the office links it (or separates it) first.
type HeldFile struct {
	FileID       int64  `json:"file_id"`
	SubmissionID int64  `json:"submission_id"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	Tournament   string `json:"tournament"`
	TournamentID int64  `json:"tournament_id"`
	// MaybeID and Maybe are the tournament it may be a version of.
	MaybeID int64    `json:"maybe_id,omitempty"`
	Maybe   string   `json:"maybe,omitempty"`
	Kind    fsi.Kind `json:"kind"`
	Period  string   `json:"period,omitempty"`
	// AwaitingFee: held because its homologation fee is not paid (the
	// after-payment policy, RTF 6.2.2), not because it is unclear.
	AwaitingFee bool `json:"awaiting_fee,omitempty"`
}

// HeldFiles returns the accepted versions in force of the unclear
// tournaments of a kind ("" for every kind), oldest first.
func (s *Store) HeldFiles(ctx context.Context, kind fsi.Kind) ([]HeldFile, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, h *HeldFile) error {
		var seq int
		if err := rows.Scan(&h.FileID, &h.SubmissionID, &seq, &h.Name, &h.Tournament, &h.TournamentID, &h.MaybeID, &h.Maybe,
			&h.Kind, &h.Period, &h.AwaitingFee); err != nil {
			return err
		}
		h.Number = state.Number(h.SubmissionID, seq)
		return nil
	}, `SELECT f.id, f.submission_id, f.seq, f.name, t.name, t.rowid, coalesce(m.rowid, 0), coalesce(m.name, ''), v.kind, v.period,
		t.unclear_with = '' AND `+feeHeldSQL("t.key")+`
		FROM tournaments t JOIN verdicts v ON v.file_id = t.current_file JOIN files f ON f.id = v.file_id
		LEFT JOIN tournaments m ON m.key = t.unclear_with
		WHERE (t.unclear_with <> '' OR (v.verdict IN `+acceptedSQL+` AND `+feeHeldSQL("t.key")+`))
			AND t.revoked_at IS NULL AND (? = '' OR v.kind = ?) ORDER BY f.id`, kind, kind)
}
