package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"omologa/internal/testkit/imaptest"
)

// recorder is a real SMTP server in-process that keeps what it accepts.
// Recipients in refuse get that reply.
type recorder struct {
	mu     sync.Mutex
	got    []received
	refuse map[string]*smtp.SMTPError
	user   string
	pass   string
}

type received struct {
	from string
	to   []string
	data string
}

type session struct {
	r    *recorder
	cur  received
	auth bool
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.r.user || pass != s.r.pass {
			return errors.New("invalid credentials")
		}
		s.auth = true
		return nil
	}), nil
}
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.r.user != "" && !s.auth {
		return smtp.ErrAuthRequired
	}
	s.cur = received{from: from}
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if e := s.r.refuse[to]; e != nil {
		return e
	}
	s.cur.to = append(s.cur.to, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = string(b)
	s.r.mu.Lock()
	s.r.got = append(s.r.got, s.cur)
	s.r.mu.Unlock()
	return nil
}
func (s *session) Reset()        { s.cur = received{} }
func (s *session) Logout() error { return nil }

func (r *recorder) messages() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// start serves r on loopback; implicit wraps the listener in TLS.
func (r *recorder) start(t *testing.T, implicit bool) (port int) {
	t.Helper()
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{r: r}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.TLSConfig = imaptest.SelfSigned(t) // the one throwaway localhost certificate of the tests
	var ln net.Listener
	var err error
	if implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().(*net.TCPAddr).Port
}

const notice = "From: omologhe@example.it\r\nTo: arbitro@example.it\r\nSubject: Ricevuta\r\n\r\nTorneo ricevuto.\r\n.dot line\r\n"

func TestSMTP_TLSModes(t *testing.T) {
	for _, tc := range []struct {
		mode     string
		implicit bool
		auth     bool
	}{
		{"none", false, false},
		{"none", false, true},
		{"starttls", false, true},
		{"implicit", true, true},
		{"tls", true, false},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			r := &recorder{}
			if tc.auth {
				r.user, r.pass = "omologa", "segreto"
			}
			port := r.start(t, tc.implicit)
			m, err := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: port, TLS: tc.mode, User: r.user, Password: r.pass, InsecureSkipVerify: true, Timeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			env := Envelope{From: "omologhe@example.it", To: []string{"arbitro@example.it", "org@example.it"}}
			if err := m.Send(context.Background(), env, []byte(notice)); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := r.messages()
			if len(got) != 1 || got[0].from != env.From || strings.Join(got[0].to, ",") != "arbitro@example.it,org@example.it" || got[0].data != notice {
				t.Errorf("received %+v", got)
			}
		})
	}
}

func TestSMTP_PermanentAndTemporary(t *testing.T) {
	r := &recorder{refuse: map[string]*smtp.SMTPError{
		"gone@example.it": {Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"},
		"busy@example.it": {Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try later"},
	}}
	port := r.start(t, false)
	m, _ := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: port, TLS: "none", Timeout: 5 * time.Second})
	ctx := context.Background()
	var perm *PermanentError

	err := m.Send(ctx, Envelope{From: "a@example.it", To: []string{"gone@example.it"}}, []byte(notice))
	if !errors.As(err, &perm) {
		t.Errorf("550 only: %v, want permanent", err)
	}
	err = m.Send(ctx, Envelope{From: "a@example.it", To: []string{"ok@example.it", "busy@example.it"}}, []byte(notice))
	if err == nil || errors.As(err, &perm) {
		t.Errorf("451: %v, want temporary", err)
	}
	if n := len(r.messages()); n != 0 {
		t.Errorf("%d messages delivered after refusals, want 0", n)
	}
	err = m.Send(ctx, Envelope{From: "a@example.it", To: []string{"ok@example.it", "gone@example.it"}}, []byte(notice))
	if !errors.As(err, &perm) || !strings.Contains(err.Error(), "gone@example.it") {
		t.Errorf("partial: %v, want permanent naming the refused", err)
	}
	if got := r.messages(); len(got) != 1 || strings.Join(got[0].to, ",") != "ok@example.it" {
		t.Errorf("partial delivery = %+v", got)
	}
}

func TestSMTP_AuthFailureIsTemporary(t *testing.T) {
	r := &recorder{user: "omologa", pass: "giusta"}
	port := r.start(t, false)
	m, _ := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: port, TLS: "none", User: "omologa", Password: "sbagliata", Timeout: 5 * time.Second})
	err := m.Send(context.Background(), Envelope{From: "a@x.it", To: []string{"b@x.it"}}, []byte(notice))
	var perm *PermanentError
	if err == nil || errors.As(err, &perm) {
		t.Errorf("bad password: %v, want a temporary error", err)
	}
}

func TestSMTP_UnreachableAndCancelled(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	m, _ := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: port, TLS: "none", Timeout: time.Second})
	if err := m.Send(context.Background(), Envelope{From: "a@x.it", To: []string{"b@x.it"}}, []byte(notice)); err == nil {
		t.Error("send to a closed port succeeded")
	}

	// A server that accepts and never greets: cancelling must return.
	silent, _ := net.Listen("tcp", "127.0.0.1:0")
	defer silent.Close()
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	m, _ = NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: silent.Addr().(*net.TCPAddr).Port, TLS: "none", Timeout: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := m.Send(ctx, Envelope{From: "a@x.it", To: []string{"b@x.it"}}, []byte(notice)); err == nil {
		t.Error("send to a silent server succeeded")
	}
}

func TestNewSMTP_Options(t *testing.T) {
	for _, o := range []SMTPOptions{{}, {Host: "h", Port: 25}, {Host: "h", Port: 25, TLS: "ssl"}, {Host: "h", Port: 70000, TLS: "none"}} {
		if _, err := NewSMTP(o); err == nil {
			t.Errorf("NewSMTP(%+v) accepted", o)
		}
	}
}

// A server that accepts and never greets fails the attempt after the
// greeting timeout, not the library's five minutes.
func TestSMTPSilentServerTimesOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	for _, mode := range []string{"none", "starttls"} {
		m, err := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port, TLS: mode,
			GreetingTimeout: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Send(context.Background(), Envelope{From: "a@x", To: []string{"b@x"}}, []byte("m")); err == nil {
			t.Fatalf("%s: a silent server took the message", mode)
		}
	}
}

// The transaction's progress is told as it goes: the message written
// before its end is acknowledged, then the 250, before the session is
// closed (so that a crash while it closes does not resend); a refused
// message is never told accepted.
func TestSMTP_Progress(t *testing.T) {
	r := &recorder{refuse: map[string]*smtp.SMTPError{"no@example.it": {Code: 550, Message: "no such user"}}}
	port := r.start(t, false)
	m, err := NewSMTP(SMTPOptions{Host: "127.0.0.1", Port: port, TLS: "none", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var steps []Step
	var atAccepted int
	env := Envelope{From: "o@example.it", To: []string{"a@example.it"}, Progress: func(s Step) {
		steps = append(steps, s)
		if s == StepAccepted {
			atAccepted = len(r.messages())
		}
	}}
	if err := m.Send(context.Background(), env, []byte(notice)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(steps, []Step{StepData, StepAccepted}) || atAccepted != 1 {
		t.Errorf("steps %v, %d messages at the server when accepted", steps, atAccepted)
	}
	steps = nil
	env.To = []string{"no@example.it"}
	if err := m.Send(context.Background(), env, []byte(notice)); err == nil || slices.Contains(steps, StepAccepted) {
		t.Errorf("refused: %v, steps %v", err, steps)
	}

	// The outbox tells the same once its file is written.
	ob, err := NewOutbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	steps = nil
	env.To = []string{"a@example.it"}
	if err := ob.Send(context.Background(), env, []byte(notice)); err != nil || !slices.Equal(steps, []Step{StepData, StepAccepted}) {
		t.Errorf("outbox: %v, steps %v", err, steps)
	}
}
