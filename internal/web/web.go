// Package web is the office's web application: the queue of
// submissions, a submission with its notice, findings and files, the
// tournaments, the rating lists (closed ones and a preview of the next),
// the players with their rating history, the registers and the audit
// trail. It shows what the store holds and does every act through the
// office package, the same code the command line calls; it adds only
// the accounts' sessions and the pages.
//
// Security: server-side sessions (cookies HttpOnly, SameSite=Strict,
// Secure under TLS), cross-origin form posts refused
// (http.CrossOriginProtection), a Content-Security-Policy allowing no
// script at all, every value escaped by html/template, each act checked
// against the user's role on the server (office checks it again).
package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"omologa/internal/config"
	"omologa/internal/office"
	"omologa/internal/office/accounts"
	"omologa/internal/portal"
	"omologa/internal/publishing/style"
	"omologa/internal/webkit"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// Options are what a Server works on.
type Options struct {
	Office   *office.Office
	Accounts *accounts.Accounts
	Web      *config.Web // nil: the defaults (Italian, plain HTTP)
	Log      *slog.Logger
	Now      func() time.Time
	// WarmIndex builds the players' index in the background at start and
	// after each list close (omologa serve and watch do).
	WarmIndex bool
	// Portal is the arbiters' portal's office side; nil: one with the
	// configuration's bounds (office.PortalOptionsOf).
	Portal *office.Portal
	// Vitals are the health of the daemon the application runs in
	// (/readyz, /metrics); nil: omologa serve alone.
	Vitals *office.Vitals
}

// Server is the web application.
type Server struct {
	o       *office.Office
	st      *office.Queries
	acc     *accounts.Accounts
	log     *slog.Logger
	now     func() time.Time
	zone    *time.Location
	lang    string
	tls     bool // browsers reach it over HTTPS (config.Web.OverHTTPS)
	cookies webkit.Cookies
	gate    webkit.Gate[visit] // the login's (loginGate)
	proxy   bool               // behind a TLS-terminating proxy (config.Web.BehindProxy)
	warm    bool               // keep the players' index built (Options.WarmIndex)
	pages   map[string]*template.Template
	cop     *http.CrossOriginProtection
	mux     *http.ServeMux
	idx     *office.PlayerIndex
	staged  stage
	cache   cache
	portal  *portal.Server // the arbiters' portal, under /portale/
	vitals  *office.Vitals
	metrics *metrics
	// metricsToken lets another machine read /metrics (nil: loopback
	// only).
	metricsToken []byte
}

// New builds the web application.
func New(opt Options) (*Server, error) {
	s := &Server{o: opt.Office, st: opt.Office.Queries(), acc: opt.Accounts, log: opt.Log, now: opt.Now, lang: "it",
		vitals: opt.Vitals}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		// The office's clock (a demo's is pinned by its configuration).
		s.now = opt.Office.Now
	}
	s.cop = http.NewCrossOriginProtection()
	if w := opt.Web; w != nil {
		s.lang = w.Language
		s.tls, s.proxy = w.OverHTTPS(), w.BehindProxy()
		for _, o := range w.TrustedOrigins {
			if err := s.cop.AddTrustedOrigin(o); err != nil {
				return nil, fmt.Errorf("web: trusted origin %q: %w", o, err)
			}
		}
	}
	if s.lang == "" {
		s.lang = "it"
	}
	s.cookies, s.gate = webkit.Cookies{TLS: s.tls}, s.loginGate()
	s.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.log.Warn("web: cross-origin request refused", "method", r.Method, "path", r.URL.Path,
			"origin", r.Header.Get("Origin"), "sec-fetch-site", r.Header.Get("Sec-Fetch-Site"))
		s.render(w, r, http.StatusForbidden, "error", "", errorPage{Key: "crossOrigin"})
	}))
	var err error
	// The office's time zone (rules.yaml's rating.time_zone): every time
	// a person reads is in it.
	s.zone = s.o.Rules.Rating.Location()
	if s.pages, err = parsePages(s.zone); err != nil {
		return nil, err
	}
	s.idx = office.NewPlayerIndex(s.o.Store, s.o.Config)
	s.warm = opt.WarmIndex
	if opt.WarmIndex {
		s.idx.Warm()
	}
	po := portal.Options{Office: s.o, Portal: opt.Portal, Log: s.log, Now: s.now, TLS: s.tls, ClientAddr: s.clientAddr}
	po.Base = opt.Web.PortalBase()
	if s.portal, err = portal.New(po); err != nil {
		return nil, err
	}
	if s.metricsToken, err = readToken(s.o.Config.Metrics.TokenFile); err != nil {
		return nil, err
	}
	s.metrics = s.newMetrics()
	s.routes()
	return s, nil
}

// Portal is the arbiters' portal the application serves under /portale/.
func (s *Server) Portal() *portal.Server { return s.portal }

func (s *Server) routes() {
	m := http.NewServeMux()
	assets, _ := fs.Sub(assetFS, "assets")
	m.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(assets)))
	// The shared stylesheet of every page omologa writes; web.css adds
	// the application's own rules.
	m.HandleFunc("GET /assets/style.css", webkit.Stylesheet(style.CSS))
	m.HandleFunc("GET /login", s.loginPage)
	m.HandleFunc("POST /login", s.login)
	m.HandleFunc("POST /logout", s.logout)
	m.HandleFunc("POST /lang", s.setLang)
	// Health and metrics, for the service manager and Prometheus: no
	// login (health.go, metrics.go).
	m.HandleFunc("GET /healthz", s.healthz)
	m.HandleFunc("GET /readyz", s.readyz)
	m.HandleFunc("GET /metrics", s.metricsPage)
	// The pages any user logged in reads.
	for pattern, h := range map[string]http.HandlerFunc{
		"GET /{$}":                                    s.dashboard,
		"GET /submissions":                            s.submissions,
		"GET /submissions/{id}":                       s.submission,
		"GET /submissions/{id}/original":              s.original,
		"GET /files/{id}":                             s.download,
		"GET /files/{id}/report":                      s.report,
		"GET /files/{id}/chart":                       s.reportChart,
		"GET /tournaments":                            s.tournaments,
		"GET /tournaments/{id}":                       s.tournamentPage,
		"GET /lists":                                  s.lists,
		"GET /lists/{kind}/{period}":                  s.list,
		"GET /lists/{kind}/{period}/changes":          s.listChanges,
		"GET /lists/{kind}/{period}/distribution.png": s.listChart,
		"GET /fide":                                   s.fidePage,
		"GET /fide/files/{id}":                        s.fideFile,
		"GET /fide/registration":                      s.fideRegistration,
		"GET /players":                                s.players,
		"GET /players/{id}":                           s.player,
		"GET /players/{id}/chart/{kind}":              s.playerChart,
		"GET /statistics":                             s.statistics,
		"GET /statistics/{year}/{file}":               s.statisticsFile,
		"GET /registers":                              s.registers,
		"GET /audit":                                  s.audit,
		"GET /quote":                                  s.quotePage,
		"GET /quote.csv":                              s.quoteCSV,
		"GET /account":                                s.account,
	} {
		m.HandleFunc(pattern, s.gate.Wrap(h))
	}
	// The office's acts, and the pages that prepare them or manage the
	// users, each open to the roles that may do the act.
	for _, rt := range []struct {
		pattern string
		act     office.Action
		h       http.HandlerFunc
	}{
		{"POST /submissions/{id}/release", office.ActRelease, s.release},
		{"POST /submissions/{id}/discard", office.ActDiscard, s.discard},
		{"POST /submissions/{id}/decide", office.ActDecide, s.decide},
		{"POST /submissions/{id}/resend", office.ActResend, s.resend},
		{"POST /submissions/{id}/answer", office.ActAnswer, s.answer},
		{"POST /submissions/{id}/read", office.ActAnswer, s.markRead},
		{"POST /notices/{id}/readdress", office.ActResend, s.readdress},
		{"POST /tournaments/{id}/revoke", office.ActRevoke, s.revoke},
		{"POST /tournaments/{id}/reinstate", office.ActReinstate, s.reinstate},
		{"POST /files/{id}/rejudge", office.ActRejudge, s.fileAct(s.rejudge, "rejudged")},
		{"POST /files/{id}/overrule", office.ActOverrule, s.fileAct(s.overrule, "overruled")},
		{"POST /files/{id}/authorisation", office.ActAuthorisation, s.fileAct(s.authorisation, "authorisation")},
		{"POST /files/{id}/link", office.ActLink, s.fileAct(s.linkFile, "linked")},
		{"POST /files/{id}/unlink", office.ActUnlink, s.fileAct(s.unlinkFile, "unlinked")},
		{"GET /preview", office.ActListPreview, s.preview},
		{"POST /lists/close", office.ActListRun, s.closeList},
		{"POST /lists/rejudge", office.ActRejudge, s.rejudgeList},
		{"POST /fide/export", office.ActFideExport, s.fideExport},
		{"POST /quote/import", office.ActPayments, s.quoteImport},
		{"POST /quote/confirm", office.ActPayments, s.quoteConfirm},
		{"POST /quote/add", office.ActPayments, s.quoteAdd},
		{"POST /quote/waive", office.ActFee, s.quoteWaive},
		{"POST /registers/preview", office.ActImport, s.importPreview},
		{"POST /registers/import", office.ActImport, s.importRegister},
		{"POST /registers/{kind}/undo", office.ActUndoImport, s.undoImport},
		{"GET /users", office.ActUsers, s.users},
		{"POST /users", office.ActUsers, s.addUser},
		{"POST /users/{name}/disable", office.ActUsers, s.disableUser},
		{"POST /users/{name}/password", office.ActUsers, s.setPassword},
		{"POST /account/password", office.ActOwnPassword, s.changeOwnPassword},
		{"GET /users/portal", office.ActUsers, s.portalAccounts},
		{"POST /users/portal", office.ActUsers, s.setPortalAccount},
	} {
		m.HandleFunc(rt.pattern, s.act(rt.act, rt.h))
	}
	// The running server's profiles (net/http/pprof), to the admin
	// only: go tool pprof reads them with the admin's session cookie
	// (docs/reference.md, Measurements).
	for _, p := range []struct {
		pattern string
		h       http.HandlerFunc
	}{
		{"GET /debug/pprof/", pprof.Index},
		{"GET /debug/pprof/cmdline", pprof.Cmdline},
		{"GET /debug/pprof/profile", pprof.Profile},
		{"GET /debug/pprof/symbol", pprof.Symbol},
		{"POST /debug/pprof/symbol", pprof.Symbol},
		{"GET /debug/pprof/trace", pprof.Trace},
	} {
		m.HandleFunc(p.pattern, s.act(office.ActProfile, p.h))
	}
	// The arbiters' and organisers' portal: its own pages and sessions,
	// behind the same cross-origin check and headers.
	m.Handle("/portale/", s.portal)
	s.mux = m
}

// Handler is the application behind its guard (security headers, no
// caching, request limits: guard.go) and the cross-origin check.
func (s *Server) Handler() http.Handler {
	return s.guard(s.cop.Handler(s.mux))
}

// Serve serves h on the configured address until ctx is done, then shuts
// down gracefully; ready, when not nil, gets the address listened on.
func Serve(ctx context.Context, cfg *config.Web, h http.Handler, log *slog.Logger, ready func(addr string)) error {
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	scheme := "http"
	if cfg.TLSCert != "" {
		scheme = "https"
	}
	if ready != nil {
		ready(scheme + "://" + ln.Addr().String() + "/")
	}
	errc := make(chan error, 1)
	go func() {
		if cfg.TLSCert != "" {
			errc <- srv.ServeTLS(ln, cfg.TLSCert, cfg.TLSKey)
		} else {
			errc <- srv.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("web: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("web: shutdown: %w", err)
	}
	return nil
}
