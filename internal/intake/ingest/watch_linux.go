//go:build linux

package ingest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// inotifyWatcher watches one folder with inotify, for the events
// fsnotify folds together or leaves out: IN_CLOSE_WRITE (a writer is
// done) and IN_MOVED_TO (a file renamed in, complete).
type inotifyWatcher struct {
	f      *os.File
	events chan folderEvent
	errs   chan error
	done   chan struct{}
	once   sync.Once
	wg     sync.WaitGroup
}

func newFolderWatcher(dir string) (folderWatcher, error) {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("inotify: %w", err)
	}
	const mask = unix.IN_CREATE | unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE |
		unix.IN_MOVED_TO | unix.IN_MOVED_FROM | unix.IN_DELETE | unix.IN_ONLYDIR
	if _, err := unix.InotifyAddWatch(fd, filepath.Clean(dir), mask); err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("watch %s: %w", dir, err)
	}
	// A non-blocking descriptor in an *os.File is read through Go's
	// poller, so that Close wakes the reader.
	w := &inotifyWatcher{f: os.NewFile(uintptr(fd), "inotify"), events: make(chan folderEvent, 64),
		errs: make(chan error, 1), done: make(chan struct{})}
	w.wg.Add(1)
	go w.read()
	return w, nil
}

func (w *inotifyWatcher) Events() <-chan folderEvent { return w.events }
func (w *inotifyWatcher) Errors() <-chan error       { return w.errs }

func (w *inotifyWatcher) Close() error {
	w.once.Do(func() { close(w.done) })
	err := w.f.Close()
	w.wg.Wait()
	return err
}

func (w *inotifyWatcher) read() {
	defer w.wg.Done()
	defer close(w.events)
	buf := make([]byte, 64*(unix.SizeofInotifyEvent+unix.NAME_MAX+1))
	for {
		n, err := w.f.Read(buf)
		if err != nil {
			if errors.Is(err, os.ErrClosed) {
				return
			}
			select {
			case w.errs <- err:
			case <-w.done:
			}
			return
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
			nameLen := int(ev.Len)
			name := ""
			if nameLen > 0 {
				b := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+nameLen]
				for i, c := range b {
					if c == 0 {
						b = b[:i]
						break
					}
				}
				name = string(b)
			}
			off += unix.SizeofInotifyEvent + nameLen
			if ev.Mask&unix.IN_Q_OVERFLOW != 0 {
				select {
				case w.errs <- errors.New("inotify: event queue overflow"):
				default:
				}
				continue
			}
			if name == "" || ev.Mask&unix.IN_ISDIR != 0 {
				continue
			}
			var kind eventKind
			switch {
			case ev.Mask&(unix.IN_DELETE|unix.IN_MOVED_FROM) != 0:
				kind = evGone
			case ev.Mask&unix.IN_MOVED_TO != 0:
				kind = evMovedIn
			case ev.Mask&unix.IN_CLOSE_WRITE != 0:
				kind = evClosed
			default:
				kind = evChanged
			}
			select {
			case w.events <- folderEvent{name: name, kind: kind}:
			case <-w.done:
				return
			}
		}
	}
}
