package ingest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"omologa/internal/platform/clock"
	"os"
	"path/filepath"
	"time"
)

// Content is the bytes of an original or of a file taken from it, with
// their size and SHA-256. It is held in memory (small contents, tests)
// or in a spool file (what a Spool received): a message of tens of
// megabytes is never held whole, so that a message's size does not
// become the process's. The zero Content is "nothing kept".
type Content struct {
	data []byte // in memory, when path is empty
	path string // the spool file
	size int64
	hash string // SHA-256, hex; empty only for the zero Content
}

// Bytes is a Content held in memory. The slice is not copied: it must
// not change afterwards.
func Bytes(b []byte) Content {
	if b == nil {
		b = []byte{}
	}
	h := NewHasher()
	h.Write(b)
	return Content{data: b, size: int64(len(b)), hash: h.Hex()}
}

// Hasher hashes bytes as they are written, as a Content names them: Hex
// is their SHA-256 in hex, what Hash says of a Content of the same bytes
// and the key the store keeps them under. Every reader that names or
// checks a content by its bytes (the spool, the drop folder, the store's
// blobs and their backup check) hashes with it.
type Hasher struct{ hash.Hash }

// NewHasher is a Hasher of no bytes yet.
func NewHasher() Hasher { return Hasher{sha256.New()} }

// Hex is the hash of the bytes written so far.
func (h Hasher) Hex() string { return hex.EncodeToString(h.Sum(nil)) }

// IsZero reports whether nothing is kept (a file over the size limit is
// recorded by its hash alone).
func (c Content) IsZero() bool { return c.hash == "" }

// Size is the number of bytes.
func (c Content) Size() int64 { return c.size }

// Hash is the SHA-256 of the bytes, hex; empty for the zero Content.
func (c Content) Hash() string { return c.hash }

// Spooled reports whether the bytes are in a spool file rather than in
// memory.
func (c Content) Spooled() bool { return c.path != "" }

// Reader reads a Content from the start, or anywhere (zip archives need
// ReaderAt).
type Reader interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	io.Closer
}

type bytesReader struct{ *bytes.Reader }

func (bytesReader) Close() error { return nil }

// Open reads the bytes. The caller closes the reader.
func (c Content) Open() (Reader, error) {
	if c.path == "" {
		return bytesReader{bytes.NewReader(c.data)}, nil
	}
	f, err := os.Open(c.path)
	if err != nil {
		return nil, fmt.Errorf("ingest: spooled content: %w", err)
	}
	return f, nil
}

// ReadAll returns the bytes whole: for a single file to be judged,
// which the size limit bounds, never for a whole message.
func (c Content) ReadAll() ([]byte, error) {
	if c.path == "" {
		return c.data, nil
	}
	b, err := os.ReadFile(c.path)
	if err != nil {
		return nil, fmt.Errorf("ingest: spooled content: %w", err)
	}
	return b, nil
}

// Head returns at most the first n bytes (empty if they cannot be
// read): enough to tell what a file is.
func (c Content) Head(n int) []byte {
	if c.path == "" {
		return c.data[:min(len(c.data), n)]
	}
	f, err := os.Open(c.path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _, _ := ReadUpTo(f, int64(n))
	return b
}

// Remove deletes the spool file, if any; the Content is unusable after.
// Removing twice is harmless (a dropped file is both the original and
// its one file).
func (c Content) Remove() error {
	if c.path == "" {
		return nil
	}
	if err := os.Remove(c.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Spool holds received bytes in temporary files while a submission is
// read and recorded; once recorded (the store keeps its own copy) they
// are removed. A nil *Spool holds them in memory, which tests and small
// one-off reads use.
type Spool struct{ dir string }

// spoolPrefix names the spool's files, so that a sweep removes only
// its own.
const spoolPrefix = "in-"

// staleSpool is the age past which a spool file is a leftover of a
// process that died: no intake holds one for that long.
const staleSpool = 24 * time.Hour

// NewSpool makes the spool folder and removes the files a crashed
// process left there (older than a day: another process sharing the
// folder, a one-shot `omologa ingest` beside the daemon, may be writing
// newer ones). A leftover is never the only copy: the mailbox or the
// drop folder still has the original until the store has recorded it.
func NewSpool(dir string) (*Spool, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("ingest: spool: %w", err)
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if info, err := e.Info(); err == nil && info.Mode().IsRegular() && len(e.Name()) > len(spoolPrefix) &&
				e.Name()[:len(spoolPrefix)] == spoolPrefix && clock.Age(info.ModTime()) > staleSpool {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	return &Spool{dir: dir}, nil
}

// ReadUpTo copies at most max bytes of r into a new Content, and says
// how many it read: n == max means r may hold more (a caller with a
// limit asks for limit+1 and refuses when n > limit, removing the
// Content). On a read error the Content holds what was read before it,
// and the error is returned with it; when the spool fails the Content
// is the zero one and the error wraps ErrSpool.
func (s *Spool) ReadUpTo(r io.Reader, max int64) (Content, int64, error) {
	if s == nil {
		b, n, err := ReadUpTo(r, max)
		return Bytes(b), n, err
	}
	f, err := os.CreateTemp(s.dir, spoolPrefix+"*")
	if err != nil {
		return Content{}, 0, fmt.Errorf("ingest: %w: %w", ErrSpool, err)
	}
	h := NewHasher()
	// No fsync: a spool file lives until its submission is recorded,
	// and a crash before that takes the original again from where it
	// came.
	n, rerr := io.Copy(io.MultiWriter(f, h), io.LimitReader(r, max))
	if cerr := f.Close(); cerr != nil && rerr == nil {
		rerr = cerr
	}
	c := Content{path: f.Name(), size: n, hash: h.Hex()}
	if rerr != nil && isWriteError(rerr, f) {
		c.Remove()
		return Content{}, n, fmt.Errorf("ingest: %w: %w", ErrSpool, rerr)
	}
	return c, n, rerr
}

// ErrSpool marks a failure of the spool itself (disk full, the folder
// gone), not of what was being read: the submission cannot be taken now
// and must be offered again, not recorded without the part it lost.
var ErrSpool = errors.New("spool")

// isWriteError tells a failure of the spool (disk full) from one of the
// reader: the first loses the content, the second keeps what was read.
func isWriteError(err error, f *os.File) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Path == f.Name()
}
