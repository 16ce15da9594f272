package daemon

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

// DefaultWeb is the web section when the configuration has none: the
// loopback address only.
var DefaultWeb = config.Web{Listen: "127.0.0.1:8080", Session: config.DefaultWebSession, Language: "it"}

// ServeWeb serves the web application of o until ctx is done, saying its
// address on stdout once it listens.
func ServeWeb(ctx context.Context, o *office.Office, wc *config.Web, log *slog.Logger, stdout io.Writer) error {
	return serveWeb(ctx, o, wc, log, stdout, nil)
}

// serveWeb is ServeWeb with the vitals of the daemon the application
// runs in (nil: omologa serve alone, no intake nor delivery here).
func serveWeb(ctx context.Context, o *office.Office, wc *config.Web, log *slog.Logger, stdout io.Writer, v *office.Vitals) error {
	opt := webOptions(o, wc, log)
	opt.Vitals = v
	srv, err := web.New(opt)
	if err != nil {
		return err
	}
	return web.Serve(ctx, wc, srv.Handler(), log, func(url string) {
		fmt.Fprintf(stdout, "omologa: the office's web application is at %s\n", url)
		log.Info("web application listening", "url", url)
	})
}

// webOptions are the web application's: its section of the
// configuration, and the arbiters' portal with the bounds of the
// configuration's portal section.
func webOptions(o *office.Office, wc *config.Web, log *slog.Logger) web.Options {
	return web.Options{Office: o, Accounts: accounts.New(o.Store, wc.Session, o.Now), Web: wc, Log: log,
		WarmIndex: true, Portal: office.NewPortal(o, office.PortalOptionsOf(o.Config))}
}
