package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"omologa/internal/office"
)

// Issue 32: the admin's page shows the scheduled backups (when, how
// many kept, the next, the latest with their outcome), in Italian dates
// and Rome's times; a failed latest backup is in the work queue of the
// home page until a later one succeeds.
func TestBackupsPageBrowser(t *testing.T) {
	srv, o, _ := healthServer(t, "backup:\n  at: \"02:30\"\n  folder: backups\n  keep_daily: 7\n  keep_monthly: 1\n  command: [/bin/true]")
	ctx := context.Background()
	day := time.Date(2026, 12, 5, 2, 30, 0, 0, rome)
	for i, ok := range []bool{true, true, false} {
		at := day.AddDate(0, 0, i)
		rec := office.BackupRecord{StartedAt: at, FinishedAt: at.Add(3 * time.Second), OK: ok, Copied: ok,
			Path: "/srv/omologa/backups/" + office.BackupName(at, rome), Bytes: 3<<20 + 123456}
		if !ok {
			rec.Error = "backup.command rclone: exit status 3: remote: permission denied"
		}
		id, err := o.Store.RecordBackup(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			o.Store.BackupAlerted(ctx, id, at)
		}
	}
	if err := o.AddUser(ctx, office.CLIActor(), "admin", office.Admin, password("admin")); err != nil {
		t.Fatal(err)
	}
	srv.now = func() time.Time { return time.Date(2026, 12, 7, 9, 15, 0, 0, rome) }
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	b := newBrowser(t, ts.URL)
	b.login(t, "admin", password("admin"))
	if q := b.Text(t, "#queue-backup"); !strings.Contains(q, "Copia di sicurezza non riuscita il 07/12/2026 02:30: l'ultima riuscita è del 06/12/2026 02:30.") {
		t.Errorf("the work queue: %q", q)
	}
	b.Shot(t, "dashboard-backup-failed")
	b.Open(t, "/users#backups")
	sec := b.Text(t, "main")
	for _, want := range []string{
		"Copie di sicurezza",
		"Ogni giorno alle 02:30 una copia verificata dell'archivio. Si tengono le copie degli ultimi 7 giorni, e la prima copia del mese.",
		"Prossima copia: dovuta dal 07/12/2026 03:30",
		"05/12/2026 02:30", "omologa-20261205-0230.db", "3,1 MB", "verificata e copiata altrove",
		"non riuscita (ufficio avvisato): copia verificata, ma il comando che la porta fuori da questa macchina non è riuscito", "Dettaglio: backup.command rclone: exit status 3: remote: permission denied",
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the admin's page lacks %q:\n%s", want, sec)
		}
	}
	if strings.Contains(sec, "/srv/omologa") {
		t.Error("the page shows the folder's path")
	}
	b.Shot(t, "users-backups")
}
