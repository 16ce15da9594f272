package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"omologa/internal/intake/ingest"
	"omologa/internal/platform/atomicfile"
	"omologa/internal/store/lock"
)

// Inventory is what a store file holds, as a backup or a restore says.
type Inventory struct {
	Path             string `json:"path"`
	SchemaVersion    int    `json:"schema_version"`
	Submissions      int    `json:"submissions"`
	Files            int    `json:"files"`
	Verdicts         int    `json:"verdicts"`
	Notices          int    `json:"notices"`
	Lists            int    `json:"lists"`
	Registers        int    `json:"registers"`
	RegisterVersions int    `json:"register_versions"`
	Blobs            int    `json:"blobs"`      // originals and files, each once
	BlobBytes        int64  `json:"blob_bytes"` // their bytes
	// Previous, for a restore over an existing store, is where that
	// store was kept (a consistent copy) before it was replaced.
	Previous string `json:"previous,omitempty"`
}

// Backup writes a consistent copy of the store to dst while other
// processes (the daemon, the web office) go on writing it: SQLite's
// VACUUM INTO reads one snapshot of the database, the registers, lists
// and originals it holds included. The copy is written beside dst,
// checked as Verify checks it, synced, and only then renamed to dst; an
// existing dst is an error (a backup never overwrites one).
func (s *Store) Backup(ctx context.Context, dst string) (Inventory, error) {
	if _, err := os.Lstat(dst); err == nil {
		return Inventory{}, fmt.Errorf("backup: %s already exists", dst)
	}
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Inventory{}, fmt.Errorf("backup: %w", err)
	}
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d.tmp", filepath.Base(dst), os.Getpid()))
	os.Remove(tmp)
	defer os.Remove(tmp)
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		return Inventory{}, fmt.Errorf("backup to %s: %w", dst, err)
	}
	inv, err := Verify(ctx, tmp)
	if err != nil {
		return Inventory{}, fmt.Errorf("backup to %s: the copy does not check: %w", dst, err)
	}
	if err := syncFile(tmp); err != nil {
		return Inventory{}, fmt.Errorf("backup: %w", err)
	}
	if _, err := os.Lstat(dst); err == nil {
		return Inventory{}, fmt.Errorf("backup: %s already exists", dst)
	}
	if err := atomicfile.Move(tmp, dst); err != nil {
		return Inventory{}, fmt.Errorf("backup: %w", err)
	}
	inv.Path = dst
	return inv, nil
}

// IntegrityError says a store file does not check.
type IntegrityError struct {
	Path    string
	Reasons []string
}

func (e *IntegrityError) Error() string {
	return fmt.Sprintf("%s is damaged: %s", e.Path, strings.Join(e.Reasons, "; "))
}

// Verify checks the store file at path without changing it: SQLite's
// integrity_check and foreign_key_check, and every blob's SHA-256 against
// its key (the bytes of every original and file); it returns what the
// file holds. A damaged file is an *IntegrityError naming what is wrong.
func Verify(ctx context.Context, path string) (Inventory, error) {
	if _, err := os.Stat(path); err != nil {
		return Inventory{}, err
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return Inventory{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ierr := &IntegrityError{Path: path}
	if ierr.Reasons, err = integrity(ctx, db); err != nil {
		return Inventory{}, fmt.Errorf("%s: not a store: %w", path, err)
	}
	if len(ierr.Reasons) > 0 {
		return Inventory{}, ierr
	}
	inv := Inventory{Path: path}
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&inv.SchemaVersion); err != nil {
		return Inventory{}, err
	}
	if inv.SchemaVersion == 0 {
		return Inventory{}, fmt.Errorf("%s: not an omologa store (no schema)", path)
	}
	if inv.SchemaVersion > len(migrations) {
		return Inventory{}, fmt.Errorf("%s: schema version %d is newer than this program (%d): upgrade omologa", path, inv.SchemaVersion, len(migrations))
	}
	var fk int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_foreign_key_check`).Scan(&fk); err != nil {
		return Inventory{}, err
	}
	if fk > 0 {
		ierr.Reasons = append(ierr.Reasons, fmt.Sprintf("%d rows refer to rows that are not there", fk))
	}
	for _, c := range []struct {
		n     *int
		table string
	}{
		{&inv.Submissions, "submissions"}, {&inv.Files, "files"}, {&inv.Verdicts, "verdicts"}, {&inv.Notices, "notices"},
		{&inv.Lists, "rating_lists"}, {&inv.Registers, "registers"}, {&inv.RegisterVersions, "register_versions"},
	} {
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+c.table).Scan(c.n); err != nil {
			return Inventory{}, fmt.Errorf("%s: %s: %w", path, c.table, err)
		}
	}
	if err := verifyBlobs(ctx, db, &inv, ierr); err != nil {
		return Inventory{}, err
	}
	if len(ierr.Reasons) > 0 {
		return Inventory{}, ierr
	}
	return inv, nil
}

// verifyBlobs hashes every blob a chunk at a time and compares it with
// its key (an original kept before blobs, 'submission:' and an id, has
// no hash to compare: it is counted); a file or original whose blob is
// missing is reported too.
func verifyBlobs(ctx context.Context, db *sql.DB, inv *Inventory, ierr *IntegrityError) error {
	rows, err := db.QueryContext(ctx, `SELECT key, seq, data FROM blobs ORDER BY key, seq`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var key string
	var next int
	h := ingest.NewHasher()
	done := func() {
		if key == "" {
			return
		}
		inv.Blobs++
		if !strings.HasPrefix(key, "submission:") {
			if got := h.Hex(); got != key {
				ierr.Reasons = append(ierr.Reasons, fmt.Sprintf("blob %s holds other bytes (SHA-256 %s)", key, got))
			}
		}
	}
	for rows.Next() {
		var k string
		var seq int
		var data []byte
		if err := rows.Scan(&k, &seq, &data); err != nil {
			return err
		}
		if k != key {
			done()
			key, next = k, 0
			h.Reset()
		}
		if seq != next {
			ierr.Reasons = append(ierr.Reasons, fmt.Sprintf("blob %s lacks chunk %d", k, next))
		}
		next = seq + 1
		h.Write(data)
		inv.BlobBytes += int64(len(data))
	}
	if err := rows.Err(); err != nil {
		return err
	}
	done()
	for _, q := range []struct{ what, sql string }{
		{"files", `SELECT count(*) FROM files f WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.key = f.hash)`},
		{"originals", `SELECT count(*) FROM submissions s WHERE s.raw_blob <> '' AND NOT EXISTS (SELECT 1 FROM blobs b WHERE b.key = s.raw_blob)`},
	} {
		var n int
		if err := db.QueryRowContext(ctx, q.sql).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			ierr.Reasons = append(ierr.Reasons, fmt.Sprintf("%d %s without their bytes", n, q.what))
		}
	}
	return nil
}

// Restore puts the backup src in place of the store at dst: src is
// checked first (Verify); the store must not be held by a daemon or any
// other omologa process (its lock, internal/store/lock), and stays
// locked while it is replaced; an existing store is kept beside it (a
// consistent copy, named in the Inventory's Previous) before it is
// replaced. The restored store is opened once, so that an older
// backup's schema is brought up to date, and its inventory returned.
func Restore(ctx context.Context, src, dst string, now time.Time) (Inventory, error) {
	inv, err := Verify(ctx, src)
	if err != nil {
		return Inventory{}, err
	}
	lk, err := lock.Acquire(dst, "restore")
	if err != nil {
		var held *lock.HeldError
		if errors.As(err, &held) {
			return Inventory{}, fmt.Errorf("restore: the store %s is in use: %w", dst, err)
		}
		return Inventory{}, err
	}
	defer lk.Release()
	if abs(src) == abs(dst) {
		return Inventory{}, fmt.Errorf("restore: %s is the store itself", src)
	}
	if _, err := os.Stat(dst); err == nil {
		// The store replaced is kept: a consistent copy of it, with what
		// its WAL holds.
		old, err := Open(ctx, dst)
		if err != nil {
			return Inventory{}, fmt.Errorf("restore: the store being replaced cannot be opened to keep a copy: %w", err)
		}
		prev := dst + ".before-restore-" + now.UTC().Format("20060102T150405Z")
		_, err = old.Backup(ctx, prev)
		old.Close()
		if err != nil {
			return Inventory{}, fmt.Errorf("restore: keeping the store being replaced: %w", err)
		}
		inv.Previous = prev
	}
	err = atomicfile.WriteFrom(dst, func(w io.Writer) error {
		f, err := os.Open(src)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(w, f)
		return err
	}, 0o644)
	if err != nil {
		return Inventory{}, fmt.Errorf("restore: %w", err)
	}
	// The old store's WAL and shared memory belong to the file replaced.
	for _, x := range []string{"-wal", "-shm"} {
		if err := os.Remove(dst + x); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Inventory{}, fmt.Errorf("restore: %w", err)
		}
	}
	st, err := Open(ctx, dst)
	if err != nil {
		return Inventory{}, fmt.Errorf("restore: the restored store does not open: %w", err)
	}
	st.Close()
	prev := inv.Previous
	if inv, err = Verify(ctx, dst); err != nil {
		return Inventory{}, fmt.Errorf("restore: %w", err)
	}
	inv.Previous = prev
	return inv, nil
}

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// integrity runs SQLite's integrity_check on db: what it found wrong,
// none when the file is sound.
func integrity(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var reasons []string
	for rows.Next() {
		var msg string
		if err := rows.Scan(&msg); err != nil {
			return nil, err
		}
		if msg != "ok" {
			reasons = append(reasons, "integrity_check: "+msg)
		}
	}
	return reasons, rows.Err()
}

// Integrity runs SQLite's integrity_check on the open store (the pages
// and indexes, not the blobs' hashes, which Verify also checks): an
// *IntegrityError when it finds something wrong.
func (s *Store) Integrity(ctx context.Context) error {
	reasons, err := integrity(ctx, s.db)
	if err != nil {
		return fmt.Errorf("store: integrity_check: %w", err)
	}
	if len(reasons) > 0 {
		return &IntegrityError{Path: s.path, Reasons: reasons}
	}
	return nil
}
