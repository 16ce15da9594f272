package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// RecordRepeat records that the content of submission first was received
// again (the same bytes, so Record found a duplicate) from sender on day
// (YYYY-MM-DD): a new submission without files, to be judged into a
// short notice. At most one is recorded per first submission, sender and
// day: ok is false when one already was.
func (s *Store) RecordRepeat(ctx context.Context, first int64, sender, day string, receivedAt, now time.Time) (id int64, ok bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var channel, subject, source, hash string
		if err := tx.QueryRowContext(ctx, `SELECT channel, subject, source, content_hash FROM submissions WHERE id = ?`, first).Scan(
			&channel, &subject, &source, &hash); err != nil {
			return err
		}
		// The Message-ID column makes the day's repeat unique with the
		// content hash.
		mid := fmt.Sprintf("repeat/%d/%s/%s", first, day, sender)
		res, err := tx.ExecContext(ctx, `INSERT INTO submissions (channel, sender, received_at, message_id, subject, source,
			content_hash, state, recorded_at, repeat_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (content_hash, message_id) DO NOTHING`,
			channel, sender, ts(receivedAt), mid, subject, source, hash, StateReceived, ts(now), first)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		ok = true
		id, err = res.LastInsertId()
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("store: repeat of submission %d: %w", first, err)
	}
	return id, ok, nil
}

// SameContent returns an earlier judged submission from the same sender,
// with the same body fields, whose files are byte for byte those of
// submission id (the same set of file hashes), 0 when none: the same
// message sent again. (The same file with other fields, or from another
// channel, says something new and is judged again.)
func (s *Store) SameContent(ctx context.Context, id int64) (int64, error) {
	var first int64
	err := s.db.QueryRowContext(ctx, `WITH mine AS (SELECT group_concat(hash, ',') AS h FROM (SELECT hash FROM files WHERE submission_id = ? ORDER BY hash))
		SELECT o.id FROM submissions o, mine WHERE o.id IN (SELECT submission_id FROM files WHERE hash = (SELECT min(hash) FROM files WHERE submission_id = ?))
		AND o.id < ? AND o.repeat_of IS NULL AND o.state = 'judged'
		AND o.sender = (SELECT sender FROM submissions WHERE id = ?) AND o.fields = (SELECT fields FROM submissions WHERE id = ?) AND mine.h IS NOT NULL AND
		(SELECT group_concat(hash, ',') FROM (SELECT hash FROM files WHERE submission_id = o.id ORDER BY hash)) = mine.h
		ORDER BY o.id LIMIT 1`, id, id, id, id, id).Scan(&first)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return first, err
}

// RepeatedSince reports whether a repeat of submission first from sender,
// other than except, was answered at or after since.
func (s *Store) RepeatedSince(ctx context.Context, first int64, sender string, since time.Time, except int64) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM submissions s JOIN notices n ON n.submission_id = s.id AND n.act = ''
		WHERE s.repeat_of = ? AND s.sender = ? AND s.id <> ? AND n.created_at >= ?`, first, sender, except, ts(since)).Scan(&n)
	return n > 0, err
}

// AnsweredAt returns when a submission was received, if its notice was
// delivered; ok is false when it was not (yet).
func (s *Store) AnsweredAt(ctx context.Context, submissionID int64) (receivedAt time.Time, ok bool, err error) {
	var recv string
	err = s.db.QueryRowContext(ctx, `SELECT s.received_at FROM submissions s JOIN notices n ON n.submission_id = s.id AND n.act = ''
		WHERE s.id = ? AND n.status = ?`, submissionID, NoticeSent).Scan(&recv)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, err
	}
	return parseTS(recv), true, nil
}
