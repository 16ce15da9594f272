package daemon

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/ingest"
	"omologa/internal/platform/clock"
	"omologa/internal/store"
)

// seedDrop copies the seed folders' files into the drop folder, through
// a temporary name, unless their content is already recorded: the demo
// processes the committed samples once without ever moving them. Each
// folder's files get a later modification time than the previous
// folder's, so that the drop folder takes them in seed order.
func seedDrop(ctx context.Context, st *store.Store, d *config.Drop, log *slog.Logger) (*seededFiles, error) {
	seeded := &seededFiles{names: map[string]bool{}}
	seeded.at, seeded.pinned = d.SeedTime()
	if err := os.MkdirAll(d.Folder, 0o755); err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	n := 0
	base := clock.Machine().Add(-time.Hour) // files' times are the machine's
	for i, seed := range d.Seed {
		ents, err := os.ReadDir(seed)
		if errors.Is(err, fs.ErrNotExist) {
			log.Warn("seed folder missing: nothing to seed from it", "seed", seed)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("seed: %w", err)
		}
		// An old modification time makes the start-up scan take the
		// files at once.
		mtime := base.Add(time.Duration(i) * time.Minute)
		for _, e := range ents {
			if !e.Type().IsRegular() || ingest.IsTempName(e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(seed, e.Name()))
			if err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			if known, err := st.HasContent(ctx, store.Hash(data)); err != nil {
				return nil, err
			} else if known {
				continue
			}
			dst := filepath.Join(d.Folder, e.Name())
			if _, err := os.Stat(dst); err == nil {
				seeded.names[e.Name()] = true
				continue // already waiting in the drop folder
			}
			tmp := filepath.Join(d.Folder, "."+e.Name()+".tmp")
			if err := os.WriteFile(tmp, data, 0o644); err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			_ = os.Chtimes(tmp, mtime, mtime)
			if err := os.Rename(tmp, dst); err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			seeded.names[e.Name()] = true
			n++
		}
	}
	if n > 0 {
		log.Info("drop folder seeded", "from", d.Seed, "files", n)
	}
	return seeded, nil
}

// seededFiles remembers which files of the drop folder the seeding put
// there, so that they, and only they, get the configured receipt time
// (drop.seed_received); each name counts once, so a file the office
// drops later under the same name gets its real drop time.
type seededFiles struct {
	mu     sync.Mutex
	names  map[string]bool
	at     time.Time
	pinned bool
}

func (s *seededFiles) receivedAt(name string) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.pinned || !s.names[name] {
		return time.Time{}, false
	}
	delete(s.names, name)
	return s.at, true
}
