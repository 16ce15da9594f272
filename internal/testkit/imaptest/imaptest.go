// Package imaptest runs a real IMAP server in-process (go-imap's
// imapserver over the in-memory backend) for tests: a mailbox to append
// submissions to, a server that can go away and come back on the same
// port.
package imaptest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log"
	"math/big"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

const (
	User     = "omologa"
	Password = "segreto"
)

// Server is the in-process IMAP server; its mailboxes outlive Stop and
// Start, as a real server's disk does.
type Server struct {
	t    testing.TB
	mem  *imapmemserver.Server
	addr string

	tls      *tls.Config // offered by STARTTLS, or from the first byte when implicit
	implicit bool

	mu  sync.Mutex
	srv *imapserver.Server
}

// Start serves a user with an INBOX on a loopback port until the test
// ends.
func Start(t testing.TB) *Server { t.Helper(); return start(t, nil, false) }

// StartTLS is Start with a self-signed certificate for "localhost" and
// 127.0.0.1: STARTTLS is offered, or, when implicit, TLS is spoken from
// the first byte.
func StartTLS(t testing.TB, implicit bool) *Server {
	t.Helper()
	return start(t, SelfSigned(t), implicit)
}

func start(t testing.TB, tc *tls.Config, implicit bool) *Server {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser(User, Password)
	if err := u.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(u)
	s := &Server{t: t, mem: mem, addr: "127.0.0.1:0", tls: tc, implicit: implicit}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// Host and Port are where to connect (TLS none).
func (s *Server) Host() string { h, _, _ := net.SplitHostPort(s.addr); return h }
func (s *Server) Port() int {
	_, p, _ := net.SplitHostPort(s.addr)
	n, _ := strconv.Atoi(p)
	return n
}

// Start (again) serves on the same address.
func (s *Server) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return
	}
	var ln net.Listener
	var err error
	// The port may linger a moment after Stop.
	for i := 0; i < 50; i++ {
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		s.t.Fatalf("imaptest: listen %s: %v", s.addr, err)
	}
	s.addr = ln.Addr().String()
	if s.implicit {
		ln = tls.NewListener(ln, s.tls)
	}
	s.srv = imapserver.New(&imapserver.Options{
		TLSConfig: s.tls,
		// The server's complaints about clients hanging up are noise here.
		Logger: log.New(io.Discard, "", 0),
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return s.mem.NewSession(), nil, nil
		},
		InsecureAuth: true,
		// No MOVE (nor IMAP4rev2, which implies it): the in-memory
		// backend's MOVE reports each expunge twice, which breaks the
		// session's sequence numbers and so later IDLE updates. Clients
		// fall back to COPY + \Deleted + UID EXPUNGE, which it does
		// right; MOVE itself is exercised against Dovecot.
		Caps: imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}},
	})
	go s.srv.Serve(ln)
}

// Stop closes the listener and every connection, as a server going down.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		s.srv.Close()
		s.srv = nil
	}
}

// Client logs in a separate client, for appending and looking.
func (s *Server) Client() *imapclient.Client {
	s.t.Helper()
	var c *imapclient.Client
	var err error
	insecure := &imapclient.Options{TLSConfig: &tls.Config{InsecureSkipVerify: true}}
	switch {
	case s.implicit:
		c, err = imapclient.DialTLS(s.addr, insecure)
	case s.tls != nil:
		c, err = imapclient.DialStartTLS(s.addr, insecure)
	default:
		c, err = imapclient.DialInsecure(s.addr, nil)
	}
	if err != nil {
		s.t.Fatalf("imaptest: dial: %v", err)
	}
	if err := c.Login(User, Password).Wait(); err != nil {
		s.t.Fatalf("imaptest: login: %v", err)
	}
	return c
}

// Append stores a message in mailbox with the given INTERNALDATE and
// returns its UID.
func Append(t testing.TB, c *imapclient.Client, mailbox string, raw []byte, at time.Time) imap.UID {
	t.Helper()
	cmd := c.Append(mailbox, int64(len(raw)), &imap.AppendOptions{Time: at})
	if _, err := cmd.Write(raw); err != nil {
		t.Fatalf("append: %v", err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatalf("append: %v", err)
	}
	data, err := cmd.Wait()
	if err != nil {
		t.Fatalf("append: %v", err)
	}
	return data.UID
}

// Count is the number of messages in mailbox (0 when it does not exist).
func Count(t testing.TB, c *imapclient.Client, mailbox string) int {
	t.Helper()
	data, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return 0
	}
	return int(*data.NumMessages)
}

// SelfSigned is a throwaway certificate for localhost and 127.0.0.1.
func SelfSigned(t testing.TB) *tls.Config {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "localhost"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
}
