package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"omologa/internal/config"
	"omologa/internal/homologation/rules"
	"omologa/internal/office"
	"omologa/internal/platform/disk"
	"omologa/internal/platform/italian"
	"omologa/internal/store"
)

// timeZone loads the rules and says their time zone, in which every
// receipt is dated and every time is written.
func timeZone(cfg *config.Config, now time.Time) []Check {
	rf, err := rules.Load(cfg.Rules)
	if err != nil {
		return []Check{problem("rules", "correct the line named, or copy the rules.yaml that came with this version of omologa", "%v", err)}
	}
	// Loading checks the zone (rating.time_zone): a zone this machine
	// does not know is a rules problem naming its line.
	return []Check{ok("rules", "%s loads: %d rule sets", cfg.Rules, len(rf.RuleSets)),
		ok("time zone", "%s: it is %s there now", rf.Rating.TimeZone, italian.DateTime(now, rf.Rating.Location()))}
}

// openStore opens the store (creating it, as every command does, when
// missing) and runs SQLite's integrity check; the store is returned open
// for the checks that read it.
func openStore(ctx context.Context, cfg *config.Config) (*store.Store, Check) {
	const fix = "restore the latest verified backup: omologa restore --config FILE BACKUP"
	st, err := store.Open(ctx, cfg.Store.Path)
	if err != nil {
		return nil, problem("store", "check store.path and that this user may write its folder; if the file is damaged, "+fix, "%v", err)
	}
	if err := st.Integrity(ctx); err != nil {
		st.Close()
		return nil, problem("store", fix, "%v", err)
	}
	size, err := st.Size(ctx)
	if err != nil {
		st.Close()
		return nil, problem("store", fix, "%v", err)
	}
	return st, ok("store", "%s opens and passes integrity_check (%s)", cfg.Store.Path, italian.Size(size))
}

// folders checks that each folder the office writes exists, or can be
// made, and that this user may write in it: under systemd each must be
// in ReadWritePaths=.
func folders(cfg *config.Config) []Check {
	type folder struct{ name, path string }
	var dirs []folder
	if cfg.Drop != nil {
		dirs = append(dirs, folder{"drop", cfg.Drop.Folder})
	}
	dirs = append(dirs, folder{"spool", cfg.Spool}, folder{"store", filepath.Dir(cfg.Store.Path)})
	if cfg.SMTP == nil {
		dirs = append(dirs, folder{"outbox", cfg.Outbox})
	}
	if cfg.Backup != nil {
		dirs = append(dirs, folder{"backups", cfg.Backup.Folder})
	}
	dirs = append(dirs, folder{"publish", cfg.PublishDir("")})
	var out []Check
	for _, f := range dirs {
		out = append(out, writable("folder "+f.name, f.path))
	}
	return out
}

// writable checks one folder by writing a probe file in it (removed at
// once); a missing folder is fine when its nearest parent is writable,
// since the office makes its folders as it needs them.
func writable(name, dir string) Check {
	fix := "create it and give it to the service's user: install -d -o omologa -g omologa -m 750 " + dir
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		parent, _ := nearest(filepath.Dir(dir))
		if err := probeWrite(parent); err != nil {
			return problem(name, fix, "%s does not exist and cannot be made: %v", dir, err)
		}
		return ok(name, "%s does not exist yet: it is made when first needed", dir)
	case err != nil:
		return problem(name, fix, "%v", err)
	case !st.IsDir():
		return problem(name, "point the configuration at a folder", "%s is not a folder", dir)
	}
	if err := probeWrite(dir); err != nil {
		return problem(name, "let the service's user write it: chown omologa "+dir+" (and list it in ReadWritePaths= of the unit)",
			"%s is not writable by this user: %v", dir, err)
	}
	return ok(name, "%s is writable", dir)
}

// nearest is dir, or the nearest of its parents that exists, with what
// it is (nil when not even the root can be read).
func nearest(dir string) (string, os.FileInfo) {
	for {
		st, err := os.Stat(dir)
		if err == nil || dir == filepath.Dir(dir) {
			return dir, st
		}
		dir = filepath.Dir(dir)
	}
}

func probeWrite(dir string) error {
	f, err := os.CreateTemp(dir, ".omologa-doctor-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// secrets checks every password and token source: the file exists, is
// not empty and no one but its owner and group may read it. What it
// holds is never shown.
func secrets(cfg *config.Config) []Check {
	m := cfg.Secrets()
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	var out []Check
	for _, n := range names {
		s := m[n]
		name := "secret " + n
		if s.Env != "" {
			if _, err := s.Read(); err != nil {
				out = append(out, problem(name, "set "+s.Env+" in the service's environment, or use password_file", "%v", err))
				continue
			}
			out = append(out, ok(name, "from the environment variable %s (set)", s.Env))
			continue
		}
		path, err := s.Path()
		if err != nil {
			out = append(out, problem(name, "add password_file beside password_credential, or run under systemd", "%v", err))
			continue
		}
		st, err := os.Stat(path)
		if err != nil {
			out = append(out, problem(name, "write the secret into "+path+" (chmod 600, owned by the service's user)", "%v", err))
			continue
		}
		if perm := st.Mode().Perm(); perm&0o007 != 0 {
			out = append(out, problem(name, "chmod 600 "+path, "%s is readable by others (mode %04o)", path, perm))
			continue
		}
		if n != "metrics" {
			if _, err := s.Read(); err != nil {
				out = append(out, problem(name, "write the secret into "+path, "%v", err))
				continue
			}
		} else if b, err := os.ReadFile(path); err != nil || strings.TrimSpace(string(b)) == "" {
			out = append(out, problem(name, "write a long random token into "+path, "%s is empty or unreadable", path))
			continue
		}
		out = append(out, ok(name, "%s, mode %04o: not readable by others", path, st.Mode().Perm()))
	}
	return out
}

// loadedRegisters loads the registers the validator judges with (the
// store's imported ones first) and counts their rows: an empty register
// makes every file fail its check.
func loadedRegisters(ctx context.Context, st *store.Store, cfg *config.Config) []Check {
	set, err := office.LoadRegisters(ctx, st, cfg)
	if err != nil {
		return []Check{problem("registers", "correct the line named, then import the register: omologa import --config "+cfg.File+" KIND FILE", "%v", err)}
	}
	players := 0
	if set.Players != nil {
		players = len(set.Players.Rows)
	}
	var out []Check
	for _, r := range []struct {
		kind, file, what string
		rows             int
	}{
		{store.RegisterPlayers, cfg.Registers.Players, "players (membership, ratings)", players},
		{store.RegisterArbiters, cfg.Registers.Arbiters, "arbiters", len(set.Arbiters)},
		{store.RegisterCalendar, cfg.Registers.Calendar, "authorised tournaments (authorisation)", len(set.Calendar)},
	} {
		name := "register " + r.kind
		from := r.file
		if _, _, imported, err := st.Register(ctx, r.kind); err == nil && imported {
			from = "the store (imported)"
		}
		if r.rows == 0 {
			out = append(out, problem(name, fmt.Sprintf("import the federation's register: omologa import --config %s %s FILE", cfg.File, r.kind),
				"no rows: every file would fail the checks against the %s", r.what))
			continue
		}
		out = append(out, ok(name, "%s, from %s", italian.Count(r.rows, "row", "rows"), from))
	}
	return out
}

// room checks the free room of the disks the office writes: the store's
// and, when elsewhere, the backups'.
func room(cfg *config.Config) []Check {
	min := cfg.Metrics.DiskFreePercent()
	dirs := []string{filepath.Dir(cfg.Store.Path)}
	if cfg.Backup != nil {
		dirs = append(dirs, cfg.Backup.Folder)
	}
	var out []Check
	seen := map[uint64]bool{} // the devices already said
	for _, d := range dirs {
		d, st := nearest(d)
		if st == nil {
			out = append(out, problem("disk", "check the folder", "%s cannot be read", d))
			continue
		}
		if sys, isUnix := st.Sys().(*syscall.Stat_t); isUnix {
			if seen[sys.Dev] {
				continue
			}
			seen[sys.Dev] = true
		}
		sp, err := disk.Of(d)
		if err != nil {
			out = append(out, problem("disk", "check the folder", "%v", err))
			continue
		}
		pct := sp.FreePercent()
		if pct < float64(min) {
			out = append(out, problem("disk", fmt.Sprintf("free room on the disk of %s (at least %d %% for /readyz)", d, min),
				"the disk of %s has %s free (%s %%)", d, italian.Size(int64(sp.Free)), italian.Float(pct, 1)))
			continue
		}
		out = append(out, ok("disk", "the disk of %s has %s free (%s %%)", d, italian.Size(int64(sp.Free)), italian.Float(pct, 1)))
	}
	return out
}
