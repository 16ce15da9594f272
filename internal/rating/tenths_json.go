package rating

import (
	"fmt"
	"math"
	"strconv"
)

// UnmarshalJSON reads what MarshalJSON writes (a number with one
// decimal), so that stored results (the pipeline's provisional
// variations, a list run's change report) read back.
func (t *Tenths) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("tenths %s: %w", b, err)
	}
	*t = Tenths(math.Round(f * 10))
	return nil
}
