//go:build !lite

package main

import (
	"fmt"
	"log/slog"

	"omologa/internal/config"
	"omologa/internal/office"
)

// What a command that opens the office (store, web, mail) shares; left
// out of the lite front (lite.go), which never opens it.

// office opens the office of --config (openOffice), closed when the
// command returns; a failure is said.
func (c *call) office() (*office.Office, bool) {
	o, err := openOffice(c.ctx, *c.config)
	if err != nil {
		c.fail(err)
		return nil, false
	}
	c.closers = append(c.closers, o.Close)
	return o, true
}

// loadConfig loads --config and makes the command's logger (loadConfig),
// logging JSON with jsonLog; a failure is said.
func (c *call) loadConfig(jsonLog bool) (*config.Config, *slog.Logger, bool) {
	return loadConfig(c.stderr, c.name, *c.config, *c.verbose, jsonLog)
}

// exitFor is the exit code of an office act's failure: 1 when the act was
// already done (a list closed twice), 2 otherwise.
func exitFor(err error) int {
	if office.KindOf(err) == office.Conflict {
		return exitRejected
	}
	return exitUsage
}

// failAct says why an office act failed: exit 1 when it was already
// done, else 2 (exitFor).
func (c *call) failAct(err error) int {
	fmt.Fprintf(c.stderr, "omologa %s: %v\n", c.name, err)
	return exitFor(err)
}
