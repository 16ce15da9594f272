package rating

import (
	"strconv"
)

// tableRow is one line of the table of RTF 4.3.4 (RAPID 7.5, FIDE-RR
// 8.1 b): rating differences From–To give the higher-rated player High
// per cent, the lower 100 − High.
type tableRow struct{ From, To, High int }

// eloTable is RTF 4.3.4 as printed, both columns read top to bottom.
var eloTable = []tableRow{
	{0, 3, 50}, {4, 10, 51}, {11, 17, 52}, {18, 25, 53}, {26, 32, 54},
	{33, 39, 55}, {40, 46, 56}, {47, 53, 57}, {54, 61, 58}, {62, 68, 59},
	{69, 76, 60}, {77, 83, 61}, {84, 91, 62}, {92, 98, 63}, {99, 106, 64},
	{107, 113, 65}, {114, 121, 66}, {122, 129, 67}, {130, 137, 68}, {138, 145, 69},
	{146, 153, 70}, {154, 162, 71}, {163, 170, 72}, {171, 179, 73}, {180, 188, 74},
	{189, 197, 75}, {198, 206, 76}, {207, 215, 77}, {216, 225, 78}, {226, 235, 79},
	{236, 245, 80}, {246, 256, 81}, {257, 267, 82}, {268, 278, 83}, {279, 290, 84},
	{291, 302, 85}, {303, 315, 86}, {316, 328, 87}, {329, 344, 88}, {345, 357, 89},
	{358, 374, 90}, {375, 391, 91}, {392, 411, 92}, {412, 432, 93}, {433, 456, 94},
	{457, 484, 95}, {485, 517, 96}, {518, 559, 97}, {560, 619, 98}, {620, 735, 99},
}

// tableMax is the last difference the table prints.
const tableMax = 735

// byDiff[d] is the higher player's percentage for difference d.
var byDiff = func() [tableMax + 1]int8 {
	var a [tableMax + 1]int8
	for _, r := range eloTable {
		for d := r.From; d <= r.To; d++ {
			a[d] = int8(r.High)
		}
	}
	return a
}()

// Expected returns the player's expected percentage (an integer 1–99)
// against an opponent when the player's rating minus the opponent's is
// diff, the difference capped at limit (RTF 4.3.1: 400).
func Expected(diff, limit int) int {
	if limit > tableMax {
		limit = tableMax
	}
	neg := diff < 0
	if neg {
		diff = -diff
	}
	if diff > limit {
		diff = limit
	}
	p := int(byDiff[diff])
	if neg {
		return 100 - p
	}
	return p
}

// PATenths turns the sum of the expected percentages of a player's games
// into the expected points PA in tenths of a point (RTF 4.3.1, RAPID
// 7.1): a second decimal of 1–5 is dropped, 6–9 raises the first.
func PATenths(sumPercent int) int { return (sumPercent + 4) / 10 }

// Tenths is an amount of points or rating in tenths (PA, V): the
// regulations keep one decimal, so integers in tenths are exact.
type Tenths int

// Float returns t as a number.
func (t Tenths) Float() float64 { return float64(t) / 10 }

// String writes t with one decimal: "-12.5", "3.0".
func (t Tenths) String() string {
	n := int(t)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	return sign + strconv.Itoa(n/10) + "." + strconv.Itoa(n%10)
}

// MarshalJSON writes t as a number with one decimal.
func (t Tenths) MarshalJSON() ([]byte, error) { return []byte(t.String()), nil }

// Delta returns V = K × (P − PA) in tenths, with the score P in half
// points and PA in tenths (RTF 4.3.1).
func Delta(k, scoreHalves, paTenths int) Tenths {
	return Tenths(k * (scoreHalves*5 - paTenths))
}

// Round returns a rating plus a variation in tenths rounded as RTF 4.3.3
// (RAPID 7.4): .1–.4 to the integer below, .5–.9 to the integer above.
func Round(rating int, v Tenths) int {
	t := rating*10 + int(v)
	return floorDiv(t+5, 10)
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
