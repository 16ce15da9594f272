package main

import (
	"fmt"
	"io"
	"omologa/internal/platform/clock"
	"os"
	"strings"
	"time"
)

// progress draws a one-line bar on a terminal for runs long enough to
// leave a person wondering (a season generated, a period's files read).
// It draws nothing when the writer is not a terminal, so logs, pipes and
// --json output stay clean.
type progress struct {
	w            io.Writer
	label        string
	total, done  int
	last         clock.Stopwatch
	drawn, shown bool
}

// progressMin is the number of items below which no bar is worth drawing.
const progressMin = 20

// newProgress starts a bar for total items on w (the command's stderr).
func newProgress(w io.Writer, label string, total int) *progress {
	return &progress{w: w, label: label, total: total, shown: total >= progressMin && isTerminal(w)}
}

// isTerminal reports whether w is a character device: a terminal, not a
// file or a pipe.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Add counts n more items done, redrawing at most ten times a second.
func (p *progress) Add(n int) {
	p.done += n
	if !p.shown || (p.last.Elapsed() < 100*time.Millisecond && p.done < p.total) {
		return
	}
	p.last = clock.Start()
	p.draw()
}

func (p *progress) draw() {
	const width = 30
	filled := 0
	if p.total > 0 {
		filled = min(width, p.done*width/p.total)
	}
	fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d", p.label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.done, p.total)
	p.drawn = true
}

// Done clears the bar, so that what the command prints next starts on a
// clean line.
func (p *progress) Done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}
