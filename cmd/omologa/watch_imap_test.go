package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// TestWatchOnceWithIMAP checks the daemon's wiring of the mailbox: the
// configuration's IMAP section, the password from the environment, the
// mailbox position kept in the store, the message moved once recorded.
func TestWatchOnceWithIMAP(t *testing.T) {
	msg, err := os.ReadFile(filepath.Join(repoRoot(), "samples", "mail", "rapid_lucca_2026.eml"))
	if err != nil {
		t.Skip("samples/mail missing:", err)
	}
	srv := imaptest.Start(t)
	c := srv.Client()
	defer c.Close()
	imaptest.Append(t, c, "INBOX", msg, time.Now().Add(-time.Hour))

	dir := t.TempDir()
	t.Setenv("OMOLOGA_TEST_IMAP_PASSWORD", imaptest.Password)
	cfg := pipelinetest.Config(t, dir, "100ms", fmt.Sprintf(`imap:
  host: %s
  port: %d
  tls: none
  user: %s
  password_env: OMOLOGA_TEST_IMAP_PASSWORD
  processed: Processed`, srv.Host(), srv.Port(), imaptest.User))

	for run := range 2 { // the second run finds nothing new
		code, _, errs := runCmd(t, "watch", "--config", cfg, "--once")
		if code != exitOK {
			t.Fatalf("run %d: exit %d\n%s", run, code, errs)
		}
	}
	_, out, _ := runCmd(t, "status", "--config", cfg, "--json")
	var rows []store.Status
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	r := rows[0]
	if r.Channel != "imap" || r.Sender == "" || r.Notice == nil || r.Notice.Status != store.NoticeSent ||
		!strings.Contains(strings.Join(r.Notice.To, ","), r.Sender) {
		t.Fatalf("%+v notice %+v", r, r.Notice)
	}
	if n := countEML(t, filepath.Join(dir, "outbox")); n != 1 {
		t.Fatalf("%d notices", n)
	}
	if imaptest.Count(t, c, "INBOX") != 0 || imaptest.Count(t, c, "Processed") != 1 {
		t.Error("the message was not moved to the processed folder")
	}
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if v, last, err := st.MailboxState(context.Background(), "INBOX"); err != nil || v == 0 || last == 0 {
		t.Fatalf("mailbox state %d %d %v", v, last, err)
	}
}
