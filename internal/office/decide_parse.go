package office

import (
	"fmt"
	"strconv"
	"strings"

	"omologa/internal/rating"
	"omologa/internal/store"
)

// The decisions as the office writes them (omologa decide's values):
// a starting number, START=RATING for a theoretical rating.

// startOf reads a starting number.
func startOf(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a starting number", v)
	}
	return n, nil
}

// WithdrawalOp reads the starting number of a player whose withdrawal
// the office judged (value store.WithdrawalJustified or
// store.WithdrawalUnjustified).
func WithdrawalOp(v, value string) (DecideOp, error) {
	n, err := startOf(v)
	if err != nil {
		return DecideOp{}, err
	}
	return DecideOp{Decision: store.Decision{Start: n, Kind: store.DecisionWithdrawal, Value: value}}, nil
}

// TheoreticalOp reads START=RATING, the chief arbiter's theoretical
// rating of a player, in rating.TheoreticalInRange.
func TheoreticalOp(v string) (DecideOp, error) {
	key, val, ok := strings.Cut(v, "=")
	if !ok {
		return DecideOp{}, fmt.Errorf("%q: START=RATING expected", v)
	}
	n, err := startOf(key)
	if err != nil {
		return DecideOp{}, fmt.Errorf("%q: %w", v, err)
	}
	r, err := strconv.Atoi(strings.TrimSpace(val))
	if err != nil || !rating.TheoreticalInRange(r) {
		return DecideOp{}, fmt.Errorf("%q: the rating must be a whole number from %d to %d", v, rating.MinTheoretical, rating.MaxTheoretical)
	}
	return DecideOp{Decision: store.Decision{Start: n, Kind: store.DecisionTheoretical, Value: strconv.Itoa(r)}}, nil
}

// ClearOp reads the starting number of a player whose decisions go.
func ClearOp(v string) (DecideOp, error) {
	n, err := startOf(v)
	if err != nil {
		return DecideOp{}, err
	}
	return DecideOp{Clear: true, Decision: store.Decision{Start: n}}, nil
}
