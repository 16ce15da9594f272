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
