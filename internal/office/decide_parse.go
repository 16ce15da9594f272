package office

import (
	"fmt"
	"strconv"
	"strings"

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
// rating of a player, from 1 to 3500.
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
	if err != nil || r < 1 || r > 3500 {
		return DecideOp{}, fmt.Errorf("%q: the rating must be a whole number from 1 to 3500", v)
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
