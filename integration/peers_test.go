package integration

import (
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// smtpPeer is a real SMTP server in-process standing for the office's
// submission server: it accepts everything and keeps it.
type smtpPeer struct {
	Port int
	mu   sync.Mutex
	got  []delivery
	ch   chan delivery
}

type delivery struct {
	From string
	To   []string
	Data string
	At   time.Time
}

func startSMTP(t testing.TB) *smtpPeer {
	t.Helper()
	p := &smtpPeer{ch: make(chan delivery, 1000)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &peerSession{p: p}, nil }))
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

// next waits for the next delivery.
func (p *smtpPeer) next(t testing.TB, within time.Duration) delivery {
	t.Helper()
	select {
	case d := <-p.ch:
		return d
	case <-time.After(within):
		t.Fatalf("no notice at the SMTP peer within %v", within)
		return delivery{}
	}
}

func (p *smtpPeer) all() []delivery {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]delivery(nil), p.got...)
}

type peerSession struct {
	p   *smtpPeer
	cur delivery
}

func (s *peerSession) Mail(from string, _ *smtp.MailOptions) error {
	s.cur = delivery{From: from}
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
	s.cur.Data, s.cur.At = string(b), time.Now()
	s.p.mu.Lock()
	s.p.got = append(s.p.got, s.cur)
	s.p.mu.Unlock()
	s.p.ch <- s.cur
	return nil
}
func (s *peerSession) Reset()        { s.cur = delivery{} }
func (s *peerSession) Logout() error { return nil }

// appender is a client the test appends with.
type appender struct{ c *imapclient.Client }
