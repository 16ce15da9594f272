package pipelinetest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// BuildBinary builds cmd/omologa into a temporary folder and returns its
// path, for tests that run the daemon as a real process (crash tests).
func BuildBinary(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "omologa")
	build := exec.Command("go", "build", "-o", bin, "./cmd/omologa")
	build.Dir = RepoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// Daemon is `omologa watch` running as a real process, which a test can
// kill with SIGKILL and restart at any moment. Its logs are shown when
// the test fails.
type Daemon struct {
	t    testing.TB
	bin  string
	cfg  string
	env  []string
	cmd  *exec.Cmd
	mu   sync.Mutex
	logs bytes.Buffer

	Kills int
}

// StartDaemon starts `bin watch --config cfg` with env added to the
// test's environment.
func StartDaemon(t testing.TB, bin, cfg string, env ...string) *Daemon {
	t.Helper()
	d := &Daemon{t: t, bin: bin, cfg: cfg, env: env}
	t.Cleanup(func() {
		if d.cmd != nil && d.cmd.ProcessState == nil {
			d.cmd.Process.Kill()
			d.cmd.Wait()
		}
		if t.Failed() {
			t.Logf("daemon logs:\n%s", d.Logs())
		}
	})
	d.start()
	return d
}

func (d *Daemon) start() {
	d.t.Helper()
	cmd := exec.Command(d.bin, "watch", "--config", d.cfg)
	cmd.Env = append(os.Environ(), d.env...)
	cmd.Stderr = (*lockedWriter)(d)
	if err := cmd.Start(); err != nil {
		d.t.Fatal(err)
	}
	d.cmd = cmd
}

// KillAndRestart kills the daemon with SIGKILL, as a crash would, and
// starts it again.
func (d *Daemon) KillAndRestart() {
	d.t.Helper()
	d.cmd.Process.Signal(syscall.SIGKILL)
	d.cmd.Wait()
	d.Kills++
	d.start()
}

// Stop asks the daemon to shut down gracefully (SIGTERM) and returns its
// exit error, nil for a clean exit. It first waits (10 s at most) for the
// running daemon to say it is watching: a signal sent in the first
// milliseconds of a process, before Go has installed its handler, kills
// it as the default action would, which tests nothing of omologa.
func (d *Daemon) Stop() error {
	want := d.Kills + 1 // one "watching" line per start
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(d.Logs(), "omologa watching") < want && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	d.cmd.Process.Signal(syscall.SIGTERM)
	return d.cmd.Wait()
}

// PID is the running daemon's process id, for tests that read its
// /proc entry (the memory test's peak RSS).
func (d *Daemon) PID() int { return d.cmd.Process.Pid }

// Logs returns what the daemon wrote to its standard error so far.
func (d *Daemon) Logs() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.logs.String()
}

// lockedWriter serialises the daemon's log writes: the exec package
// copies stderr from a goroutine while the test may read the logs.
type lockedWriter Daemon

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.logs.Write(p)
}

// EMLFiles lists the notices in an outbox folder (temporary files, whose
// names start with a dot, left out).
func EMLFiles(dir string) []string {
	es, _ := os.ReadDir(dir)
	var out []string
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".eml") && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}
