// Package disk says how much room the disk holding a path has: the
// readiness check, the metrics and the configuration doctor read it.
package disk

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Space is a file system's room in bytes: Free for an unprivileged
// user (what the office's process may write), Total its size.
type Space struct {
	Free, Total uint64
}

// FreePercent is the share of the disk free, 0 to 100.
func (s Space) FreePercent() float64 {
	if s.Total == 0 {
		return 0
	}
	return 100 * float64(s.Free) / float64(s.Total)
}

// Of returns the room of the file system holding path.
func Of(path string) (Space, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return Space{}, fmt.Errorf("disk space of %s: %w", path, err)
	}
	bs := uint64(st.Bsize)
	return Space{Free: st.Bavail * bs, Total: st.Blocks * bs}, nil
}
