package integration

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"omologa/internal/intake/ingest"
	"omologa/internal/store"
	"omologa/internal/testkit/imaptest"
	"omologa/internal/testkit/pipelinetest"
)

// maxPeakRSS is issue 13's memory bound: any message within the size
// limits is taken with less than 100 MB (MiB) resident at the peak.
const maxPeakRSS = 100 << 20

// TestLargeMessageMemory measures, from outside the process, the peak
// resident memory of the real binary while it takes a large e-mail
// message: attachments must be streamed to the spool, not held whole
// (issue 13, memory). Two messages: about 56 MB with three 13 MB
// attachments (a PDF of random bytes, a zip storing 13 MB of random
// bytes, a text file that is not a TRF), and one just under the message
// limit whose largest attachment is just under the part limit. Each goes
// through two paths: `omologa watch` fetching it from an IMAP mailbox
// (VmHWM from /proc while the daemon still runs, after the notice went
// out) and `omologa ingest FILE.eml` (the child's ru_maxrss). The
// binary is built without -race, so its figures are the product's even
// under `make test`. `make memcheck` runs just this test, verbosely.
func TestLargeMessageMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and feeds it messages of 56 and 60 MB")
	}
	if runtime.GOOS != "linux" {
		t.Skip("reads the daemon's peak RSS from /proc (Linux only)")
	}
	bin := pipelinetest.BuildBinary(t)
	dir := t.TempDir()
	// The federation's register has tens of thousands of players: the
	// daemon holds it while it takes the message.
	registers := "registers:\n  players: " + writePlayers(t, filepath.Join(dir, "players.csv"), 35000)
	cases := []struct {
		name string
		path string
		want []string // the files the submission must hold
	}{
		{"56MB", filepath.Join(dir, "big.eml"), nil},
		{"at-limits", filepath.Join(dir, "limit.eml"), nil},
	}
	cases[0].want = writeLargeMessage(t, cases[0].path, 1, 13<<20, 13<<20, 13<<20)
	pdf, zipped, txt := atLimits(t)
	cases[1].want = writeLargeMessage(t, cases[1].path, 2, pdf, zipped, txt)
	if fi, err := os.Stat(cases[1].path); err != nil {
		t.Fatal(err)
	} else if fi.Size() >= ingest.DefaultMaxMessageBytes || fi.Size() < ingest.DefaultMaxMessageBytes-(256<<10) {
		t.Fatalf("the message at the limits is %d bytes: want just under %d", fi.Size(), ingest.DefaultMaxMessageBytes)
	}
	for _, c := range cases {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(c.name, func(t *testing.T) {
			t.Logf("message of %d bytes", fi.Size())
			t.Run("imap-watch", func(t *testing.T) { memoryWatch(t, bin, c.path, c.want, registers) })
			t.Run("ingest-command", func(t *testing.T) { memoryIngest(t, bin, c.path, c.want, registers) })
		})
	}
}

// writePlayers writes a players' register of n made-up players and
// returns its path.
func writePlayers(t *testing.T, path string, n int) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "fsi_id,fide_id,surname,name,sex,birth_date,federation,province,club,category,elo_italia,fide_standard,fide_rapid,elo_rapid,rapid_k20,membership_year")
	surnames := []string{"Rossi", "Bianchi", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "De Luca", "Mancini"}
	names := []string{"Marco", "Luca", "Giulia", "Anna", "Paolo", "Sara", "Andrea", "Elena", "Davide", "Chiara"}
	for i := range n {
		fmt.Fprintf(w, "%d,%d,%s,%s,M,1990-01-01,ITA,RM,Circolo %d,2N,%d,,,%d,0,2026\n",
			200000+i, 9000000+i, surnames[i%len(surnames)], names[i%len(names)], i%500, 1400+i%700, 1400+i%600)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// atLimits sizes the attachments of a message just under the default
// message limit (64 KB left for headers and text): the PDF just under
// the part limit, the zip's entry and the text sharing the rest, the
// decoded whole within the total limit.
func atLimits(t *testing.T) (pdf, zipped, txt int64) {
	t.Helper()
	const margin = 64 << 10
	// Base64 in lines of 76 characters and CRLF: 78 bytes for every 57.
	decoded := (int64(ingest.DefaultMaxMessageBytes)-margin)/78*57 - 3*1024
	decoded = min(decoded, ingest.DefaultMaxArchiveBytes-margin)
	pdf = min(ingest.DefaultMaxFileBytes-margin, decoded/2)
	zipped = (decoded - pdf - 1024) / 2 // the zip's own headers: well under 1 KB
	txt = decoded - pdf - 1024 - zipped
	if zipped+1024 > ingest.DefaultMaxFileBytes || txt > ingest.DefaultMaxFileBytes {
		t.Fatalf("attachments of %d, %d, %d bytes exceed the part limit %d", pdf, zipped, txt, ingest.DefaultMaxFileBytes)
	}
	return pdf, zipped, txt
}

// memoryWatch puts the message in an in-process IMAP mailbox, runs
// `omologa watch` on it until the submission is judged, its notice at
// the SMTP peer and the mailbox emptied, then reads the daemon's peak
// RSS (VmHWM) and stops it.
func memoryWatch(t *testing.T, bin, msgPath string, want []string, extra string) {
	dir := t.TempDir()
	srv := imaptest.Start(t)
	peer := pipelinetest.StartSMTP(t)
	cfg := daemonConfig(t, dir, mailbox{srv.Host(), srv.Port(), imaptest.User, imaptest.Password}, peer, extra)
	c := srv.Client()
	defer c.Close()
	raw, err := os.ReadFile(msgPath)
	if err != nil {
		t.Fatal(err)
	}
	imaptest.Append(t, c, "INBOX", raw, time.Date(2026, 11, 8, 9, 0, 0, 0, time.UTC))
	raw = nil

	d := pipelinetest.StartDaemon(t, bin, cfg, "OMOLOGA_TEST_IMAP_PASSWORD="+imaptest.Password)
	st, err := store.Open(context.Background(), filepath.Join(dir, "omologa.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var row store.Status
	deadline := time.Now().Add(3 * time.Minute) // a hang, not a speed target
	for {
		rows, err := st.Statuses(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 1 && rows[0].State == store.StateJudged && rows[0].Notice != nil &&
			rows[0].Notice.Status == store.NoticeSent && imaptest.Count(t, c, "INBOX") == 0 {
			row = rows[0]
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the message was not judged and answered: submissions %+v, %d messages in INBOX", rows, imaptest.Count(t, c, "INBOX"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	peak := vmHWM(t, d.PID())
	if err := d.Stop(); err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	checkTaken(t, row, want)
	checkPeak(t, "omologa watch (VmHWM)", peak)
}

// memoryIngest runs `omologa ingest --json MSG` as a child (no daemon:
// it judges the message and writes the notice to the outbox) and takes
// its peak RSS from the kernel's accounting of the child (ru_maxrss).
func memoryIngest(t *testing.T, bin, msgPath string, want []string, extra string) {
	dir := t.TempDir()
	cfg := pipelinetest.Config(t, dir, "100ms", extra)
	stdout, stderr, code, peak := childPeakRSS(t, dir, bin, "ingest", "--config", cfg, "--json", msgPath)
	// 0 accepted, 1 rejected: both mean the message was taken and judged.
	if code != 0 && code != 1 {
		t.Fatalf("omologa ingest: exit %d\n%s", code, stderr)
	}
	var rows []store.Status
	if err := json.Unmarshal(stdout, &rows); err != nil || len(rows) != 1 {
		t.Fatalf("omologa ingest --json: %d submissions, %v\n%s\n%s", len(rows), err, stdout, stderr)
	}
	if n := len(pipelinetest.EMLFiles(filepath.Join(dir, "outbox"))); n != 1 {
		t.Errorf("%d notices in the outbox, want 1", n)
	}
	checkTaken(t, rows[0], want)
	checkPeak(t, "omologa ingest (ru_maxrss)", peak)
}

// spawnEnv, when set, makes the test binary the spawner of
// childPeakRSS instead of running the tests.
const spawnEnv = "OMOLOGA_MEMTEST_SPAWN"

func TestMain(m *testing.M) {
	if spec := os.Getenv(spawnEnv); spec != "" {
		os.Exit(spawn(spec))
	}
	os.Exit(m.Run())
}

// spawnSpec is what the spawner runs and where it writes the child's
// ru_maxrss (kB).
type spawnSpec struct {
	Args   []string
	Maxrss string
}

// childPeakRSS runs args as a child and returns its output, exit code
// and peak RSS in bytes. The child is started by a spawner (this test
// binary started again, fresh and small), not by the test itself: at
// exec Linux records in the new program's ru_maxrss the high-water RSS
// of the address space being left, and Go starts children sharing the
// parent's (CLONE_VM), so a child of the test process itself could
// never report less than the test's own peak (hundreds of MB under
// -race, with the IMAP server's copy of the message). The spawner's own
// (10 MB, 27 under -race) is then the floor, far below the bound.
func childPeakRSS(t *testing.T, dir string, args ...string) (stdout, stderr []byte, code int, peak int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	spec, err := json.Marshal(spawnSpec{Args: args, Maxrss: filepath.Join(dir, "maxrss")})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), spawnEnv+"="+string(spec))
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("spawner: %v\n%s", err, errs.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "maxrss"))
	if err != nil {
		t.Fatalf("spawner: %v\n%s", err, errs.String())
	}
	kb, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		t.Fatalf("spawner: %v", err)
	}
	return out.Bytes(), errs.Bytes(), cmd.ProcessState.ExitCode(), kb * 1024
}

// spawn is the spawner's whole life: run the child with this process's
// standard streams, write its ru_maxrss, exit with its code (125 when
// it could not be run or was killed).
func spawn(specJSON string) int {
	var spec spawnSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil || len(spec.Args) == 0 {
		fmt.Fprintf(os.Stderr, "spawner: bad %s: %v\n", spawnEnv, err)
		return 125
	}
	cmd := exec.Command(spec.Args[0], spec.Args[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "spawner:", err)
		return 125
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintf(os.Stderr, "spawner: no rusage (%T)\n", cmd.ProcessState.SysUsage())
		return 125
	}
	if err := os.WriteFile(spec.Maxrss, []byte(strconv.FormatInt(int64(ru.Maxrss), 10)), 0o644); err != nil { // kB on Linux
		fmt.Fprintln(os.Stderr, "spawner:", err)
		return 125
	}
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code
	}
	fmt.Fprintln(os.Stderr, "spawner:", cmd.ProcessState)
	return 125
}

// checkTaken fails unless the submission holds every attachment (the
// zip's entry in place of the zip) and no size problem: a message
// refused as too big would cost little memory and prove nothing.
func checkTaken(t *testing.T, row store.Status, want []string) {
	t.Helper()
	got := map[string]bool{}
	for _, f := range row.Files {
		got[f.Name] = true
	}
	for _, name := range want {
		if !got[name] {
			t.Errorf("submission %d lacks %s: files %+v, problems %q", row.ID, name, row.Files, row.Problems)
		}
	}
	for _, p := range row.Problems {
		if strings.Contains(p, "troppo grand") || strings.Contains(p, "limite") {
			t.Errorf("submission %d: a size limit was hit: %s", row.ID, p)
		}
	}
}

func checkPeak(t *testing.T, what string, peak int64) {
	t.Helper()
	t.Logf("%s: peak RSS %s", what, mb(peak))
	if peak >= maxPeakRSS {
		t.Errorf("%s: peak RSS %s, want under %s", what, mb(peak), mb(maxPeakRSS))
	}
}

// mb formats bytes in MB of 1024×1024 bytes, one decimal.
func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

// vmHWM is a running process's peak resident set size, in bytes.
func vmHWM(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("/proc/%d/status: %q: %v", pid, line, err)
			}
			return kb * 1024
		}
	}
	t.Fatalf("/proc/%d/status has no VmHWM (the process has exited?)", pid)
	return 0
}

// writeLargeMessage writes to path, streaming, an arbiter's message with
// three base64 attachments: a PDF of pdf random bytes, a zip storing
// (not deflating) a file of zipped random bytes, and a text file of txt
// bytes of lines that are not a TRF. It returns the names of the files
// the submission must hold (the zip's entry in place of the zip).
func writeLargeMessage(t *testing.T, path string, n int, pdf, zipped, txt int64) []string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.NewChaCha8([32]byte{byte(n)})
	pdfName, zipName, entryName, txtName := fmt.Sprintf("bando%d.pdf", n), fmt.Sprintf("foto%d.zip", n), fmt.Sprintf("foto%d.bin", n), fmt.Sprintf("verbale%d.txt", n)
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	fmt.Fprint(w, crlf(fmt.Sprintf(`From: Mario Rossi <arbitro@example.it>
To: omologazioni@federscacchi.example
Subject: Omologazione Open di Prova %d, con allegati
Message-ID: <grande%d@example.it>
Date: Sat, 07 Nov 2026 20:00:00 +0100
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="==B=="

--==B==
Content-Type: text/plain; charset=utf-8

Buonasera,
in allegato il bando, le foto della premiazione e il verbale del torneo.
Il file del torneo segue a parte.

Cordiali saluti,
Mario Rossi
`, n, n)))
	part := func(name, ctype string, body func(io.Writer) error) {
		fmt.Fprint(w, crlf(fmt.Sprintf(`--==B==
Content-Type: %s; name="%s"
Content-Disposition: attachment; filename="%s"
Content-Transfer-Encoding: base64

`, ctype, name, name)))
		lw := &lineWrapper{w: w}
		enc := base64.NewEncoder(base64.StdEncoding, lw)
		if err := body(enc); err != nil {
			t.Fatal(err)
		}
		if err := enc.Close(); err != nil {
			t.Fatal(err)
		}
		lw.end()
	}
	part(pdfName, "application/pdf", func(w io.Writer) error {
		_, err := io.CopyN(w, rng, pdf)
		return err
	})
	part(zipName, "application/zip", func(w io.Writer) error {
		zw := zip.NewWriter(w)
		e, err := zw.CreateHeader(&zip.FileHeader{Name: entryName, Method: zip.Store,
			Modified: time.Date(2026, 11, 7, 18, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		if _, err := io.CopyN(e, rng, zipped); err != nil {
			return err
		}
		return zw.Close()
	})
	part(txtName, "text/plain; charset=utf-8", func(w io.Writer) error {
		var line []byte
		for i, left := 1, txt; left > 0; i++ {
			line = fmt.Appendf(line[:0], "%06d Il consiglio direttivo prende atto del verbale della giornata di gara.\n", i)
			k := min(int64(len(line)), left)
			if _, err := w.Write(line[:k]); err != nil {
				return err
			}
			left -= k
		}
		return nil
	})
	fmt.Fprint(w, "--==B==--\r\n")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return []string{pdfName, entryName, txtName}
}

// lineWrapper breaks base64 into lines of 76 characters ended by CRLF,
// as RFC 2045 wants.
type lineWrapper struct {
	w   *bufio.Writer
	col int
}

func (l *lineWrapper) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(76-l.col, len(p))
		l.w.Write(p[:k])
		p, l.col = p[k:], l.col+k
		if l.col == 76 {
			l.w.WriteString("\r\n")
			l.col = 0
		}
	}
	return n, nil
}

// end closes the last line.
func (l *lineWrapper) end() {
	if l.col > 0 {
		l.w.WriteString("\r\n")
		l.col = 0
	}
}
