package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"omologa/internal/platform/atomicfile"
)

// ManifestFile is the manifest of a built site: every file written with
// the hash of its content (and, for a chart, of what it was drawn
// from), so that the next build rewrites only what changed.
const ManifestFile = "manifest.json"

type entry struct {
	Hash string `json:"hash"`
	Src  string `json:"src,omitempty"`
}

// writer writes the files of one build into dir, skipping those whose
// content (or source) is the manifest's.
type writer struct {
	dir string
	old map[string]entry
	// oldManifest is the manifest as read, so that a build that changed
	// nothing does not write it again (30,000 players: 3.7 MB).
	oldManifest []byte

	// listed are the names in each folder as the build found them.
	listMu sync.Mutex
	listed map[string]map[string]bool

	mu      sync.Mutex
	dirs    map[string]bool // folders made
	now     map[string]entry
	written []string
	kept    int
}

func newWriter(dir string) (*writer, error) {
	w := &writer{dir: dir, old: map[string]entry{}, now: map[string]entry{}, dirs: map[string]bool{}, listed: map[string]map[string]bool{}}
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		w.oldManifest = b
		if err := json.Unmarshal(b, &w.old); err != nil {
			// A damaged manifest costs a full rebuild, nothing else.
			w.old = map[string]entry{}
		}
	}
	return w, nil
}

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16])
}

// exists says whether the file is still there (someone may have
// deleted the folder's content but not the manifest): each folder is
// listed once a build, rather than each of 30,000 files looked up.
func (w *writer) exists(name string) bool {
	dir, base := path.Split(name)
	w.listMu.Lock()
	defer w.listMu.Unlock()
	names, ok := w.listed[dir]
	if !ok {
		names = map[string]bool{}
		if es, err := os.ReadDir(filepath.Join(w.dir, filepath.FromSlash(dir))); err == nil {
			for _, e := range es {
				names[e.Name()] = true
			}
		}
		w.listed[dir] = names
	}
	return names[base]
}

// put writes name (a slash path under dir) unless its content is
// unchanged.
func (w *writer) put(name string, data []byte) error {
	w.mu.Lock()
	old, ok := w.old[name]
	w.mu.Unlock()
	return w.record(name, entry{Hash: hashOf(data)}, old, ok, data)
}

// record makes e name's entry of this run and writes data, unless the
// last run's entry old (had: there was one) has the same bytes and the
// file is still there.
func (w *writer) record(name string, e, old entry, had bool, data []byte) error {
	w.mu.Lock()
	w.now[name] = e
	w.mu.Unlock()
	if had && old.Hash == e.Hash && w.exists(name) {
		w.mu.Lock()
		w.kept++
		w.mu.Unlock()
		return nil
	}
	return w.write(name, data)
}

// putWith writes name unless its content is unchanged, recording src
// as what it was made from (keepAll's key).
func (w *writer) putWith(name, src string, data []byte) error {
	w.mu.Lock()
	old, ok := w.old[name]
	w.mu.Unlock()
	return w.record(name, entry{Hash: hashOf(data), Src: src}, old, ok, data)
}

// keepAll keeps name and the files of the last build whose names begin
// with prefix, as they are, when name was made from src and they are
// all still there; it says whether it did.
func (w *writer) keepAll(name, src, prefix string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if old, ok := w.old[name]; !ok || old.Src != src || !w.exists(name) {
		return false
	}
	var keep []string
	for n := range w.old {
		if strings.HasPrefix(n, prefix) {
			if !w.exists(n) {
				return false
			}
			keep = append(keep, n)
		}
	}
	for _, n := range append(keep, name) {
		w.now[n] = w.old[n]
		w.kept++
	}
	return true
}

// putFrom writes name from render unless src, what it is drawn from, is
// unchanged: a chart is not even drawn again.
func (w *writer) putFrom(name, src string, render func() ([]byte, error)) error {
	w.mu.Lock()
	old, ok := w.old[name]
	w.mu.Unlock()
	if ok && old.Src == src && w.exists(name) {
		w.mu.Lock()
		w.now[name] = old
		w.kept++
		w.mu.Unlock()
		return nil
	}
	data, err := render()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	// Drawn again (a new source, or none recorded): kept when the bytes
	// are the same.
	return w.record(name, entry{Hash: hashOf(data), Src: src}, old, ok, data)
}

func (w *writer) write(name string, data []byte) error {
	path := filepath.Join(w.dir, filepath.FromSlash(name))
	folder := filepath.Dir(path)
	w.mu.Lock()
	made := w.dirs[folder]
	_, replacing := w.old[name]
	w.mu.Unlock()
	if !made {
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return err
		}
		w.mu.Lock()
		w.dirs[folder] = true
		w.mu.Unlock()
	}
	if replacing {
		// A page being served is replaced by a rename, so that a reader
		// never sees half of it; no fsync: the site is rebuilt from the
		// store at will, and 60,000 fsyncs would cost minutes.
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, path); err != nil {
			return err
		}
	} else if err := os.WriteFile(path, data, 0o644); err != nil {
		// A new file (no link to it is published yet).
		return err
	}
	w.mu.Lock()
	w.written = append(w.written, name)
	w.mu.Unlock()
	return nil
}

// finish removes the files of the last build that this one did not
// write (a revoked tournament's page) and writes the manifest.
func (w *writer) finish() (removed []string, err error) {
	for name := range w.old {
		if _, ok := w.now[name]; ok {
			continue
		}
		if err := os.Remove(filepath.Join(w.dir, filepath.FromSlash(name))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, name)
	}
	slices.Sort(removed)
	slices.Sort(w.written)
	b, err := json.MarshalIndent(w.now, "", " ")
	if err != nil {
		return removed, err
	}
	if bytes.Equal(b, w.oldManifest) {
		return removed, nil
	}
	return removed, atomicfile.Write(filepath.Join(w.dir, ManifestFile), b, 0o644)
}
