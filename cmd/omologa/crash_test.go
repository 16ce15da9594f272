package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"omologa/internal/store"
	"omologa/internal/testkit/pipelinetest"
)

// TestCrashKillAndRestart runs `omologa watch` as a real process, drops
// submissions into its folder continuously, kills it with SIGKILL at
// random moments and restarts it. In the end every submission must be
// recorded once, judged, and answered once: no loss, no repeat.
func TestCrashKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it for several seconds")
	}
	dir := t.TempDir()
	bin := pipelinetest.BuildBinary(t)
	cfg := pipelinetest.Config(t, dir, "100ms")
	drop := filepath.Join(dir, "drop")
	os.MkdirAll(drop, 0o755)

	const n = 60
	rng := rand.New(rand.NewPCG(1, 2))
	d := pipelinetest.StartDaemon(t, bin, cfg)
	dropUnderKills(t, d, drop, "Crash Open", n, rng)

	// Let the last daemon finish the work, then stop it gracefully.
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, _ := st.Counts(context.Background())
		if c["notices."+store.NoticeSent] >= n && countEntries(drop) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d kills: %d notices sent, %d files still in the drop folder", d.Kills,
				c["notices."+store.NoticeSent], countEntries(drop))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := d.Stop(); err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	t.Logf("%d submissions, %d SIGKILLs", n, d.Kills)
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
	seen := map[string]bool{}
	for _, r := range rows {
		if len(r.Files) != 1 {
			t.Errorf("submission %d has %d files", r.ID, len(r.Files))
			continue
		}
		name := r.Files[0].Name
		if seen[name] {
			t.Errorf("%s recorded twice", name)
		}
		seen[name] = true
		if r.State != store.StateJudged || r.Notice == nil || r.Notice.Status != store.NoticeSent {
			t.Errorf("submission %d (%s): state %s notice %+v", r.ID, name, r.State, r.Notice)
		}
	}
	// Answered once: one outbox file per submission.
	ids := map[string]int{}
	re := regexp.MustCompile(`X-Omologa-Submission: (\d+)`)
	for _, f := range pipelinetest.EMLFiles(filepath.Join(dir, "outbox")) {
		b, _ := os.ReadFile(f)
		m := re.FindSubmatch(b)
		if m == nil {
			t.Errorf("%s: no submission header", f)
			continue
		}
		ids[string(m[1])]++
	}
	if len(ids) != n {
		t.Errorf("notices for %d submissions, want %d", len(ids), n)
	}
	for id, c := range ids {
		if c != 1 {
			t.Errorf("submission %s answered %d times", id, c)
		}
	}
	if a := countEntries(filepath.Join(dir, "spool", "archive")); a != n {
		t.Errorf("%d originals archived, want %d", a, n)
	}
}

func countEML(t *testing.T, dir string) int { return len(pipelinetest.EMLFiles(dir)) }

// countEntries counts the visible entries of a folder.
func countEntries(dir string) int {
	es, _ := os.ReadDir(dir)
	n := 0
	for _, e := range es {
		if !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n
}

// dropUnderKills drops n tournament files named name 0…n−1 into drop,
// each written aside and renamed in, at random intervals, killing the
// daemon with SIGKILL (and starting it again) every 30–200 ms.
func dropUnderKills(t *testing.T, d *pipelinetest.Daemon, drop, name string, n int, rng *rand.Rand) {
	t.Helper()
	startDay := time.Now().AddDate(0, 0, -7).Format("2006/01/02")
	nextKill := time.Now().Add(time.Duration(30+rng.IntN(170)) * time.Millisecond)
	for i := 0; i < n; i++ {
		data := pipelinetest.TRF(fmt.Sprintf("%s %d", name, i), "Torino", startDay, "102 Rossi, Mario")
		tmp := filepath.Join(drop, fmt.Sprintf(".s%d.tmp", i))
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, filepath.Join(drop, fmt.Sprintf("s%d.trf", i))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(40)) * time.Millisecond)
		if time.Now().After(nextKill) {
			d.KillAndRestart()
			nextKill = time.Now().Add(time.Duration(30+rng.IntN(170)) * time.Millisecond)
		}
	}
}
