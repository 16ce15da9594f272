package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestProgress(t *testing.T) {
	// Not a terminal (a buffer, like a pipe or a log file): nothing drawn.
	var buf bytes.Buffer
	p := newProgress(&buf, "checking", 100)
	for range 100 {
		p.Add(1)
	}
	p.Done()
	if buf.Len() != 0 {
		t.Errorf("drew %q on a non-terminal", buf.String())
	}

	// On a terminal: the bar ends full, and Done clears the line once.
	buf.Reset()
	p = &progress{w: &buf, label: "writing", total: 40, shown: true}
	for range 40 {
		p.Add(1)
	}
	if !strings.HasSuffix(buf.String(), "\rwriting ["+strings.Repeat("#", 30)+"] 40/40") {
		t.Errorf("last frame %q", buf.String())
	}
	p.Done()
	p.Done()
	if n := strings.Count(buf.String(), "\033[K"); n != 1 {
		t.Errorf("line cleared %d times, want once", n)
	}
}
