package pipeline

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"omologa/internal/intake/ingest"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/store"
)

// ReconcileArchive makes the store and the disk agree at start-up: a
// drop-folder submission whose recorded original (under one of dirs, the
// archive and rejected folders) is not on disk, as after a crash between
// recording and archiving, gets it back from the bytes the store kept.
// (The copy still in the drop folder, if any, is then a repeat, archived
// at the same path.) It returns how many were restored; an original the
// store did not keep (a file over the size limit) is logged.
func (p *Pipeline) ReconcileArchive(ctx context.Context, dirs ...string) (restored int, err error) {
	srcs, err := p.o.Store.SourcesOf(ctx, string(ingest.ChannelDrop))
	if err != nil {
		return 0, err
	}
	for _, s := range srcs {
		if !under(s.Path, dirs) {
			continue
		}
		if _, err := os.Lstat(s.Path); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		raw, err := p.o.Store.OpenRaw(ctx, s.SubmissionID)
		if errors.Is(err, store.ErrNotKept) {
			p.log.Warn("archived original missing and not kept in the store", "submission", s.SubmissionID, "path", s.Path)
			continue
		}
		if err != nil {
			return restored, err
		}
		err = os.MkdirAll(filepath.Dir(s.Path), 0o755)
		if err == nil {
			// Streamed from the store: an original of any size.
			err = atomicfile.WriteFrom(s.Path, func(w io.Writer) error {
				_, err := io.Copy(w, raw)
				return err
			}, 0o644)
		}
		raw.Close()
		if err != nil {
			p.log.Error("archived original missing and cannot be restored", "submission", s.SubmissionID, "path", s.Path, "err", err)
			continue
		}
		p.log.Warn("archived original restored from the store", "submission", s.SubmissionID, "path", s.Path)
		restored++
	}
	return restored, nil
}

func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if rel, err := filepath.Rel(d, path); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}
