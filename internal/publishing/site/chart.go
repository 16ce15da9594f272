package site

import (
	"fmt"

	"github.com/wcharczuk/go-chart/v2/drawing"
)

// colourHex writes a chartkit colour for a page or a script: the
// players' chart is drawn by history.js with chartkit's colours.
func colourHex(c drawing.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
