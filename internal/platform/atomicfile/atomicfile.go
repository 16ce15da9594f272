// Package atomicfile writes and moves files so that a crash leaves
// either the old state or the new one, never a partial file under the
// final name: the bytes go to a temporary file in the destination's
// folder, are synced, and are renamed into place; the folder is synced
// so that the rename survives a power cut. Move works across
// filesystems, where a rename cannot.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// Unchanged reports whether path holds exactly data, so that a writer
// can leave a file as it is rather than write the same bytes again (a
// list published again, a site rebuilt). Any error reading it is
// "changed": the caller writes.
func Unchanged(path string, data []byte) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(path)
	return err == nil && bytes.Equal(old, data)
}

// Write writes data to path through a synced temporary file renamed
// into place.
func Write(path string, data []byte, perm os.FileMode) error {
	return WriteFrom(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, perm)
}

// WriteFrom is Write with the bytes produced by fill.
func WriteFrom(path string, fill func(io.Writer) error, perm os.FileMode) error {
	dir := filepath.Dir(path)
	// The temporary name starts with a dot and ends in .tmp, so that a
	// drop folder (ingest.IsTempName) never takes it.
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := fill(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// Move moves src to dst: a rename when both are on one filesystem, else
// a copy written as Write does, then src removed. Either way dst is
// complete once Move returns nil, and a crash in between leaves src in
// place (and at worst a complete dst too).
func Move(src, dst string) error {
	err := os.Rename(src, dst)
	if err == nil {
		return syncDir(filepath.Dir(dst))
	}
	if !errors.Is(err, syscall.EXDEV) {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	if err := WriteFrom(dst, func(w io.Writer) error {
		_, err := io.Copy(w, in)
		return err
	}, info.Mode().Perm()); err != nil {
		return fmt.Errorf("copy across filesystems: %w", err)
	}
	return os.Remove(src)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	// Some filesystems cannot sync a folder; the rename is done anyway.
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}
