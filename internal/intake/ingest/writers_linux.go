//go:build linux

package ingest

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// openForWriting reports whether a process has the file info describes
// open for writing, by looking at every process's descriptors in /proc
// (the drop's own included: a test's writer is one of its goroutines).
// known is false when some process's descriptors could not be read
// (another user's, without the privilege): then only the settle time
// tells.
func openForWriting(info os.FileInfo) (open, known bool) {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return false, false
	}
	known = true
	for _, p := range procs {
		if _, err := strconv.Atoi(p.Name()); err != nil {
			continue
		}
		fdDir := filepath.Join("/proc", p.Name(), "fd")
		fds, err := os.ReadDir(fdDir)
		if err != nil {
			if !os.IsNotExist(err) {
				known = false // not ours to read (a process gone is fine)
			}
			continue
		}
		for _, fd := range fds {
			st, err := os.Stat(filepath.Join(fdDir, fd.Name()))
			if err != nil || !os.SameFile(st, info) {
				continue
			}
			if writable(filepath.Join("/proc", p.Name(), "fdinfo", fd.Name())) {
				return true, true
			}
		}
	}
	return false, known
}

// writable reads a descriptor's flags (octal) from its fdinfo: open for
// writing when its access mode is O_WRONLY or O_RDWR. Unreadable counts
// as writable: the safe side.
func writable(fdinfo string) bool {
	f, err := os.Open(fdinfo)
	if err != nil {
		return !os.IsNotExist(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err != nil || flags&3 != 0
		}
	}
	return true
}
