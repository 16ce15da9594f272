package office

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"omologa/internal/config"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
)

// The daemon's scheduled backups (omologa.yaml's backup:, issue 32):
// once a day at the configured time, a consistent copy of the store
// written and verified as omologa backup writes and verifies it
// (store.Backup), the configured command run on it to take it off the
// machine, the copies rotated, every backup recorded in the store. A
// failed backup is e-mailed to the office's address and stays in the
// work queue until a later one succeeds; it is tried again an hour
// later (BackupRetry) and at the next day's time.

// BackupRecord is one backup as the store keeps it; BackupState the
// latest one and the latest that succeeded.
type (
	BackupRecord = store.BackupRecord
	BackupState  = store.BackupState
)

// BackupRetry is how long after a failed backup the next is tried.
const BackupRetry = time.Hour

// BackupSlot is the latest scheduled time (hour:minute in loc) at or
// before now.
func BackupSlot(now time.Time, hour, minute int, loc *time.Location) time.Time {
	l := now.In(loc)
	slot := time.Date(l.Year(), l.Month(), l.Day(), hour, minute, 0, 0, loc)
	if slot.After(now) {
		slot = time.Date(l.Year(), l.Month(), l.Day()-1, hour, minute, 0, 0, loc)
	}
	return slot
}

// NextBackup is when the next backup is due, given the latest recorded
// (nil: none) and since, when the daemon started: a scheduled time
// passed since the latest backup (one missed while the daemon was down
// is taken at once), an hour after a failure, and, for an office that
// never had one, the first scheduled time after it started.
func NextBackup(now, since time.Time, last *BackupRecord, hour, minute int, loc *time.Location) time.Time {
	slot := BackupSlot(now, hour, minute, loc)
	l := slot.In(loc)
	next := time.Date(l.Year(), l.Month(), l.Day()+1, hour, minute, 0, 0, loc)
	switch {
	case last == nil:
		if !slot.Before(since) {
			return slot
		}
		return next
	case last.StartedAt.Before(slot):
		return slot
	case !last.OK:
		return minTime(next, last.StartedAt.Add(BackupRetry))
	}
	return next
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// RotateBackups chooses, among the copies kept (newest first), those to
// remove: the newest copy of each of the latest daily days that have
// one stays, and the first copy of each of the latest monthly months;
// the rest go. Days and months are the office's (loc).
func RotateBackups(kept []BackupRecord, daily, monthly int, loc *time.Location) (remove []BackupRecord) {
	keep := map[int64]bool{}
	days, months := map[string]bool{}, map[string]int64{}
	var monthOrder []string
	for _, b := range kept {
		t := b.StartedAt.In(loc)
		if d := t.Format("2006-01-02"); !days[d] && len(days) < daily {
			days[d] = true
			keep[b.ID] = true
		}
		m := t.Format("2006-01")
		if _, seen := months[m]; !seen {
			monthOrder = append(monthOrder, m)
		}
		// Newest first: the last seen of a month is its first copy.
		months[m] = b.ID
	}
	for i, m := range monthOrder {
		if i < monthly {
			keep[months[m]] = true
		}
	}
	for _, b := range kept {
		if !keep[b.ID] {
			remove = append(remove, b)
		}
	}
	return remove
}

// BackupName is the file name of a copy started at t (the office's
// time): omologa-20261207-0230.db.
func BackupName(t time.Time, loc *time.Location) string {
	return "omologa-" + t.In(loc).Format("20060102-1504") + ".db"
}

// ScheduledBackup makes one backup as the schedule does: written under
// backup.folder and verified, the command run, the copies rotated, the
// backup recorded; a failure is recorded and e-mailed to the office
// (AlertBackup). The record is returned; the error is one of recording
// it, or ctx's when the process stopped meanwhile (nothing recorded).
func (o *Office) ScheduledBackup(ctx context.Context) (BackupRecord, error) {
	bc := o.Config.Backup
	if bc == nil {
		return BackupRecord{}, errors.New("backup: no backup section in the configuration")
	}
	loc := o.Rules.Rating.Location()
	rec := BackupRecord{StartedAt: o.Now()}
	path := filepath.Join(bc.Folder, BackupName(rec.StartedAt, loc))
	for i := 2; exists(path); i++ {
		path = filepath.Join(bc.Folder, strings.TrimSuffix(BackupName(rec.StartedAt, loc), ".db")+fmt.Sprintf("-%d.db", i))
	}
	inv, err := o.Store.Backup(ctx, path)
	if err == nil {
		rec.Path = inv.Path
		if fi, serr := os.Stat(inv.Path); serr == nil {
			rec.Bytes = fi.Size()
		}
		err = o.copyOff(ctx, bc, inv.Path)
		rec.Copied = err == nil && len(bc.Command) > 0
	}
	if err != nil && ctx.Err() != nil {
		// Stopped meanwhile (SIGTERM): not a failure of the backup. Its
		// time is still due, so the next start makes it; a copy left
		// would be one the rotation does not know.
		if rec.Path != "" {
			os.Remove(rec.Path)
		}
		o.Log.Info("scheduled backup interrupted by the stop: made at the next start")
		return rec, ctx.Err()
	}
	rec.FinishedAt = o.Now()
	rec.OK = err == nil
	if err != nil {
		rec.Error = err.Error()
		o.Log.Error("scheduled backup failed", "err", err)
	} else {
		o.Log.Info("scheduled backup written and verified", "path", rec.Path, "bytes", rec.Bytes, "copied", rec.Copied)
	}
	id, rerr := o.Store.RecordBackup(context.WithoutCancel(ctx), rec)
	if rerr != nil {
		return rec, rerr
	}
	rec.ID = id
	if rec.Path != "" {
		o.rotate(ctx, bc, loc)
	}
	if !rec.OK {
		if err := o.AlertBackup(ctx, rec); err != nil {
			o.Log.Error("the office could not be told of the failed backup: tried again later", "err", err)
		}
	}
	return rec, nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// copyOff runs backup.command on the copy at path, bounded by its
// timeout; its output is logged, and said in the error when it fails.
func (o *Office) copyOff(ctx context.Context, bc *config.Backup, path string) error {
	if len(bc.Command) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, bc.CommandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bc.Command[0], append(bc.Command[1:len(bc.Command):len(bc.Command)], path)...)
	cmd.Env = append(os.Environ(), "OMOLOGA_BACKUP="+path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	said := strings.TrimSpace(out.String())
	if len(said) > 500 {
		said = said[len(said)-500:]
	}
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			err = fmt.Errorf("still running after %s", bc.CommandTimeout)
		}
		if said != "" {
			return fmt.Errorf("backup.command %s: %w: %s", filepath.Base(bc.Command[0]), err, said)
		}
		return fmt.Errorf("backup.command %s: %w", filepath.Base(bc.Command[0]), err)
	}
	o.Log.Info("backup copied off the machine", "command", bc.Command[0], "output", said)
	return nil
}

// rotate removes the copies the rotation no longer keeps.
func (o *Office) rotate(ctx context.Context, bc *config.Backup, loc *time.Location) {
	kept, err := o.Store.KeptBackups(ctx)
	if err != nil {
		o.Log.Error("backup rotation: cannot list the copies", "err", err)
		return
	}
	for _, b := range RotateBackups(kept, bc.KeepDaily, bc.Monthly(), loc) {
		if err := os.Remove(b.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
			o.Log.Error("backup rotation: cannot remove a copy", "path", b.Path, "err", err)
			continue
		}
		if err := o.Store.BackupRemoved(ctx, b.Path, o.Now()); err != nil {
			o.Log.Error("backup rotation: cannot record a removal", "path", b.Path, "err", err)
			continue
		}
		o.Log.Info("backup rotated away", "path", b.Path)
	}
}

// BackupState reads the latest backup and the latest that succeeded.
func (q *Queries) BackupState(ctx context.Context) (BackupState, error) { return q.st.BackupState(ctx) }

// Backups lists the latest backups, newest first.
func (q *Queries) Backups(ctx context.Context, limit int) ([]BackupRecord, error) {
	return q.st.Backups(ctx, limit)
}

// AlertBackup e-mails the office's address (notices.office) that the
// backup rec failed, and records that it did; an alert already sent is
// not sent again.
func (o *Office) AlertBackup(ctx context.Context, rec BackupRecord) error {
	if rec.OK || !rec.AlertedAt.IsZero() {
		return nil
	}
	m, err := NewMailer(o.Config)
	if err != nil {
		return err
	}
	msg, err := o.backupAlert(rec)
	if err != nil {
		return err
	}
	if err := m.Send(ctx, mailer.Envelope{From: o.Config.Notices.From, To: []string{o.Config.Notices.Office}}, msg); err != nil {
		return err
	}
	return o.Store.BackupAlerted(context.WithoutCancel(ctx), rec.ID, o.Now())
}

// backupAlert writes the e-mail telling the office of a failed backup:
// automatic (RFC 3834's Auto-Submitted), in Italian, its times in the
// office's zone.
func (o *Office) backupAlert(rec BackupRecord) ([]byte, error) {
	it := catalogue.IT
	loc := o.Rules.Rating.Location()
	from, err := mail.ParseAddress(o.Config.Notices.From)
	if err != nil {
		return nil, fmt.Errorf("backup alert: from address: %w", err)
	}
	to, err := mail.ParseAddress(o.Config.Notices.Office)
	if err != nil {
		return nil, fmt.Errorf("backup alert: office address: %w", err)
	}
	var h gomail.Header
	h.SetDate(o.Now())
	h.SetSubject(it.T("notice.backup-failed.subject", italian.DateTime(rec.StartedAt, loc)))
	h.SetAddressList("From", []*gomail.Address{{Name: it.T("notice.office"), Address: from.Address}})
	h.SetAddressList("To", []*gomail.Address{{Address: to.Address}})
	if err := h.GenerateMessageIDWithHostname(from.Address[strings.LastIndex(from.Address, "@")+1:]); err != nil {
		return nil, err
	}
	h.Set("Auto-Submitted", "auto-generated")
	h.Set("Content-Language", "it")
	h.Set("X-Omologa-Kind", "backup-failed")
	last := it.T("notice.backup-failed.none")
	if st, err := o.Store.BackupState(context.Background()); err == nil && st.LastOK != nil {
		last = italian.DateTime(st.LastOK.StartedAt, loc)
	}
	body := it.T("notice.backup-failed.body", italian.DateTime(rec.StartedAt, loc), rec.Error, last,
		italian.Clock(rec.StartedAt.Add(BackupRetry), loc))
	msg, err := plainMessage(h, body)
	if err != nil {
		return nil, fmt.Errorf("backup alert: %w", err)
	}
	return msg, nil
}

// The read side of the health and the metrics (issue 32).

// ListRun is the latest close of a list of one kind.
type ListRun = store.ListRun

// StoreSize is the store's size in bytes; it fails when the store does
// not answer (the readiness check).
func (q *Queries) StoreSize(ctx context.Context) (int64, error) { return q.st.Size(ctx) }

// LastListRuns returns the latest closed list of each kind.
func (q *Queries) LastListRuns(ctx context.Context) ([]ListRun, error) { return q.st.LastListRuns(ctx) }

// SubmissionsByChannel counts the submissions by the door they came in
// by (the portal's are its uploads).
func (q *Queries) SubmissionsByChannel(ctx context.Context) (map[string]int, error) {
	return q.st.SubmissionsByChannel(ctx)
}
