// Package defaults fills the settings a caller left out: a limit, a
// count or a delay that is zero (or negative, which no setting means)
// takes its default. It is the one spelling of that rule for the
// options structs of the intakes, the parsers and the pipeline.
package defaults

// Number is what a setting with a default may be: a size, a count or a
// duration (an int64 underneath).
type Number interface {
	~int | ~int64
}

// Fill gives *v the default d when *v is zero or negative (left out).
func Fill[T Number](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}
