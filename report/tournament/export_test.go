package tournament

import "io"

// WriteChart draws the tournament's chart as PNG (see NewChart), for the
// tests.
func WriteChart(w io.Writer, in Input) error {
	c, err := NewChart(in)
	if err != nil {
		return err
	}
	return c.WritePNG(w)
}
