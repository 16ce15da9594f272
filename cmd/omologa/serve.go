package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"omologa/internal/config"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/web"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "the office's web application (queue, submissions, lists, players, registers, audit)",
		run:     runServe,
	})
}

// defaultWeb is the web section when the configuration has none: the
// loopback address only.
var defaultWeb = config.Web{Listen: "127.0.0.1:8080", Session: config.DefaultWebSession, Language: "it"}

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
	wc := defaultWeb
	if cfg.Web != nil {
		wc = *cfg.Web
	}
	if *listen != "" {
		wc.Listen = *listen
	}
	if err := serveWeb(ctx, o, &wc, log, stdout); err != nil {
		return failed(stderr, "serve", err)
	}
	return exitOK
}

// serveWeb serves the web application of o until ctx is done, printing
// its address once it listens.
func serveWeb(ctx context.Context, o *office.Office, wc *config.Web, log *slog.Logger, stdout io.Writer) error {
	srv, err := web.New(web.Options{Office: o, Accounts: accounts.New(o.Store, wc.Session, nil), Web: wc, Log: log,
		WarmIndex: true})
	if err != nil {
		return err
	}
	return web.Serve(ctx, wc, srv.Handler(), log, func(url string) {
		fmt.Fprintf(stdout, "omologa: the office's web application is at %s\n", url)
		log.Info("web application listening", "url", url)
	})
}
