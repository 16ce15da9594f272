package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"omologa/internal/platform/atomicfile"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/clock"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/italian"
)

// DropOptions configure a drop folder.
type DropOptions struct {
	Folder   string // watched; only its top-level regular files count
	Archive  string // processed originals are moved here
	Rejected string // unreadable originals are moved here, each with NAME.reason.txt
	// Settle is how long a file must stay unchanged to count as complete;
	// a file renamed from a temporary name counts at once.
	Settle time.Duration
	Limits Limits
	// Spool holds each file as it is read, and what is taken from it
	// (a message's attachments, an archive's entries), until the
	// handler has recorded it; nil holds them in memory.
	Spool *Spool
	// RetryAfter is the wait before handing a file to a handler that
	// failed again (default 2s).
	RetryAfter time.Duration
	// ArchiveRetry is the wait before trying again to archive a file
	// recorded but not archived (the archive read-only, or full):
	// default 10m. The failure is reported once.
	ArchiveRetry time.Duration
	Logger       *slog.Logger
	// Now is the office's clock (the machine's when nil): the drop time starts the
	// 8-day clock.
	Now func() time.Time
	// Message, when set, reads a dropped .eml file as an e-mail message
	// (sender, Message-ID, body fields, attachments) instead of as one
	// file; the office can so file a message saved from its mail client.
	// It is ingest/mail's parser, passed in because that package imports
	// this one. It reads the file's copy orig (in the Spool), puts what
	// it takes out in the Spool too, and returns orig as the
	// Submission's Original (what is archived).
	Message func(orig Content, receivedAt time.Time) (*Submission, error)
	// MaxMessage bounds a dropped .eml read by Message, as the mailbox
	// bounds a message (default DefaultMaxMessageBytes); every other
	// file is bounded by Limits.MaxFileBytes.
	MaxMessage int64
	// ReceivedAt, when set, may give a file (by name) another receipt
	// time than the moment it is taken: the demo's seeded samples keep
	// the day they were written. Nil, or ok false, means the drop time.
	ReceivedAt func(name string) (t time.Time, ok bool)
}

// Drop takes files from a folder. A file counts once it is complete:
// written under a temporary name (".x", "x.tmp", "x.part", "x~") and
// renamed, or left unchanged for the settle time. Each is handed to the
// Handler as a Submission (zip archives opened); once the handler has
// recorded it, the original moves to the archive folder, or to the
// rejected folder with a reason file when nothing could be read from it.
// When the handler fails the file stays and is tried again.
type Drop struct {
	o        DropOptions
	log      *slog.Logger
	pending  map[string]*pending // by base name
	watching chan struct{}
	once     sync.Once
}

// Watching is closed once Run watches the folder: a file arriving after
// that is seen through its events.
func (d *Drop) Watching() <-chan struct{} { return d.watching }

type pending struct {
	due time.Time
	// check: the file must still have the size, time and inode of info
	// when due (it is settling); false when it is known complete.
	check bool
	info  fs.FileInfo // nil: not there when scheduled
	tries int         // failed hand-overs
	// writing: a process was seen holding it open for writing (said
	// once).
	writing bool
	// stuck: recorded but the original could not be archived; reported
	// once, tried again every ArchiveRetry, not every RetryAfter.
	stuck bool
}

// NewDrop checks the options and creates the folders.
func NewDrop(o DropOptions) (*Drop, error) {
	if o.Folder == "" || o.Archive == "" || o.Rejected == "" {
		return nil, errors.New("drop: folder, archive and rejected folders are required")
	}
	for _, dir := range []string{o.Folder, o.Archive, o.Rejected} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("drop: %w", err)
		}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = clock.System()
	}
	defaults.Fill(&o.RetryAfter, 2*time.Second)
	defaults.Fill(&o.ArchiveRetry, 10*time.Minute)
	o.Limits = o.Limits.withDefaults()
	defaults.Fill(&o.MaxMessage, DefaultMaxMessageBytes)
	return &Drop{o: o, log: o.Logger.With("intake", "drop", "folder", o.Folder), pending: map[string]*pending{},
		watching: make(chan struct{})}, nil
}

// IsTempName reports whether a name is a temporary one that the drop
// folder ignores until it is renamed.
func IsTempName(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "~") || strings.HasSuffix(name, "~") ||
		strings.HasSuffix(l, ".tmp") || strings.HasSuffix(l, ".part") || strings.HasSuffix(l, ".partial") ||
		strings.HasSuffix(l, ".crdownload") || strings.HasSuffix(l, ".swp")
}

// Run takes the files present and then those that arrive, until ctx is
// done. It returns nil on cancellation. A Drop is run by one goroutine at
// a time (Run or Once).
func (d *Drop) Run(ctx context.Context, h Handler) error {
	// Watch before scanning, so that nothing arriving in between is missed.
	w, err := newFolderWatcher(d.o.Folder)
	if err != nil {
		return fmt.Errorf("drop: %w", err)
	}
	defer w.Close()
	if err := d.scan(); err != nil {
		return err
	}
	d.log.Info("watching drop folder")
	d.once.Do(func() { close(d.watching) })
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		d.takeDue(ctx, h)
		if ctx.Err() != nil {
			return nil
		}
		timer.Reset(d.nextWait())
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events():
			if !ok {
				return errors.New("drop: watcher closed")
			}
			d.event(ev)
		case err, ok := <-w.Errors():
			if !ok {
				return errors.New("drop: watcher closed")
			}
			// An overflow loses events: a rescan finds what they named.
			d.log.Warn("drop folder watch error; rescanning", "err", err)
			if err := d.scan(); err != nil {
				return err
			}
		case <-timer.C:
		}
	}
}

// event schedules what an event says of a name: a file renamed in is
// complete (taken at once), one whose writer closed it is taken at once
// when no other process writes it, anything else waits for the settle
// time (and for its writers to close it).
func (d *Drop) event(ev folderEvent) {
	name := ev.name
	switch {
	case ev.kind == evGone:
		delete(d.pending, name)
	case IsTempName(name):
	case ev.kind == evMovedIn && nonEmpty(filepath.Join(d.o.Folder, name)):
		// An empty file is more likely a copy just begun than a
		// finished rename: it waits for the settle time.
		d.schedule(name, 0)
	case ev.kind == evClosed:
		if info, err := os.Lstat(filepath.Join(d.o.Folder, name)); err == nil {
			if open, known := openForWriting(info); known && !open {
				d.schedule(name, 0)
				return
			}
		}
		d.schedule(name, d.o.Settle)
	default:
		d.schedule(name, d.o.Settle)
	}
}

// Once takes the files present, waiting for those still being written
// to settle (at most a few settle times), and returns.
func (d *Drop) Once(ctx context.Context, h Handler) error {
	if err := d.scan(); err != nil {
		return err
	}
	deadline := d.o.Now().Add(10*d.o.Settle + time.Second)
	for len(d.pending) > 0 {
		d.takeDue(ctx, h)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if len(d.pending) == 0 {
			break
		}
		if d.o.Now().After(deadline) {
			for name := range d.pending {
				d.log.Warn("file left in the drop folder: still changing or failing", "file", name)
			}
			return nil
		}
		// Not past the deadline: a file waiting for its archive retry
		// (minutes away) must not hold a one-shot run.
		t := time.NewTimer(min(d.nextWait(), max(deadline.Sub(d.o.Now()), 0)+time.Millisecond))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// scan schedules every complete-looking file present: those unchanged
// for the settle time are due at once.
func (d *Drop) scan() error {
	ents, err := os.ReadDir(d.o.Folder)
	if err != nil {
		return fmt.Errorf("drop: %w", err)
	}
	now := d.o.Now()
	for _, e := range ents {
		if e.IsDir() || IsTempName(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if clock.Age(info.ModTime()) >= d.o.Settle {
			d.pending[e.Name()] = &pending{due: now}
		} else {
			d.schedule(e.Name(), d.o.Settle)
		}
	}
	return nil
}

func (d *Drop) schedule(name string, after time.Duration) {
	p := &pending{due: d.o.Now().Add(after), check: after > 0}
	if info, err := os.Lstat(filepath.Join(d.o.Folder, name)); err == nil {
		p.info = info
	}
	if old, ok := d.pending[name]; ok {
		p.tries, p.stuck, p.writing = old.tries, old.stuck, old.writing
	}
	d.pending[name] = p
}

func (d *Drop) nextWait() time.Duration {
	if len(d.pending) == 0 {
		return time.Hour
	}
	now := d.o.Now()
	wait := time.Hour
	for _, p := range d.pending {
		wait = min(wait, p.due.Sub(now))
	}
	return max(wait, 0)
}

// takeDue takes the files whose time has come, checking that a settling
// file has not changed meanwhile.
func (d *Drop) takeDue(ctx context.Context, h Handler) {
	now := d.o.Now()
	for _, name := range d.dueInOrder(now) {
		p := d.pending[name]
		if ctx.Err() != nil {
			return
		}
		path := filepath.Join(d.o.Folder, name)
		info, err := os.Lstat(path)
		if err != nil {
			delete(d.pending, name)
			continue
		}
		if !info.Mode().IsRegular() {
			d.log.Warn("drop: not a regular file, left in place for the office", "file", name, "mode", info.Mode().String())
			delete(d.pending, name)
			continue
		}
		if p.check && (p.info == nil || changedFrom(p.info, info)) {
			d.schedule(name, d.o.Settle)
			continue
		}
		// Whatever the settle time says, a file a process still holds
		// open for writing is not complete (measured: a file written in
		// two halves 2.5 s apart was taken half, and its second half
		// lost): it waits for its writer to close it.
		if open, _ := openForWriting(info); open {
			if !p.writing {
				d.log.Info("drop: file still open for writing, waiting for its writer to close it", "file", name)
			}
			d.schedule(name, d.o.Settle)
			d.pending[name].writing = true
			continue
		}
		err = d.take(ctx, name, info, h)
		var ae *archiveError
		switch {
		case errors.Is(err, errStillChanging):
			// Changed while it was read: read again once it settles.
			d.log.Info("drop: file changed while read, waiting for it to settle", "file", name)
			d.schedule(name, d.o.Settle)
			continue
		case errors.As(err, &ae):
			// Recorded, answered, but the original cannot be kept where
			// the record says: reported once, not re-offered every few
			// seconds (each offer is a repeat the store ignores).
			if !p.stuck {
				d.log.Error("drop: file recorded but not archived: left in the drop folder, tried again later",
					"file", name, "to", ae.dst, "err", ae.err, "retry_in", d.o.ArchiveRetry)
			}
			p.stuck, p.check = true, false
			p.due = d.o.Now().Add(d.o.ArchiveRetry)
			continue
		case err != nil:
			p.tries++
			p.check = false
			p.due = d.o.Now().Add(d.o.RetryAfter)
			d.log.Error("drop: file not recorded, will retry", "file", name, "err", err, "tries", p.tries)
			continue
		}
		delete(d.pending, name)
	}
}

// dueInOrder lists the files due, oldest first (then by name), so that
// submissions are recorded in the order they arrived.
func (d *Drop) dueInOrder(now time.Time) []string {
	type item struct {
		name string
		mod  time.Time
	}
	var due []item
	for name, p := range d.pending {
		if p.due.After(now) {
			continue
		}
		it := item{name: name}
		if info, err := os.Stat(filepath.Join(d.o.Folder, name)); err == nil {
			it.mod = info.ModTime()
		}
		due = append(due, it)
	}
	sort.Slice(due, func(i, j int) bool {
		if !due[i].mod.Equal(due[j].mod) {
			return due[i].mod.Before(due[j].mod)
		}
		return due[i].name < due[j].name
	})
	names := make([]string, len(due))
	for i, it := range due {
		names[i] = it.name
	}
	return names
}

// errStillChanging: the file changed while it was read.
var errStillChanging = errors.New("drop: file changed while read")

// archiveError: the file was recorded but could not be archived.
type archiveError struct {
	dst string
	err error
}

func (e *archiveError) Error() string { return fmt.Sprintf("drop: archive %s: %v", e.dst, e.err) }
func (e *archiveError) Unwrap() error { return e.err }

// take hands one file to the handler and, once recorded, keeps the
// original where the record says (archive or rejected). What is kept is
// the bytes read, and so judged: a file that changes after it was read
// stays in the drop folder and is taken again, as a new version.
func (d *Drop) take(ctx context.Context, name string, info fs.FileInfo, h Handler) error {
	path := filepath.Join(d.o.Folder, name)
	now := d.o.Now()
	if d.o.ReceivedAt != nil {
		if t, ok := d.o.ReceivedAt(name); ok {
			now = t
		}
	}
	s, reason, err := d.reader().Read(path, info, ChannelDrop, now)
	if err != nil {
		return fmt.Errorf("drop: %w", err)
	}
	// Whatever s holds in the spool goes once the handler is done with
	// it (recorded or not: the file is read again from the folder).
	defer func() { s.Cleanup() }()
	clean := CleanName(name)
	// The record names where the original is kept (archive or rejected),
	// since that is where it will be once recorded.
	stamp := now.UTC().Format("20060102T150405.000000000Z")
	dir := d.o.Archive
	if reason != "" {
		dir = d.o.Rejected
	}
	s.Source = uniquePath(dir, stamp+"-"+clean)
	if err := h(ctx, s); err != nil {
		return err
	}
	// A repeat (recorded before a crash, not yet archived) comes back
	// with the path recorded then: the original goes there, so that the
	// record and the disk agree.
	dst := s.Source
	if reason != "" {
		if err := atomicfile.Write(dst+".reason.txt", []byte(reason+"\n"), 0o644); err != nil {
			return &archiveError{dst: dst, err: err}
		}
	}
	if err := d.keep(path, dst, info, s.Original); errors.Is(err, errStillChanging) {
		return err
	} else if err != nil {
		return &archiveError{dst: dst, err: err}
	}
	if reason != "" {
		d.log.Warn("drop: file unreadable, moved to rejected", "file", name, "to", dst, "reason", reason)
	} else {
		d.log.Info("drop: file taken", "file", name, "archived", dst, "files", len(s.Files), "problems", len(s.Problems))
	}
	return nil
}

// reader is how the drop folder reads a file: as `omologa ingest` does.
func (d *Drop) reader() FileReader {
	return FileReader{Limits: d.o.Limits, MaxMessage: d.o.MaxMessage, Spool: d.o.Spool, Message: d.o.Message}
}

// FileReader reads a file given to the office, dropped in the folder or
// named to `omologa ingest`, into a Submission: the one intake path of
// files, so that every door treats a file alike. A file over its limit
// is recorded unread (its hash kept, a problem saying why, answered with
// a rejection), a .eml is read as an e-mail message (Message), anything
// else as a result file or a zip archive of them.
type FileReader struct {
	Limits     Limits
	MaxMessage int64 // a .eml's bound (DefaultMaxMessageBytes when 0)
	Spool      *Spool
	// Message reads a .eml as an e-mail message (email.Read); nil reads
	// it as a file.
	Message func(orig Content, receivedAt time.Time) (*Submission, error)
}

// Read reads the file at path, whose Lstat is info. reason, when not
// empty, says that nothing could be read from it (it goes to the
// rejected folder). A file that changed while it was read is
// errStillChanging: read it again once settled.
func (r FileReader) Read(path string, info fs.FileInfo, ch Channel, at time.Time) (s *Submission, reason string, err error) {
	lim := r.Limits.withDefaults()
	name := filepath.Base(path)
	s = &Submission{Channel: ch, ReceivedAt: at, Subject: name}
	clean := CleanName(name)
	isMessage := r.Message != nil && strings.EqualFold(filepath.Ext(name), ".eml")
	limit := lim.MaxFileBytes
	if isMessage {
		limit = r.MaxMessage
		defaults.Fill(&limit, DefaultMaxMessageBytes)
	}
	if info.Size() > limit {
		reason = catalogue.IT.T("intake.drop.too-large", clean, italian.Size(info.Size()), italian.Size(limit))
		sum, err := hashFile(path)
		if err != nil {
			return nil, "", err
		}
		s.ContentHash = sum
		s.Problems = []string{reason}
		return s, reason, nil
	}
	// The file is copied into the spool as it is read, and hashed:
	// that copy is what is judged, recorded and archived.
	s.Original, err = readSpooled(r.Spool, path, limit)
	if err != nil {
		return nil, "", err
	}
	if changed(path, info) {
		s.Original.Remove()
		return nil, "", errStillChanging
	}
	if isMessage {
		m, err := r.Message(s.Original, at)
		if err != nil {
			s.Original.Remove()
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		m.Channel, m.ReceivedAt, m.Message = ch, at, true
		if m.Subject == "" {
			m.Subject = name
		}
		return m, "", nil
	}
	s.Files, s.Problems, err = ExpandArchives([]File{{Name: clean, Content: s.Original}}, lim, r.Spool)
	if err != nil {
		s.Original.Remove()
		return nil, "", err
	}
	if len(s.Files) == 0 {
		reason = strings.Join(s.Problems, "\n")
		if reason == "" {
			reason = catalogue.IT.T("intake.drop.nothing-readable", clean)
		}
	}
	return s, reason, nil
}

// keep puts the original at dst: the bytes read (orig, their copy),
// written durably on whatever filesystem dst is, then the dropped file
// removed only when no process holds it open for writing and its bytes
// now are those archived: otherwise it changed (or may still) and is a
// new version, taken next, never deleted. A file too big to read (orig
// zero) is moved as it is.
func (d *Drop) keep(path, dst string, info fs.FileInfo, orig Content) error {
	if orig.IsZero() {
		return atomicfile.Move(path, dst)
	}
	if err := atomicfile.WriteFrom(dst, func(w io.Writer) error {
		r, err := orig.Open()
		if err != nil {
			return err
		}
		defer r.Close()
		_, err = io.Copy(w, r)
		return err
	}, 0o644); err != nil {
		return err
	}
	if d.changedSince(path, info, orig.Hash()) {
		d.log.Warn("drop: file changed after it was read: the version read is archived, the new one is taken next", "file", filepath.Base(path))
		return errStillChanging
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// changed reports whether the file at path is no longer the one info
// described (size, modification time or inode).
func changed(path string, info fs.FileInfo) bool {
	now, err := os.Lstat(path)
	return err != nil || changedFrom(info, now)
}

func changedFrom(was, now fs.FileInfo) bool {
	return now.Size() != was.Size() || !now.ModTime().Equal(was.ModTime()) || !os.SameFile(was, now)
}

// changedSince reports whether the file at path may differ from the
// bytes of hash read from it: changed as info describes it, held open
// for writing, or of other bytes now.
func (d *Drop) changedSince(path string, info fs.FileInfo, hash string) bool {
	if changed(path, info) {
		return true
	}
	if open, _ := openForWriting(info); open {
		return true
	}
	sum, err := hashFile(path)
	return err != nil || sum != hash
}

func uniquePath(dir, name string) string {
	p := filepath.Join(dir, name)
	for i := 1; ; i++ {
		// Any error but "exists" ends the search: a folder that cannot
		// be read (or is not a folder) fails at the write, reported.
		if _, err := os.Lstat(p); err != nil {
			return p
		}
		p = filepath.Join(dir, fmt.Sprintf("%d-%s", i, name))
	}
}

// readSpooled copies a file into the spool; one holding more than
// limit grew after the stat, and is read again once settled.
func readSpooled(sp *Spool, path string, limit int64) (Content, error) {
	f, err := os.Open(path)
	if err != nil {
		return Content{}, err
	}
	defer f.Close()
	c, n, err := sp.ReadUpTo(f, limit+1)
	if err != nil {
		c.Remove()
		return Content{}, err
	}
	if n > limit {
		c.Remove()
		return Content{}, errStillChanging
	}
	return c, nil
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := NewHasher()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return h.Hex(), nil
}

func nonEmpty(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Size() > 0
}
