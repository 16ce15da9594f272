package pipelinetest

import (
	"io"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
	"strconv"
)

// SMTPPeer is a real SMTP server in-process, standing for the office's
// submission server: it accepts everything and counts what it got by
// Message-ID, so that crash tests count deliveries where they happen
// rather than in the sender's records.
type SMTPPeer struct {
	Port int
	mu   sync.Mutex
	byID map[string]int
	n    int
}

// StartSMTP starts a peer on a free loopback port, stopped when the
// test ends.
func StartSMTP(t testing.TB) *SMTPPeer {
	t.Helper()
	p := &SMTPPeer{byID: map[string]int{}}
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
	return p.n
}

type peerSession struct{ p *SMTPPeer }

func (s *peerSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *peerSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *peerSession) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, m.Body)
	id := strings.TrimSpace(m.Header.Get("Message-Id"))
	s.p.mu.Lock()
	s.p.byID[id]++
	s.p.n++
	s.p.mu.Unlock()
	return nil
}
func (s *peerSession) Reset()        {}
func (s *peerSession) Logout() error { return nil }
