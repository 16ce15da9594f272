package office

// The portal of arbiters and organisers (issue 24; RAPID 5.2 foresees
// homologation "direttamente online"): a person the registers know by
// an e-mail address (an arbiter of the arbiters' register, an organiser
// of the calendar) signs in with a one-time link sent to that address,
// or a password he set; checks a file before sending it (the intake's
// reader, validator, rules and registers, nothing stored); submits it
// (a submission like an e-mail's, through the same pipeline, its upload
// time the receipt of RTF 6.2.2 / RAPID 5.2); and follows his
// tournaments. The trust is e-mail's: only the registers' addresses, a
// file only for the person's own tournaments (the pipeline holds portal
// uploads to the rules of authenticated e-mail), uploads bounded in
// size and rate, every act in the audit trail with who and from where.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/mail"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"omologa/internal/config"
	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/intake/ingest"
	"omologa/internal/office/accounts"
	"omologa/internal/office/pipeline"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/italian"
	"omologa/internal/publishing/mailer"
	"omologa/internal/publishing/notice"
	"omologa/internal/rating"
	"omologa/internal/store"
	"omologa/internal/tournament"
)

// The portal's acts, as the audit trail names them.
const (
	ActPortalLink     Action = "portal-link"     // a sign-in link sent
	ActPortalSignIn   Action = "portal-sign-in"  // signed in (link or password)
	ActPortalPassword Action = "portal-password" // the person set a password
	ActPortalSubmit   Action = "portal-submit"   // a file submitted
	ActPortalAccount  Action = "portal-account"  // the office disabled or enabled an account
)

// PortalVia is the Via of a portal act in the audit trail.
const PortalVia = "portal"

// PortalOptions bound the portal; a zero field takes the
// configuration's (PortalOptionsOf).
type PortalOptions struct {
	LinkValid  time.Duration // a sign-in link's life: portal.link_lifetime, 15 minutes
	Session    time.Duration // a portal session's life: portal.session, else web.session, else 12 hours
	MaxLinks   int           // links sent to one address an hour: portal.links_per_hour, 5
	MaxUploads int           // files checked or submitted by one person an hour: portal.uploads_per_hour, 30
	MaxBytes   int64         // one upload: portal.max_upload_bytes, else limits.max_file_bytes
	Judging    int           // uploads judged at once, the whole server: portal.judging, 2
	// JudgeWait is how long an upload waits for its turn to be judged
	// before the person is told to try again: 15 seconds.
	JudgeWait time.Duration
}

// PortalOptionsOf are the bounds a configuration sets (its portal
// section, web.session, limits.max_file_bytes), today's defaults for
// what it leaves out or when there is none (a configuration built in
// code rather than read).
func PortalOptionsOf(c *config.Config) PortalOptions {
	var opt PortalOptions
	session := config.DefaultWebSession
	maxBytes := int64(config.DefaultMaxFileBytes)
	if c != nil {
		p := c.Portal
		opt = PortalOptions{LinkValid: p.LinkLifetime, Session: p.Session, MaxLinks: p.LinksPerHour,
			MaxUploads: p.UploadsPerHour, MaxBytes: p.MaxUploadBytes, Judging: p.Judging}
		if c.Web != nil && c.Web.Session > 0 {
			session = c.Web.Session
		}
		if c.Limits.MaxFileBytes > 0 {
			maxBytes = c.Limits.MaxFileBytes
		}
	}
	defaults.Fill(&opt.LinkValid, config.DefaultPortalLinkLifetime)
	defaults.Fill(&opt.Session, session)
	defaults.Fill(&opt.MaxLinks, config.DefaultPortalLinksPerHour)
	defaults.Fill(&opt.MaxUploads, config.DefaultPortalUploadsPerHour)
	defaults.Fill(&opt.MaxBytes, maxBytes)
	defaults.Fill(&opt.Judging, config.DefaultPortalJudging)
	defaults.Fill(&opt.JudgeWait, defaultJudgeWait)
	return opt
}

// Portal is the office's side of the portal: who may sign in, the
// sign-in links and sessions, and the acts of a signed-in person.
type Portal struct {
	o   *Office
	opt PortalOptions

	mu       sync.Mutex
	uploads  map[string][]time.Time // by address, the last hour's
	throttle *accounts.Throttle     // password sign-ins, as the office's logins
	pending  map[string]int         // links being recorded in the background, by address (linkMu)
	linkMu   sync.Mutex             // the links' count and their records
	regs     *registers.Set
	stamp    string
	index    *rating.Index
	mailer   mailer.Mailer
	sending  sync.WaitGroup
	judging  chan struct{} // a slot per upload being judged (Admit)
}

// NewPortal returns the portal of an office.
func NewPortal(o *Office, opt PortalOptions) *Portal {
	d := PortalOptionsOf(o.Config)
	defaults.Fill(&opt.LinkValid, d.LinkValid)
	defaults.Fill(&opt.Session, d.Session)
	defaults.Fill(&opt.MaxLinks, d.MaxLinks)
	defaults.Fill(&opt.MaxUploads, d.MaxUploads)
	defaults.Fill(&opt.MaxBytes, d.MaxBytes)
	defaults.Fill(&opt.Judging, d.Judging)
	defaults.Fill(&opt.JudgeWait, d.JudgeWait)
	return &Portal{o: o, opt: opt, uploads: map[string][]time.Time{}, throttle: accounts.NewThrottle(),
		pending: map[string]int{}, judging: make(chan struct{}, opt.Judging)}
}

// Options are the portal's bounds in force.
func (p *Portal) Options() PortalOptions { return p.opt }

// Person is someone the registers know by an e-mail address: an
// arbiter, the organiser of calendar events, or both.
type Person struct {
	Email    string
	Name     string              // the arbiter's "Surname Name", else the organiser's name
	Arbiters []registers.Arbiter // the arbiters' register's entries with this address
	Events   []registers.Event   // the calendar's events this address organises
	refereed map[string]bool     // FSI ids of Arbiters
	codes    map[string]bool     // codes of Events
	calendar map[string]string   // every event's code → its arbiter's FSI id
	arbiters []registers.Arbiter // the whole register, to match a file's arbiter
	byCode   map[string]registers.Event
}

// IsArbiter and IsOrganiser say what the registers know the person as.
func (p *Person) IsArbiter() bool   { return len(p.Arbiters) > 0 }
func (p *Person) IsOrganiser() bool { return len(p.Events) > 0 }

// Role is what the audit trail records the person as (the web names
// it in the reader's language).
func (p *Person) Role() Role {
	switch {
	case p.IsArbiter() && p.IsOrganiser():
		return "arbiter-organiser"
	case p.IsArbiter():
		return "arbiter"
	}
	return "organiser"
}

func (p *Person) actor() Actor { return Actor{User: p.Email, Role: p.Role(), Via: PortalVia} }

// Referees reports whether the person is the arbiter of the calendar
// event code or is named by a file's arbiter field.
func (p *Person) referees(code, fileArbiter string) bool {
	if id := p.calendar[code]; id != "" && p.refereed[id] {
		return true
	}
	if strings.TrimSpace(fileArbiter) == "" || len(p.refereed) == 0 {
		return false
	}
	for _, a := range validate.MatchArbiter(fileArbiter, p.arbiters) {
		if p.refereed[a.FSIID] {
			return true
		}
	}
	return false
}

// owns reports whether a file of a tournament is the person's: he is
// its arbiter (in the file or the calendar), its organiser, or he sent
// it.
func (p *Person) owns(code, fileArbiter, sender string) bool {
	return p.codes[code] || p.referees(code, fileArbiter) || (sender != "" && pipeline.AddrOf(sender) == p.Email)
}

// registers returns the registers in force, read again after an import.
func (p *Portal) registers(ctx context.Context) (*registers.Set, *rating.Index, error) {
	stamp, err := p.o.Store.RegistersStamp(ctx)
	if err != nil {
		return nil, nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.regs != nil && stamp == p.stamp {
		return p.regs, p.index, nil
	}
	regs, err := LoadRegisters(ctx, p.o.Store, p.o.Config)
	if err != nil {
		return nil, nil, err
	}
	p.regs, p.stamp, p.index = regs, stamp, nil
	if regs.Players != nil {
		p.index = rating.NewIndex(regs.Players, p.o.Rules.Rating.MatchByName)
	}
	return p.regs, p.index, nil
}

// Person returns who an address is in the registers; ok is false for an
// address they do not hold, or whose portal account the office disabled.
func (p *Portal) Person(ctx context.Context, email string) (*Person, bool, error) {
	a := pipeline.AddrOf(email)
	if a == "" {
		return nil, false, nil
	}
	regs, _, err := p.registers(ctx)
	if err != nil {
		return nil, false, err
	}
	per := &Person{Email: a, refereed: map[string]bool{}, codes: map[string]bool{}, calendar: map[string]string{},
		arbiters: regs.Arbiters, byCode: map[string]registers.Event{}}
	for _, x := range regs.Arbiters {
		if pipeline.AddrOf(x.Email) == a {
			per.Arbiters = append(per.Arbiters, x)
			per.refereed[x.FSIID] = true
			if per.Name == "" {
				per.Name = strings.TrimSpace(x.Surname + " " + x.Name)
			}
		}
	}
	for _, e := range regs.Calendar {
		per.calendar[e.Code] = e.ArbiterFSIID
		per.byCode[e.Code] = e
		if pipeline.AddrOf(e.OrganiserEmail) == a {
			per.Events = append(per.Events, e)
			per.codes[e.Code] = true
			if per.Name == "" {
				per.Name = e.Organiser
			}
		}
	}
	if !per.IsArbiter() && !per.IsOrganiser() {
		return nil, false, nil
	}
	if acc, ok, err := p.o.Store.PortalAccountOf(ctx, a); err != nil {
		return nil, false, err
	} else if ok && acc.Disabled {
		return nil, false, nil
	}
	return per, true, nil
}

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

// upload counts an upload against the person's hourly bound.
func (p *Portal) upload(per *Person, size int) error {
	if err := p.fits(size); err != nil {
		return err
	}
	return p.count(per)
}

// fits refuses an upload larger than the portal takes.
func (p *Portal) fits(size int) error {
	if int64(size) > p.opt.MaxBytes {
		return newError(Invalid, "office.portal.too-large", catalogue.Named{"size": italian.Size(int64(size)), "max": italian.Size(p.opt.MaxBytes)})
	}
	return nil
}

// count counts an upload against the person's hourly bound, refused
// when it is reached.
func (p *Portal) count(per *Person) error {
	now := p.o.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	var recent []time.Time
	for _, t := range p.uploads[per.Email] {
		if now.Sub(t) < time.Hour {
			recent = append(recent, t)
		}
	}
	if len(recent) >= p.opt.MaxUploads {
		p.uploads[per.Email] = recent
		p.o.Log.Warn("portal: upload refused, too many this hour", "email", per.Email)
		return newError(Refused, "office.portal.too-many-sent", catalogue.Named{"files": count{"count.file", len(recent)}})
	}
	p.uploads[per.Email] = append(recent, now)
	return nil
}

// Checked is one file of an upload as the office would judge it.
type Checked struct {
	Name    string
	From    string // the archive it came out of
	Report  validate.Report
	Ratings []rating.Line // the provisional variations, when accepted
	Kind    fsi.Kind
	// Mine is true when the person may submit it: its arbiter (in the
	// file or the calendar), its organiser.
	Mine bool
	// Tournament is the stored tournament it would be a version of, nil
	// when none.
	Tournament *store.Tournament
}

// Check is an upload judged without being stored.
type Check struct {
	At       time.Time
	Problems []string // what the archive could not give
	Files    []Checked
	// Fields are the body fields of RAPID 5.2 the submission would
	// state, from the calendar (else the file), for the person to
	// confirm.
	Fields map[string]string
}

// Verdict is the upload's overall verdict: the worst of its files'.
func (c *Check) Verdict() validate.Verdict {
	v := validate.Accepted
	for _, f := range c.Files {
		switch f.Report.Verdict {
		case validate.Rejected:
			return validate.Rejected
		case validate.Held:
			v = validate.Held
		case validate.AcceptedWithWarnings:
			if v != validate.Held {
				v = validate.AcceptedWithWarnings
			}
		}
	}
	if len(c.Files) == 0 {
		return validate.Rejected
	}
	return v
}

// Mine reports whether every readable file is the person's.
func (c *Check) Mine() bool {
	for _, f := range c.Files {
		if f.Report.Summary.Name != "" && !f.Mine {
			return false
		}
	}
	return len(c.Files) > 0
}

// PreCheck judges an upload as the office would if it were received at
// at (the upload time), with the body fields given (nil: those the
// calendar proposes): the intake's reader, validator, rules and
// registers. Nothing is stored and the office sees nothing; the upload
// counts against the person's hourly bound.
func (p *Portal) PreCheck(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string) (*Check, error) {
	release, err := p.admitted(ctx, per, len(data))
	if err != nil {
		return nil, err
	}
	defer release()
	return p.check(ctx, per, name, data, at, fields)
}

func (p *Portal) check(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string) (*Check, error) {
	regs, index, err := p.registers(ctx)
	if err != nil {
		return nil, err
	}
	files, problems, err := p.expand(name, data)
	if err != nil {
		return nil, err
	}
	c := &Check{At: at, Problems: problems}
	propose := fields == nil
	if propose {
		fields = map[string]string{}
	}
	for _, f := range files {
		b, err := f.Content.ReadAll()
		if err != nil {
			return nil, err
		}
		rep, t := p.judge(f.Name, b, regs, validate.Submission{ReceivedAt: at, Channel: string(ingest.ChannelPortal), Sender: per.Email, Fields: fields})
		ch := Checked{Name: f.Name, From: f.From, Report: rep, Kind: rep.Kind}
		if t != nil {
			code := ""
			if rep.Authorisation != nil {
				code = rep.Authorisation.Code
			}
			ch.Mine = per.codes[code] || per.referees(code, t.ChiefArbiter)
			for _, d := range t.DeputyArbiters {
				ch.Mine = ch.Mine || per.referees("", d)
			}
			if rep.Verdict != validate.Rejected && index != nil {
				ch.Ratings, _ = pipeline.Rate(t, rep, index, &p.o.Rules.Rating)
			}
			if k := pipeline.Key(t); k != "" {
				if tt, err := p.o.Store.TournamentByKey(ctx, k); err == nil {
					ch.Tournament = tt
				} else if !errors.Is(err, store.ErrNoTournament) {
					return nil, err
				}
			}
			if propose && len(c.Fields) == 0 {
				c.Fields = proposeFields(t, rep, per)
			}
		}
		c.Files = append(c.Files, ch)
	}
	if !propose {
		c.Fields = fields
	}
	if propose && len(c.Fields) > 0 {
		// Judged again with the fields proposed, so that what is shown
		// is what submitting them gives.
		return p.check(ctx, per, name, data, at, c.Fields)
	}
	return c, nil
}

// expand opens a zip upload as the drop folder does.
func (p *Portal) expand(name string, data []byte) ([]ingest.File, []string, error) {
	lim := ingest.Limits{MaxFileBytes: p.opt.MaxBytes}
	if p.o.Config != nil {
		lim.MaxArchiveBytes, lim.MaxArchiveFiles = p.o.Config.Limits.MaxArchiveBytes, p.o.Config.Limits.MaxArchiveFiles
	}
	clean := ingest.CleanName(name)
	if clean == "" {
		clean = "file"
	}
	return ingest.ExpandArchives([]ingest.File{{Name: clean, Content: ingest.Bytes(data)}}, lim, nil)
}

// judge reads and validates one file as the pipeline does; a reader or
// check that panics is an error finding, not a crash.
func (p *Portal) judge(name string, data []byte, regs *registers.Set, sub validate.Submission) (rep validate.Report, t *tournament.Tournament) {
	defer func() {
		if r := recover(); r != nil {
			p.o.Log.Error("portal: panic judging a file", "file", name, "panic", r, "stack", string(debug.Stack()))
			rep = validate.Report{File: name, Verdict: validate.Rejected, Findings: []validate.Finding{{
				Rule: "format.internal", Severity: validate.SeverityError, File: name,
				MessageIT: catalogue.IT.T("finding.internal.portal"), MessageEN: catalogue.EN.T("finding.internal.portal")}}}
			t = nil
		}
	}()
	return validate.Judge(&p.o.Rules.Rulebook, regs, name, data, sub)
}

// proposeFields fills the body fields of RAPID 5.2: the venue and the
// organiser from the calendar event the file matched (else the file's
// city), the dates and the arbiter from the file when it states them
// (what the validator compares them with), else from the calendar.
func proposeFields(t *tournament.Tournament, rep validate.Report, per *Person) map[string]string {
	f := map[string]string{"venue": t.City, "arbiter": strings.TrimSpace(t.ChiefArbiter)}
	start, end := rep.Summary.Start, rep.Summary.End
	if a := rep.Authorisation; a != nil {
		if e, ok := per.byCode[a.Code]; ok {
			f["venue"], f["organiser"] = e.City, e.Organiser
			if !start.IsFull() {
				start, end = e.Start, e.End
			}
			for _, x := range per.arbiters {
				if f["arbiter"] == "" && x.FSIID == e.ArbiterFSIID && e.ArbiterFSIID != "" {
					f["arbiter"] = strings.TrimSpace(x.Surname + " " + x.Name)
				}
			}
		}
	}
	switch {
	case start.IsFull() && end.IsFull() && start != end:
		f["date"] = catalogue.IT.T("office.portal.field.dates", italian.Date(start.Time(time.UTC)), italian.Date(end.Time(time.UTC)))
	case start.IsFull():
		f["date"] = italian.Date(start.Time(time.UTC))
	}
	return f
}

// FieldNames are the body fields of RAPID 5.2 the portal asks to
// confirm, in order, with their Italian labels.
var FieldNames = []Field{{"venue"}, {"date"}, {"arbiter"}, {"organiser"}}

// Field is a body field of RAPID 5.2 the portal asks to confirm.
type Field struct{ Name string }

// Label is the field's Italian label (read when a page is made, not at
// start-up: the catalogue is built on first use).
func (f Field) Label() string { return catalogue.IT.T("office.portal.field." + f.Name) }

// Submit makes an upload a submission, received at at (the upload
// time, RTF 6.2.2 / RAPID 5.2), with the body fields the person
// confirmed, through the intake's pipeline: judged, recorded, answered
// by e-mail. Only the person's own tournaments are taken (as an e-mail
// from an authenticated sender: pipeline). dup is true when the same
// file was received before (the id is then the first submission's).
func (p *Portal) Submit(ctx context.Context, per *Person, name string, data []byte, at time.Time, fields map[string]string, from string) (id int64, dup bool, err error) {
	release, err := p.admitted(ctx, per, len(data))
	if err != nil {
		return 0, false, err
	}
	defer release()
	clean := map[string]string{}
	for _, f := range FieldNames {
		if v := strings.TrimSpace(fields[f.Name]); v != "" {
			clean[f.Name] = v
		}
	}
	c, err := p.check(ctx, per, name, data, at, clean)
	if err != nil {
		return 0, false, err
	}
	if !c.Mine() {
		return 0, false, newError(Forbidden, "office.portal.not-theirs")
	}
	files, problems, err := p.expand(name, data)
	if err != nil {
		return 0, false, err
	}
	var body strings.Builder
	for _, f := range FieldNames {
		if v := clean[f.Name]; v != "" {
			fmt.Fprintf(&body, "%s: %s\n", f.Label(), v)
		}
	}
	sub := &ingest.Submission{Channel: ingest.ChannelPortal, ReceivedAt: at, Sender: per.Email, Subject: ingest.CleanName(name),
		Body: body.String(), Fields: clean, Files: files, Problems: problems, Original: ingest.Bytes(data),
		Source: "portale: " + per.Email + " (" + from + ")"}
	pipe, err := p.o.pipeline(ctx)
	if err != nil {
		return 0, false, err
	}
	id, dup, err = pipe.Record(ctx, sub)
	if err != nil {
		return 0, false, err
	}
	if err := p.o.audit(ctx, per.actor(), ActPortalSubmit, fmt.Sprintf("submission %d", id),
		say("audit.portal.submit", ingest.CleanName(name), italian.Size(int64(len(data))), from)); err != nil {
		return 0, false, err
	}
	return id, dup, p.o.drain(ctx, pipe)
}

// PortalTournament is one of a person's tournaments with its files.
type PortalTournament struct {
	ID           int64
	Name, City   string
	Start, End   string
	Code         string
	Revoked      bool
	RevokedAt    time.Time
	RevokeReason string
	Files        []store.PortalFile // in the order received
	InForce      *store.PortalFile  // the version in force, nil when none is accepted
	Latest       store.PortalFile
	// Decisions are the office's decisions about the players of the
	// version in force (RTF 7.5.2–7.5.3, RTF 4.2.7 / RAPID 6.8).
	Decisions []store.Decision
}

// Tournaments returns the person's tournaments, the latest first: those
// he is the arbiter of (in a file or the calendar), organises, or sent a
// file of. Nothing of anyone else's.
func (p *Portal) Tournaments(ctx context.Context, per *Person) ([]PortalTournament, error) {
	files, err := p.o.Store.PortalFiles(ctx)
	if err != nil {
		return nil, err
	}
	var out []PortalTournament
	at := map[int64]int{}
	mine := map[int64]bool{}
	for _, f := range files {
		if per.owns(f.CalendarCode, f.Arbiter, f.Sender) {
			mine[f.TournamentID] = true
		}
	}
	for _, f := range files {
		if !mine[f.TournamentID] {
			continue
		}
		i, ok := at[f.TournamentID]
		if !ok {
			i = len(out)
			at[f.TournamentID] = i
			out = append(out, PortalTournament{ID: f.TournamentID, Name: f.Tournament, City: f.City, Start: f.Start, End: f.End,
				Code: f.CalendarCode, Revoked: f.Revoked, RevokedAt: f.RevokedAt, RevokeReason: f.RevokeReason})
		}
		t := &out[i]
		t.Files = append(t.Files, f)
		t.Latest = f
		if f.InForce {
			x := f
			t.InForce = &x
		}
	}
	return out, nil
}

// Tournament returns one of the person's tournaments with the office's
// decisions; NotFound for a tournament that is not his.
func (p *Portal) Tournament(ctx context.Context, per *Person, id int64) (*PortalTournament, error) {
	ts, err := p.Tournaments(ctx, per)
	if err != nil {
		return nil, err
	}
	for i := range ts {
		if ts[i].ID != id {
			continue
		}
		t := &ts[i]
		if t.InForce != nil {
			if t.Decisions, err = p.o.Store.Decisions(ctx, t.InForce.FileID); err != nil {
				return nil, err
			}
		}
		return t, nil
	}
	return nil, newError(NotFound, "office.portal.no-tournament")
}

// PortalSubmission is one of a person's submissions as the portal shows
// it: its state, each file's verdict and findings, the notice as sent.
type PortalSubmission struct {
	Status      store.Status
	Files       []store.FileVerdict
	Notice      *notice.Sent
	Tournaments map[int64]int64 // file id → the person's tournament id
	Lists       map[int64]store.PortalFile
	// Fee is the submission's homologation fee, nil when none is
	// recorded; Payee the account it is paid to (nil: not configured).
	Fee   *FeeRow
	Payee *PortalPayee
	// Thread is the submission's thread as the person may read it
	// (issue 34): what he and the tournament's people sent, what the
	// office answered; never a stranger's quarantined message.
	Thread []store.ThreadItem
}

// PortalPayee is the office's account as the portal gives it.
type PortalPayee struct {
	Beneficiary, IBAN, Bank string
}

// Submission returns a submission the person may see: he sent it, or
// one of its files belongs to one of his tournaments. NotFound else.
func (p *Portal) Submission(ctx context.Context, per *Person, id int64) (*PortalSubmission, error) {
	notFound := newError(NotFound, "office.portal.no-submission")
	sts, err := p.o.Store.StatusesOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(sts) == 0 {
		return nil, notFound
	}
	ts, err := p.Tournaments(ctx, per)
	if err != nil {
		return nil, err
	}
	ps := &PortalSubmission{Status: sts[0], Tournaments: map[int64]int64{}, Lists: map[int64]store.PortalFile{}}
	if f, err := p.o.FeeOf(ctx, id); err == nil {
		ps.Fee = f
	}
	if py := payeeOf(p.o.Config); py != nil {
		ps.Payee = &PortalPayee{Beneficiary: py.Beneficiary, IBAN: py.IBAN, Bank: py.Bank}
	}
	for _, t := range ts {
		for _, f := range t.Files {
			if f.SubmissionID == id {
				ps.Tournaments[f.FileID] = t.ID
				ps.Lists[f.FileID] = f
			}
		}
	}
	if pipeline.AddrOf(ps.Status.Sender) != per.Email && len(ps.Tournaments) == 0 {
		return nil, notFound
	}
	if ps.Files, err = p.o.Store.FileVerdicts(ctx, id); err != nil {
		return nil, err
	}
	if msg, ok, err := p.o.Store.NoticeMessage(ctx, id); err != nil {
		return nil, err
	} else if ok {
		if ps.Notice, err = notice.Read(msg); err != nil {
			return nil, err
		}
	}
	if ps.Thread, err = p.thread(ctx, per, id); err != nil {
		return nil, err
	}
	return ps, nil
}

// thread is the thread of submission id as its people may read it: the
// messages the office took in (a stranger's, quarantined or discarded,
// is the office's alone) and the notices it sent. Only the thread's
// people (its first sender, its notices' recipients) read it: a
// stranger who replied to a notice sees his own submission alone. A
// submission alone with its answer is no thread: nil.
func (p *Portal) thread(ctx context.Context, per *Person, id int64) ([]store.ThreadItem, error) {
	root, err := p.o.Store.ThreadOf(ctx, id)
	if err != nil {
		return nil, err
	}
	people, err := p.o.Store.ThreadPeople(ctx, root)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(people, per.Email) {
		return nil, nil
	}
	items, err := p.o.Store.Thread(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []store.ThreadItem
	in := 0
	for _, it := range items {
		if it.Incoming && (it.State == store.StateQuarantined || it.State == store.StateDiscarded) {
			continue
		}
		if it.Incoming {
			in++
		}
		out = append(out, it)
	}
	if in < 2 {
		return nil, nil
	}
	return out, nil
}

// Submissions returns the submissions the person sent, newest first.
func (p *Portal) Submissions(ctx context.Context, per *Person) ([]store.Status, error) {
	ids, err := p.o.Store.SubmissionsBy(ctx, per.Email)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	sts, err := p.o.Store.StatusesOf(ctx, ids...)
	if err != nil {
		return nil, err
	}
	sort.Slice(sts, func(i, j int) bool { return sts[i].ID > sts[j].ID })
	return sts, nil
}

// PortalAccounts lists the portal's accounts for the office.
func (o *Office) PortalAccounts(ctx context.Context, a Actor) ([]store.PortalAccount, error) {
	if err := o.allow(a, ActUsers); err != nil {
		return nil, err
	}
	return o.Store.PortalAccounts(ctx)
}

// SetPortalDisabled disables (or enables again) the portal account of
// an address: its sessions end and its links stop working. An office act
// of the users' manager (admin), audited.
func (o *Office) SetPortalDisabled(ctx context.Context, a Actor, email string, disabled bool) error {
	if err := o.allow(a, ActUsers); err != nil {
		return err
	}
	addr := pipeline.AddrOf(email)
	if addr == "" {
		return newError(Invalid, "office.portal.bad-address", pair{fmt.Sprintf("%q", email), email})
	}
	if err := o.Store.SetPortalDisabled(ctx, addr, disabled, a.User, o.Now()); err != nil {
		return err
	}
	what := say("audit.portal.disabled")
	if !disabled {
		what = say("audit.portal.enabled")
	}
	return o.audit(ctx, a, ActPortalAccount, "portal "+addr, what)
}
