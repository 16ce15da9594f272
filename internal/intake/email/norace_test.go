//go:build !race

package email

const raceEnabled = false
