package web

import (
	"context"
	"time"

	"omologa/internal/office"
)

// backupsShown is how many of the latest backups the admin's page lists.
const backupsShown = 14

// backupView is the admin's page's section on the scheduled backups
// (omologa.yaml's backup:): when they run, how many are kept, the next
// one and the latest ones with their outcome.
type backupView struct {
	Configured bool
	At         string
	KeepDaily  int
	KeepMonths int
	Command    bool
	Next       office.BackupRecord // only StartedAt: when the next is due
	// Overdue: the next was due before now (the daemon is not running,
	// or is making it).
	Overdue bool
	Latest  []office.BackupRecord
	State   office.BackupState
}

func (s *Server) backupView(ctx context.Context) (backupView, error) {
	var v backupView
	var err error
	if v.Latest, err = s.st.Backups(ctx, backupsShown); err != nil {
		return v, err
	}
	if v.State, err = s.st.BackupState(ctx); err != nil {
		return v, err
	}
	bc := s.o.Config.Backup
	if bc == nil {
		return v, nil
	}
	v.Configured, v.At, v.KeepDaily, v.KeepMonths, v.Command = true, bc.At, bc.KeepDaily, bc.Monthly(), len(bc.Command) > 0
	hour, minute := bc.Clock()
	// The page does not know when the daemon started: for an office
	// without backups yet, its next scheduled time.
	now := s.now()
	v.Next.StartedAt = office.NextBackup(now, now, v.State.Last, hour, minute, s.zone)
	v.Overdue = v.Next.StartedAt.Before(now.Add(-time.Minute))
	return v, nil
}
