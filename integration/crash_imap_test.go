package integration

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"omologa/internal/store"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// TestCrashIMAPKillAndRestart runs `omologa watch` as a real process on
// an IMAP mailbox (the in-process server, which outlives the daemon),
// appends submissions continuously, kills the daemon with SIGKILL at
// random moments and restarts it. In the end every message must be
// recorded once and answered once, and the mailbox emptied into the
// processed folder: no loss. Notices go to a real SMTP peer, which
// counts them by Message-ID: each arrives, and a repeat (same
// Message-ID) only when a kill fell between the send and its record,
// so never more repeats than kills.
func TestCrashIMAPKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it for several seconds")
	}
	bin := pipelinetest.BuildBinary(t)
	t.Run("in-process IMAP", func(t *testing.T) {
		srv := imaptest.Start(t)
		crashIMAP(t, bin, mailbox{srv.Host(), srv.Port(), imaptest.User, imaptest.Password}, srv.Client(), false)
	})
	t.Run("Dovecot", func(t *testing.T) {
		d := imaptest.StartDovecot(t)
		crashIMAP(t, bin, mailbox{d.Host, d.Port, d.User, d.Password}, d.Client(t), true)
	})
}

// crashIMAP is the crash test on one server; hasMove says whether its
// MOVE makes the processed folder's count exact.
func crashIMAP(t *testing.T, bin string, mb mailbox, c *imapclient.Client, hasMove bool) {
	defer c.Close()
	dir := t.TempDir()
	peer := pipelinetest.StartSMTP(t)
	cfg := daemonConfig(t, dir, mb, peer)

	const n = 40
	rng := rand.New(rand.NewPCG(3, 4))
	at := time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC)
	d := pipelinetest.StartDaemon(t, bin, cfg, "OMOLOGA_TEST_IMAP_PASSWORD="+mb.Password)
	nextKill := time.Now().Add(time.Duration(50+rng.IntN(250)) * time.Millisecond)
	for i := 1; i <= n; i++ {
		imaptest.Append(t, c, "INBOX", submission(i, fieldsWithoutOrganiser), at)
		time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		if time.Now().After(nextKill) {
			d.KillAndRestart()
			nextKill = time.Now().Add(time.Duration(50+rng.IntN(250)) * time.Millisecond)
		}
	}

	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(90 * time.Second)
	for {
		c2, _ := st.Counts(context.Background())
		if c2["notices."+store.NoticeSent] >= n && imaptest.Count(t, c, "INBOX") == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d kills: %d notices sent, %d messages still in INBOX", d.Kills, c2["notices."+store.NoticeSent], imaptest.Count(t, c, "INBOX"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // room for a repeat to show up
	if err := d.Stop(); err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	t.Logf("%d messages, %d SIGKILLs", n, d.Kills)
	if d.Kills == 0 {
		t.Error("the daemon was never killed")
	}

	rows, err := st.Statuses(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != n {
		t.Errorf("%d submissions recorded, want %d (each once)", len(rows), n)
	}
	for _, r := range rows {
		if r.State != store.StateJudged || r.Notice == nil || r.Notice.Status != store.NoticeSent {
			t.Errorf("submission %d (%s): state %s notice %+v", r.ID, r.Source, r.State, r.Notice)
		}
	}
	// Answered: one notice per message at the SMTP peer, repeats (same
	// Message-ID) bounded by the kills.
	got := peer.ByMessageID()
	repeats := 0
	for _, k := range got {
		repeats += k - 1
	}
	t.Logf("%d deliveries of %d notices, %d repeats", peer.Deliveries(), len(got), repeats)
	if len(got) != n {
		t.Errorf("%d distinct notices at the SMTP peer, want %d", len(got), n)
	}
	if repeats > d.Kills {
		t.Errorf("%d repeated deliveries for %d kills", repeats, d.Kills)
	}
	// Exactly n with MOVE (Dovecot). Without (the in-process server), a
	// kill between the fallback's COPY and its EXPUNGE leaves a message
	// in both folders and the next run's sweep copies it again: a
	// harmless extra archive copy (the store recorded it once).
	if got := imaptest.Count(t, c, "Elaborati"); got < n || (hasMove && got != n) {
		t.Errorf("%d messages in the processed folder, want %d", got, n)
	}
}

// daemonConfig writes the configuration of `omologa watch` on the
// mailbox mb (its password in OMOLOGA_TEST_IMAP_PASSWORD, taken messages
// moved to Elaborati) answering through peer, in dir, whose drop folder
// it makes, and returns its path.
func daemonConfig(t *testing.T, dir string, mb mailbox, peer *pipelinetest.SMTPPeer, extra ...string) string {
	t.Helper()
	cfg := pipelinetest.Config(t, dir, "100ms", peer.Config(), fmt.Sprintf(`imap:
  host: %s
  port: %d
  tls: none
  user: %s
  password_env: OMOLOGA_TEST_IMAP_PASSWORD
  processed: Elaborati`, mb.Host, mb.Port, mb.User), strings.Join(extra, "\n"))
	if err := os.MkdirAll(filepath.Join(dir, "drop"), 0o755); err != nil {
		t.Fatal(err)
	}
	return cfg
}
