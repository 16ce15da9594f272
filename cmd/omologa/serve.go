//go:build !lite

package main

import (
	"omologa/internal/daemon"
	"omologa/internal/office"
)

const serveUsage = "usage: omologa serve [--config FILE] [--listen HOST:PORT] [--json] [-v]\n\n" +
	"Serves the office's web application; log in with an account made by `omologa user add`."

func runServe(c *call) int {
	listen := c.fs.String("listen", "", "address to serve, host:port (default: web.listen of the configuration, else 127.0.0.1:8080)")
	if code, ok := c.parse(); !ok {
		return code
	}
	cfg, log, ok := c.loadConfig(*c.json)
	if !ok {
		return exitUsage
	}
	o, err := office.OpenWith(c.ctx, cfg, log)
	if err != nil {
		return c.fail(err)
	}
	defer o.Close()
	wc := daemon.DefaultWeb
	if cfg.Web != nil {
		wc = *cfg.Web
	}
	if *listen != "" {
		wc.Listen = *listen
	}
	if err := daemon.ServeWeb(c.ctx, o, &wc, log, c.stdout); err != nil {
		return c.fail(err)
	}
	return exitOK
}
