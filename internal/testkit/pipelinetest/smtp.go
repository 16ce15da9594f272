package pipelinetest

import (
	"bytes"
	"io"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPPeer is a real SMTP server in-process, standing for the office's
// submission server: it accepts everything, keeps each delivery and
// counts them by Message-ID, so that crash tests count deliveries where
// they happen rather than in the sender's records. It is the one test
// peer of the pipeline's and the integration tests.
type SMTPPeer struct {
	Port    int
	mu      sync.Mutex
	byID    map[string]int
	got     []Delivery
	taken   int           // deliveries Next has returned
	arrived chan struct{} // a delivery came since Next last looked
	// afterAccept, when set, is called when a session that delivered a
	// message ends (QUIT, after the 221, or the connection lost): the
	// client had the 250 by then.
	afterAccept func(messageID string)
}

// AfterAccept sets a function called when a session that delivered a
// message ends: the client had the server's 250, so a crash test can
// kill the sender just then (nil: none).
func (p *SMTPPeer) AfterAccept(f func(messageID string)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.afterAccept = f
}

// Delivery is one message the peer took.
type Delivery struct {
	From string
	To   []string
	Data string
	At   time.Time
}

// StartSMTP starts a peer on a free loopback port, stopped when the
// test ends.
func StartSMTP(t testing.TB) *SMTPPeer { t.Helper(); return startSMTP(t, "", "") }

// StartSMTPAuth is StartSMTP for a server that takes mail only after an
// AUTH PLAIN login as user with password, as a submission server does.
func StartSMTPAuth(t testing.TB, user, password string) *SMTPPeer {
	t.Helper()
	return startSMTP(t, user, password)
}

func startSMTP(t testing.TB, user, password string) *SMTPPeer {
	p := &SMTPPeer{byID: map[string]int{}, arrived: make(chan struct{}, 1)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		if user != "" {
			return &authSession{peerSession: peerSession{p: p}, user: user, password: password}, nil
		}
		return &peerSession{p: p}, nil
	}))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.Port = ln.Addr().(*net.TCPAddr).Port
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return p
}

// Config is the smtp: section of omologa.yaml for the peer.
func (p *SMTPPeer) Config() string {
	return "smtp:\n  host: 127.0.0.1\n  port: " + strconv.Itoa(p.Port) + "\n  tls: none"
}

// ByMessageID returns how many times each Message-ID was delivered.
func (p *SMTPPeer) ByMessageID() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make(map[string]int, len(p.byID))
	for k, v := range p.byID {
		out[k] = v
	}
	return out
}

// Deliveries is the number of messages taken.
func (p *SMTPPeer) Deliveries() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.got)
}

// All returns the deliveries so far, in order.
func (p *SMTPPeer) All() []Delivery {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Delivery(nil), p.got...)
}

// Next waits for the delivery after the one it returned last and fails
// the test when none comes within the wait.
func (p *SMTPPeer) Next(t testing.TB, within time.Duration) Delivery {
	t.Helper()
	deadline := time.After(within)
	for {
		p.mu.Lock()
		if p.taken < len(p.got) {
			d := p.got[p.taken]
			p.taken++
			p.mu.Unlock()
			return d
		}
		p.mu.Unlock()
		select {
		case <-p.arrived:
		case <-deadline:
			t.Fatalf("no notice at the SMTP peer within %v", within)
			return Delivery{}
		}
	}
}

type peerSession struct {
	p         *SMTPPeer
	cur       Delivery
	delivered []string // Message-IDs taken in this session
}

func (s *peerSession) Mail(from string, _ *smtp.MailOptions) error {
	s.cur = Delivery{From: from}
	return nil
}
func (s *peerSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.cur.To = append(s.cur.To, to)
	return nil
}
func (s *peerSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := mail.ReadMessage(bytes.NewReader(b))
	if err != nil {
		return err
	}
	id := strings.TrimSpace(m.Header.Get("Message-Id"))
	s.cur.Data, s.cur.At = string(b), time.Now()
	s.p.mu.Lock()
	s.p.byID[id]++
	s.p.got = append(s.p.got, s.cur)
	s.delivered = append(s.delivered, id)
	s.p.mu.Unlock()
	select {
	case s.p.arrived <- struct{}{}:
	default:
	}
	return nil
}
func (s *peerSession) Reset() { s.cur = Delivery{} }
func (s *peerSession) Logout() error {
	s.p.mu.Lock()
	f := s.p.afterAccept
	s.p.mu.Unlock()
	if f != nil {
		for _, id := range s.delivered {
			f(id)
		}
	}
	return nil
}

// authSession is a session that takes mail only once logged in.
type authSession struct {
	peerSession
	user, password string
	authed         bool
}

func (s *authSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *authSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if user != s.user || password != s.password {
			return smtp.ErrAuthFailed
		}
		s.authed = true
		return nil
	}), nil
}
func (s *authSession) Mail(from string, o *smtp.MailOptions) error {
	if !s.authed {
		return smtp.ErrAuthRequired
	}
	return s.peerSession.Mail(from, o)
}

// SilentSMTP listens on a loopback port, accepts connections and never
// greets: a notice being sent to it stays in flight (claimed) until the
// sender gives up or stops. It returns the port.
func SilentSMTP(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return ln.Addr().(*net.TCPAddr).Port
}
