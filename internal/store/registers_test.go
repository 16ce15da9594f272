package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// Every imported version of a register is kept; undoing the latest puts
// the one before back in force, and the stamp tells a running daemon.
func TestRegisterVersions(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	stamp := func() string {
		t.Helper()
		v, err := s.RegistersStamp(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	s0 := stamp()
	// An import from before versions were kept becomes the first version.
	if err := s.SaveRegister(ctx, RegisterPlayers, "old.csv", []byte("old"), 3, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.ImportRegister(ctx, RegisterPlayers, "new.csv", []byte("new"), 4, "anna", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	s1 := stamp()
	if s1 == s0 {
		t.Error("the stamp did not change with an import")
	}
	vs, err := s.RegisterHistory(ctx, RegisterPlayers)
	if err != nil || len(vs) != 2 || vs[0].Name != "new.csv" || !vs[0].InForce || vs[1].InForce || vs[0].ImportedBy != "anna" {
		t.Fatalf("history %+v %v", vs, err)
	}
	v, err := s.UndoRegister(ctx, RegisterPlayers, "bruno", t0.Add(2*time.Hour))
	if err != nil || v.Name != "new.csv" {
		t.Fatalf("undo %+v %v", v, err)
	}
	if name, data, ok, _ := s.Register(ctx, RegisterPlayers); !ok || name != "old.csv" || string(data) != "old" {
		t.Errorf("after undo: %s %q", name, data)
	}
	if stamp() == s1 {
		t.Error("the stamp did not change with an undo")
	}
	if _, err := s.UndoRegister(ctx, RegisterPlayers, "bruno", t0); err != nil {
		t.Fatal(err)
	}
	if _, _, ok, _ := s.Register(ctx, RegisterPlayers); ok {
		t.Error("undoing every import leaves a register in force: the configured file should be")
	}
	if _, err := s.UndoRegister(ctx, RegisterPlayers, "bruno", t0); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo with nothing left: %v", err)
	}
}

// The public stamp changes with every change to what the public site
// reads, even when the times recorded do not: two imports in one
// second of a pinned clock.
func TestPublicStampCountsChanges(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	at := time.Date(2026, 12, 31, 10, 0, 0, 0, time.UTC)
	var stamps []string
	for i, data := range []string{"id\n1\n", "id\n2\n"} {
		if err := s.SaveRegister(ctx, RegisterPlayers, "players.csv", []byte(data), 1, at); err != nil {
			t.Fatal(err)
		}
		st, err := s.PublicStamp(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && st == stamps[i-1] {
			t.Errorf("a second import at the same time left the stamp %q", st)
		}
		stamps = append(stamps, st)
	}
}
