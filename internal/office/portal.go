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
	"context"
	"strings"
	"sync"
	"time"

	"omologa/internal/config"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/validate"
	"omologa/internal/office/accounts"
	"omologa/internal/office/pipeline"
	"omologa/internal/platform/defaults"
	"omologa/internal/publishing/mailer"
	"omologa/internal/rating"
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
