package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// Status is one submission as `omologa status` shows it.
type Status struct {
	ID         int64         `json:"id"`
	Channel    string        `json:"channel"`
	Sender     string        `json:"sender,omitempty"`
	Source     string        `json:"source,omitempty"`
	MessageID  string        `json:"message_id,omitempty"`
	ReceivedAt time.Time     `json:"received_at"`
	State      string        `json:"state"`
	Note       string        `json:"note,omitempty"`
	Problems   []string      `json:"problems,omitempty"`
	Office     *Office       `json:"office,omitempty"` // released or discarded by the office
	Files      []FileStatus  `json:"files"`
	Notice     *NoticeStatus `json:"notice,omitempty"`
	// RepeatOf is the first submission of the same content, for one
	// received again (answered with a short notice).
	RepeatOf int64 `json:"repeat_of,omitempty"`
}

// FileStatus is one file's verdict.
type FileStatus struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	From         string `json:"from_archive,omitempty"`
	Tournament   string `json:"tournament,omitempty"`
	Verdict      string `json:"verdict,omitempty"` // empty until judged
	Period       string `json:"period,omitempty"`
	Errors       int    `json:"errors"`
	Warnings     int    `json:"warnings"`
	ReadError    string `json:"read_error,omitempty"`
	Supersedes   int64  `json:"supersedes,omitempty"`
	SupersededBy int64  `json:"superseded_by,omitempty"`
}

// NoticeStatus is a submission's notice.
type NoticeStatus struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	To        []string  `json:"to"`
	Subject   string    `json:"subject"`
	Status    string    `json:"status"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"last_error,omitempty"`
	SentAt    time.Time `json:"sent_at,omitzero"`
}

// Statuses lists the submissions, newest first (all when limit <= 0).
func (s *Store) Statuses(ctx context.Context, limit int) ([]Status, error) {
	return s.StatusesIn(ctx, "", limit)
}

// StatusesIn lists the submissions in a state (all when state is ""),
// newest first (all when limit <= 0).
func (s *Store) StatusesIn(ctx context.Context, state string, limit int) ([]Status, error) {
	q := `SELECT id, channel, sender, source, message_id, received_at, state, note, problems,
		office_action, office_by, office_at, coalesce(repeat_of, 0) FROM submissions`
	var args []any
	if state != "" {
		q += ` WHERE state = ?`
		args = append(args, state)
	}
	q += ` ORDER BY id DESC`
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: status: %w", err)
	}
	var out []Status
	for rows.Next() {
		var st Status
		var recv, problems, officeAction, officeBy string
		var officeAt sql.NullString
		if err := rows.Scan(&st.ID, &st.Channel, &st.Sender, &st.Source, &st.MessageID, &recv, &st.State, &st.Note, &problems,
			&officeAction, &officeBy, &officeAt, &st.RepeatOf); err != nil {
			rows.Close()
			return nil, err
		}
		st.Office = officeOf(officeAction, officeBy, officeAt)
		st.ReceivedAt = parseTS(recv)
		_ = json.Unmarshal([]byte(problems), &st.Problems)
		out = append(out, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if err := s.fillStatus(ctx, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Store) fillStatus(ctx context.Context, st *Status) error {
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, f.name, f.from_archive,
		coalesce(t.name, ''), coalesce(v.verdict, ''), coalesce(v.period, ''), coalesce(v.read_error, ''),
		coalesce(v.supersedes, 0), coalesce(v.superseded_by, 0),
		(SELECT count(*) FROM findings x WHERE x.file_id = f.id AND x.severity = 'error'),
		(SELECT count(*) FROM findings x WHERE x.file_id = f.id AND x.severity = 'warning')
		FROM files f LEFT JOIN verdicts v ON v.file_id = f.id LEFT JOIN tournaments t ON t.key = v.tournament_key
		WHERE f.submission_id = ? ORDER BY f.seq`, st.ID)
	if err != nil {
		return fmt.Errorf("store: status files: %w", err)
	}
	st.Files = []FileStatus{}
	for rows.Next() {
		var f FileStatus
		if err := rows.Scan(&f.ID, &f.Name, &f.From, &f.Tournament, &f.Verdict, &f.Period, &f.ReadError,
			&f.Supersedes, &f.SupersededBy, &f.Errors, &f.Warnings); err != nil {
			rows.Close()
			return err
		}
		st.Files = append(st.Files, f)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	n := &NoticeStatus{}
	var to string
	var sent sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT id, kind, env_to, subject, status, attempts, last_error, sent_at
		FROM notices WHERE submission_id = ?`, st.ID).Scan(&n.ID, &n.Kind, &to, &n.Subject, &n.Status, &n.Attempts, &n.LastError, &sent)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: status notice: %w", err)
	}
	_ = json.Unmarshal([]byte(to), &n.To)
	if sent.Valid {
		n.SentAt = parseTS(sent.String)
	}
	st.Notice = n
	return nil
}

// Counts summarises the store: submissions by state and notices by
// status.
func (s *Store) Counts(ctx context.Context) (map[string]int, error) {
	out := map[string]int{}
	for _, q := range []string{
		`SELECT 'submissions.' || state, count(*) FROM submissions GROUP BY state`,
		`SELECT 'notices.' || status, count(*) FROM notices GROUP BY status`,
	} {
		rows, err := s.db.QueryContext(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("store: counts: %w", err)
		}
		for rows.Next() {
			var k string
			var n int
			if err := rows.Scan(&k, &n); err != nil {
				rows.Close()
				return nil, err
			}
			out[k] = n
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: counts: %w", err)
		}
	}
	return out, nil
}

// NoticeMessage returns the message of a submission's notice; ok is
// false when the submission has none (not judged yet, or quarantined).
func (s *Store) NoticeMessage(ctx context.Context, submissionID int64) (msg []byte, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT message FROM notices WHERE submission_id = ?`, submissionID).Scan(&msg)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: notice of submission %d: %w", submissionID, err)
	}
	return msg, true, nil
}
