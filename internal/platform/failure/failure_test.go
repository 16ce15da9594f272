package failure

import (
	"errors"
	"fmt"
	"testing"
)

type own struct{}

func (own) Error() string     { return "own" }
func (own) FailureKind() Kind { return Conflict }

func TestOf(t *testing.T) {
	gone := New(NotFound, "no such thing")
	for _, c := range []struct {
		name string
		err  error
		want Kind
	}{
		{"nil", nil, 0},
		{"plain", errors.New("disk full"), 0},
		{"sentinel", gone, NotFound},
		{"wrapped sentinel", fmt.Errorf("store: thing 3: %w", gone), NotFound},
		{"own type, wrapped twice", fmt.Errorf("a: %w", fmt.Errorf("b: %w", own{})), Conflict},
		{"joined: the first that says", errors.Join(errors.New("x"), gone), NotFound},
	} {
		if got := Of(c.err); got != c.want {
			t.Errorf("%s: Of = %v, want %v", c.name, got, c.want)
		}
	}
	if !errors.Is(fmt.Errorf("w: %w", gone), gone) {
		t.Error("a wrapped sentinel is no longer itself")
	}
	if Is(errors.New("x"), 0) {
		t.Error("Is(_, 0) must be false")
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Invalid: "invalid", NotFound: "not found", Forbidden: "forbidden",
		Refused: "refused", Conflict: "conflict", 9: "failure.Kind(9)"} {
		if k.String() != want {
			t.Errorf("%d: %q, want %q", int(k), k.String(), want)
		}
	}
}
