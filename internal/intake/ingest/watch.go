package ingest

// folderEvent is what a folder watcher says about a name in the folder.
type folderEvent struct {
	name string
	kind eventKind
}

type eventKind int

const (
	// evChanged: created, written, or its attributes changed: it is
	// complete once no one writes it (or once it settles).
	evChanged eventKind = iota
	// evClosed: a writer closed it (Linux: IN_CLOSE_WRITE).
	evClosed
	// evMovedIn: renamed into the folder, from whatever folder: complete
	// by construction.
	evMovedIn
	// evGone: removed or renamed away.
	evGone
)

// folderWatcher reports the events of a folder's top-level names: on
// Linux straight from inotify (close-write and moved-in, which fsnotify
// does not expose), elsewhere through fsnotify.
type folderWatcher interface {
	Events() <-chan folderEvent
	// Errors says events may have been lost (an overflow): rescan.
	Errors() <-chan error
	Close() error
}
