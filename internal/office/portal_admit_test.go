package office

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"
)

// An upload is counted when it starts, and at most Judging uploads are
// judged at once across the server: the next one waits, then is told to
// come back (ErrBusy); a slot given back serves the next.
func TestAdmit(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	o := &Office{Now: func() time.Time { return now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	p := NewPortal(o, PortalOptions{MaxUploads: 3, Judging: 1, JudgeWait: time.Millisecond})
	anna, bea := &Person{Email: "anna@example.org"}, &Person{Email: "bea@example.org"}
	ctx := context.Background()

	actx, release, err := p.Admit(ctx, anna)
	if err != nil {
		t.Fatal(err)
	}
	// Bea's upload finds the one slot taken: refused, and not counted
	// against her (the server's load is not hers).
	if _, _, err := p.Admit(ctx, bea); !IsBusy(err) {
		t.Fatalf("second upload at once: %v, want ErrBusy", err)
	}
	// Anna's own pre-check inside her admission neither counts again nor
	// waits for the slot she holds.
	if r, err := p.admitted(actx, anna, 10); err != nil {
		t.Fatalf("admitted: %v", err)
	} else {
		r()
	}
	release()
	release() // twice is once
	if _, r, err := p.Admit(ctx, bea); err != nil {
		t.Fatalf("after the slot is given back: %v", err)
	} else {
		r()
	}
	if n := len(p.uploads[anna.Email]); n != 1 {
		t.Errorf("anna's uploads counted %d, want 1", n)
	}
	if n := len(p.uploads[bea.Email]); n != 1 {
		t.Errorf("bea's uploads counted %d, want 1", n)
	}
	// The hourly bound is met when an upload starts, before it is read.
	for range 2 {
		_, r, _ := p.Admit(ctx, bea)
		r()
	}
	if _, _, err := p.Admit(ctx, bea); err == nil || IsBusy(err) || KindOf(err) != Refused {
		t.Errorf("fourth upload in the hour: %v, want the hourly bound", err)
	}
}
