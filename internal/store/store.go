// Package store keeps everything omologa receives and decides in SQLite
// (modernc.org/sqlite, pure Go, so a fresh machine builds it without
// cgo): the submissions with their original bytes, their files, the
// verdicts and findings, the tournaments (so that a corrected file
// supersedes the earlier one), the outbox of notices with their delivery
// attempts, the IMAP mailbox positions, the imported registers, the
// rating lists closed and the office's decisions about players.
//
// Every state change is one transaction: a submission is recorded before
// the intake acknowledges it, a judgement and its notice are saved
// together, and a delivery attempt updates its notice alone. A crash can
// therefore repeat work but never lose it, and the unique content hash
// and Message-ID make a repeated recording a no-op. Backup copies the
// whole store while it is written (one snapshot), Restore puts a checked
// copy back.
//
// The store's errors (ErrNoSubmission, StateError, NoticeError, the
// sign-in links' and a backup's reasons) are English only, on purpose:
// they are internal errors for the log and the command line, never
// shown to a person as they are; the office words what a clerk or an
// arbiter reads of them from the text catalogue (internal/platform/
// catalogue, its "office." refusals). The notes the store keeps on a
// submission or a file are the catalogue's too ("note.").
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/clock"
	"omologa/internal/platform/failure"
)

// Submission states.
const (
	StateReceived    = "received"    // recorded, not judged yet
	StateJudged      = "judged"      // verdicts saved, notice queued
	StateQuarantined = "quarantined" // unknown sender: kept for the office, not answered
)

// Notice statuses.
const (
	NoticePending = "pending"
	NoticeSent    = "sent"
	NoticeFailing = "failing" // fast attempts spent: retried slowly, shown to the office
	NoticeFailed  = "failed"  // permanent failure, or slow retries spent too
)

// Store is an open database.
type Store struct {
	db   *sql.DB
	path string // the file, for messages
}

// Open opens (creating if needed) the database at path and brings its
// schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	start := clock.Start()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	// Writers take the lock at BEGIN, so that two writers never deadlock
	// upgrading read locks.
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	// Keep the connections the web's concurrent pages open: with the
	// default two idle ones, every burst of fifty concurrent searches
	// opened (and parsed the schema of) a new connection for most
	// requests. Measured: serve's peak memory stays about 150 MB.
	db.SetMaxIdleConns(64)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{db: db, path: path}
	// Processes opening a new store at once can meet SQLITE_BUSY before
	// the busy timeout applies (the switch to WAL of a new file takes its
	// lock without waiting): the opening is tried again, for about as
	// long as the busy timeout.
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 500*time.Millisecond) {
		err = s.migrate(ctx)
		if err == nil {
			return s, nil
		}
		if !isBusy(err) || start.Elapsed() > 10*time.Second {
			db.Close()
			return nil, fmt.Errorf("store %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			db.Close()
			return nil, fmt.Errorf("store %s: %w", path, ctx.Err())
		case <-time.After(wait):
		}
	}
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	return err != nil && strings.Contains(err.Error(), "SQLITE_BUSY")
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

func (s *Store) migrate(ctx context.Context) error {
	// The version is read inside each migration's (immediate)
	// transaction: processes opening a new store at once (20 omologa
	// ingest) then apply each migration once, in turn.
	for {
		done := false
		var applied int
		err := s.tx(ctx, func(tx *sql.Tx) error {
			var v int
			if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
				return fmt.Errorf("schema version: %w", err)
			}
			if v > len(migrations) {
				return fmt.Errorf("schema version %d is newer than this program (%d): upgrade omologa", v, len(migrations))
			}
			if v == len(migrations) {
				done = true
				return nil
			}
			applied = v + 1
			if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
				return fmt.Errorf("migration %d: %w", applied, err)
			}
			_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", applied))
			return err
		})
		if err != nil || done {
			return err
		}
	}
}

func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func ts(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTS(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// scanOne scans the row a look-up by key returned into dest: notFound
// when there is no such row, else the driver's error.
func scanOne(row *sql.Row, notFound error, dest ...any) error {
	if err := row.Scan(dest...); errors.Is(err, sql.ErrNoRows) {
		return notFound
	} else if err != nil {
		return err
	}
	return nil
}

// stamp scans a timestamp column (the text ts writes) into *t, for
// rows.Scan: NULL, "" and anything unreadable are the zero time, as
// parseTS reads them.
func stamp(t *time.Time) sql.Scanner { return (*stampScan)(t) }

type stampScan time.Time

func (s *stampScan) Scan(v any) error {
	switch v := v.(type) {
	case string:
		*s = stampScan(parseTS(v))
	case []byte:
		*s = stampScan(parseTS(string(v)))
	case time.Time:
		*s = stampScan(v)
	default:
		*s = stampScan{}
	}
	return nil
}

// Hash is the content hash the store dedupes on: ingest's (SHA-256,
// hex), as a Content of b is named.
func Hash(b []byte) string { return ingest.Bytes(b).Hash() }

// Record stores a submission with its files, in one transaction. When a
// submission with the same content hash and Message-ID is already
// recorded, it records nothing and returns that submission's id with
// dup true, and sets sub.Source to the source recorded then: an intake
// that crashed between recording and archiving so keeps the original
// where the record says it is.
func (s *Store) Record(ctx context.Context, sub *ingest.Submission, now time.Time) (id int64, dup bool, err error) {
	return s.record(ctx, sub, Thread{}, now)
}

func (s *Store) record(ctx context.Context, sub *ingest.Submission, t Thread, now time.Time) (id int64, dup bool, err error) {
	hash := sub.ContentHash
	if hash == "" {
		hash = sub.Original.Hash()
	}
	if hash == "" {
		hash = Hash(nil)
	}
	fields, _ := json.Marshal(orEmptyMap(sub.Fields))
	problems, _ := json.Marshal(orEmpty(sub.Problems))
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var source string
		err := tx.QueryRowContext(ctx, `SELECT id, source FROM submissions WHERE content_hash = ? AND message_id = ?`,
			hash, sub.MessageID).Scan(&id, &source)
		if err == nil {
			dup = true
			if source != "" {
				sub.Source = source
			}
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		// The bytes go to blobs a chunk at a time (never bound whole):
		// the original unless not kept, then each file.
		buf := make([]byte, blobChunk)
		if !sub.Original.IsZero() {
			if err := putBlob(ctx, tx, sub.Original, buf); err != nil {
				return fmt.Errorf("original: %w", err)
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO submissions
			(channel, sender, received_at, message_id, subject, body, fields, problems, source, content_hash, raw_blob, state, recorded_at, message,
			thread_of, in_reply_to)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			string(sub.Channel), sub.Sender, ts(sub.ReceivedAt), sub.MessageID, sub.Subject, sub.Body,
			string(fields), string(problems), sub.Source, hash, sub.Original.Hash(), StateReceived, ts(now), sub.Message || sub.Channel == ingest.ChannelIMAP,
			t.Of, t.InReplyTo)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for i, f := range sub.Files {
			c := f.Content
			if c.IsZero() {
				// Nothing read is the empty file.
				c = ingest.Bytes(nil)
			}
			if err := putBlob(ctx, tx, c, buf); err != nil {
				return fmt.Errorf("file %s: %w", f.Name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO files (submission_id, seq, name, from_archive, hash, size, data)
				VALUES (?, ?, ?, ?, ?, ?, X'')`, id, i, f.Name, f.From, c.Hash(), c.Size()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, false, fmt.Errorf("store: record submission from %s: %w", sub.Source, err)
	}
	return id, dup, nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func orEmptyMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// HasContent reports whether a submission with this content hash (of
// any Message-ID) is recorded.
func (s *Store) HasContent(ctx context.Context, hash string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM submissions WHERE content_hash = ?`, hash).Scan(&n)
	return n > 0, err
}

// Submission is a recorded submission as read back.
type Submission struct {
	ID          int64
	Channel     string
	Sender      string
	ReceivedAt  time.Time
	MessageID   string
	Subject     string
	Body        string
	Fields      map[string]string
	Problems    []string
	Source      string
	ContentHash string
	State       string
	Note        string
	RecordedAt  time.Time
	Office      *Office // nil unless the office released or discarded it
	Files       []File
	// RepeatOf is the first submission of the same content, for a
	// content received again (0 otherwise).
	RepeatOf int64
	// Kept says the original is kept (OpenRaw reads it): not for a file
	// over the size limit.
	Kept bool
	// Message says the original is an e-mail message (any door).
	Message bool
	// Thread is the thread the message continues (Of 0: it starts its
	// own).
	Thread Thread
	// RepliedAt is when the office answered or read a written reply
	// (zero until then).
	RepliedAt time.Time
}

// File is one file of a recorded submission.
type File struct {
	ID   int64
	Seq  int
	Name string
	From string
	Hash string
	Size int64 // bytes; Store.FileData reads them
}

// Received lists the ids of the submissions recorded but not judged yet,
// oldest first: the work a restart resumes.
func (s *Store) Received(ctx context.Context) ([]int64, error) {
	ids, err := queryAll(ctx, s.db, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) },
		`SELECT id FROM submissions WHERE state = ? ORDER BY id`, StateReceived)
	if err != nil {
		return nil, fmt.Errorf("store: pending submissions: %w", err)
	}
	return ids, nil
}

// Load reads a recorded submission with its files, without their bytes
// (FileData reads a file's, OpenRaw the original).
func (s *Store) Load(ctx context.Context, id int64) (*Submission, error) {
	sub := &Submission{ID: id}
	var recv, rec, fields, problems, officeAction, officeBy string
	var officeAt sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT channel, sender, received_at, message_id, subject, body, fields, problems,
		source, content_hash, state, note, recorded_at, office_action, office_by, office_at, coalesce(repeat_of, 0), raw_blob <> '', message,
		thread_of, in_reply_to, replied_at FROM submissions WHERE id = ?`, id).Scan(
		&sub.Channel, &sub.Sender, &recv, &sub.MessageID, &sub.Subject, &sub.Body, &fields, &problems,
		&sub.Source, &sub.ContentHash, &sub.State, &sub.Note, &rec, &officeAction, &officeBy, &officeAt, &sub.RepeatOf, &sub.Kept, &sub.Message,
		&sub.Thread.Of, &sub.Thread.InReplyTo, stamp(&sub.RepliedAt))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noSubmission(id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: submission %d: %w", id, err)
	}
	sub.Office = officeOf(officeAction, officeBy, officeAt)
	sub.ReceivedAt, sub.RecordedAt = parseTS(recv), parseTS(rec)
	_ = json.Unmarshal([]byte(fields), &sub.Fields)
	_ = json.Unmarshal([]byte(problems), &sub.Problems)
	rows, err := s.db.QueryContext(ctx, `SELECT id, seq, name, from_archive, hash, size FROM files
		WHERE submission_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("store: files of submission %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var f File
		if err := rows.Scan(&f.ID, &f.Seq, &f.Name, &f.From, &f.Hash, &f.Size); err != nil {
			return nil, err
		}
		sub.Files = append(sub.Files, f)
	}
	return sub, rows.Err()
}

// Current is the version in force of a tournament.
type Current struct {
	FileID       int64
	SubmissionID int64
	Name         string
	ReceivedAt   time.Time
	JudgedAt     time.Time
	Verdict      string
	Sender       string // the submission's sender, "" for a drop
}

// Verdict is the judgement of one file.
type Verdict struct {
	FileID        int64
	TournamentKey string // "" when no tournament could be read
	Name, City    string
	Start, End    string
	Format        string
	Verdict       string
	RuleSet       string
	Kind          fsi.Kind
	Period        string
	ReadError     string
	Supersedes    int64 // file id, 0 when none
	// The facts recorded with the tournament (see TournamentFacts):
	// the calendar authorisation the validator matched, the rounds and
	// the players' normalised names; UnclearWith the key of a
	// tournament it may be the same as, for the office to decide.
	CalendarCode string
	Rounds       int
	Players      []string
	UnclearWith  string
	Report       *validate.Report
	// Ratings are the tournament's provisional rating variations, one per
	// player, when it was accepted and the players' register is known.
	Ratings []Rating
}

// Rating is one player's provisional variation in one tournament; the
// list itself is computed when the period closes.
type Rating struct {
	Player string   // FSI id, else "#" and the starting number
	Kind   fsi.Kind // standard, rapid
	Period string
	Result []byte // JSON from the rating stage
	// TheoreticalWanted: the office has to give the player a theoretical
	// rating (the work queue, PendingDecisions).
	TheoreticalWanted bool
}

// insertResults writes a verdict's findings and provisional ratings (a
// judgement, or a file judged again once its old ones are deleted).
func insertResults(ctx context.Context, tx *sql.Tx, v *Verdict) error {
	if v.Report != nil {
		for i, f := range v.Report.Findings {
			if _, err := tx.ExecContext(ctx, `INSERT INTO findings (file_id, seq, rule, article, severity,
				message_it, message_en, line, player, round) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				v.FileID, i, f.Rule, f.Article, string(f.Severity), f.MessageIT, f.MessageEN,
				f.Line, f.Player, f.Round); err != nil {
				return err
			}
		}
	}
	for _, r := range v.Ratings {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO rating_results (file_id, player, kind, period, result, theoretical_wanted)
			VALUES (?, ?, ?, ?, ?, ?)`, v.FileID, r.Player, r.Kind, r.Period, string(r.Result), r.TheoreticalWanted); err != nil {
			return fmt.Errorf("rating of file %d: %w", v.FileID, err)
		}
	}
	return nil
}

// NewNotice is a notice to queue with a judgement.
type NewNotice struct {
	Kind      string // receipt, rejection
	From      string
	To        []string
	Subject   string
	MessageID string
	Message   []byte
}

// Judgement is the outcome of processing one submission.
type Judgement struct {
	SubmissionID int64
	State        string // StateJudged or StateQuarantined
	Note         string
	Verdicts     []Verdict
	Notice       *NewNotice // nil: nothing to send (quarantine)
	// RepeatOf, for a content received again, is its first submission.
	RepeatOf int64
	// Fee is what the submission owes for its homologation (issue 33),
	// nil when no fee schedule applies.
	Fee *Fee
}

// Judge saves a submission's verdicts, findings, the tournaments they
// stand for (superseding earlier files) and its notice, and moves the
// submission out of the received state: all in one transaction. Judging
// a submission that is no longer in the received state is a no-op.
func (s *Store) Judge(ctx context.Context, j Judgement, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var rep any
		if j.RepeatOf != 0 {
			rep = j.RepeatOf
		}
		res, err := tx.ExecContext(ctx, `UPDATE submissions SET state = ?, note = ?, judged_at = ?,
			repeat_of = coalesce(?, repeat_of) WHERE id = ? AND state = ?`,
			j.State, j.Note, ts(now), rep, j.SubmissionID, StateReceived)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		for _, v := range j.Verdicts {
			rep := []byte("{}")
			if v.Report != nil {
				if rep, err = json.Marshal(v.Report); err != nil {
					return err
				}
			}
			var sup any
			if v.Supersedes != 0 {
				sup = v.Supersedes
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO verdicts (file_id, tournament_key, format, verdict, rule_set, kind,
				period, read_error, supersedes, report, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				v.FileID, v.TournamentKey, v.Format, v.Verdict, v.RuleSet, v.Kind, v.Period, v.ReadError, sup,
				string(rep), ts(now)); err != nil {
				return fmt.Errorf("verdict of file %d: %w", v.FileID, err)
			}
			if err := insertResults(ctx, tx, &v); err != nil {
				return err
			}
			if v.TournamentKey != "" {
				if err := saveTournament(ctx, tx, v, now); err != nil {
					return err
				}
			}
		}
		if j.Fee != nil {
			if err := setFee(ctx, tx, *j.Fee, now); err != nil {
				return err
			}
		}
		if n := j.Notice; n != nil {
			to, _ := json.Marshal(n.To)
			if _, err := tx.ExecContext(ctx, `INSERT INTO notices (submission_id, kind, env_from, env_to, subject,
				message_id, message, status, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				j.SubmissionID, n.Kind, n.From, string(to), n.Subject, n.MessageID, n.Message, NoticePending,
				ts(now), ts(now)); err != nil {
				return fmt.Errorf("notice: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: judge submission %d: %w", j.SubmissionID, err)
	}
	return nil
}

// Notice is a queued notice.
type Notice struct {
	ID           int64
	SubmissionID int64
	Kind         string
	From         string
	To           []string
	Subject      string
	MessageID    string
	Message      []byte
	Status       string
	Attempts     int
	NextAttempt  time.Time
	LastError    string
	SentAt       time.Time
	FailingSince time.Time // zero unless failing
}

// ClaimLease is how long a claim keeps a notice from other deliverers:
// a claim older than this belongs to a deliverer that died mid-send (or
// could not record the outcome), and the notice is offered again.
const ClaimLease = 15 * time.Minute

// DueNotices returns the notices to deliver at now: pending or failing,
// due, and not claimed by a deliverer (or claimed longer ago than
// ClaimLease).
func (s *Store) DueNotices(ctx context.Context, now time.Time) ([]Notice, error) {
	ns, err := queryAll(ctx, s.db, func(rows *sql.Rows, n *Notice) error {
		var to, next, failing string
		if err := rows.Scan(&n.ID, &n.SubmissionID, &n.Kind, &n.From, &to, &n.Subject, &n.MessageID, &n.Message,
			&n.Status, &n.Attempts, &next, &n.LastError, &failing); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(to), &n.To)
		n.NextAttempt = parseTS(next)
		n.FailingSince = parseTS(failing)
		return nil
	}, `SELECT id, submission_id, kind, env_from, env_to, subject, message_id, message,
		status, attempts, next_attempt_at, last_error, coalesce(failing_since, '') FROM notices
		WHERE status IN (?, ?) AND next_attempt_at <= ? AND (claimed_at IS NULL OR claimed_at < ?) ORDER BY id`,
		NoticePending, NoticeFailing, ts(now), ts(now.Add(-ClaimLease)))
	if err != nil {
		return nil, fmt.Errorf("store: due notices: %w", err)
	}
	return ns, nil
}

// NextDue returns when the earliest notice to deliver is due; ok is
// false when none is waiting.
func (s *Store) NextDue(ctx context.Context) (at time.Time, ok bool, err error) {
	var next, claimed sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT min(CASE WHEN claimed_at IS NULL THEN next_attempt_at END), min(claimed_at)
		FROM notices WHERE status IN (?, ?)`, NoticePending, NoticeFailing).Scan(&next, &claimed)
	if err != nil {
		return time.Time{}, false, err
	}
	if next.Valid {
		at, ok = parseTS(next.String), true
	}
	// A claimed notice is offered again when its claim runs out.
	if claimed.Valid {
		if c := parseTS(claimed.String).Add(ClaimLease); !ok || c.Before(at) {
			at, ok = c, true
		}
	}
	return at, ok, nil
}

// Claim takes a due notice for one delivery attempt, in a transaction:
// ok is false when another deliverer holds it or it is no longer to be
// sent. The claim is what bounds a crash between the send and Sent to
// one repeat of the same message (same Message-ID).
func (s *Store) Claim(ctx context.Context, id int64, now time.Time) (ok bool, err error) {
	res, err := s.db.ExecContext(ctx, `UPDATE notices SET claimed_at = ?, smtp_progress = 'claimed'
		WHERE id = ? AND status IN (?, ?) AND (claimed_at IS NULL OR claimed_at < ?)`,
		ts(now), id, NoticePending, NoticeFailing, ts(now.Add(-ClaimLease)))
	if err != nil {
		return false, fmt.Errorf("store: claim notice %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ReleaseClaims drops every claim: called at start-up by the one
// process holding the store's lock, since a claim it finds was left by a
// deliverer that died. It returns how many there were (each may have
// been sent: its next send repeats the same Message-ID).
func (s *Store) ReleaseClaims(ctx context.Context) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE notices SET claimed_at = NULL,
		smtp_progress = CASE WHEN smtp_progress = 'accepted' THEN smtp_progress ELSE '' END WHERE claimed_at IS NOT NULL`)
	if err != nil {
		return 0, fmt.Errorf("store: release claims: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Sent records a successful delivery (the server's 250, or the outbox
// file written): recorded once, a second call changes nothing.
func (s *Store) Sent(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notices SET status = ?, attempts = attempts + 1, sent_at = ?, last_error = '',
		claimed_at = NULL, smtp_progress = 'accepted' WHERE id = ? AND status <> ?`, NoticeSent, ts(now), id, NoticeSent)
	if err != nil {
		return fmt.Errorf("store: notice %d sent: %w", id, err)
	}
	return nil
}

// DataSent records that a claimed notice's message was written to the
// SMTP server, its end not yet acknowledged: a crash now resends it
// (the server has not taken it until its 250).
func (s *Store) DataSent(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notices SET smtp_progress = 'data' WHERE id = ? AND status IN (?, ?)`,
		id, NoticePending, NoticeFailing)
	if err != nil {
		return fmt.Errorf("store: notice %d data sent: %w", id, err)
	}
	return nil
}

// Attempted records a failed delivery: the notice is retried at next, or
// marked failed when next is zero.
func (s *Store) Attempted(ctx context.Context, id int64, failure string, next time.Time) error {
	status, nextS := NoticePending, ts(next)
	if next.IsZero() {
		status, nextS = NoticeFailed, ""
	}
	_, err := s.db.ExecContext(ctx, `UPDATE notices SET status = ?, attempts = attempts + 1, last_error = ?, claimed_at = NULL,
		smtp_progress = '', next_attempt_at = CASE WHEN ? = '' THEN next_attempt_at ELSE ? END WHERE id = ?`,
		status, failure, nextS, nextS, id)
	if err != nil {
		return fmt.Errorf("store: notice %d attempt: %w", id, err)
	}
	return nil
}

// Failing records a failed delivery of a notice whose fast attempts are
// spent: it is retried slowly, at next, and counted failing from now
// (the first time).
func (s *Store) Failing(ctx context.Context, id int64, failure string, next, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE notices SET status = ?, attempts = attempts + 1, last_error = ?, claimed_at = NULL,
		smtp_progress = '', next_attempt_at = ?, failing_since = coalesce(failing_since, ?) WHERE id = ?`,
		NoticeFailing, failure, ts(next), ts(now), id)
	if err != nil {
		return fmt.Errorf("store: notice %d attempt: %w", id, err)
	}
	return nil
}

// ErrNoNotice is returned for a submission that has no notice (not
// judged yet, quarantined, discarded).
var ErrNoNotice = failure.New(failure.Refused, "no notice")

// NoticeError says a notice is not in a state an operation needs.
type NoticeError struct {
	SubmissionID int64
	Status       string
}

// FailureKind is failure.Conflict: the notice was already delivered.
func (e *NoticeError) FailureKind() failure.Kind { return failure.Conflict }

func (e *NoticeError) Error() string {
	return fmt.Sprintf("the notice of submission %d is %s", e.SubmissionID, e.Status)
}

// Resend puts the notice of a submission back to be delivered at once,
// with its attempts counted afresh: for a failed or failing notice, or a
// pending one (sooner). A notice already sent is a *NoticeError (its
// message is in `status --show`); a submission without a notice wraps
// ErrNoNotice. The message, and so its Message-ID, is unchanged.
func (s *Store) Resend(ctx context.Context, submissionID int64, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM notices WHERE submission_id = ? AND act = ''`, submissionID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM submissions WHERE id = ?`, submissionID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return ErrNoSubmission
			}
			return ErrNoNotice
		}
		if err != nil {
			return err
		}
		if status == NoticeSent {
			return &NoticeError{SubmissionID: submissionID, Status: status}
		}
		_, err = tx.ExecContext(ctx, `UPDATE notices SET status = ?, attempts = 0, next_attempt_at = ?, failing_since = NULL
			WHERE submission_id = ? AND act = ''`, NoticePending, ts(now), submissionID)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: resend the notice of submission %d: %w", submissionID, err)
	}
	return nil
}

// ResendFailed puts every failed or failing notice back to be delivered
// at once, and returns their submissions' ids.
func (s *Store) ResendFailed(ctx context.Context, now time.Time) ([]int64, error) {
	var ids []int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT submission_id FROM notices WHERE status IN (?, ?) ORDER BY submission_id`,
			NoticeFailed, NoticeFailing)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE notices SET status = ?, attempts = 0, next_attempt_at = ?, failing_since = NULL
			WHERE status IN (?, ?)`, NoticePending, ts(now), NoticeFailed, NoticeFailing)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: resend failed notices: %w", err)
	}
	return ids, nil
}

// FailingNotice is a notice not delivered after its fast attempts (still
// retried slowly, or given up), for the office's dashboard.
type FailingNotice struct {
	ID           int64     `json:"id"`
	SubmissionID int64     `json:"submission_id"`
	Kind         string    `json:"kind"`
	To           []string  `json:"to"`
	Subject      string    `json:"subject"`
	Status       string    `json:"status"` // NoticeFailing or NoticeFailed
	Attempts     int       `json:"attempts"`
	LastError    string    `json:"last_error,omitempty"`
	FailingSince time.Time `json:"failing_since,omitzero"`
	NextAttempt  time.Time `json:"next_attempt,omitzero"` // zero when given up
	// Bounced is when a delivery report said it was not delivered
	// after the server took it (LastError is the remote reason);
	// BouncedTo the recipient the report names, the one to correct.
	Bounced   time.Time `json:"bounced,omitzero"`
	BouncedTo string    `json:"bounced_to,omitempty"`
}

// FailingNotices lists the failing and failed notices, oldest first.
func (s *Store) FailingNotices(ctx context.Context) ([]FailingNotice, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, n *FailingNotice) error {
		var to, since, next string
		if err := rows.Scan(&n.ID, &n.SubmissionID, &n.Kind, &to, &n.Subject, &n.Status, &n.Attempts, &n.LastError,
			&since, &next, stamp(&n.Bounced)); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(to), &n.To)
		n.FailingSince = parseTS(since)
		if !n.Bounced.IsZero() && len(n.To) > 0 {
			n.BouncedTo = n.To[0]
			for _, a := range n.To {
				if strings.Contains(strings.ToLower(n.LastError), strings.ToLower(a)+":") {
					n.BouncedTo = a
					break
				}
			}
		}
		if n.Status == NoticeFailing {
			n.NextAttempt = parseTS(next)
		}
		return nil
	}, `SELECT id, submission_id, kind, env_to, subject, status, attempts, last_error,
		coalesce(failing_since, ''), next_attempt_at, bounced_at FROM notices WHERE status IN (?, ?) ORDER BY id`, NoticeFailing, NoticeFailed)
	if err != nil {
		return nil, fmt.Errorf("store: failing notices: %w", err)
	}
	return out, nil
}

// MailboxState returns the UIDVALIDITY and the last UID taken from a
// mailbox (zeros when the mailbox was never read).
func (s *Store) MailboxState(ctx context.Context, mailbox string) (validity, lastUID uint32, err error) {
	var v, u int64
	err = s.db.QueryRowContext(ctx, `SELECT uidvalidity, last_uid FROM mailbox_state WHERE mailbox = ?`, mailbox).Scan(&v, &u)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: mailbox %s: %w", mailbox, err)
	}
	return uint32(v), uint32(u), nil
}

// SaveMailboxState records the UIDVALIDITY and the last UID taken, at now.
func (s *Store) SaveMailboxState(ctx context.Context, mailbox string, validity, lastUID uint32, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO mailbox_state (mailbox, uidvalidity, last_uid, updated_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity,
		last_uid = excluded.last_uid, updated_at = excluded.updated_at`,
		mailbox, int64(validity), int64(lastUID), ts(now))
	if err != nil {
		return fmt.Errorf("store: save mailbox %s: %w", mailbox, err)
	}
	return nil
}

// Register kinds.
const (
	RegisterPlayers  = "players"
	RegisterArbiters = "arbiters"
	RegisterCalendar = "calendar"
)

// SaveRegister stores an imported register (the CSV as given, already
// checked by the caller), replacing the previous one of that kind.
func (s *Store) SaveRegister(ctx context.Context, kind, name string, data []byte, rows int, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO registers (kind, name, data, rows, imported_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (kind) DO UPDATE SET name = excluded.name, data = excluded.data, rows = excluded.rows,
		imported_at = excluded.imported_at`, kind, name, data, rows, ts(now))
	if err != nil {
		return fmt.Errorf("store: import %s register: %w", kind, err)
	}
	return nil
}

// Register returns an imported register; ok is false when none was
// imported.
func (s *Store) Register(ctx context.Context, kind string) (name string, data []byte, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT name, data FROM registers WHERE kind = ?`, kind).Scan(&name, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, fmt.Errorf("store: %s register: %w", kind, err)
	}
	return name, data, true, nil
}

// Ratings returns the provisional rating results of a file.
func (s *Store) Ratings(ctx context.Context, fileID int64) ([]Rating, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *Rating) error {
		return rows.Scan(&r.Player, &r.Kind, &r.Period, &r.Result)
	}, `SELECT player, kind, period, result FROM rating_results WHERE file_id = ? ORDER BY rowid`, fileID)
	if err != nil {
		return nil, fmt.Errorf("store: ratings of file %d: %w", fileID, err)
	}
	return out, nil
}

// Source is where a submission's original was recorded to be kept.
type Source struct {
	SubmissionID int64
	Path         string
}

// SourcesOf lists the recorded sources of a channel's submissions.
func (s *Store) SourcesOf(ctx context.Context, channel string) ([]Source, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, x *Source) error { return rows.Scan(&x.SubmissionID, &x.Path) },
		`SELECT id, source FROM submissions WHERE channel = ? AND source != '' ORDER BY id`, channel)
	if err != nil {
		return nil, fmt.Errorf("store: sources: %w", err)
	}
	return out, nil
}
