//go:build !lite

package main

// handOver is the lite front's (front_lite.go): the full program runs
// every command itself.
func handOver(args []string) (code int, done bool) { return 0, false }
