package fide

import "math"

// dpTable is FIDE-RR 8.1 a: dpTable[100·p] is the rating difference dp
// of a fractional score p, for p from 0.50 to 1.00; a score below 0.50
// mirrors it (the two tables are mirror images, 8.1). 1.00 shows 800
// "figuratively".
var dpTable = [51]int{
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50–.59
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60–.69
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70–.79
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80–.89
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90–.99
	800, // 1.00
}

// Hundredths rounds a fractional score to the two decimals table 8.1 a
// is read with, half up (8/9 = .889 → 89).
func Hundredths(points float64, games int) int {
	if games <= 0 {
		return 0
	}
	return int(math.Floor(points*100/float64(games) + 0.5 + 1e-9))
}

// DP returns dp for a fractional score of p hundredths (0–100), FIDE-RR
// 8.1 a.
func DP(p int) int {
	p = min(max(p, 0), 100)
	if p >= 50 {
		return dpTable[p-50]
	}
	return -dpTable[50-p]
}

// roundHalfUp rounds to the nearest unit, 0.5 up (8.32, 8.57).
func roundHalfUp(x float64) int { return int(math.Floor(x + 0.5 + 1e-9)) }
