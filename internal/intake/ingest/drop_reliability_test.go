package ingest

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"omologa/internal/testkit/testenv"
)

// otherFS returns a folder on another filesystem than t.TempDir(), or
// skips (outside CI) when there is none.
func otherFS(t *testing.T) string {
	t.Helper()
	var a, b syscall.Stat_t
	if syscall.Stat(os.TempDir(), &a) != nil || syscall.Stat("/dev/shm", &b) != nil || a.Dev == b.Dev {
		testenv.Missing(t, "no second filesystem (/dev/shm) to archive to")
	}
	dir, err := os.MkdirTemp("/dev/shm", "omologa-archive-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// With the spool on another filesystem the originals are archived (and
// rejected) all the same, and leave the drop folder (measured before: the
// rename failed, the file stayed and was re-offered every 2 s for ever).
func TestDropArchivesAcrossFilesystems(t *testing.T) {
	root := t.TempDir()
	spool := otherFS(t)
	folder := filepath.Join(root, "drop")
	d, err := NewDrop(DropOptions{Folder: folder, Archive: filepath.Join(spool, "archive"), Rejected: filepath.Join(spool, "rejected"),
		Settle: time.Hour, Limits: Limits{MaxFileBytes: 1000}, RetryAfter: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	r := newRecorder()
	run(t, d, r.handle)
	os.WriteFile(filepath.Join(folder, ".a.tmp"), []byte("012 Across"), 0o644)
	os.Rename(filepath.Join(folder, ".a.tmp"), filepath.Join(folder, "a.trf"))
	os.WriteFile(filepath.Join(folder, ".big.tmp"), bytes.Repeat([]byte("x"), 4000), 0o644)
	os.Rename(filepath.Join(folder, ".big.tmp"), filepath.Join(folder, "big.trf"))
	got := map[string]*Submission{}
	for range 2 {
		s := r.wait(t, "a submission")
		got[s.Subject] = s
	}
	waitFor(t, "the drop folder emptied", func() bool { return len(entries(t, folder)) == 0 })
	a, err := os.ReadFile(got["a.trf"].Source)
	if err != nil || string(a) != "012 Across" {
		t.Fatalf("archived copy %q %v", a, err)
	}
	if info, err := os.Stat(got["big.trf"].Source); err != nil || info.Size() != 4000 {
		t.Fatalf("oversized file moved across: %v %v", info, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.subs) != 2 {
		t.Fatalf("%d hand-overs, want 2", len(r.subs))
	}
}

// A file recorded that cannot be archived is reported once and not
// re-offered every RetryAfter.
func TestDropUnarchivableReportedOnce(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	d.o.ArchiveRetry = time.Hour
	// The archive cannot be written: a file stands where it was (root
	// writes into a read-only folder, not into a file).
	os.RemoveAll(dd.archive)
	os.WriteFile(dd.archive, []byte("in the way"), 0o644)
	logs := &lockedBuffer{b: &bytes.Buffer{}}
	d.log = slog.New(slog.NewTextHandler(logs, nil))
	r := newRecorder()
	run(t, d, r.handle)
	os.WriteFile(filepath.Join(dd.folder, ".x.tmp"), []byte("012 Stuck"), 0o644)
	os.Rename(filepath.Join(dd.folder, ".x.tmp"), filepath.Join(dd.folder, "x.trf"))
	r.wait(t, "the submission")
	time.Sleep(300 * time.Millisecond) // many RetryAfter periods
	r.mu.Lock()
	n := len(r.subs)
	r.mu.Unlock()
	if n != 1 {
		t.Errorf("handed over %d times, want once", n)
	}
	if got := logs.String(); strings.Count(got, "recorded but not archived") != 1 {
		t.Errorf("reported %d times, want once:\n%s", strings.Count(got, "recorded but not archived"), got)
	}
}

// A repeat (recorded before a crash, not archived) is archived where the
// record says (the handler gives back the recorded Source), so that the
// store never names a path that is not on disk.
func TestDropRepeatArchivedWhereRecorded(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	recorded := filepath.Join(dd.archive, "20261123T100000.000000000Z-r.trf")
	h := func(_ context.Context, s *Submission) error {
		s.Source = recorded // as Store.Record does for a repeat
		return nil
	}
	run(t, d, h)
	os.WriteFile(filepath.Join(dd.folder, ".r.tmp"), []byte("012 Repeat"), 0o644)
	os.Rename(filepath.Join(dd.folder, ".r.tmp"), filepath.Join(dd.folder, "r.trf"))
	waitFor(t, "the repeat archived at the recorded path", func() bool {
		b, err := os.ReadFile(recorded)
		return err == nil && string(b) == "012 Repeat" && len(entries(t, dd.folder)) == 0
	})
}

// A file written in two parts, the pause longer than the settle time:
// the part read is judged and archived (same bytes), and the whole file,
// once it settles, is read again as a new version (measured before: the
// first 1,500 bytes judged, all 3,008 archived).
func TestDropPartialFileReadAgain(t *testing.T) {
	d, dd := newDrop(t, 50*time.Millisecond, Limits{})
	path := filepath.Join(dd.folder, "p.trf")
	first := bytes.Repeat([]byte("a"), 1500)
	whole := append(append([]byte{}, first...), bytes.Repeat([]byte("b"), 1508)...)
	var mu sync.Mutex
	var subs []*Submission
	got := make(chan struct{}, 10)
	h := func(_ context.Context, s *Submission) error {
		mu.Lock()
		defer mu.Unlock()
		subs = append(subs, memoryCopy(s))
		if len(subs) == 1 {
			// The writer goes on while the first part is being judged.
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			time.Sleep(10 * time.Millisecond) // a later modification time
			f.Write(whole[1500:])
			f.Close()
		}
		got <- struct{}{}
		return nil
	}
	os.WriteFile(path, first, 0o644)
	run(t, d, h)
	for range 2 {
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			t.Fatal("the file was not read again after it changed")
		}
	}
	waitFor(t, "the drop folder emptied", func() bool { return len(entries(t, dd.folder)) == 0 })
	mu.Lock()
	defer mu.Unlock()
	for i, want := range [][]byte{first, whole} {
		s := subs[i]
		if !bytes.Equal(bytesOf(s.Original), want) {
			t.Errorf("submission %d judged %d bytes, want %d", i, s.Original.Size(), len(want))
		}
		if b, err := os.ReadFile(s.Source); err != nil || !bytes.Equal(b, bytesOf(s.Original)) {
			t.Errorf("submission %d: archived %d bytes (%v), judged %d: must be the same bytes", i, len(b), err, s.Original.Size())
		}
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  *bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A one-shot run does not wait for a file's archive retry.
func TestDropOnceNotHeldByUnarchivable(t *testing.T) {
	d, dd := newDrop(t, 10*time.Millisecond, Limits{})
	d.o.ArchiveRetry = time.Hour
	os.RemoveAll(dd.archive)
	os.WriteFile(dd.archive, []byte("in the way"), 0o644)
	p := filepath.Join(dd.folder, "x.trf")
	os.WriteFile(p, []byte("012 Stuck"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	done := make(chan error, 1)
	go func() { done <- d.Once(context.Background(), newRecorder().handle) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Once waits for the archive retry")
	}
}

// Measured (issue 21): a drop file written in two halves 2.5 s apart by
// one writer holding it open (settle 1 s): the first 1,494 of 2,989
// bytes were taken, judged, archived, and the drop file removed while
// the writer still had it open; the second half went nowhere. Now the
// file is taken once its writer closes it: judged once, whole, nothing
// lost.
func TestDropFileWrittenInTwoHalves(t *testing.T) {
	if testing.Short() {
		t.Skip("takes 2.5 s")
	}
	if _, known := openForWriting(statOf(t, os.Args[0])); !known {
		testenv.Missing(t, "cannot read every process's descriptors in /proc: only the settle time tells")
	}
	d, dd := newDrop(t, time.Second, Limits{})
	r := newRecorder()
	run(t, d, r.handle)
	path := filepath.Join(dd.folder, "torneo.trf")
	whole := append(bytes.Repeat([]byte("a"), 1494), bytes.Repeat([]byte("b"), 1495)...)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(whole[:1494])
	time.Sleep(2500 * time.Millisecond)
	f.Write(whole[1494:])
	f.Close()
	s := r.wait(t, "the file")
	if !bytes.Equal(bytesOf(s.Original), whole) {
		t.Errorf("judged %d bytes, want the whole %d", s.Original.Size(), len(whole))
	}
	waitFor(t, "the drop folder emptied", func() bool { return len(entries(t, dd.folder)) == 0 })
	if b, err := os.ReadFile(s.Source); err != nil || !bytes.Equal(b, whole) {
		t.Errorf("archived %d bytes (%v), want the whole %d", len(b), err, len(whole))
	}
	time.Sleep(1500 * time.Millisecond) // past another settle time
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.subs) != 1 {
		t.Errorf("%d submissions, want one", len(r.subs))
	}
}

// A file renamed into the folder from another folder is complete: taken
// at once, without waiting for the settle time.
func TestDropFileMovedInTakenAtOnce(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	r := newRecorder()
	run(t, d, r.handle)
	outside := filepath.Join(dd.root, "elsewhere.trf")
	os.WriteFile(outside, []byte("012 Moved"), 0o644)
	if err := os.Rename(outside, filepath.Join(dd.folder, "moved.trf")); err != nil {
		t.Fatal(err)
	}
	if s := r.wait(t, "the moved-in file"); string(bytesOf(s.Original)) != "012 Moved" {
		t.Errorf("took %q", bytesOf(s.Original))
	}
}

// A file whose bytes change after it was taken, while its size, time and
// inode stay the same (a rewrite in place within the clock's grain), is
// not removed: the bytes archived are not its bytes any more.
func TestDropKeepChecksTheHash(t *testing.T) {
	d, dd := newDrop(t, time.Hour, Limits{})
	path := filepath.Join(dd.folder, "x.trf")
	os.WriteFile(path, []byte("012 AAAA"), 0o644)
	info := statOf(t, path)
	orig := Bytes([]byte("012 BBBB")) // what was read: not the bytes now
	if err := d.keep(path, filepath.Join(dd.archive, "x.trf"), info, orig); !errors.Is(err, errStillChanging) {
		t.Fatalf("keep: %v, want the file still changing", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the drop file was removed: %v", err)
	}
	// While a writer holds it open, it is not removed either.
	w, _ := os.OpenFile(path, os.O_WRONLY, 0)
	defer w.Close()
	if _, known := openForWriting(info); known {
		if err := d.keep(path, filepath.Join(dd.archive, "x2.trf"), info, Bytes([]byte("012 AAAA"))); !errors.Is(err, errStillChanging) {
			t.Errorf("keep with a writer: %v", err)
		}
	}
}

func statOf(t *testing.T, path string) os.FileInfo {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info
}
