package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteAndMove(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.trf")
	if err := Write(p, []byte("one"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("two"), 0o640); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Fatalf("content %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Fatalf("temporary files left: %v", es)
	}
	dsts := []string{filepath.Join(dir, "b.trf")}
	var a, b syscall.Stat_t
	if syscall.Stat(dir, &a) == nil && syscall.Stat("/dev/shm", &b) == nil && a.Dev != b.Dev {
		other, err := os.MkdirTemp("/dev/shm", "atomicfile-")
		if err == nil {
			defer os.RemoveAll(other)
			dsts = append(dsts, filepath.Join(other, "c.trf")) // across filesystems
		}
	}
	src := p
	for _, dst := range dsts {
		if err := Move(src, dst); err != nil {
			t.Fatalf("move to %s: %v", dst, err)
		}
		if _, err := os.Stat(src); !os.IsNotExist(err) {
			t.Fatalf("%s still there after the move", src)
		}
		if got, _ := os.ReadFile(dst); string(got) != "two" {
			t.Fatalf("%s holds %q", dst, got)
		}
		src = dst
	}
	if err := Write(filepath.Join(dir, "no", "such", "x"), nil, 0o644); err == nil {
		t.Fatal("wrote into a missing folder")
	}
}

func TestUnchanged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "list.csv")
	if Unchanged(p, nil) {
		t.Error("a missing file is unchanged")
	}
	if err := os.WriteFile(p, []byte("a,b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data string
		want bool
	}{{"a,b\n", true}, {"a,c\n", false}, {"a,b\n\n", false}, {"", false}} {
		if got := Unchanged(p, []byte(c.data)); got != c.want {
			t.Errorf("Unchanged(%q) = %v, want %v", c.data, got, c.want)
		}
	}
	if Unchanged(filepath.Dir(p), nil) {
		t.Error("a folder is unchanged")
	}
}
