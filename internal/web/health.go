package web

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"omologa/internal/platform/disk"
)

// The endpoints of whoever keeps the server running (issue 32), open
// without login: /healthz says the process answers, /readyz whether it
// can do its work (the store answers, the delivery loop runs, the
// mailbox is connected when one is watched, the disk has room), each
// check a line; /metrics (metrics.go) only to loopback or the bearer
// token of metrics.token_file.

// deliveryStale is how long the delivery loop may go without a pass
// before /readyz calls it stuck: a pass runs every few seconds, but one
// may wait on a slow mail server for minutes.
const deliveryStale = 10 * time.Minute

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, "ok")
}

// check is one line of /readyz.
type check struct {
	name string
	err  error
}

// readiness runs the checks of /readyz.
func (s *Server) readiness(ctx context.Context) []check {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var out []check
	_, err := s.st.StoreSize(ctx)
	out = append(out, check{"store", err})
	if s.vitals != nil {
		v, now := s.vitals.Now(), s.now()
		var err error
		switch {
		case !v.Delivery:
			err = fmt.Errorf("the delivery loop is not running")
		case now.Sub(v.LastPass) > deliveryStale:
			err = fmt.Errorf("no delivery pass for %s", now.Sub(v.LastPass).Round(time.Second))
		}
		out = append(out, check{"delivery", err})
		if v.IMAP {
			var err error
			if !v.IMAPUp {
				err = fmt.Errorf("the mailbox is not connected")
			}
			out = append(out, check{"imap", err})
		}
	}
	sp, err := disk.Of(filepath.Dir(s.o.Config.Store.Path))
	if min := float64(s.o.Config.Metrics.DiskFreePercent()); err == nil && sp.FreePercent() < min {
		err = fmt.Errorf("%.1f%% free, under %.0f%%", sp.FreePercent(), min)
	}
	out = append(out, check{"disk", err})
	return out
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	checks := s.readiness(r.Context())
	code := http.StatusOK
	var b strings.Builder
	for _, c := range checks {
		if c.err != nil {
			code = http.StatusServiceUnavailable
			fmt.Fprintf(&b, "FAIL %s: %v\n", c.name, c.err)
		} else {
			fmt.Fprintf(&b, "ok %s\n", c.name)
		}
	}
	if code != http.StatusOK {
		s.log.Warn("web: not ready", "checks", strings.TrimSpace(b.String()))
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	fmt.Fprint(w, b.String())
}

// readToken reads the metrics' bearer token from its file (nil when
// none is configured); an empty file is an error, not an open door.
func readToken(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("metrics.token_file: %w", err)
	}
	tok := []byte(strings.TrimSpace(string(b)))
	if len(tok) == 0 {
		return nil, fmt.Errorf("metrics.token_file %s is empty", path)
	}
	return tok, nil
}

// mayScrape reports whether the request may read /metrics: from the
// loopback address and not through a proxy (a reverse proxy on the same
// machine connects from loopback too, and says whom it forwards), or
// with the configured bearer token.
func (s *Server) mayScrape(r *http.Request) bool {
	if s.metricsToken != nil {
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok &&
			subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), s.metricsToken) == 1 {
			return true
		}
	}
	if r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != "" || r.Header.Get("X-Real-Ip") != "" {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
