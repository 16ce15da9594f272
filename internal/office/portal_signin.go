package office

// The portal's sign-in: one-time links sent by e-mail, sessions and
// passwords.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"omologa/internal/office/accounts"
	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/mailer"
	"omologa/internal/store"
)

// newToken returns a random token for a link, a session or a browser.
func newToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// NewBrowserToken is the value of the cookie a browser gets when it
// asks for a link: the link is bound to it.
func NewBrowserToken() (string, error) { return newToken() }

// RequestLink sends a sign-in link to an address the registers hold,
// bound to the asking browser's token, valid LinkValid and once. An
// address they do not hold (or disabled, or sent too many links this
// hour) gets nothing, and the caller cannot tell: the answer is nil and
// takes about as long, the message being sent in the background. base is
// the portal's address ("https://host/portale"), from where the request
// came (for the audit trail).
func (p *Portal) RequestLink(ctx context.Context, email, browser, base, from string) error {
	now := p.o.Now()
	per, ok, err := p.Person(ctx, email)
	if err != nil {
		return err
	}
	// The same query whoever asks, so that the answer's time does not
	// tell a registered address from another; the links recorded and
	// those being recorded are counted together (linkMu).
	p.linkMu.Lock()
	n, err := p.o.Store.PortalLinksSince(ctx, pipeline.AddrOf(email), now.Add(-time.Hour))
	switch {
	case err != nil:
		p.linkMu.Unlock()
		return err
	case !ok || browser == "":
		p.linkMu.Unlock()
		p.o.Log.Info("portal: sign-in link asked for an address not in the registers: none sent", "from", from)
		return nil
	case n+p.pending[per.Email] >= p.opt.MaxLinks:
		p.linkMu.Unlock()
		p.o.Log.Warn("portal: too many sign-in links asked for an address this hour: none sent", "email", per.Email, "from", from)
		return nil
	}
	tok, err := newToken()
	if err != nil {
		p.linkMu.Unlock()
		return err
	}
	p.pending[per.Email]++
	p.linkMu.Unlock()
	// The link is recorded, written, sent and audited in the
	// background: the answer does not wait for the mail server.
	p.sending.Add(1)
	go func() {
		defer p.sending.Done()
		ctx := context.WithoutCancel(ctx)
		if err := p.sendLink(ctx, per, tok, browser, base, from, now); err != nil {
			p.o.Log.Error("portal: sign-in link not sent", "email", per.Email, "err", err)
		}
	}()
	return nil
}

// sendLink records a link (then no longer pending: the store counts
// it), e-mails it and audits the act.
func (p *Portal) sendLink(ctx context.Context, per *Person, tok, browser, base, from string, now time.Time) error {
	p.linkMu.Lock()
	err := p.o.Store.AddPortalLink(ctx, accounts.TokenHash(tok), per.Email, accounts.TokenHash(browser), now, now.Add(p.opt.LinkValid))
	if p.pending[per.Email]--; p.pending[per.Email] <= 0 {
		delete(p.pending, per.Email)
	}
	p.linkMu.Unlock()
	if err != nil {
		return err
	}
	msg, err := p.linkMessage(per, strings.TrimSuffix(base, "/")+"/accesso/"+tok, now)
	if err != nil {
		return err
	}
	m, err := p.mailerOf()
	if err != nil {
		return err
	}
	if err := m.Send(ctx, mailer.Envelope{From: p.o.Config.Notices.From, To: []string{per.Email}}, msg); err != nil {
		return err
	}
	return p.o.audit(ctx, per.actor(), ActPortalLink, "portal "+per.Email,
		say("audit.portal.link", from))
}

// Wait waits for the sign-in messages being sent (tests, shutdown).
func (p *Portal) Wait() { p.sending.Wait() }

func (p *Portal) mailerOf() (mailer.Mailer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mailer == nil {
		m, err := NewMailer(p.o.Config)
		if err != nil {
			return nil, err
		}
		p.mailer = m
	}
	return p.mailer, nil
}

// linkMessage writes the e-mail carrying a sign-in link.
func (p *Portal) linkMessage(per *Person, link string, now time.Time) ([]byte, error) {
	var h gomail.Header
	h.SetDate(now)
	it := catalogue.IT
	h.SetSubject(it.T("notice.portal-link.subject"))
	from, err := mail.ParseAddress(p.o.Config.Notices.From)
	if err != nil {
		return nil, fmt.Errorf("portal: from address: %w", err)
	}
	h.SetAddressList("From", []*gomail.Address{{Name: it.T("notice.office"), Address: from.Address}})
	h.SetAddressList("To", []*gomail.Address{{Name: per.Name, Address: per.Email}})
	if err := h.GenerateMessageIDWithHostname(strings.TrimPrefix(from.Address[strings.LastIndex(from.Address, "@"):], "@")); err != nil {
		return nil, err
	}
	h.Set("Auto-Submitted", "auto-generated")
	h.Set("Content-Language", "it")
	h.Set("X-Omologa-Kind", "portal-link")
	minutes := int(p.opt.LinkValid / time.Minute)
	body := it.T("notice.portal-link.body", per.Name, it.N("count.minute", minutes), italian.Clock(now.Add(p.opt.LinkValid), p.o.Rules.Rating.Location()), link, p.o.Config.Notices.Office)
	msg, err := plainMessage(h, body)
	if err != nil {
		return nil, fmt.Errorf("portal: %w", err)
	}
	return msg, nil
}

// plainMessage writes a message of one plain-text UTF-8 part under h:
// the office's automatic messages (a sign-in link, a failed backup).
func plainMessage(h gomail.Header, body string) ([]byte, error) {
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	var buf bytes.Buffer
	w, err := gomail.CreateSingleInlineWriter(&buf, h)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write([]byte(body)); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// linkRefused is the portal's answer to a link it does not take.
func linkRefused(err error) *Error {
	key := "office.portal.link.invalid"
	switch {
	case errors.Is(err, store.ErrLinkUsed):
		key = "office.portal.link.used"
	case errors.Is(err, store.ErrLinkExpired):
		key = "office.portal.link.expired"
	case errors.Is(err, store.ErrLinkBrowser):
		key = "office.portal.link.browser"
	}
	return newError(Refused, key, catalogue.Named{"err": err}).because(err)
}

// SignIn spends a sign-in link from the browser whose token it was bound
// to and opens a session: the session's token is returned.
func (p *Portal) SignIn(ctx context.Context, link, browser, from string) (string, *Person, error) {
	email, err := p.o.Store.UsePortalLink(ctx, accounts.TokenHash(link), accounts.TokenHash(browser), p.o.Now())
	if err != nil {
		if errors.Is(err, store.ErrLinkUnknown) || errors.Is(err, store.ErrLinkUsed) || errors.Is(err, store.ErrLinkExpired) ||
			errors.Is(err, store.ErrLinkBrowser) {
			p.o.Log.Warn("portal: sign-in link refused", "from", from, "err", err)
			return "", nil, linkRefused(err)
		}
		return "", nil, err
	}
	return p.open(ctx, email, say("audit.portal.how.link"), from)
}

// open opens a session for an address still in the registers.
func (p *Portal) open(ctx context.Context, email string, how said, from string) (string, *Person, error) {
	per, ok, err := p.Person(ctx, email)
	if err != nil {
		return "", nil, err
	}
	if !ok {
		return "", nil, linkRefused(store.ErrLinkUnknown)
	}
	tok, err := newToken()
	if err != nil {
		return "", nil, err
	}
	now := p.o.Now()
	if err := p.o.Store.AddPortalSession(ctx, accounts.TokenHash(tok), per.Email, now, now.Add(p.opt.Session)); err != nil {
		return "", nil, err
	}
	if err := p.o.audit(ctx, per.actor(), ActPortalSignIn, "portal "+per.Email,
		say("audit.portal.sign-in", how, from)); err != nil {
		return "", nil, err
	}
	return tok, per, nil
}

// Session returns the person of a live portal session.
func (p *Portal) Session(ctx context.Context, tok string) (*Person, bool, error) {
	if tok == "" {
		return nil, false, nil
	}
	email, ok, err := p.o.Store.PortalSessionOf(ctx, accounts.TokenHash(tok), p.o.Now())
	if err != nil || !ok {
		return nil, false, err
	}
	return p.Person(ctx, email)
}

// SignOut ends a portal session.
func (p *Portal) SignOut(ctx context.Context, tok string) error {
	return p.o.Store.DeletePortalSession(ctx, accounts.TokenHash(tok))
}

// PasswordSignIn opens a session with the password a person set. An
// unknown address, one without a password and a wrong password are the
// same refusal, after the same bcrypt work; attempts go through the
// office's login throttle (accounts.Throttle: back-off per address
// signed in and per address asked from).
func (p *Portal) PasswordSignIn(ctx context.Context, email, pw, from string) (string, *Person, error) {
	a := pipeline.AddrOf(email)
	refused := newError(Forbidden, "office.portal.wrong-login")
	if a == "" || len(pw) > 1024 {
		return "", nil, refused
	}
	release, ok, err := p.throttle.Reserve(ctx, a, from, p.o.Now())
	if err != nil {
		var te *accounts.ThrottledError
		if errors.As(err, &te) || errors.Is(err, accounts.ErrBusy) {
			p.o.Log.Warn("portal: password sign-in throttled", "email", a, "from", from)
			return "", nil, newError(Refused, "office.portal.throttled", catalogue.Named{"err": err})
		}
		return "", nil, err
	}
	acc, found, err := p.o.Store.PortalAccountOf(ctx, a)
	if err != nil {
		release()
		return "", nil, err
	}
	right := false
	if found && acc.Hash != "" && !acc.Disabled {
		right = accounts.PasswordMatches(acc.Hash, pw)
	} else {
		accounts.DummyCheck(pw)
	}
	release()
	if !right {
		p.o.Log.Info("portal: wrong password", "email", a, "from", from)
		return "", nil, refused
	}
	ok()
	tok, per, err := p.open(ctx, a, say("audit.portal.how.password"), from)
	if KindOf(err) == Refused {
		return "", nil, refused
	}
	return tok, per, err
}

// SetPassword sets (or, empty, removes) the person's password.
func (p *Portal) SetPassword(ctx context.Context, per *Person, pw, from string) error {
	hash := ""
	if pw != "" {
		var err error
		if hash, err = accounts.HashPassword(pw); err != nil {
			return newError(Invalid, "office.portal.bad-password", catalogue.Named{"err": err, "min": accounts.MinPassword})
		}
	}
	if err := p.o.Store.SetPortalPassword(ctx, per.Email, hash, p.o.Now()); err != nil {
		return err
	}
	what := "audit.portal.password.set"
	if pw == "" {
		what = "audit.portal.password.removed"
	}
	return p.o.audit(ctx, per.actor(), ActPortalPassword, "portal "+per.Email, say(what, from))
}

// HasPassword reports whether the person set a password.
func (p *Portal) HasPassword(ctx context.Context, per *Person) (bool, error) {
	acc, ok, err := p.o.Store.PortalAccountOf(ctx, per.Email)
	return ok && acc.Hash != "", err
}
