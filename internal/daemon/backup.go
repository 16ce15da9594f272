package daemon

import (
	"context"
	"time"

	"omologa/internal/office"
)

// backupWait bounds each wait of the backup schedule: the schedule is
// read against the office's clock (Office.Now, which a test or the demo
// pins), so the loop looks again at least this often rather than trust
// one long timer.
const backupWait = 30 * time.Second

// runBackups makes the scheduled backups (backup: in omologa.yaml)
// until ctx is done: each when office.NextBackup says it is due, read
// against the office's clock; a failed one's alert not yet sent (the
// mail server was down) is tried again at each turn.
func (d *Daemon) runBackups(ctx context.Context) {
	a := d.app
	o, bc := a.Office, a.Config.Backup
	hour, minute := bc.Clock()
	loc := o.Rules.Rating.Location()
	since := o.Now()
	q := o.Queries()
	for {
		wait := backupWait
		st, err := q.BackupState(ctx)
		if err != nil {
			a.Log.Error("backup schedule: cannot read the latest backup", "err", err)
		} else {
			now := o.Now()
			next := office.NextBackup(now, since, st.Last, hour, minute, loc)
			if !next.After(now) {
				if _, err := o.ScheduledBackup(ctx); ctx.Err() != nil {
					return
				} else if err != nil {
					a.Log.Error("backup not recorded", "err", err)
				}
				continue
			}
			if st.Failing() && st.Last.AlertedAt.IsZero() {
				if err := o.AlertBackup(ctx, *st.Last); err != nil {
					a.Log.Warn("the office still cannot be told of the failed backup", "err", err)
				}
			}
			wait = min(wait, max(next.Sub(now), time.Second))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}
