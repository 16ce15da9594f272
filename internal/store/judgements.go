package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/state"
)

// ErrNotJudged is returned for a file with no verdict (not judged yet,
// or no such file).
var ErrNotJudged = errors.New("file not judged")

// FileFacts returns what the state model needs of a file (state.Facts),
// with the file's submission, its number and its tournament's id (0 when
// none).
func (s *Store) FileFacts(ctx context.Context, fileID int64) (f state.Facts, number string, submission, tournament int64, err error) {
	var seq int
	var x factsScan
	err = s.db.QueryRowContext(ctx, `SELECT fl.submission_id, fl.seq, coalesce(t.rowid, 0), `+stateSQL+`
		FROM files fl JOIN submissions s ON s.id = fl.submission_id LEFT JOIN verdicts v ON v.file_id = fl.id
		LEFT JOIN tournaments t ON t.key = v.tournament_key WHERE fl.id = ?`, fileID).Scan(
		append([]any{&submission, &seq, &tournament}, x.dest()...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return f, "", 0, 0, fmt.Errorf("file %d: %w", fileID, ErrNotJudged)
	}
	if err != nil {
		return f, "", 0, 0, fmt.Errorf("store: file %d: %w", fileID, err)
	}
	return x.facts(), state.Number(submission, seq), submission, tournament, nil
}

// judgedVerdict is the validator's verdict of a file: the one recorded
// before the office overruled it, else the one in force.
func judgedVerdict(verdict, judged string) string {
	if judged != "" {
		return judged
	}
	return verdict
}

// Overrule records the office's decision about a file's verdict (accept
// despite errors, accept late, reject) with who, when and why, and the
// rules of the error findings accepted; the verdict in force follows it
// and the tournament's version in force is computed again. The findings
// stay as they were.
func (s *Store) Overrule(ctx context.Context, fileID int64, d state.Decision, rules []string, by, reason string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var verdict, judged, key string
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT verdict, judged_verdict, tournament_key FROM verdicts WHERE file_id = ?`, fileID),
			fmt.Errorf("file %d: %w", fileID, ErrNotJudged), &verdict, &judged, &key); err != nil {
			return err
		}
		judged = judgedVerdict(verdict, judged)
		inForce := judged
		switch d {
		case state.AcceptDespite, state.AcceptLate:
			inForce = string(state.Accepted)
		case state.RejectVersion:
			inForce = string(state.Rejected)
		}
		rj, _ := json.Marshal(orEmpty(rules))
		if _, err := tx.ExecContext(ctx, `UPDATE verdicts SET verdict = ?, judged_verdict = ?, decision = ?, decision_reason = ?,
			decision_by = ?, decision_at = ?, decision_rules = ? WHERE file_id = ?`,
			inForce, judged, string(d), reason, by, ts(now), string(rj), fileID); err != nil {
			return err
		}
		if key == "" {
			return nil
		}
		return refreshTournament(ctx, tx, key, "decisione dell'ufficio: "+reason, now)
	})
}

// VerdictDecision is the office's decision about a file's verdict.
type VerdictDecision struct {
	Decision state.Decision `json:"decision"`
	Judged   string         `json:"judged_verdict"` // the validator's verdict
	Rules    []string       `json:"rules,omitempty"`
	Reason   string         `json:"reason"`
	By       string         `json:"by"`
	At       time.Time      `json:"at"`
}

// Decision returns the office's decision about a file's verdict, nil
// when there is none.
func (s *Store) Decision(ctx context.Context, fileID int64) (*VerdictDecision, error) {
	d := &VerdictDecision{}
	var dec, verdict, judged, rules string
	var at sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT decision, verdict, judged_verdict, decision_rules, decision_reason, decision_by, decision_at
		FROM verdicts WHERE file_id = ?`, fileID).Scan(&dec, &verdict, &judged, &rules, &d.Reason, &d.By, &at)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && dec == "") {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	d.Decision, d.Judged = state.Decision(dec), judgedVerdict(verdict, judged)
	_ = json.Unmarshal([]byte(rules), &d.Rules)
	if at.Valid {
		d.At = parseTS(at.String)
	}
	return d, nil
}

// PastJudgement is an earlier judgement of a file, replaced by a
// re-judgement.
type PastJudgement struct {
	Verdict    string         `json:"verdict"`
	Judged     string         `json:"judged_verdict,omitempty"`
	Decision   state.Decision `json:"decision,omitempty"`
	RuleSet    string         `json:"rule_set"`
	Period     string         `json:"period,omitempty"`
	Findings   []PastFinding  `json:"findings"`
	JudgedAt   time.Time      `json:"judged_at"`
	ReplacedAt time.Time      `json:"replaced_at"`
	ReplacedBy string         `json:"replaced_by"`
	Reason     string         `json:"reason,omitempty"`
}

// PastFinding is a finding of an earlier judgement.
type PastFinding struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	MessageIT string `json:"message_it"`
	MessageEN string `json:"message_en"`
}

// Rejudge replaces a file's judgement with v, the same version judged
// again (against the registers and calendar in force): the previous
// verdict, its findings and the office's decision about it go to the
// history (Judgements), the new findings and provisional ratings take
// their place, the office's decision is withdrawn, and the tournament's
// version in force is computed again. The file stays a version of the
// same tournament.
func (s *Store) Rejudge(ctx context.Context, v Verdict, by, reason string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var old PastJudgement
		var dec, decided, key string
		if err := scanOne(tx.QueryRowContext(ctx, `SELECT verdict, judged_verdict, decision, decision_reason, rule_set, period, decided_at, tournament_key
			FROM verdicts WHERE file_id = ?`, v.FileID), fmt.Errorf("file %d: %w", v.FileID, ErrNotJudged),
			&old.Verdict, &old.Judged, &dec, &old.Reason, &old.RuleSet, &old.Period, &decided, &key); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT rule, severity, message_it, message_en FROM findings WHERE file_id = ? ORDER BY seq`, v.FileID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var f PastFinding
			if err := rows.Scan(&f.Rule, &f.Severity, &f.MessageIT, &f.MessageEN); err != nil {
				rows.Close()
				return err
			}
			old.Findings = append(old.Findings, f)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if old.Findings == nil {
			old.Findings = []PastFinding{}
		}
		fj, _ := json.Marshal(old.Findings)
		if _, err := tx.ExecContext(ctx, `INSERT INTO judgements (file_id, verdict, judged, decision, decision_reason, rule_set, period,
			findings, judged_at, replaced_at, replaced_by, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			v.FileID, old.Verdict, old.Judged, dec, old.Reason, old.RuleSet, old.Period, string(fj), decided, ts(now), by, reason); err != nil {
			return err
		}
		rep := []byte("{}")
		if v.Report != nil {
			if rep, err = json.Marshal(v.Report); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE verdicts SET verdict = ?, judged_verdict = '', decision = '', decision_reason = '',
			decision_by = '', decision_at = NULL, decision_rules = '[]', format = ?, rule_set = ?, kind = ?, period = ?, read_error = ?,
			report = ?, decided_at = ? WHERE file_id = ?`,
			v.Verdict, v.Format, v.RuleSet, v.Kind, v.Period, v.ReadError, string(rep), ts(now), v.FileID); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM findings WHERE file_id = ?`, `DELETE FROM rating_results WHERE file_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, v.FileID); err != nil {
				return err
			}
		}
		if err := insertResults(ctx, tx, &v); err != nil {
			return err
		}
		if key == "" {
			return nil
		}
		if v.Verdict != string(state.Rejected) {
			players, _ := json.Marshal(orEmpty(v.Players))
			if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET name = ?, city = ?, start_date = ?, end_date = ?, rounds = ?,
				players = ? WHERE key = ? AND (current_file IS NULL OR current_file = ?)`,
				v.Name, v.City, v.Start, v.End, v.Rounds, string(players), key, v.FileID); err != nil {
				return err
			}
		}
		return refreshTournament(ctx, tx, key, "nuovo giudizio: "+reason, now)
	})
}

// Judgements returns a file's earlier judgements, oldest first.
func (s *Store) Judgements(ctx context.Context, fileID int64) ([]PastJudgement, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, j *PastJudgement) error {
		var decReason, findings string
		if err := rows.Scan(&j.Verdict, &j.Judged, &j.Decision, &decReason, &j.RuleSet, &j.Period, &findings,
			stamp(&j.JudgedAt), stamp(&j.ReplacedAt), &j.ReplacedBy, &j.Reason); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(findings), &j.Findings)
		return nil
	}, `SELECT verdict, judged, decision, decision_reason, rule_set, period, findings,
		judged_at, replaced_at, replaced_by, reason FROM judgements WHERE file_id = ? ORDER BY id`, fileID)
	if err != nil {
		return nil, fmt.Errorf("store: judgements of file %d: %w", fileID, err)
	}
	return orEmpty(out), nil
}

// JudgedFiles returns the ids of the judged files (with a verdict and a
// tournament) of the submissions received from from to to (to
// excluded), oldest first: the files a re-judgement of a period takes.
func (s *Store) JudgedFiles(ctx context.Context, from, to time.Time) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.id, s.received_at FROM files f JOIN submissions s ON s.id = f.submission_id
		JOIN verdicts v ON v.file_id = f.id WHERE s.state = ? AND v.tournament_key <> '' ORDER BY s.received_at, f.id`, StateJudged)
	if err != nil {
		return nil, fmt.Errorf("store: judged files: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		var recv string
		if err := rows.Scan(&id, &recv); err != nil {
			return nil, err
		}
		if at := parseTS(recv); !at.Before(from) && at.Before(to) {
			out = append(out, id)
		}
	}
	return out, rows.Err()
}

// AddNotice queues a notice of an office's act (act names it: rejudged,
// overruled, revoked, ...) about a submission, delivered like its
// answer; a submission keeps every such notice.
func (s *Store) AddNotice(ctx context.Context, submissionID int64, act string, n NewNotice, now time.Time) error {
	if err := insertNotice(ctx, s.db, submissionID, act, n, now); err != nil {
		return fmt.Errorf("store: notice of submission %d: %w", submissionID, err)
	}
	return nil
}

// insertNotice queues a notice of an act about a submission, through db
// or a transaction.
func insertNotice(ctx context.Context, ex interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, submissionID int64, act string, n NewNotice, now time.Time) error {
	to, _ := json.Marshal(n.To)
	_, err := ex.ExecContext(ctx, `INSERT INTO notices (submission_id, act, kind, env_from, env_to, subject,
		message_id, message, status, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		submissionID, act, n.Kind, n.From, string(to), n.Subject, n.MessageID, n.Message, NoticePending, ts(now), ts(now))
	return err
}

// ActNotice is a notice of an office's act, as a page lists it.
type ActNotice struct {
	ID        int64     `json:"id"`
	Act       string    `json:"act"`
	Kind      string    `json:"kind"`
	To        []string  `json:"to"`
	Subject   string    `json:"subject"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// ActNotices lists the notices of the office's acts about a submission,
// oldest first.
func (s *Store) ActNotices(ctx context.Context, submissionID int64) ([]ActNotice, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, n *ActNotice) error {
		var to string
		if err := rows.Scan(&n.ID, &n.Act, &n.Kind, &to, &n.Subject, &n.Status, stamp(&n.CreatedAt)); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(to), &n.To)
		return nil
	}, `SELECT id, act, kind, env_to, subject, status, created_at FROM notices
		WHERE submission_id = ? AND act <> '' ORDER BY id`, submissionID)
	if err != nil {
		return nil, fmt.Errorf("store: notices of submission %d: %w", submissionID, err)
	}
	return orEmpty(out), nil
}

// stateSQL selects what the state model (homologation/state) needs of a
// file, from its submission s, its verdict v and its tournament t (both
// LEFT JOINed): every query that shows a file's state reads it so, and
// factsScan turns it into state.Facts.
var stateSQL = `s.state, coalesce(v.verdict, ''), coalesce(v.judged_verdict, ''), coalesce(v.decision, ''),
	coalesce(v.read_error, ''), coalesce(v.kind, ''), coalesce(v.period, ''), ` + numberSQL("v.superseded_by") + `,
	coalesce(t.unclear_with <> '', 0), coalesce(t.revoked_at IS NOT NULL, 0), t.rowid IS NOT NULL,
	t.rowid IS NOT NULL AND ` + feeHeldSQL("t.key")

// factsScan receives stateSQL's columns.
type factsScan struct {
	sub, verdict, judged, decision, readErr, period string
	supBy                                           fileNumber
	kind                                            fsi.Kind
	unclear, revoked, hasTournament, feeHeld        bool
}

func (x *factsScan) dest() []any {
	return append([]any{&x.sub, &x.verdict, &x.judged, &x.decision, &x.readErr, &x.kind, &x.period}, append(x.supBy.dest(),
		&x.unclear, &x.revoked, &x.hasTournament, &x.feeHeld)...)
}

func (x *factsScan) facts() state.Facts {
	return state.Facts{Submission: x.sub, Verdict: judgedVerdict(x.verdict, x.judged), Decision: state.Decision(x.decision),
		Unreadable: x.readErr != "" && !x.hasTournament, SupersededBy: x.supBy.String(), Unclear: x.unclear, Revoked: x.revoked,
		Period: x.period, Kind: x.kind, FeeHeld: x.feeHeld}
}

// numberSQL selects the submission and the place of the file whose id
// is the expression id (NULL for none): two columns, which a fileNumber
// receives and state.Number, the one formatter, writes as "N.M".
func numberSQL(id string) string {
	return `(SELECT f2.submission_id FROM files f2 WHERE f2.id = ` + id + `), (SELECT f2.seq FROM files f2 WHERE f2.id = ` + id + `)`
}

// fileNumber receives numberSQL's columns.
type fileNumber struct{ sub, seq sql.NullInt64 }

func (n *fileNumber) dest() []any { return []any{&n.sub, &n.seq} }

// String is the file's number, "" when there is no file.
func (n *fileNumber) String() string {
	if !n.sub.Valid {
		return ""
	}
	return state.Number(n.sub.Int64, int(n.seq.Int64))
}

// CountedIn is a closed list a tournament counted in: rated in it, or
// carried into it as a correction.
type CountedIn struct {
	Kind       fsi.Kind `json:"kind"`
	Period     string   `json:"period"`
	FileID     int64    `json:"file_id"` // the version counted (0: a revocation carried)
	Correction bool     `json:"correction"`
	Reason     string   `json:"reason,omitempty"` // of a correction
}

// CountedIn lists the closed lists a tournament counted in, oldest first.
func (s *Store) CountedIn(ctx context.Context, key string) ([]CountedIn, error) {
	out, err := queryAll(ctx, s.db, func(rows *sql.Rows, c *CountedIn) error {
		return rows.Scan(&c.Kind, &c.Period, &c.FileID, &c.Correction, &c.Reason)
	}, `SELECT l.kind, l.period, f.file_id, 0, '' FROM rating_list_files f JOIN rating_lists l ON l.id = f.list_id WHERE f.tournament_key = ?
		UNION ALL
		SELECT l.kind, l.period, c.file_id, 1, c.reason FROM list_corrections c JOIN rating_lists l ON l.id = c.list_id WHERE c.tournament_key = ?
		ORDER BY 2, 1`, key, key)
	if err != nil {
		return nil, fmt.Errorf("store: lists of tournament %q: %w", key, err)
	}
	return out, nil
}

// NoticeByID returns a notice's message as text.
func (s *Store) NoticeByID(ctx context.Context, id int64) (string, error) {
	var msg []byte
	if err := s.db.QueryRowContext(ctx, `SELECT message FROM notices WHERE id = ?`, id).Scan(&msg); err != nil {
		return "", fmt.Errorf("store: notice %d: %w", id, err)
	}
	return string(msg), nil
}

// PendingDecision is a decision the office has to take about a player
// of a file that counts (in force, not revoked): a round-robin
// withdrawal (Kind DecisionWithdrawal: conduct.rr-withdrawal-undecided,
// RTF 7.5.2–7.5.3), or the theoretical rating of a foreign player
// without any rating (Kind DecisionTheoretical: the rating stage's
// TheoreticalWanted, flagged in rating_results, RTF 4.2.7, RAPID 6.8), with no decision of that
// kind about that player yet.
type PendingDecision struct {
	Kind         string `json:"kind"`
	FileID       int64  `json:"file_id"`
	SubmissionID int64  `json:"submission_id"`
	Number       string `json:"number"`
	// File is the file's name (the office's decide act names it so).
	File       string `json:"file"`
	Tournament string `json:"tournament"`
	Player     int    `json:"player"`
	// Name is the player's (theoretical ratings).
	Name string `json:"name,omitempty"`
	// RatingKind is the list the file is rated for (standard, rapid):
	// the article differs (RTF 4.2.7, RAPID 6.8).
	RatingKind fsi.Kind `json:"rating_kind,omitempty"`
	// Message is the finding's, in Italian (withdrawals).
	Message string `json:"message,omitempty"`
}

// PendingDecisions lists the decisions waiting for the office, oldest
// file first, withdrawals before theoretical ratings within a file.
func (s *Store) PendingDecisions(ctx context.Context) ([]PendingDecision, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, p *PendingDecision) error {
		var seq int
		if err := rows.Scan(&p.Kind, &p.FileID, &p.SubmissionID, &seq, &p.File, &p.Tournament, &p.Player, &p.Name, &p.RatingKind, &p.Message); err != nil {
			return err
		}
		p.Number = state.Number(p.SubmissionID, seq)
		return nil
	}, `SELECT * FROM (SELECT ? AS kind, f.id, f.submission_id, f.seq, f.name AS file, t.name, x.player, '' AS name, '' AS rating_kind, x.message_it
		FROM findings x JOIN files f ON f.id = x.file_id JOIN tournaments t ON t.current_file = f.id
		WHERE x.rule = 'conduct.rr-withdrawal-undecided' AND t.revoked_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM office_decisions d WHERE d.file_id = f.id AND d.start = x.player AND d.kind = ?)
	UNION ALL
	SELECT ?, f.id, f.submission_id, f.seq, f.name, t.name, json_extract(r.result, '$.start'), json_extract(r.result, '$.name'), r.kind, ''
		FROM rating_results r JOIN files f ON f.id = r.file_id JOIN tournaments t ON t.current_file = f.id
		WHERE r.theoretical_wanted = 1 AND t.revoked_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM office_decisions d WHERE d.file_id = f.id AND d.start = json_extract(r.result, '$.start') AND d.kind = ?))
	ORDER BY id, kind = ?, player`, DecisionWithdrawal, DecisionWithdrawal, DecisionTheoretical, DecisionTheoretical, DecisionTheoretical)
}

// FileByNumber returns the id of the file a person knows as "N.M" (its
// submission N, its place M from 1); false when there is none.
func (s *Store) FileByNumber(ctx context.Context, submission int64, place int) (int64, bool, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM files WHERE submission_id = ? AND seq = ?`, submission, place-1).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}
