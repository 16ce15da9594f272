package rating

// push appends x to s, doubling the capacity when s is full. append
// grows a large slice by a quarter at a time, which copies a million
// rows of a report or of a period's variations about five times over
// (FIDE's month, issue 31); doubling copies them about once.
func push[T any](s []T, x T) []T {
	if len(s) == cap(s) && len(s) >= 256 {
		grown := make([]T, len(s), 2*len(s))
		copy(grown, s)
		s = grown
	}
	return append(s, x)
}

// blocks is a growing sequence of T kept in blocks of blockLen, for the
// accumulators of a period's players and their variations: a slice
// grown to a hundred thousand of them was copied, and fresh memory zeroed and faulted in,
// at every doubling (issue 31); blocks are never moved, so that at
// gives a pointer that stays good.
type blocks[T any] struct {
	b [][]T
	n int
}

const blockLen = 4096

// add appends x and returns its position.
func (s *blocks[T]) add(x T) int {
	if s.n%blockLen == 0 {
		s.b = append(s.b, make([]T, 0, blockLen))
	}
	last := &s.b[len(s.b)-1]
	*last = append(*last, x)
	s.n++
	return s.n - 1
}

// at is the i-th element.
func (s *blocks[T]) at(i int32) *T { return &s.b[i/blockLen][i%blockLen] }

// len is the number of elements.
func (s *blocks[T]) len() int { return s.n }
