package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
)

// Read-only queries for the office's web pages: a page of submissions
// or tournaments under filters, a player's provisional results. They
// change nothing, so they live here beside the tables they read.

// provinceSQL is a tournament's province (over verdicts v): the
// province of the calendar event it was matched to (the calendar's
// optional province column, in the stored report's authorisation), else
// the sign in brackets closing its city, as in "Novara (NO)" (as
// fsi.Province says it; tested against it); "" when
// neither says. The schema's triggers keep it in its column whenever a
// verdict or its tournament's city is written, so that a page filters
// on an index and never reads the JSON reports.
const provinceSQL = `v.province`

// SubmissionFilter selects submissions; an empty field does not filter.
type SubmissionFilter struct {
	State   string   // received, judged, quarantined, discarded
	Verdict string   // a file of it has this verdict, or "unreadable" (a file with a read error)
	Channel string   // drop, imap, cli
	Kind    fsi.Kind // standard, rapid
	Period  string   // the list period of a file's verdict, "2027-01"
	// Province is a file's tournament's province, "NO" (provinceSQL).
	Province string
	Text     string // in the sender, source, subject, a file's or tournament's name or city
	Since    time.Time
}

// SubmissionRow is one line of a page of submissions.
type SubmissionRow struct {
	ID         int64
	ReceivedAt time.Time
	Channel    string
	Sender     string
	Source     string
	Subject    string
	State      string
	Files      int
	FirstFile  string // the first file's name
	Tournament string // the first file's tournament, "" when none was read
	Verdict    string // the worst verdict of its files
	Kind       fsi.Kind
	Period     string
	Errors     int
	Warnings   int
	// FileState is the state model's view of the file with the worst
	// verdict (the first file when none is judged).
	FileState state.View
	file      int64
}

func (f SubmissionFilter) where() (string, []any) {
	var conds []string
	var args []any
	if f.State != "" {
		conds = append(conds, `s.state = ?`)
		args = append(args, f.State)
	}
	if f.Channel != "" {
		conds = append(conds, `s.channel = ?`)
		args = append(args, f.Channel)
	}
	if !f.Since.IsZero() {
		conds = append(conds, `s.received_at >= ?`)
		args = append(args, ts(f.Since))
	}
	var file []string
	var fargs []any
	if f.Verdict == "unreadable" {
		file = append(file, `v.read_error <> ''`)
	} else if f.Verdict != "" {
		file = append(file, `v.verdict = ?`)
		fargs = append(fargs, f.Verdict)
	}
	if f.Kind != "" {
		file = append(file, `v.kind = ?`)
		fargs = append(fargs, f.Kind)
	}
	if f.Period != "" {
		file = append(file, `v.period = ?`)
		fargs = append(fargs, f.Period)
	}
	if p := provinceArg(f.Province); p != "" {
		file = append(file, provinceSQL+` = ?`)
		fargs = append(fargs, p)
	}
	if len(file) > 0 {
		// The verdicts' indexes select the submissions (province, kind
		// and period, verdict), not a look at every submission's files.
		conds = append(conds, `s.id IN (SELECT f.submission_id FROM verdicts v JOIN files f ON f.id = v.file_id
			WHERE `+strings.Join(file, " AND ")+`)`)
		args = append(args, fargs...)
	}
	if t := strings.TrimSpace(f.Text); t != "" {
		like := likeAny(t)
		// The files' and tournaments' matches are found once, each table
		// read once, not joined again for every submission.
		conds = append(conds, `(s.sender LIKE ? ESCAPE '\' OR s.source LIKE ? ESCAPE '\' OR s.subject LIKE ? ESCAPE '\'
			OR s.id IN (SELECT f.submission_id FROM files f WHERE f.name LIKE ? ESCAPE '\'
				UNION SELECT f.submission_id FROM tournaments t CROSS JOIN verdicts v ON v.tournament_key = t.key JOIN files f ON f.id = v.file_id
				WHERE t.name LIKE ? ESCAPE '\' OR t.city LIKE ? ESCAPE '\'))`)
		args = append(args, like, like, like, like, like, like)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// likeAny is the LIKE pattern (with ESCAPE '\') of the text searches: t
// anywhere, its own %, _ and \ taken as written.
func likeAny(t string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(t) + "%"
}

// provinceArg is a filter's province as provinceSQL gives it (upper
// case), "" for no filter.
func provinceArg(p string) string { return strings.ToUpper(strings.TrimSpace(p)) }

// BrowseSubmissions returns a page of the submissions the filter
// selects, newest first, and how many it selects in all.
func (s *Store) BrowseSubmissions(ctx context.Context, f SubmissionFilter, offset, limit int) ([]SubmissionRow, int, error) {
	where, args := f.where()
	// The page's ids first, on the filter's columns alone; then what the
	// page shows of those ids only (the correlated subqueries below must
	// not run for every submission the filter selects).
	pg, err := s.page(ctx, `FROM submissions s`+where, `s.id`, ` ORDER BY s.id DESC`, args, offset, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: submissions: %w", err)
	}
	total, in, idArgs := pg.total, pg.in, pg.args
	if len(idArgs) == 0 {
		return nil, total, nil
	}
	// The worst verdict orders rejected < unreadable < warnings < accepted.
	rows, err := s.db.QueryContext(ctx, `SELECT s.id, s.received_at, s.channel, s.sender, s.source, s.subject, s.state,
		(SELECT count(*) FROM files f WHERE f.submission_id = s.id),
		coalesce((SELECT f.name FROM files f WHERE f.submission_id = s.id ORDER BY f.seq LIMIT 1), ''),
		coalesce((SELECT t.name FROM files f JOIN verdicts v ON v.file_id = f.id JOIN tournaments t ON t.key = v.tournament_key
			WHERE f.submission_id = s.id ORDER BY f.seq LIMIT 1), ''),
		coalesce((SELECT v.verdict FROM files f JOIN verdicts v ON v.file_id = f.id WHERE f.submission_id = s.id
			ORDER BY CASE v.verdict WHEN 'rejected' THEN 0 WHEN 'accepted-with-warnings' THEN 2 WHEN 'accepted' THEN 3 WHEN 'attachment' THEN 4 ELSE 1 END
			LIMIT 1), ''),
		coalesce((SELECT v.kind FROM files f JOIN verdicts v ON v.file_id = f.id WHERE f.submission_id = s.id AND v.kind <> ''
			ORDER BY f.seq LIMIT 1), ''),
		coalesce((SELECT v.period FROM files f JOIN verdicts v ON v.file_id = f.id WHERE f.submission_id = s.id AND v.period <> ''
			ORDER BY f.seq LIMIT 1), ''),
		(SELECT count(*) FROM files f JOIN findings x ON x.file_id = f.id WHERE f.submission_id = s.id AND x.severity = 'error'),
		(SELECT count(*) FROM files f JOIN findings x ON x.file_id = f.id WHERE f.submission_id = s.id AND x.severity = 'warning'),
		coalesce((SELECT f.id FROM files f LEFT JOIN verdicts v ON v.file_id = f.id WHERE f.submission_id = s.id
			ORDER BY CASE v.verdict WHEN 'rejected' THEN 0 WHEN 'accepted-with-warnings' THEN 2 WHEN 'accepted' THEN 3 WHEN 'attachment' THEN 4 ELSE 1 END, f.seq
			LIMIT 1), 0)
		FROM submissions s WHERE s.id IN (`+strings.Join(in, ",")+`) ORDER BY s.id DESC`, idArgs...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: submissions: %w", err)
	}
	defer rows.Close()
	var out []SubmissionRow
	for rows.Next() {
		var r SubmissionRow
		var recv string
		if err := rows.Scan(&r.ID, &recv, &r.Channel, &r.Sender, &r.Source, &r.Subject, &r.State, &r.Files, &r.FirstFile,
			&r.Tournament, &r.Verdict, &r.Kind, &r.Period, &r.Errors, &r.Warnings, &r.file); err != nil {
			return nil, 0, fmt.Errorf("store: submissions: %w", err)
		}
		r.ReceivedAt = parseTS(recv)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	rows.Close()
	for i := range out {
		if out[i].file == 0 {
			out[i].FileState = state.Of(state.Facts{Submission: out[i].State})
			continue
		}
		f, _, _, _, err := s.FileFacts(ctx, out[i].file)
		if err != nil {
			return nil, 0, err
		}
		out[i].FileState = state.Of(f)
	}
	return out, total, nil
}

// Provinces lists the provinces of the tournaments (provinceSQL), in
// order.
func (s *Store) Provinces(ctx context.Context) ([]string, error) {
	out, err := s.texts(ctx, `SELECT DISTINCT province FROM verdicts WHERE province <> '' ORDER BY province`)
	if err != nil {
		return nil, fmt.Errorf("store: provinces: %w", err)
	}
	return out, nil
}

// SubmissionPeriods lists the list periods verdicts name, newest first.
func (s *Store) SubmissionPeriods(ctx context.Context) ([]string, error) {
	out, err := s.texts(ctx, `SELECT DISTINCT period FROM verdicts WHERE period <> '' ORDER BY period DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: periods: %w", err)
	}
	return out, nil
}

// texts runs a query of one text column and returns its values.
func (s *Store) texts(ctx context.Context, q string, args ...any) ([]string, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, v *string) error { return rows.Scan(v) }, q, args...)
}

// idPage is one page of a listing: how many rows the filter selects, and
// the page's ids as placeholders (in) and their arguments.
type idPage struct {
	total int
	in    []string
	args  []any
}

// page counts the rows of from (a FROM ... WHERE clause with args) and
// reads the ids (column id) of one page of them in order, so that a
// listing's costly columns run for that page's rows only.
func (s *Store) page(ctx context.Context, from, id, order string, args []any, offset, limit int) (idPage, error) {
	var pg idPage
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) `+from, args...).Scan(&pg.total); err != nil {
		return pg, err
	}
	ids, err := queryAll(ctx, s.db, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) },
		`SELECT `+id+` `+from+order+` LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return pg, err
	}
	pg.in = make([]string, len(ids))
	pg.args = make([]any, len(ids))
	for i, id := range ids {
		pg.in[i], pg.args[i] = "?", id
	}
	return pg, nil
}

// queryAll runs a query and reads each row with scan: the one loop of the
// store's listing queries. Its errors are the driver's; the caller says
// what was being listed.
func queryAll[T any](ctx context.Context, db *sql.DB, scan func(*sql.Rows, *T) error, q string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// FileVerdict is one file of a submission with its verdict and findings,
// as the submission's page shows it.
type FileVerdict struct {
	FileID int64
	// Number is the file's number a person reads ("10.1"), State what
	// the state model derives of it, TournamentID its tournament (0:
	// none).
	Number        string
	State         state.View
	TournamentID  int64
	Name          string
	From          string
	Size          int
	TournamentKey string
	Tournament    string
	City          string
	Start, End    string
	Format        string
	Verdict       string
	Kind          fsi.Kind
	Period        string
	ReadError     string
	Supersedes    int64
	SupersededBy  int64
	Findings      []FindingRow
	// Decision is the office's decision about the verdict, nil when none;
	// Past the earlier judgements a re-judgement replaced.
	Decision *VerdictDecision
	Past     []PastJudgement
}

// FindingRow is one stored finding.
type FindingRow struct {
	Rule      string
	Article   string
	Severity  string
	MessageIT string
	MessageEN string
	Line      int
	Player    int
	Round     int
}

// FileVerdicts returns the files of a submission with their verdicts
// (empty for a file not judged) and findings.
func (s *Store) FileVerdicts(ctx context.Context, submissionID int64) ([]FileVerdict, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, f.seq, f.submission_id, coalesce(t.rowid, 0), f.name, f.from_archive, f.size, coalesce(v.tournament_key, ''),
		coalesce(t.name, ''), coalesce(t.city, ''), coalesce(t.start_date, ''), coalesce(t.end_date, ''),
		coalesce(v.format, ''), coalesce(v.verdict, ''), coalesce(v.kind, ''), coalesce(v.period, ''),
		coalesce(v.read_error, ''), coalesce(v.supersedes, 0), coalesce(v.superseded_by, 0), `+stateSQL+`
		FROM files f JOIN submissions s ON s.id = f.submission_id LEFT JOIN verdicts v ON v.file_id = f.id
		LEFT JOIN tournaments t ON t.key = v.tournament_key
		WHERE f.submission_id = ? ORDER BY f.seq`, submissionID)
	if err != nil {
		return nil, fmt.Errorf("store: files of submission %d: %w", submissionID, err)
	}
	var out []FileVerdict
	for rows.Next() {
		var f FileVerdict
		var seq int
		var sub int64
		var x factsScan
		if err := rows.Scan(append([]any{&f.FileID, &seq, &sub, &f.TournamentID, &f.Name, &f.From, &f.Size, &f.TournamentKey, &f.Tournament, &f.City, &f.Start, &f.End,
			&f.Format, &f.Verdict, &f.Kind, &f.Period, &f.ReadError, &f.Supersedes, &f.SupersededBy}, x.dest()...)...); err != nil {
			rows.Close()
			return nil, err
		}
		f.Number, f.State = state.Number(sub, seq), state.Of(x.facts())
		out = append(out, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		fr, err := s.db.QueryContext(ctx, `SELECT rule, article, severity, message_it, message_en, line, player, round
			FROM findings WHERE file_id = ? ORDER BY seq`, out[i].FileID)
		if err != nil {
			return nil, fmt.Errorf("store: findings of file %d: %w", out[i].FileID, err)
		}
		for fr.Next() {
			var x FindingRow
			if err := fr.Scan(&x.Rule, &x.Article, &x.Severity, &x.MessageIT, &x.MessageEN, &x.Line, &x.Player, &x.Round); err != nil {
				fr.Close()
				return nil, err
			}
			out[i].Findings = append(out[i].Findings, x)
		}
		fr.Close()
		if err := fr.Err(); err != nil {
			return nil, err
		}
		if out[i].Decision, err = s.Decision(ctx, out[i].FileID); err != nil {
			return nil, err
		}
		if out[i].Past, err = s.Judgements(ctx, out[i].FileID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// TournamentFilter selects tournaments; an empty field does not filter.
type TournamentFilter struct {
	Kind     fsi.Kind
	Period   string
	Verdict  string
	Province string // "NO" (provinceSQL)
	Text     string // in the name or city
}

// TournamentRow is a tournament with the file that stands for it: the
// version in force, else the latest judged.
type TournamentRow struct {
	ID           int64
	Key          string
	Name         string
	City         string
	Province     string // provinceSQL
	Start, End   string
	FileID       int64
	SubmissionID int64
	Verdict      string
	Kind         fsi.Kind
	Period       string
	Summary      json.RawMessage // validate.Summary of the standing file
	Revoked      bool            // the office revoked its homologation
	Fide         string          // the FIDE list it was last forwarded to, "" when never
	// State is what the state model derives of the standing file.
	State state.View
}

// BrowseTournaments returns a page of tournaments, latest start first,
// and how many the filter selects.
func (s *Store) BrowseTournaments(ctx context.Context, f TournamentFilter, offset, limit int) ([]TournamentRow, int, error) {
	var conds []string
	var args []any
	// The standing file's columns, kept on the tournament by the schema's
	// triggers (standingMigration): counted on an index.
	for _, c := range []struct{ col, v string }{{"t.s_kind", string(f.Kind)}, {"t.s_period", f.Period}, {"t.s_verdict", f.Verdict},
		{"t.s_province", provinceArg(f.Province)}} {
		if c.v != "" {
			conds = append(conds, c.col+" = ?")
			args = append(args, c.v)
		}
	}
	if t := strings.TrimSpace(f.Text); t != "" {
		like := likeAny(t)
		conds = append(conds, `(t.name LIKE ? ESCAPE '\' OR t.city LIKE ? ESCAPE '\')`)
		args = append(args, like, like)
	}
	conds = append(conds, "t.s_file <> 0")
	where := " WHERE " + strings.Join(conds, " AND ")
	// The version in force, else (none accepted) the latest file judged:
	// t.s_file. CROSS JOIN keeps the tournaments outside, walked in the
	// page's order.
	from := ` FROM tournaments t CROSS JOIN verdicts v ON v.file_id = t.s_file JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id`
	// The page's tournaments first, on their own columns (a sort of keys
	// when a filter's index is used); then what the page shows of them.
	pg, err := s.page(ctx, `FROM tournaments t`+where, `t.rowid`, ` ORDER BY t.start_date DESC, t.name`, args, offset, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: tournaments: %w", err)
	}
	total, in, idArgs := pg.total, pg.in, pg.args
	if len(idArgs) == 0 {
		return nil, total, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT t.key, t.name, t.city, `+provinceSQL+`, t.start_date, t.end_date, f.id, f.submission_id,
		v.verdict, v.kind, v.period, v.summary, t.revoked_at IS NOT NULL,
		coalesce((SELECT w.period FROM fide_forwardings w WHERE w.tournament_key = t.key ORDER BY w.id DESC LIMIT 1), ''), t.rowid, `+stateSQL+from+
		` WHERE t.rowid IN (`+strings.Join(in, ",")+`) ORDER BY t.start_date DESC, t.name`, idArgs...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: tournaments: %w", err)
	}
	defer rows.Close()
	var out []TournamentRow
	for rows.Next() {
		var r TournamentRow
		var sum *string
		var x factsScan
		if err := rows.Scan(append([]any{&r.Key, &r.Name, &r.City, &r.Province, &r.Start, &r.End, &r.FileID, &r.SubmissionID, &r.Verdict, &r.Kind,
			&r.Period, &sum, &r.Revoked, &r.Fide, &r.ID}, x.dest()...)...); err != nil {
			return nil, 0, fmt.Errorf("store: tournaments: %w", err)
		}
		r.State = state.Of(x.facts())
		if sum != nil {
			r.Summary = json.RawMessage(*sum)
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// PlayerResult is a player's provisional result in one homologated file.
type PlayerResult struct {
	FileID       int64
	SubmissionID int64
	Tournament   string
	Start        string
	Kind         fsi.Kind
	Period       string
	Result       []byte // rating.Line as JSON
}

// PlayerResults returns the provisional results recorded for a player
// (by FSI id) in the files that count (homologation/state): the version
// in force of a tournament neither revoked nor unclear, latest first.
func (s *Store) PlayerResults(ctx context.Context, fsiID string) ([]PlayerResult, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *PlayerResult) error {
		return rows.Scan(&r.FileID, &r.SubmissionID, &r.Tournament, &r.Start, &r.Kind, &r.Period, &r.Result)
	}, `SELECT r.file_id, f.submission_id, coalesce(t.name, f.name), coalesce(t.start_date, ''),
		r.kind, r.period, r.result FROM rating_results r JOIN files f ON f.id = r.file_id
		JOIN verdicts v ON v.file_id = r.file_id LEFT JOIN tournaments t ON t.key = v.tournament_key
		WHERE r.player = ? AND t.current_file = r.file_id AND t.revoked_at IS NULL AND t.unclear_with = ''
		ORDER BY t.start_date DESC, r.file_id DESC`, fsiID)
	if err != nil {
		return nil, fmt.Errorf("store: results of %s: %w", fsiID, err)
	}
	return out, nil
}

// ListSummary is a closed list without its bytes.
type ListSummary struct {
	ID        int64
	Kind      fsi.Kind
	Period    string
	Issue     string
	From      string
	Cutoff    string
	BasedOn   string
	Rows      int
	Files     int
	CreatedAt time.Time
}

// ListSummaries lists the closed lists, newest period first.
func (s *Store) ListSummaries(ctx context.Context) ([]ListSummary, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, l *ListSummary) error {
		return rows.Scan(&l.ID, &l.Kind, &l.Period, &l.Issue, &l.From, &l.Cutoff, &l.BasedOn, &l.Rows, &l.Files, stamp(&l.CreatedAt))
	}, `SELECT l.id, l.kind, l.period, l.issue, l.received_from, l.cutoff, l.based_on, l.rows,
		(SELECT count(*) FROM rating_list_files x WHERE x.list_id = l.id), l.created_at
		FROM rating_lists l INDEXED BY rating_lists_summary ORDER BY l.period DESC, l.kind`)
	if err != nil {
		return nil, fmt.Errorf("store: lists: %w", err)
	}
	return out, nil
}

// ListStamps maps each closed list's id to its kind, period and when it
// was (re)closed: a cache of parsed lists stays valid while the stamps
// are unchanged.
func (s *Store) ListStamps(ctx context.Context) (map[int64]string, error) {
	return s.idStrings(ctx, "lists", `SELECT id, kind || ' ' || period || ' ' || created_at
		FROM rating_lists INDEXED BY rating_lists_summary`)
}

// idStrings reads a query's rows of (id, text) into a map; what names
// the query in its error.
func (s *Store) idStrings(ctx context.Context, what, query string) (map[int64]string, error) {
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			return nil, err
		}
		out[id] = st
	}
	return out, rows.Err()
}

// RatingListByID returns a closed list.
func (s *Store) RatingListByID(ctx context.Context, id int64) (*RatingList, bool, error) {
	return s.ratingList(ctx, `WHERE id = ?`, id)
}

// StatusOf returns one submission's status (StatusesOf).
func (s *Store) StatusOf(ctx context.Context, id int64) (*Status, error) {
	sts, err := s.StatusesOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(sts) == 0 {
		return nil, noSubmission(id)
	}
	return &sts[0], nil
}

// RegisterInfo is an imported register without its bytes.
type RegisterInfo struct {
	Kind       string
	Name       string
	Rows       int
	ImportedAt time.Time
}

// RegisterInfos lists the registers imported into the store.
func (s *Store) RegisterInfos(ctx context.Context) ([]RegisterInfo, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *RegisterInfo) error {
		return rows.Scan(&r.Kind, &r.Name, &r.Rows, stamp(&r.ImportedAt))
	}, `SELECT kind, name, rows, imported_at FROM registers ORDER BY kind`)
	if err != nil {
		return nil, fmt.Errorf("store: registers: %w", err)
	}
	return out, nil
}

// ListSummaryOf returns a closed list without its bytes; ok is false
// when it was never closed.
func (s *Store) ListSummaryOf(ctx context.Context, kind fsi.Kind, period string) (l ListSummary, ok bool, err error) {
	var created string
	err = s.db.QueryRowContext(ctx, `SELECT id, kind, period, issue, received_from, cutoff, based_on, rows, created_at
		FROM rating_lists INDEXED BY rating_lists_summary WHERE kind = ? AND period = ?`, kind, period).Scan(
		&l.ID, &l.Kind, &l.Period, &l.Issue, &l.From, &l.Cutoff, &l.BasedOn, &l.Rows, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return l, false, nil
	}
	if err != nil {
		return l, false, fmt.Errorf("store: %s list %s: %w", kind, period, err)
	}
	l.CreatedAt = parseTS(created)
	return l, true, nil
}

// FileReport returns the validator's report stored with a file's
// verdict (validate.Report as JSON); ok is false when the file is not
// judged.
func (s *Store) FileReport(ctx context.Context, fileID int64) (report []byte, received time.Time, ok bool, err error) {
	var rep, recv string
	err = s.db.QueryRowContext(ctx, `SELECT v.report, s.received_at FROM verdicts v JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id WHERE v.file_id = ?`, fileID).Scan(&rep, &recv)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, false, fmt.Errorf("store: report of file %d: %w", fileID, err)
	}
	return []byte(rep), parseTS(recv), true, nil
}
