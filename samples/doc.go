// Package samples holds the demo data of `make run` (tournament files,
// e-mails and registers, described in README.md) and the tests that keep
// it true: every sample reads cleanly and gets the verdict the README
// promises. It has no code of its own beyond the tests.
package samples
