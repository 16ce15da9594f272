package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"omologa/internal/intake/ingest"
)

// StateMessage is a written reply to a notice (issue 34): a message
// for the office, never judged nor answered automatically, waiting
// until the office answers it or marks it read.
const StateMessage = "message"

// Thread places a recorded message in a submission's thread: Of is the
// first submission of the thread (0: none), InReplyTo the Message-ID of
// the notice it answers ("" when only its Subject named the thread).
type Thread struct {
	Of        int64
	InReplyTo string
}

// RecordInThread is Record for a message that continues the thread of
// submission t.Of: recorded with it, in the same transaction.
func (s *Store) RecordInThread(ctx context.Context, sub *ingest.Submission, t Thread, now time.Time) (id int64, dup bool, err error) {
	return s.record(ctx, sub, t, now)
}

// NoticeByMessageID finds the notice with a Message-ID (without
// brackets): its id and the first submission of its submission's
// thread. ok is false for a Message-ID no notice has (unknown, or
// forged).
func (s *Store) NoticeByMessageID(ctx context.Context, messageID string) (noticeID, thread int64, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT n.id, CASE WHEN s.thread_of <> 0 THEN s.thread_of ELSE s.id END
		FROM notices n JOIN submissions s ON s.id = n.submission_id WHERE n.message_id = ? ORDER BY n.id LIMIT 1`,
		strings.Trim(messageID, "<> ")).Scan(&noticeID, &thread)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("store: notice %s: %w", messageID, err)
	}
	return noticeID, thread, true, nil
}

// ThreadOf is the first submission of the thread submission id belongs
// to (id itself when it starts one).
func (s *Store) ThreadOf(ctx context.Context, id int64) (int64, error) {
	var of int64
	err := s.db.QueryRowContext(ctx, `SELECT CASE WHEN thread_of <> 0 THEN thread_of ELSE id END FROM submissions WHERE id = ?`, id).Scan(&of)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, noSubmission(id)
	}
	return of, err
}

// ThreadPeople are the addresses that may add to a thread: the first
// submission's sender and the recipients of its notices (the sender
// and the tournament's organiser), lower-cased.
func (s *Store) ThreadPeople(ctx context.Context, thread int64) ([]string, error) {
	var sender string
	if err := s.db.QueryRowContext(ctx, `SELECT sender FROM submissions WHERE id = ?`, thread).Scan(&sender); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, noSubmission(thread)
		}
		return nil, err
	}
	out := []string{strings.ToLower(strings.TrimSpace(sender))}
	tos, err := queryAll(ctx, s.db, func(rows *sql.Rows, to *string) error { return rows.Scan(to) },
		`SELECT env_to FROM notices WHERE submission_id = ? AND act = ''`, thread)
	if err != nil {
		return nil, err
	}
	for _, to := range tos {
		var list []string
		_ = json.Unmarshal([]byte(to), &list)
		for _, a := range list {
			out = append(out, strings.ToLower(strings.TrimSpace(a)))
		}
	}
	return out, nil
}

// ThreadFacts are what the pipeline needs of a thread's first
// submission: the tournaments its files were judged versions of, in
// order, and the Message-IDs of the thread so far (for References).
type ThreadFacts struct {
	Tournaments []string
	References  []string
}

// ThreadFactsOf reads the facts of a thread.
func (s *Store) ThreadFactsOf(ctx context.Context, thread int64) (ThreadFacts, error) {
	var tf ThreadFacts
	keys, err := queryAll(ctx, s.db, func(rows *sql.Rows, k *string) error { return rows.Scan(k) },
		`SELECT DISTINCT v.tournament_key FROM files f JOIN verdicts v ON v.file_id = f.id
		JOIN submissions s ON s.id = f.submission_id
		WHERE (s.id = ? OR s.thread_of = ?) AND v.tournament_key <> '' ORDER BY s.id DESC, f.seq`, thread, thread)
	if err != nil {
		return tf, fmt.Errorf("store: thread %d: %w", thread, err)
	}
	tf.Tournaments = keys
	ids, err := queryAll(ctx, s.db, func(rows *sql.Rows, id *string) error { return rows.Scan(id) },
		`SELECT id FROM (
			SELECT s.received_at AS at, s.message_id AS id, 0 AS o FROM submissions s WHERE (s.id = ? OR s.thread_of = ?) AND s.message_id <> ''
			UNION ALL
			SELECT n.created_at, n.message_id, 1 FROM notices n JOIN submissions s ON s.id = n.submission_id
				WHERE (s.id = ? OR s.thread_of = ?) AND n.message_id <> '')
		ORDER BY at, o`, thread, thread, thread, thread)
	if err != nil {
		return tf, fmt.Errorf("store: thread %d: %w", thread, err)
	}
	tf.References = ids
	return tf, nil
}

// ThreadItem is one message of a thread, as the pages show it: a
// message received (a submission, a written reply) or a notice sent.
type ThreadItem struct {
	At           time.Time `json:"at"`
	Incoming     bool      `json:"incoming"`
	SubmissionID int64     `json:"submission_id"`
	NoticeID     int64     `json:"notice_id,omitempty"`
	From         string    `json:"from,omitempty"`
	To           []string  `json:"to,omitempty"`
	Subject      string    `json:"subject"`
	// Body is a written reply's text; Files counts a message's files.
	Body  string `json:"body,omitempty"`
	Files int    `json:"files"`
	// State is a received message's (StateMessage for a written
	// reply); Status a notice's, Act its office act ("answer" for the
	// office's written answer).
	State  string `json:"state,omitempty"`
	Status string `json:"status,omitempty"`
	Act    string `json:"act,omitempty"`
	Kind   string `json:"kind,omitempty"`
	// RepliedAt and RepliedBy say when and by whom the office answered
	// or read a written reply.
	RepliedAt time.Time `json:"replied_at,omitzero"`
	RepliedBy string    `json:"replied_by,omitempty"`
	// Answered says the office answered it in writing (not only read it).
	Answered bool `json:"answered,omitempty"`
	// Bounced says a delivery report came back for the notice; its
	// error is the remote server's reason.
	Bounced bool   `json:"bounced,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Thread lists the messages of the thread of submission id, oldest
// first: what came in and what went out. A submission alone is a
// thread of itself and its notices.
func (s *Store) Thread(ctx context.Context, id int64) ([]ThreadItem, error) {
	root, err := s.ThreadOf(ctx, id)
	if err != nil {
		return nil, err
	}
	in, err := queryAll(ctx, s.db, func(rows *sql.Rows, t *ThreadItem) error {
		t.Incoming = true
		err := rows.Scan(stamp(&t.At), &t.SubmissionID, &t.From, &t.Subject, &t.Body, &t.Files, &t.State, stamp(&t.RepliedAt), &t.RepliedBy, &t.Answered)
		t.Body = Unquoted(t.Body)
		return err
	}, `SELECT s.received_at, s.id, s.sender, s.subject, CASE WHEN s.state = ? THEN s.body ELSE '' END,
		(SELECT count(*) FROM files f WHERE f.submission_id = s.id), s.state, s.replied_at, s.replied_by,
		EXISTS (SELECT 1 FROM notices n WHERE n.submission_id = s.id AND n.act = 'answer')
		FROM submissions s WHERE s.id = ? OR s.thread_of = ?`, StateMessage, root, root)
	if err != nil {
		return nil, fmt.Errorf("store: thread of %d: %w", id, err)
	}
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, t *ThreadItem) error {
		var to string
		var bounced sql.NullString
		if err := rows.Scan(stamp(&t.At), &t.SubmissionID, &t.NoticeID, &to, &t.Subject, &t.Status, &t.Act, &t.Kind, &bounced, &t.Error); err != nil {
			return err
		}
		t.Bounced = bounced.Valid
		if !t.Bounced && t.Status == NoticeSent {
			t.Error = ""
		}
		_ = json.Unmarshal([]byte(to), &t.To)
		return nil
	}, `SELECT coalesce(n.sent_at, n.created_at), n.submission_id, n.id, n.env_to, n.subject, n.status, n.act, n.kind, n.bounced_at, n.last_error
		FROM notices n JOIN submissions s ON s.id = n.submission_id WHERE s.id = ? OR s.thread_of = ?`, root, root)
	if err != nil {
		return nil, fmt.Errorf("store: thread of %d: %w", id, err)
	}
	all := append(in, out...)
	// Oldest first; a notice after the message it answers when both
	// carry the same instant.
	for i := 1; i < len(all); i++ {
		for j := i; j > 0 && threadBefore(all[j], all[j-1]); j-- {
			all[j], all[j-1] = all[j-1], all[j]
		}
	}
	return all, nil
}

func threadBefore(a, b ThreadItem) bool {
	if !a.At.Equal(b.At) {
		return a.At.Before(b.At)
	}
	return a.Incoming && !b.Incoming
}

// ThreadsOfTournament lists the first submissions of the threads whose
// messages brought versions of tournament key, oldest first.
func (s *Store) ThreadsOfTournament(ctx context.Context, key string) ([]int64, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) },
		`SELECT DISTINCT CASE WHEN s.thread_of <> 0 THEN s.thread_of ELSE s.id END AS t
		FROM verdicts v JOIN files f ON f.id = v.file_id JOIN submissions s ON s.id = f.submission_id
		WHERE v.tournament_key = ? ORDER BY t`, key)
}

// Reply is a written reply waiting for the office (the work queue's
// "replies to read").
type Reply struct {
	SubmissionID int64     `json:"submission_id"`
	Thread       int64     `json:"thread"`
	Sender       string    `json:"sender"`
	Subject      string    `json:"subject"`
	Body         string    `json:"body"`
	ReceivedAt   time.Time `json:"received_at"`
}

// RepliesToRead lists the written replies the office has not answered
// nor read yet, oldest first.
func (s *Store) RepliesToRead(ctx context.Context) ([]Reply, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, r *Reply) error {
		err := rows.Scan(&r.SubmissionID, &r.Thread, &r.Sender, &r.Subject, &r.Body, stamp(&r.ReceivedAt))
		r.Body = Unquoted(r.Body)
		return err
	}, `SELECT id, thread_of, sender, subject, substr(body, 1, 2000), received_at FROM submissions
		WHERE state = ? AND replied_at IS NULL ORDER BY received_at, id`, StateMessage)
	if err != nil {
		return nil, fmt.Errorf("store: replies to read: %w", err)
	}
	return orEmpty(out), nil
}

// Replied records that the office answered (n, queued in the same
// transaction as the act "answer") or read (n nil) the written reply
// id. A submission that is no written reply is a *StateError.
func (s *Store) Replied(ctx context.Context, id int64, by string, n *NewNotice, now time.Time) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var state string
		if err := tx.QueryRowContext(ctx, `SELECT state FROM submissions WHERE id = ?`, id).Scan(&state); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return noSubmission(id)
			}
			return err
		}
		if state != StateMessage {
			return &StateError{ID: id, State: state, Want: StateMessage}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE submissions SET replied_at = ?, replied_by = ? WHERE id = ?`, ts(now), by, id); err != nil {
			return err
		}
		if n == nil {
			return nil
		}
		return insertNotice(ctx, tx, id, "answer", *n, now)
	})
	if err != nil {
		return fmt.Errorf("store: reply %d: %w", id, err)
	}
	return nil
}

// Automatic is a message sent by a program, kept apart from the
// submissions: an auto-reply, a delivery report, the office's own mail.
type Automatic struct {
	ID         int64     `json:"id"`
	ReceivedAt time.Time `json:"received_at"`
	Sender     string    `json:"sender"`
	Subject    string    `json:"subject"`
	Why        string    `json:"why"`
	NoticeID   int64     `json:"notice_id,omitempty"`
	Reason     string    `json:"reason,omitempty"`
}

// RecordAutomatic keeps an automatic message with its original bytes,
// never as a submission; why names the header that marks it. When
// bounce names a notice (noticeID not 0) and says it failed, the notice
// is marked not delivered with reason, in the same transaction. A
// message already kept (same content and Message-ID: the mailbox
// handing it over again) is not kept twice (dup).
func (s *Store) RecordAutomatic(ctx context.Context, sub *ingest.Submission, why string, noticeID int64, reason string, now time.Time) (id int64, dup bool, err error) {
	hash := sub.Original.Hash()
	if hash == "" {
		hash = Hash(nil)
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT id FROM automatic_mail WHERE content_hash = ? AND message_id = ?`, hash, sub.MessageID).Scan(&id)
		if err == nil {
			dup = true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if !sub.Original.IsZero() {
			if err := putBlob(ctx, tx, sub.Original, make([]byte, blobChunk)); err != nil {
				return fmt.Errorf("original: %w", err)
			}
		}
		var nid any
		if noticeID != 0 {
			nid = noticeID
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO automatic_mail (received_at, sender, message_id, subject, why, notice_id, reason,
			source, content_hash, raw_blob, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			ts(sub.ReceivedAt), sub.Sender, sub.MessageID, sub.Subject, why, nid, reason, sub.Source, hash, sub.Original.Hash(), ts(now))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if noticeID != 0 && reason != "" {
			// Not delivered after all: failed, with the remote reason, for
			// the office to send again (to a corrected address).
			_, err = tx.ExecContext(ctx, `UPDATE notices SET status = ?, last_error = ?, bounced_at = ?, claimed_at = NULL
				WHERE id = ?`, NoticeFailed, reason, ts(sub.ReceivedAt), noticeID)
		}
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("store: record automatic message from %s: %w", sub.Source, err)
	}
	return id, dup, nil
}

// AutomaticMail lists the automatic messages kept, newest first, at
// most limit.
func (s *Store) AutomaticMail(ctx context.Context, limit int) ([]Automatic, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, a *Automatic) error {
		return rows.Scan(&a.ID, stamp(&a.ReceivedAt), &a.Sender, &a.Subject, &a.Why, &a.NoticeID, &a.Reason)
	}, `SELECT id, received_at, sender, subject, why, coalesce(notice_id, 0), reason FROM automatic_mail ORDER BY id DESC LIMIT ?`, limit)
	return orEmpty(out), err
}

// NoticeOf reads one notice whole, by its id.
func (s *Store) NoticeOf(ctx context.Context, id int64) (Notice, error) {
	var n Notice
	var to string
	err := s.db.QueryRowContext(ctx, `SELECT id, submission_id, kind, env_from, env_to, subject, message_id, message, status, attempts, last_error
		FROM notices WHERE id = ?`, id).Scan(&n.ID, &n.SubmissionID, &n.Kind, &n.From, &to, &n.Subject, &n.MessageID, &n.Message,
		&n.Status, &n.Attempts, &n.LastError)
	if errors.Is(err, sql.ErrNoRows) {
		return n, ErrNoNotice
	}
	if err != nil {
		return n, fmt.Errorf("store: notice %d: %w", id, err)
	}
	_ = json.Unmarshal([]byte(to), &n.To)
	return n, nil
}

// Readdress changes where a notice not delivered goes (the office's
// corrected address): its envelope and its message (msg, the same
// message with the new To), put back to be delivered at once. A notice
// delivered and not bounced is a *NoticeError.
func (s *Store) Readdress(ctx context.Context, id int64, to []string, msg []byte, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var status string
		var sub int64
		var bounced sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT status, submission_id, bounced_at FROM notices WHERE id = ?`, id).Scan(&status, &sub, &bounced); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNoNotice
			}
			return err
		}
		if status == NoticeSent && !bounced.Valid {
			return &NoticeError{SubmissionID: sub, Status: status}
		}
		env, _ := json.Marshal(to)
		_, err := tx.ExecContext(ctx, `UPDATE notices SET env_to = ?, message = ?, status = ?, attempts = 0, next_attempt_at = ?,
			failing_since = NULL, bounced_at = NULL, last_error = '' WHERE id = ?`, string(env), msg, NoticePending, ts(now), id)
		return err
	})
}

// Unquoted is a reply's text as the office reads it on its pages: the
// quoted notice ("> " lines, and what follows an "On ... wrote:" /
// "Il ... ha scritto:" line before them) left out, the blank lines at
// the end too. The original message keeps every byte.
func Unquoted(body string) string {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	var out []string
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, ">") {
			continue
		}
		if (strings.HasSuffix(t, "wrote:") || strings.HasSuffix(t, "ha scritto:")) && i+1 < len(lines) &&
			strings.HasPrefix(strings.TrimSpace(lines[i+1]), ">") {
			continue
		}
		out = append(out, l)
	}
	return strings.TrimRight(strings.Join(out, "\n"), " \t\n")
}
