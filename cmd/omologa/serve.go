package main

import (
	"context"
	"io"

	"omologa/internal/daemon"
	"omologa/internal/office"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "the office's web application (queue, submissions, lists, players, registers, audit)",
		run:     runServe,
	})
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := newFlags(stderr, "serve", "usage: omologa serve [--config FILE] [--listen HOST:PORT] [--json] [-v]\n\n"+
		"Serves the office's web application; log in with an account made by `omologa user add`.")
	cfgPath := fl.String("config", defaultConfig(), "configuration file")
	listen := fl.String("listen", "", "address to serve, host:port (default: web.listen of the configuration, else 127.0.0.1:8080)")
	verbose := fl.Bool("v", false, "debug logging")
	asJSON := fl.Bool("json", false, "log one JSON object a line")
	if code, ok := parseFlags(fl, args); !ok {
		return code
	}
	cfg, log, ok := loadConfig(stderr, "serve", *cfgPath, *verbose, *asJSON)
	if !ok {
		return exitUsage
	}
	o, err := office.OpenWith(ctx, cfg, log)
	if err != nil {
		return failed(stderr, "serve", err)
	}
	defer o.Close()
	wc := daemon.DefaultWeb
	if cfg.Web != nil {
		wc = *cfg.Web
	}
	if *listen != "" {
		wc.Listen = *listen
	}
	if err := daemon.ServeWeb(ctx, o, &wc, log, stdout); err != nil {
		return failed(stderr, "serve", err)
	}
	return exitOK
}
