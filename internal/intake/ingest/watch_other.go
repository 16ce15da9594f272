//go:build !linux

package ingest

import (
	"path/filepath"

	"github.com/fsnotify/fsnotify"
)

// fsWatcher is fsnotify's view of the folder: a file renamed from a
// temporary name in the folder counts as moved in; close-write is not
// seen (the settle time decides).
type fsWatcher struct {
	w      *fsnotify.Watcher
	dir    string
	events chan folderEvent
}

func newFolderWatcher(dir string) (folderWatcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if err := w.Add(dir); err != nil {
		w.Close()
		return nil, err
	}
	fw := &fsWatcher{w: w, dir: filepath.Clean(dir), events: make(chan folderEvent, 64)}
	go fw.read()
	return fw, nil
}

func (fw *fsWatcher) Events() <-chan folderEvent { return fw.events }
func (fw *fsWatcher) Errors() <-chan error       { return fw.w.Errors }
func (fw *fsWatcher) Close() error               { return fw.w.Close() }

func (fw *fsWatcher) read() {
	defer close(fw.events)
	// lastRename is the temporary name just renamed away: the Create
	// that follows it is the complete file under its final name.
	var lastRename string
	for ev := range fw.w.Events {
		if filepath.Dir(ev.Name) != fw.dir {
			continue
		}
		name := filepath.Base(ev.Name)
		renamedFromTemp := lastRename != ""
		lastRename = ""
		kind := evChanged
		switch {
		case ev.Has(fsnotify.Rename) || ev.Has(fsnotify.Remove):
			if IsTempName(name) && ev.Has(fsnotify.Rename) {
				lastRename = name
			}
			kind = evGone
		case ev.Has(fsnotify.Create) && renamedFromTemp:
			kind = evMovedIn
		}
		fw.events <- folderEvent{name: name, kind: kind}
	}
}
