package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"omologa/internal/fsi"
	"omologa/internal/homologation/validate"
)

// PublicTournament is a homologated tournament as the public site and
// the statistics read it: its version in force (not revoked, accepted),
// the validator's report of that file, the file's bytes (for the
// crosstable) and the rating stage's lines recorded for it.
type PublicTournament struct {
	ID         int64 // the tournament's rowid: stable across versions
	Key        string
	Name, City string
	Province   string   // provinceSQL
	Start, End string   // YYYY-MM-DD or ""
	Kind       fsi.Kind // standard, rapid
	Period     string   // the list period recorded with the verdict
	FileID     int64
	FileName   string
	Data       []byte
	Report     []byte // validate.Report as JSON
	Ratings    []Rating
	ReceivedAt time.Time

	hash string
	size int64
}

// PublicTournaments returns every homologated tournament whose
// homologation stands, by start date then name.
func (s *Store) PublicTournaments(ctx context.Context) ([]PublicTournament, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.rowid, t.key, t.name, t.city, `+provinceSQL+`, t.start_date, t.end_date,
		v.kind, v.period, f.id, f.name, f.hash, f.size, v.report, s.received_at
		FROM tournaments t JOIN verdicts v ON v.file_id = t.current_file JOIN files f ON f.id = v.file_id
		JOIN submissions s ON s.id = f.submission_id
		WHERE v.verdict IN `+acceptedSQL+` AND t.revoked_at IS NULL ORDER BY t.start_date, t.name, t.rowid`)
	if err != nil {
		return nil, fmt.Errorf("store: public tournaments: %w", err)
	}
	var out []PublicTournament
	for rows.Next() {
		var p PublicTournament
		var rep, recv string
		if err := rows.Scan(&p.ID, &p.Key, &p.Name, &p.City, &p.Province, &p.Start, &p.End, &p.Kind, &p.Period,
			&p.FileID, &p.FileName, &p.hash, &p.size, &rep, &recv); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: public tournaments: %w", err)
		}
		p.Report, p.ReceivedAt = []byte(rep), parseTS(recv)
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The bytes and lines once the rows are closed: no query nested in
	// another.
	for i := range out {
		if out[i].Data, err = s.readBlob(ctx, out[i].hash, out[i].size); err != nil {
			return nil, fmt.Errorf("store: file %d: %w", out[i].FileID, err)
		}
		if out[i].Ratings, err = s.Ratings(ctx, out[i].FileID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// JudgedFile is one judged file as the statistics of homologation
// outcomes count it.
type JudgedFile struct {
	FileID     int64
	ReceivedAt time.Time
	Province   string // provinceSQL; "" when the file matched no tournament
	Verdict    string // accepted, accepted-with-warnings, rejected
	Kind       fsi.Kind
	// Late: the validator found it sent after the deadline
	// (deadline.late, RTF 6.2.2, RAPID 5.2).
	Late bool
	// Articles are the articles of its errors, each once.
	Articles []string
}

// JudgedFileVerdicts returns every judged file with its verdict in force, oldest
// first: what the statistics count.
func (s *Store) JudgedFileVerdicts(ctx context.Context) ([]JudgedFile, error) {
	return queryAll(ctx, s.db, func(rows *sql.Rows, j *JudgedFile) error {
		var recv, arts string
		if err := rows.Scan(&j.FileID, &recv, &j.Province, &j.Verdict, &j.Kind, &j.Late, &arts); err != nil {
			return err
		}
		j.ReceivedAt = parseTS(recv)
		if arts != "" {
			j.Articles = strings.Split(arts, "\x1f")
		}
		return nil
	}, `SELECT v.file_id, s.received_at, coalesce(`+provinceSQL+`, ''), v.verdict, v.kind,
		EXISTS (SELECT 1 FROM findings x WHERE x.file_id = v.file_id AND x.rule = '`+validate.RuleLate+`'),
		coalesce((SELECT group_concat(a, char(31)) FROM (SELECT DISTINCT x.article AS a FROM findings x
			WHERE x.file_id = v.file_id AND x.severity = 'error' AND x.article <> '' ORDER BY x.article)), '')
		FROM verdicts v JOIN files f ON f.id = v.file_id JOIN submissions s ON s.id = f.submission_id
		LEFT JOIN tournaments t ON t.key = v.tournament_key
		ORDER BY s.received_at, v.file_id`)
}

// PublicStamp changes whenever what the public site and the statistics
// read changes: a verdict, a tournament's version in force or
// revocation, a list closed, a register imported. A cache of the
// statistics stays valid while it is unchanged. It leads with the count
// of changes the triggers keep (publicChangesMigration): acts in the same
// second, or recorded by a pinned clock, leave the latest times alike.
func (s *Store) PublicStamp(ctx context.Context) (string, error) {
	var stamp string
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT n FROM public_changes) || '|' ||
		(SELECT count(*) || ' ' || coalesce(max(decided_at), '') FROM verdicts) || '|' ||
		(SELECT count(*) || ' ' || coalesce(max(updated_at), '') || ' ' || coalesce(max(changed_at), '') FROM tournaments) || '|' ||
		(SELECT count(*) || ' ' || coalesce(max(created_at), '') || ' ' || coalesce(sum(id), 0) FROM rating_lists) || '|' ||
		(SELECT coalesce(max(imported_at), '') FROM registers)`).Scan(&stamp)
	if err != nil {
		return "", fmt.Errorf("store: public stamp: %w", err)
	}
	return stamp, nil
}
