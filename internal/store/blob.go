package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"

	"omologa/internal/intake/ingest"
	"omologa/internal/platform/failure"
)

// blobChunk is the size of the chunks stored bytes are kept in: a
// message of tens of megabytes is written and read a chunk at a time, so
// that neither SQLite nor omologa holds it whole (issue 13).
const blobChunk = 1 << 20

// ErrNotKept is OpenRaw's error for a submission whose original was not
// kept (a file over the size limit, recorded by its hash alone).
var ErrNotKept = failure.New(failure.NotFound, "original not kept")

// putBlob stores c's bytes under their SHA-256, a chunk at a time, unless
// that content is stored already. The bytes read must be those c names
// (its size and hash): a spool file changed under us fails the
// transaction rather than record other bytes under its hash. buf is the
// chunk buffer, reused across calls.
func putBlob(ctx context.Context, tx *sql.Tx, c ingest.Content, buf []byte) error {
	key := c.Hash()
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM blobs WHERE key = ? AND seq = 0`, key).Scan(&one)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	r, err := c.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	h := ingest.NewHasher()
	var size int64
	for seq := 0; ; seq++ {
		n, err := io.ReadFull(r, buf)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return err
		}
		// Chunk 0 is stored even empty: a content's chunk 0 says it is
		// stored.
		if n > 0 || seq == 0 {
			h.Write(buf[:n])
			size += int64(n)
			if _, err := tx.ExecContext(ctx, `INSERT INTO blobs (key, seq, data) VALUES (?, ?, ?)`, key, seq, buf[:n]); err != nil {
				return err
			}
		}
		if n < len(buf) {
			break
		}
	}
	if got := h.Hex(); got != key || size != c.Size() {
		return fmt.Errorf("content changed while being recorded: %d bytes with SHA-256 %s, expected %d with %s", size, got, c.Size(), key)
	}
	return nil
}

// blobReader reads a stored content a chunk at a time, one query for
// each: no read transaction is held open between reads, so a slow reader
// (a download) never keeps the database's log from being checkpointed.
type blobReader struct {
	ctx   context.Context
	db    *sql.DB
	key   string
	seq   int
	chunk []byte // the last chunk read, its memory reused
	buf   []byte // what is left of it to read
	done  bool
}

func (s *Store) openBlob(ctx context.Context, key string) *blobReader {
	return &blobReader{ctx: ctx, db: s.db, key: key}
}

func (r *blobReader) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.done {
			return 0, io.EOF
		}
		found, err := r.next()
		if err != nil {
			return 0, fmt.Errorf("store: blob %s chunk %d: %w", r.key, r.seq, err)
		}
		if !found && r.seq == 0 {
			return 0, fmt.Errorf("store: blob %s: %w", r.key, sql.ErrNoRows)
		}
		r.done = !found
		r.seq++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// next reads the next chunk into r.buf, reusing its memory (RawBytes:
// the driver's copy is not copied again).
func (r *blobReader) next() (bool, error) {
	rows, err := r.db.QueryContext(r.ctx, `SELECT data FROM blobs WHERE key = ? AND seq = ?`, r.key, r.seq)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return false, rows.Err()
	}
	var b sql.RawBytes
	if err := rows.Scan(&b); err != nil {
		return false, err
	}
	r.chunk = append(r.chunk[:0], b...)
	r.buf = r.chunk
	return true, rows.Close()
}

// Close ends the reading; it never fails.
func (r *blobReader) Close() error {
	r.done, r.chunk, r.buf = true, nil, nil
	return nil
}

// readBlob returns a stored content whole: for one file, which the size
// limit bounds, never for an original.
func (s *Store) readBlob(ctx context.Context, key string, size int64) ([]byte, error) {
	return readSized(s.openBlob(ctx, key), size)
}

// readSized reads r whole into a slice of the size expected.
func readSized(r io.Reader, size int64) ([]byte, error) {
	b := make([]byte, 0, max(size, 0))
	if _, err := io.Copy(bytesWriter{&b}, r); err != nil {
		return nil, err
	}
	return b, nil
}

// bytesWriter appends to a slice sized beforehand (io.ReadAll would grow
// its own, doubling).
type bytesWriter struct{ b *[]byte }

func (w bytesWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// OpenRaw reads a submission's original as received, a chunk at a time.
// It is ErrNotKept when the original was not kept. The caller closes
// the reader.
func (s *Store) OpenRaw(ctx context.Context, id int64) (io.ReadCloser, error) {
	var key string
	err := s.db.QueryRowContext(ctx, `SELECT raw_blob FROM submissions WHERE id = ?`, id).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noSubmission(id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: original of submission %d: %w", id, err)
	}
	if key == "" {
		return nil, fmt.Errorf("store: submission %d: %w", id, ErrNotKept)
	}
	return s.openBlob(ctx, key), nil
}
