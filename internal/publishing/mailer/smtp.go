package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"omologa/internal/platform/clock"
)

// SMTPOptions say how to reach the submission server. They are plain
// values so that this package does not depend on the configuration's.
type SMTPOptions struct {
	Host string
	Port int
	// TLS is "none" (loopback and tests only), "starttls", or "implicit"
	// (also spelled "tls": TLS from the first byte, port 465).
	TLS string
	// User and Password enable AUTH PLAIN; an empty User sends without
	// authenticating.
	User, Password string
	// InsecureSkipVerify accepts any certificate (tests).
	InsecureSkipVerify bool
	// TLSConfig, when set, replaces the one built from the fields above.
	TLSConfig *tls.Config
	// LocalName is the EHLO name; default "localhost".
	LocalName string
	// Timeout bounds each command once greeted (DATA: twice that);
	// default 30 s. DialTimeout bounds the connection (and the TLS
	// handshake of implicit TLS), default 10 s; GreetingTimeout the wait
	// for the server's greeting and the EHLO reply, default 15 s: a
	// server that accepts and never greets fails the attempt that soon.
	Timeout         time.Duration
	DialTimeout     time.Duration
	GreetingTimeout time.Duration
}

// SMTP is a Mailer sending through an SMTP submission server, one
// connection per message: notices are few, and a fresh connection never
// finds a half-dead one.
type SMTP struct {
	o SMTPOptions
}

// NewSMTP checks the options and returns the mailer.
func NewSMTP(o SMTPOptions) (*SMTP, error) {
	if o.Host == "" || o.Port <= 0 || o.Port > 65535 {
		return nil, fmt.Errorf("smtp: host %q port %d: a host and a port are required", o.Host, o.Port)
	}
	switch strings.ToLower(o.TLS) {
	case "none", "starttls", "implicit", "tls":
	case "":
		return nil, errors.New("smtp: tls mode required (none, starttls or implicit)")
	default:
		return nil, fmt.Errorf("smtp: tls mode %q: want none, starttls or implicit", o.TLS)
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.DialTimeout <= 0 {
		o.DialTimeout = 10 * time.Second
	}
	if o.GreetingTimeout <= 0 {
		o.GreetingTimeout = 15 * time.Second
	}
	if o.LocalName == "" {
		o.LocalName = "localhost"
	}
	return &SMTP{o: o}, nil
}

func (m *SMTP) addr() string { return net.JoinHostPort(m.o.Host, strconv.Itoa(m.o.Port)) }

func (m *SMTP) tlsConfig() *tls.Config {
	if m.o.TLSConfig != nil {
		return m.o.TLSConfig.Clone()
	}
	return &tls.Config{ServerName: m.o.Host, InsecureSkipVerify: m.o.InsecureSkipVerify}
}

// Send delivers msg to env.To. A 5xx reply to the envelope or the data is
// a PermanentError; when some recipients are refused for good and others
// accepted, the message goes to the accepted ones and the error names the
// refused (retrying would send twice). Everything else (network, 4xx,
// authentication) is temporary: an authentication failure is fixed in the
// configuration, after which a retry succeeds.
func (m *SMTP) Send(ctx context.Context, env Envelope, msg []byte) error {
	if len(env.To) == 0 {
		return &PermanentError{Err: errors.New("smtp: no recipients")}
	}
	c, stop, err := m.dial(ctx)
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return fmt.Errorf("smtp %s: %w", m.addr(), err)
	}
	defer c.Close()
	defer stop()

	err = m.transact(c, env, msg)
	if ctx.Err() != nil {
		return fmt.Errorf("smtp %s: %w", m.addr(), ctx.Err())
	}
	if err != nil {
		return err
	}
	_ = c.Quit()
	return nil
}

// dial connects, greets and authenticates. The client has only
// timeouts, so cancelling ctx closes the connection under it, which fails
// the command in progress; stop undoes that hook.
func (m *SMTP) dial(ctx context.Context) (c *smtp.Client, stop func() bool, err error) {
	d := net.Dialer{Timeout: m.o.DialTimeout}
	var conn net.Conn
	if mode := strings.ToLower(m.o.TLS); mode == "implicit" || mode == "tls" {
		td := tls.Dialer{NetDialer: &d, Config: m.tlsConfig()}
		conn, err = td.DialContext(ctx, "tcp", m.addr())
	} else {
		conn, err = d.DialContext(ctx, "tcp", m.addr())
	}
	if err != nil {
		return nil, nil, err
	}
	stop = context.AfterFunc(ctx, func() { conn.Close() })
	fail := func(step, what string, err error) (*smtp.Client, func() bool, error) {
		stop()
		conn.Close()
		return nil, nil, &StepError{Step: step, what: what, Err: err}
	}
	// The library greets under its own timeout (5 minutes, and
	// smtp.NewClientStartTLS before any can be set): every deadline it
	// sets is capped, at the greeting timeout until the greeting and
	// EHLO are done, then at the command timeout.
	capped := &cappedConn{Conn: conn}
	capped.limit.Store(int64(m.o.GreetingTimeout))
	if strings.ToLower(m.o.TLS) == "starttls" {
		c, err = smtp.NewClientStartTLS(capped, m.tlsConfig())
		if err != nil {
			return fail(StepGreeting, StepGreeting, err)
		}
	} else {
		c = smtp.NewClient(capped)
	}
	c.CommandTimeout = m.o.GreetingTimeout
	c.SubmissionTimeout = 2 * m.o.Timeout
	if err := c.Hello(m.o.LocalName); err != nil {
		return fail(StepEHLO, StepEHLO, err)
	}
	c.CommandTimeout = m.o.Timeout
	capped.limit.Store(int64(2 * m.o.Timeout))
	if m.o.User != "" {
		if err := c.Auth(sasl.NewPlainClient("", m.o.User, m.o.Password)); err != nil {
			return fail(StepAuth, "auth as "+m.o.User, err)
		}
	}
	return c, stop, nil
}

func (m *SMTP) transact(c *smtp.Client, env Envelope, msg []byte) error {
	var opts *smtp.MailOptions
	if !isASCII(env.From) || !allASCII(env.To) {
		opts = &smtp.MailOptions{UTF8: true}
	}
	if err := c.Mail(env.From, opts); err != nil {
		return classify(fmt.Sprintf("MAIL FROM:<%s>", env.From), err)
	}
	var accepted []string
	var refused []string
	for _, to := range env.To {
		err := c.Rcpt(to, nil)
		if err == nil {
			accepted = append(accepted, to)
			continue
		}
		if !isPermanent(err) {
			// A temporary refusal: retry the whole message later rather
			// than deliver it twice to the others.
			_ = c.Reset()
			return fmt.Errorf("smtp RCPT TO:<%s>: %w", to, err)
		}
		refused = append(refused, fmt.Sprintf("%s (%v)", to, err))
	}
	if len(accepted) == 0 {
		_ = c.Reset()
		return &PermanentError{Err: fmt.Errorf("smtp: every recipient refused: %s", strings.Join(refused, "; "))}
	}
	w, err := c.Data()
	if err != nil {
		return classify("DATA", err)
	}
	if _, err := w.Write(msg); err != nil {
		w.Close()
		return fmt.Errorf("smtp DATA: %w", err)
	}
	env.progress(StepData)
	if err := w.Close(); err != nil {
		return classify("DATA", err)
	}
	if len(refused) > 0 {
		return &PermanentError{Err: fmt.Errorf("smtp: delivered to %s; refused: %s", strings.Join(accepted, ", "), strings.Join(refused, "; "))}
	}
	// Recorded before QUIT: a crash while the session closes must not
	// send the message again.
	env.progress(StepAccepted)
	return nil
}

func classify(cmd string, err error) error {
	err = fmt.Errorf("smtp %s: %w", cmd, err)
	if isPermanent(err) {
		return &PermanentError{Err: err}
	}
	return err
}

func isPermanent(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code >= 500 && se.Code < 600
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func allASCII(ss []string) bool {
	for _, s := range ss {
		if !isASCII(s) {
			return false
		}
	}
	return true
}

// cappedConn caps every deadline set on it at limit from now, so that
// the SMTP library's own generous timeouts never apply.
type cappedConn struct {
	net.Conn
	limit atomic.Int64 // a time.Duration
}

func (c *cappedConn) cap(t time.Time) time.Time {
	if lim := clock.Machine().Add(time.Duration(c.limit.Load())); t.IsZero() || t.After(lim) {
		return lim
	}
	return t
}

func (c *cappedConn) SetDeadline(t time.Time) error      { return c.Conn.SetDeadline(c.cap(t)) }
func (c *cappedConn) SetReadDeadline(t time.Time) error  { return c.Conn.SetReadDeadline(c.cap(t)) }
func (c *cappedConn) SetWriteDeadline(t time.Time) error { return c.Conn.SetWriteDeadline(c.cap(t)) }

var _ Mailer = (*SMTP)(nil)

// The steps of a session's opening that can fail once connected, in
// StepError.Step.
const (
	StepGreeting = "greeting and starttls"
	StepEHLO     = "greeting and ehlo"
	StepAuth     = "auth"
)

// StepError is a session's opening that failed after the connection,
// with its step: a refused login is fixed in the password, a refused
// EHLO or STARTTLS in the address or the TLS mode.
type StepError struct {
	Step string
	what string // the step as the message says it ("auth as USER")
	Err  error
}

func (e *StepError) Error() string { return e.what + ": " + e.Err.Error() }
func (e *StepError) Unwrap() error { return e.Err }

// Probe connects, greets with EHLO, starts TLS as configured and logs in
// when a user is configured, then quits: nothing is sent. It is what
// `omologa doctor` asks of the server before the service starts.
func (m *SMTP) Probe(ctx context.Context) error {
	c, stop, err := m.dial(ctx)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", m.addr(), err)
	}
	defer stop()
	defer c.Close()
	_ = c.Quit()
	return nil
}
