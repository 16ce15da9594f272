package doctor

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/imap"
	"omologa/internal/office"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/mailer"
)

// mailbox logs in to the configured mailbox and looks at its folders.
func mailbox(ctx context.Context, cfg *config.Config, timeout time.Duration) Check {
	m := cfg.IMAP
	if m == nil {
		return ok("imap", "no imap: section: only the drop folder takes submissions in")
	}
	addr := net.JoinHostPort(m.Host, fmt.Sprint(m.Port))
	pw, err := m.Read()
	if err != nil {
		return problem("imap", "give the mailbox's password in imap.password_file (a file only the service reads)", "%v", err)
	}
	opt := office.IMAPOptions(m, pw)
	opt.CommandTimeout = timeout
	w, err := imap.New(opt)
	if err != nil {
		return problem("imap", "correct the imap: section", "%v", err)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	p, err := w.Probe(ctx)
	var pe *imap.ProbeError
	if errors.As(err, &pe) {
		switch pe.Step {
		case imap.StepLogin:
			return problem("imap", "check imap.user and the password in its file (the mail server's administrator can say)",
				"%s: the login as %s was refused: %v", addr, m.User, pe.Err)
		case imap.StepMailbox:
			return problem("imap", "check imap.mailbox: the folder the arbiters' messages arrive in", "%s: mailbox %q: %v", addr, mailboxName(m), pe.Err)
		case imap.StepProcessed:
			return problem("imap", "check imap.processed", "%s: processed folder %q: %v", addr, m.Processed, pe.Err)
		}
		return problem("imap", "check imap.host, imap.port and imap.tls, and that the firewall lets this machine reach the server",
			"%s does not answer: %v", addr, pe.Err)
	}
	if err != nil {
		return problem("imap", "check the imap: section", "%s: %v", addr, err)
	}
	d := fmt.Sprintf("%s: logged in as %s; %s holds %s", addr, m.User, mailboxName(m), italian.Count(int(p.Messages), "message", "messages"))
	switch {
	case m.Processed == "":
		d += "; messages taken are flagged as read and left there"
	case p.ProcessedExists:
		d += "; the processed folder " + m.Processed + " exists"
	default:
		d += "; the processed folder " + m.Processed + " is made at the first start"
	}
	return ok("imap", "%s", d)
}

func mailboxName(m *config.IMAP) string {
	if m.Mailbox == "" {
		return "INBOX"
	}
	return m.Mailbox
}

// mailServer greets the configured SMTP server and logs in; nothing is
// sent.
func mailServer(ctx context.Context, cfg *config.Config, timeout time.Duration) Check {
	s := cfg.SMTP
	if s == nil {
		return problem("smtp", "configure smtp: (the server the office sends by): without it no arbiter receives a notice",
			"no smtp: section: the notices are only written as files into %s", cfg.Outbox)
	}
	addr := net.JoinHostPort(s.Host, fmt.Sprint(s.Port))
	m, err := office.NewMailer(cfg)
	if err != nil {
		return problem("smtp", "give the server's password in smtp.password_file (a file only the service reads)", "%v", err)
	}
	sm, isSMTP := m.(*mailer.SMTP)
	if !isSMTP {
		return problem("smtp", "correct the smtp: section", "%s: not an SMTP mailer", addr)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err = sm.Probe(ctx)
	var se *mailer.StepError
	switch {
	case errors.As(err, &se) && se.Step == mailer.StepAuth:
		return problem("smtp", "check smtp.user and the password in its file", "%s: the login as %s was refused: %v", addr, s.User, se.Err)
	case errors.As(err, &se):
		return problem("smtp", "check smtp.port and smtp.tls (587 with starttls, 465 with implicit)", "%s: %v", addr, err)
	case err != nil:
		return problem("smtp", "check smtp.host, smtp.port and smtp.tls, and that the firewall lets this machine reach the server",
			"%s does not answer: %v", addr, err)
	}
	if s.User == "" {
		return ok("smtp", "%s answers EHLO (no login configured; nothing sent)", addr)
	}
	return ok("smtp", "%s answers EHLO and accepts the login as %s (nothing sent)", addr, s.User)
}

// portal checks that the portal's public address, which its sign-in
// links carry, agrees with how browsers reach the office: HTTPS when the
// office is served over HTTPS, among the trusted origins when those are
// given (a proxy that rewrites Host), and set at all when browsers come
// from elsewhere than this machine.
func portal(cfg *config.Config) []Check {
	w := cfg.Web
	if w == nil {
		return []Check{ok("web", "no web: section: watch serves no page (omologa serve needs one)")}
	}
	var out []Check
	cop := http.NewCrossOriginProtection()
	origins := map[string]bool{}
	for _, o := range w.TrustedOrigins {
		if err := cop.AddTrustedOrigin(o); err != nil {
			out = append(out, problem("web", "write each trusted origin as scheme://host[:port], no path", "web.trusted_origins %q: %v", o, err))
			continue
		}
		if w.OverHTTPS() && !strings.HasPrefix(o, "https://") {
			out = append(out, problem("web", "write it with https://", "web.trusted_origins %q is not HTTPS, yet the office is served over HTTPS", o))
			continue
		}
		origins[strings.TrimSuffix(o, "/")] = true
	}
	base := w.PortalBase()
	if base == "" {
		host, _, _ := net.SplitHostPort(w.Listen)
		if ip := net.ParseIP(host); (ip != nil && ip.IsLoopback()) || host == "localhost" {
			if !w.OverHTTPS() {
				return append(out, ok("portal", "no portal_url: the sign-in links name the address a request came to (%s, this machine alone)", w.Listen))
			}
		}
		return append(out, problem("portal", "set web.portal_url to the portal's public address (https://omologa.example.org/portale)",
			"no web.portal_url nor web.trusted_origins: the sign-in links would name whatever address a request came by"))
	}
	u, err := url.Parse(base)
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http"):
		return append(out, problem("portal", "write it as https://host/portale", "web.portal_url %q is not an absolute http(s) address", base))
	case w.OverHTTPS() && u.Scheme != "https":
		return append(out, problem("portal", "write it with https://", "web.portal_url %q is not HTTPS, yet the office is served over HTTPS", base))
	case !strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/portale"):
		return append(out, problem("portal", "end it with /portale, where the portal is served", "web.portal_url %q does not lead to /portale", base))
	}
	origin := u.Scheme + "://" + u.Host
	if len(origins) > 0 && !origins[origin] {
		return append(out, problem("portal", "add "+origin+" to web.trusted_origins",
			"the portal's address %s is not among web.trusted_origins: its forms would be refused behind a proxy that rewrites Host", base))
	}
	return append(out, ok("portal", "the sign-in links lead to %s", base))
}
