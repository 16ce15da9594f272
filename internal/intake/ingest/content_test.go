package ingest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bytesOf is a Content's bytes, for assertions (an unreadable one shows
// as a mismatch).
func bytesOf(c Content) []byte { b, _ := c.ReadAll(); return b }

func sha(b []byte) string { h := sha256.Sum256(b); return hex.EncodeToString(h[:]) }

// spoolFiles lists what a spool folder holds.
func spoolFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// failingReader gives its bytes, then an error.
type failingReader struct{ r io.Reader }

var errBroken = errors.New("connection reset")

func (f *failingReader) Read(b []byte) (int, error) {
	n, err := f.r.Read(b)
	if err == io.EOF {
		return n, errBroken
	}
	return n, err
}

func TestSpoolReadUpTo(t *testing.T) {
	data := []byte(strings.Repeat("0123456789", 10_000)) // 100,000 bytes
	for _, tc := range []struct {
		name    string
		r       func() io.Reader
		max     int64
		want    []byte
		wantErr error
	}{
		{"all of it", func() io.Reader { return bytes.NewReader(data) }, 1 << 20, data, nil},
		{"over the limit", func() io.Reader { return bytes.NewReader(data) }, 1000, data[:1000], nil},
		{"exactly at the limit", func() io.Reader { return bytes.NewReader(data) }, int64(len(data)), data, nil},
		{"one under the limit", func() io.Reader { return bytes.NewReader(data) }, int64(len(data)) + 1, data, nil},
		{"empty", func() io.Reader { return strings.NewReader("") }, 10, []byte{}, nil},
		{"reader error keeps what was read", func() io.Reader { return &failingReader{bytes.NewReader(data[:5000])} }, 1 << 20, data[:5000], errBroken},
	} {
		inMemoryAndSpooled(t, tc.name, func(t *testing.T, sp *Spool, dir string) {
			spooled := sp != nil
			c, n, err := sp.ReadUpTo(tc.r(), tc.max)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if n != int64(len(tc.want)) || c.Size() != n {
				t.Errorf("n = %d, size %d, want %d", n, c.Size(), len(tc.want))
			}
			if c.Hash() != sha(tc.want) || !bytes.Equal(bytesOf(c), tc.want) {
				t.Errorf("content or hash differ from the bytes read")
			}
			if c.Spooled() != spooled {
				t.Errorf("spooled = %v", c.Spooled())
			}
			if got := spoolFiles(t, dir); spooled != (len(got) == 1) {
				t.Errorf("spool holds %q", got)
			}
			if err := c.Remove(); err != nil {
				t.Fatal(err)
			}
			if got := spoolFiles(t, dir); len(got) != 0 {
				t.Errorf("after Remove the spool holds %q", got)
			}
		})
	}
}

// inMemoryAndSpooled runs f as name/memory with a nil Spool, and as
// name/spool with a real one in dir.
func inMemoryAndSpooled(t *testing.T, name string, f func(t *testing.T, sp *Spool, dir string)) {
	t.Helper()
	t.Run(name+"/memory", func(t *testing.T) { f(t, nil, t.TempDir()) })
	t.Run(name+"/spool", func(t *testing.T) {
		dir := t.TempDir()
		sp, err := NewSpool(dir)
		if err != nil {
			t.Fatal(err)
		}
		f(t, sp, dir)
	})
}

// A spool that cannot be written loses nothing silently: the Content is
// the zero one (nothing kept) and the error says the spool failed.
func TestSpoolReadUpTo_SpoolFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "incoming")
	sp, err := NewSpool(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	c, _, err := sp.ReadUpTo(strings.NewReader("012 torneo"), 100)
	if err == nil || !c.IsZero() {
		t.Fatalf("ReadUpTo into a vanished spool = %+v, %v; want the zero Content and an error", c, err)
	}
	if !errors.Is(err, ErrSpool) {
		t.Errorf("err = %v, want ErrSpool", err)
	}
	// An archive cannot be taken apart into it either: an error, not a
	// problem telling the arbiter the file is unreadable.
	out, problems, err := ExpandArchives([]File{{Name: "t.zip", Content: Bytes(zipOf(t, map[string][]byte{"a.trf": []byte("012 A")}))}},
		Limits{}, sp)
	if !errors.Is(err, ErrSpool) || out != nil || problems != nil {
		t.Errorf("ExpandArchives into a vanished spool = %v, %q, %v; want ErrSpool", out, problems, err)
	}
}

// NewSpool sweeps what a crashed process left (its own files, a day
// old), and nothing else.
func TestNewSpool_SweepsLeftovers(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, spoolPrefix+"old")
	fresh := filepath.Join(dir, spoolPrefix+"fresh")
	other := filepath.Join(dir, "notes.txt")
	for _, p := range []string{old, fresh, other} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-2 * staleSpool)
	for _, p := range []string{old, other} {
		if err := os.Chtimes(p, past, past); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := NewSpool(dir); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(spoolFiles(t, dir), " "); got != spoolPrefix+"fresh notes.txt" {
		t.Errorf("after the sweep the spool holds %q", got)
	}
}

// The one content hash: bytes hashed as they stream through a Hasher,
// in pieces, are named as a Content of the same bytes is (SHA-256, hex).
func TestHasherNamesAsContent(t *testing.T) {
	h := NewHasher()
	h.Write([]byte("a"))
	h.Write([]byte("bc"))
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if h.Hex() != abc || Bytes([]byte("abc")).Hash() != abc {
		t.Errorf("Hasher %s, Bytes %s, want %s", h.Hex(), Bytes([]byte("abc")).Hash(), abc)
	}
	if NewHasher().Hex() != Bytes(nil).Hash() {
		t.Error("no bytes: Hasher and Bytes disagree")
	}
}
