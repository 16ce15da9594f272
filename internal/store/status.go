package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"omologa/internal/homologation/state"
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
	ID int64 `json:"id"`
	// Number is the file's number as a person reads it: its
	// submission's and its place ("10.1"); the state what the one state
	// model (homologation/state) derives of it.
	Number       string     `json:"number"`
	State        state.View `json:"state"`
	Decision     string     `json:"decision,omitempty"` // the office's overrule of the verdict
	Name         string     `json:"name"`
	From         string     `json:"from_archive,omitempty"`
	Tournament   string     `json:"tournament,omitempty"`
	Verdict      string     `json:"verdict,omitempty"` // empty until judged
	Period       string     `json:"period,omitempty"`
	Errors       int        `json:"errors"`
	Warnings     int        `json:"warnings"`
	ReadError    string     `json:"read_error,omitempty"`
	Supersedes   int64      `json:"supersedes,omitempty"`
	SupersededBy int64      `json:"superseded_by,omitempty"`
	// The numbers (Number) of the files this one supersedes and is
	// superseded by.
	SupersedesNumber   string `json:"supersedes_number,omitempty"`
	SupersededByNumber string `json:"superseded_by_number,omitempty"`
	// Size and SHA256 are the file's bytes as stored: what a script
	// compares with the file it sent.
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
	// Fide is the file's latest forwarding to FIDE (omologa fide export).
	Fide *Forwarding `json:"fide,omitempty"`
}

// NoticeStatus is a submission's notice.
type NoticeStatus struct {
	ID        int64    `json:"id"`
	Kind      string   `json:"kind"`
	To        []string `json:"to"`
	Subject   string   `json:"subject"`
	MessageID string   `json:"message_id"`
	Status    string   `json:"status"`
	// SMTP is how far its delivery got: "claimed", "data" (written, its
	// end not yet acknowledged), "accepted" (the server's 250); empty
	// when no attempt is in progress.
	SMTP      string    `json:"smtp,omitempty"`
	Attempts  int       `json:"attempts"`
	LastError string    `json:"last_error,omitempty"`
	SentAt    time.Time `json:"sent_at,omitzero"`
	// NextAttempt is when a pending or failing notice is tried next;
	// FailingSince when its fast attempts ran out.
	NextAttempt  time.Time `json:"next_attempt,omitzero"`
	FailingSince time.Time `json:"failing_since,omitzero"`
}

// Statuses lists the submissions, newest first (all when limit <= 0).
func (s *Store) Statuses(ctx context.Context, limit int) ([]Status, error) {
	return s.StatusesIn(ctx, "", limit)
}

// StatusesIn lists the submissions in a state (all when state is ""),
// newest first (all when limit <= 0).
func (s *Store) StatusesIn(ctx context.Context, state string, limit int) ([]Status, error) {
	if state == "" {
		return s.statuses(ctx, "", nil, limit)
	}
	return s.statuses(ctx, " WHERE s.state = ?", []any{state}, limit)
}

// StatusesOf returns the submissions with these ids, newest first; an id
// not in the store is left out.
func (s *Store) StatusesOf(ctx context.Context, ids ...int64) ([]Status, error) {
	if len(ids) == 0 {
		return []Status{}, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return s.statuses(ctx, " WHERE s.id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", args, 0)
}

// statuses reads the submissions that where (on submissions s) selects,
// newest first, in three queries whatever their number: the submissions
// with their notices, the files of them all, their forwardings to FIDE.
func (s *Store) statuses(ctx context.Context, where string, args []any, limit int) ([]Status, error) {
	sel := where + ` ORDER BY s.id DESC`
	if limit > 0 {
		sel += fmt.Sprintf(" LIMIT %d", limit)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.id, s.channel, s.sender, s.source, s.message_id, s.received_at,
		s.state, s.note, s.problems, s.office_action, s.office_by, s.office_at, coalesce(s.repeat_of, 0),
		n.id, coalesce(n.kind, ''), coalesce(n.env_to, ''), coalesce(n.subject, ''), coalesce(n.message_id, ''), coalesce(n.status, ''),
		coalesce(n.smtp_progress, ''),
		coalesce(n.attempts, 0), coalesce(n.last_error, ''), n.sent_at,
		coalesce(n.next_attempt_at, ''), coalesce(n.failing_since, '')
		FROM submissions s LEFT JOIN notices n ON n.submission_id = s.id AND n.act = ''`+sel, args...)
	if err != nil {
		return nil, fmt.Errorf("store: status: %w", err)
	}
	out := []Status{}
	at := map[int64]int{} // submission id → index in out
	for rows.Next() {
		var st Status
		var recv, problems, officeAction, officeBy, to string
		var officeAt, sent sql.NullString
		var next, since string
		var noticeID sql.NullInt64
		n := &NoticeStatus{}
		if err := rows.Scan(&st.ID, &st.Channel, &st.Sender, &st.Source, &st.MessageID, &recv, &st.State, &st.Note, &problems,
			&officeAction, &officeBy, &officeAt, &st.RepeatOf,
			&noticeID, &n.Kind, &to, &n.Subject, &n.MessageID, &n.Status, &n.SMTP, &n.Attempts, &n.LastError, &sent, &next, &since); err != nil {
			rows.Close()
			return nil, err
		}
		st.Office = officeOf(officeAction, officeBy, officeAt)
		st.ReceivedAt = parseTS(recv)
		_ = json.Unmarshal([]byte(problems), &st.Problems)
		if noticeID.Valid {
			n.ID = noticeID.Int64
			_ = json.Unmarshal([]byte(to), &n.To)
			if sent.Valid {
				n.SentAt = parseTS(sent.String)
			}
			if n.Status == NoticePending || n.Status == NoticeFailing {
				n.NextAttempt = parseTS(next)
			}
			n.FailingSince = parseTS(since)
			st.Notice = n
		}
		st.Files = []FileStatus{}
		at[st.ID] = len(out)
		out = append(out, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: status: %w", err)
	}
	if len(out) == 0 {
		return out, nil
	}
	rows, err = s.db.QueryContext(ctx, `SELECT f.submission_id, f.id, f.seq, f.name, f.from_archive,
		coalesce(t.name, ''), coalesce(v.supersedes, 0), coalesce(v.superseded_by, 0),
		`+numberSQL("v.supersedes")+`, f.size, f.hash,
		(SELECT count(*) FROM findings x WHERE x.file_id = f.id AND x.severity = 'error'),
		(SELECT count(*) FROM findings x WHERE x.file_id = f.id AND x.severity = 'warning'), `+stateSQL+`
		FROM files f JOIN submissions s ON s.id = f.submission_id LEFT JOIN verdicts v ON v.file_id = f.id
		LEFT JOIN tournaments t ON t.key = v.tournament_key
		WHERE f.submission_id IN (SELECT s.id FROM submissions s`+sel+`)
		ORDER BY f.submission_id, f.seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: status files: %w", err)
	}
	for rows.Next() {
		var sub int64
		var seq int
		var f FileStatus
		var x factsScan
		var sups fileNumber
		if err := rows.Scan(append(append([]any{&sub, &f.ID, &seq, &f.Name, &f.From, &f.Tournament, &f.Supersedes, &f.SupersededBy},
			sups.dest()...), append([]any{&f.Size, &f.SHA256, &f.Errors, &f.Warnings}, x.dest()...)...)...); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := at[sub]; ok {
			f.Number, f.SupersedesNumber, f.SupersededByNumber = state.Number(sub, seq), sups.String(), x.supBy.String()
			f.Verdict, f.Decision, f.Period, f.ReadError = x.verdict, x.decision, x.period, x.readErr
			f.State = state.Of(x.facts())
			out[i].Files = append(out[i].Files, f)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: status files: %w", err)
	}
	// The latest forwarding to FIDE of each file (omologa fide export),
	// in one more query.
	rows, err = s.db.QueryContext(ctx, `SELECT id, file_id, tournament_key, period, name, forwarded_by, forwarded_at
		FROM fide_forwardings WHERE file_id IN (SELECT f.id FROM files f WHERE f.submission_id IN (SELECT s.id FROM submissions s`+sel+`))
		ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: status forwardings: %w", err)
	}
	last := map[int64]*Forwarding{}
	for rows.Next() {
		f := &Forwarding{}
		var at string
		if err := rows.Scan(&f.ID, &f.FileID, &f.TournamentKey, &f.Period, &f.Name, &f.By, &at); err != nil {
			rows.Close()
			return nil, err
		}
		f.At = parseTS(at)
		last[f.FileID] = f
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: status forwardings: %w", err)
	}
	for i := range out {
		for j := range out[i].Files {
			out[i].Files[j].Fide = last[out[i].Files[j].ID]
		}
	}
	return out, nil
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
	err = s.db.QueryRowContext(ctx, `SELECT message FROM notices WHERE submission_id = ? AND act = ''`, submissionID).Scan(&msg)
	if err == sql.ErrNoRows {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: notice of submission %d: %w", submissionID, err)
	}
	return msg, true, nil
}
