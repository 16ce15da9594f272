package ingest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a Handler keeping what it was given.
type recorder struct {
	mu    sync.Mutex
	subs  []*Submission
	fails int // fail this many calls first
	got   chan *Submission
}

func newRecorder() *recorder { return &recorder{got: make(chan *Submission, 100)} }

func (r *recorder) handle(ctx context.Context, s *Submission) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fails > 0 {
		r.fails--
		return errors.New("store unavailable")
	}
	s = memoryCopy(s)
	r.subs = append(r.subs, s)
	r.got <- s
	return nil
}

// memoryCopy is a copy of s held in memory, as the store keeps its own:
// the spool files go once the handler returns.
func memoryCopy(s *Submission) *Submission {
	c := *s
	c.Original = inMemory(s.Original)
	c.Files = nil
	for _, f := range s.Files {
		f.Content = inMemory(f.Content)
		c.Files = append(c.Files, f)
	}
	return &c
}

// inMemory is a copy of c held in memory (the zero Content stays zero).
func inMemory(c Content) Content {
	if c.IsZero() {
		return c
	}
	b, err := c.ReadAll()
	if err != nil {
		panic(err) // the spool file is gone before the handler returned
	}
	return Bytes(b)
}

func (r *recorder) wait(t *testing.T, what string) *Submission {
	t.Helper()
	select {
	case s := <-r.got:
		return s
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		return nil
	}
}

type dropDirs struct{ root, folder, archive, rejected, incoming string }

// newDrop is a drop folder reading into a real spool, which must be
// empty once the test is over (registered before run's stop, so checked
// after it).
func newDrop(t *testing.T, settle time.Duration, lim Limits) (*Drop, dropDirs) {
	t.Helper()
	root := t.TempDir()
	dd := dropDirs{root, filepath.Join(root, "drop"), filepath.Join(root, "spool", "archive"), filepath.Join(root, "spool", "rejected"),
		filepath.Join(root, "spool", "incoming")}
	sp, err := NewSpool(dd.incoming)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if left := spoolFiles(t, dd.incoming); len(left) != 0 {
			t.Errorf("spool files left: %q", left)
		}
	})
	d, err := NewDrop(DropOptions{Folder: dd.folder, Archive: dd.archive, Rejected: dd.rejected, Settle: settle,
		Limits: lim, RetryAfter: 50 * time.Millisecond, Spool: sp})
	if err != nil {
		t.Fatal(err)
	}
	return d, dd
}

func run(t *testing.T, d *Drop, h Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, h) }()
	select {
	case <-d.Watching():
	case <-time.After(10 * time.Second):
		t.Fatal("the drop folder is not watched")
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, _ := os.ReadDir(dir)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// waitFor polls a condition on the file system (fsnotify delivers to the
// drop goroutine; the test sees only the result).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestDropTakesFilesPresentAtStart(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	os.MkdirAll(dd.folder, 0o755)
	path := filepath.Join(dd.folder, "old.trf")
	os.WriteFile(path, []byte("012 Old"), 0o644)
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(path, old, old)
	os.WriteFile(filepath.Join(dd.folder, ".incomplete.tmp"), []byte("x"), 0o644)
	r := newRecorder()
	run(t, d, r.handle)
	s := r.wait(t, "the file present at start")
	if s.Channel != ChannelDrop || len(s.Files) != 1 || s.Files[0].Name != "old.trf" || string(bytesOf(s.Original)) != "012 Old" {
		t.Fatalf("%+v", s)
	}
	waitFor(t, "the original archived", func() bool { return len(entries(t, dd.archive)) == 1 })
	// The copy is written first, then the dropped file removed.
	waitFor(t, "only the temporary file left", func() bool {
		got := entries(t, dd.folder)
		return len(got) == 1 && got[0] == ".incomplete.tmp"
	})
}

func TestDropReceivedAtOverride(t *testing.T) {
	root := t.TempDir()
	folder := filepath.Join(root, "drop")
	os.MkdirAll(folder, 0o755)
	pinned := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	d, err := NewDrop(DropOptions{Folder: folder, Archive: filepath.Join(root, "archive"),
		Rejected: filepath.Join(root, "rejected"), Settle: time.Hour, RetryAfter: 50 * time.Millisecond,
		ReceivedAt: func(name string) (time.Time, bool) { return pinned, name == "seeded.trf" }})
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	for _, n := range []string{"seeded.trf", "other.trf"} {
		os.WriteFile(filepath.Join(folder, n), []byte("012 "+n), 0o644)
		os.Chtimes(filepath.Join(folder, n), old, old)
	}
	r := newRecorder()
	run(t, d, r.handle)
	for range 2 {
		s := r.wait(t, "a file present at start")
		switch s.Files[0].Name {
		case "seeded.trf":
			if !s.ReceivedAt.Equal(pinned) {
				t.Errorf("seeded.trf received %v, want the override %v", s.ReceivedAt, pinned)
			}
		default:
			if s.ReceivedAt.Equal(pinned) || time.Since(s.ReceivedAt) > time.Minute {
				t.Errorf("%s received %v: the drop time expected", s.Files[0].Name, s.ReceivedAt)
			}
		}
	}
}

func TestDropRenameFromTemporaryNameCountsAtOnce(t *testing.T) {
	// An hour's settle time: only the rename can make the file count.
	d, dd := newDrop(t, time.Hour, Limits{})
	r := newRecorder()
	run(t, d, r.handle)
	tmp := filepath.Join(dd.folder, "t.trf.part")
	os.WriteFile(tmp, []byte("012 Renamed"), 0o644)
	if err := os.Rename(tmp, filepath.Join(dd.folder, "t.trf")); err != nil {
		t.Fatal(err)
	}
	s := r.wait(t, "the renamed file")
	if s.Files[0].Name != "t.trf" || string(bytesOf(s.Files[0].Content)) != "012 Renamed" {
		t.Fatalf("%+v", s.Files)
	}
}

func TestDropWaitsForAFileToSettle(t *testing.T) {
	d, dd := newDrop(t, 500*time.Millisecond, Limits{})
	r := newRecorder()
	run(t, d, r.handle)
	f, err := os.Create(filepath.Join(dd.folder, "slow.trf"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		f.WriteString("012 part " + string(rune('0'+i)) + "\n")
		time.Sleep(30 * time.Millisecond)
	}
	f.Close()
	s := r.wait(t, "the settled file")
	if n := strings.Count(string(bytesOf(s.Original)), "012 part"); n != 5 {
		t.Fatalf("taken before it was complete: %d of 5 parts", n)
	}
	select {
	case s := <-r.got:
		t.Fatalf("taken twice: %+v", s.Source)
	case <-time.After(700 * time.Millisecond):
	}
}

func TestDropOversizedAndUnreadableGoToRejected(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{MaxFileBytes: 1000})
	os.MkdirAll(dd.folder, 0o755)
	old := time.Now().Add(-2 * time.Hour)
	for name, data := range map[string][]byte{
		"huge.trf": make([]byte, 5000),
		"bad.zip":  []byte("PK\x03\x04 broken"),
	} {
		p := filepath.Join(dd.folder, name)
		os.WriteFile(p, data, 0o644)
		os.Chtimes(p, old, old)
	}
	r := newRecorder()
	if err := d.Once(context.Background(), r.handle); err != nil {
		t.Fatal(err)
	}
	if len(r.subs) != 2 {
		t.Fatalf("%d submissions recorded, want 2 (never dropped)", len(r.subs))
	}
	for _, s := range r.subs {
		if len(s.Problems) == 0 || len(s.Files) != 0 {
			t.Errorf("%s: problems %v files %d", s.Source, s.Problems, len(s.Files))
		}
		if strings.HasSuffix(s.Source, "huge.trf") && (!s.Original.IsZero() || len(s.ContentHash) != 64) {
			t.Errorf("oversized file: raw %d bytes, hash %q", s.Original.Size(), s.ContentHash)
		}
	}
	got := entries(t, dd.rejected)
	if len(got) != 4 {
		t.Fatalf("rejected holds %v: want both files and their reasons", got)
	}
	for _, n := range got {
		if strings.HasSuffix(n, ".reason.txt") {
			b, _ := os.ReadFile(filepath.Join(dd.rejected, n))
			if len(b) == 0 {
				t.Errorf("%s is empty", n)
			}
		}
	}
	if len(entries(t, dd.folder)) != 0 {
		t.Fatal("drop folder not emptied")
	}
}

func TestDropKeepsTheFileWhileTheHandlerFails(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	os.MkdirAll(dd.folder, 0o755)
	p := filepath.Join(dd.folder, "x.trf")
	os.WriteFile(p, []byte("012 X"), 0o644)
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(p, old, old)
	r := newRecorder()
	r.fails = 2
	run(t, d, r.handle)
	r.wait(t, "the file after two failures")
	waitFor(t, "the original archived", func() bool { return len(entries(t, dd.archive)) == 1 })
	if len(r.subs) != 1 {
		t.Fatalf("%d recorded", len(r.subs))
	}
}

func TestDropIgnoresSubfoldersAndTempNames(t *testing.T) {
	for _, n := range []string{".x", "x.tmp", "x.part", "~x", "x~", "x.crdownload"} {
		if !IsTempName(n) {
			t.Errorf("%q should be temporary", n)
		}
	}
	if IsTempName("torneo.trf") {
		t.Error("torneo.trf is not temporary")
	}
}

func TestDropHundredMegabyteFile(t *testing.T) {
	// A sparse file: 100 MB to read, none on disk. It is hashed as a
	// stream and never held in memory.
	d, dd := newDrop(t, time.Hour, Limits{MaxFileBytes: 20 << 20})
	os.MkdirAll(dd.folder, 0o755)
	p := filepath.Join(dd.folder, "huge.trf")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, 100<<20); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(p, old, old)
	r := newRecorder()
	if err := d.Once(context.Background(), r.handle); err != nil {
		t.Fatal(err)
	}
	if len(r.subs) != 1 {
		t.Fatalf("%d submissions", len(r.subs))
	}
	s := r.subs[0]
	if !s.Original.IsZero() || len(s.Files) != 0 || len(s.Problems) != 1 || !strings.Contains(s.Problems[0], "100 MB") ||
		!strings.Contains(s.Problems[0], "20 MB") {
		t.Fatalf("raw %d bytes, files %d, problems %q", s.Original.Size(), len(s.Files), s.Problems)
	}
	if !strings.HasPrefix(s.Source, dd.rejected) {
		t.Fatalf("source %q: the record should name where the original is kept", s.Source)
	}
	if _, err := os.Stat(s.Source + ".reason.txt"); err != nil {
		t.Fatal("no reason file:", err)
	}
}

// A spool that fails (disk full, its folder gone) records nothing: the
// file stays in the drop folder and is taken once the spool works again.
func TestDropSpoolFailureRetried(t *testing.T) {
	d, dd := newDrop(t, 10*time.Millisecond, Limits{})
	if err := os.RemoveAll(dd.incoming); err != nil {
		t.Fatal(err)
	}
	r := newRecorder()
	os.WriteFile(filepath.Join(dd.folder, "t.trf"), []byte("012 Later"), 0o644)
	run(t, d, r.handle)
	time.Sleep(300 * time.Millisecond) // several tries
	r.mu.Lock()
	n := len(r.subs)
	r.mu.Unlock()
	if n != 0 || len(entries(t, dd.folder)) != 1 {
		t.Fatalf("with the spool failing: %d recorded, drop folder %q", n, entries(t, dd.folder))
	}
	os.MkdirAll(dd.incoming, 0o700)
	if s := r.wait(t, "the file once the spool works"); string(bytesOf(s.Original)) != "012 Later" {
		t.Errorf("recorded %q", bytesOf(s.Original))
	}
}

// A dropped .eml read as a message is bounded as the mailbox bounds one
// (MaxMessage), not by the one-file limit; other files are.
func TestDropMessageLimit(t *testing.T) {
	d, dd := newDrop(t, 10*time.Millisecond, Limits{MaxFileBytes: 1000})
	d.o.MaxMessage = 3000
	d.o.Message = func(orig Content, at time.Time) (*Submission, error) {
		// What ingest/mail.Read gives: the message as Original.
		return &Submission{ReceivedAt: at, Sender: "a@b.it", Original: orig}, nil
	}
	body := bytes.Repeat([]byte("x"), 2000)
	os.WriteFile(filepath.Join(dd.folder, "m.eml"), body, 0o644)
	os.WriteFile(filepath.Join(dd.folder, "big.eml"), bytes.Repeat([]byte("x"), 4000), 0o644)
	os.WriteFile(filepath.Join(dd.folder, "t.trf"), body, 0o644)
	r := newRecorder()
	run(t, d, r.handle)
	got := map[string]*Submission{}
	for range 3 {
		s := r.wait(t, "a submission")
		got[filepath.Base(s.Source)[len("20060102T150405.000000000Z-"):]] = s
	}
	if s := got["m.eml"]; s == nil || s.Sender != "a@b.it" || !bytes.Equal(bytesOf(s.Original), body) {
		t.Errorf("a 2,000-byte message: %+v", s)
	}
	for _, name := range []string{"big.eml", "t.trf"} {
		if s := got[name]; s == nil || !s.Original.IsZero() || len(s.Problems) != 1 || !strings.Contains(s.Problems[0], "supera il limite") {
			t.Errorf("%s: %+v", name, s)
		}
	}
}
