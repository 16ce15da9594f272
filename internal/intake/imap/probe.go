package imap

import (
	"context"

	"github.com/emersion/go-imap/v2"
)

// Probed is what a probe of the mailbox found.
type Probed struct {
	// Messages is how many messages the mailbox holds now.
	Messages uint32
	// ProcessedExists says the processed folder exists; when it does not
	// the watcher creates it at its first login.
	ProcessedExists bool
}

// The steps of a probe, in ProbeError.Step.
const (
	StepConnect   = "connect"
	StepLogin     = "login"
	StepMailbox   = "mailbox"
	StepProcessed = "processed"
)

// ProbeError is a probe that failed, with the step it failed at: the
// fix differs (the address, the password, the folders' names).
type ProbeError struct {
	Step string
	Err  error
}

func (e *ProbeError) Error() string { return e.Err.Error() }
func (e *ProbeError) Unwrap() error { return e.Err }

// Probe logs in, looks at the mailbox and the processed folder, and logs
// out, touching nothing: what `omologa doctor` asks of the mailbox before
// the service starts.
func (w *Watcher) Probe(ctx context.Context) (Probed, error) {
	var p Probed
	cn, err := w.dial(ctx)
	if err != nil {
		return p, &ProbeError{StepConnect, err}
	}
	defer cn.c.Close()
	c := cn.c
	if err := w.wait(ctx, cn, "login as "+w.o.User, func() error { return c.Login(w.o.User, w.o.Password).Wait() }); err != nil {
		return p, &ProbeError{StepLogin, err}
	}
	var st *imap.StatusData
	if err := w.wait(ctx, cn, "status of "+w.o.Mailbox, func() (err error) {
		st, err = c.Status(w.o.Mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
		return err
	}); err != nil {
		return p, &ProbeError{StepMailbox, err}
	}
	if st.NumMessages != nil {
		p.Messages = *st.NumMessages
	}
	if w.o.Processed != "" {
		var found []*imap.ListData
		if err := w.wait(ctx, cn, "list "+w.o.Processed, func() (err error) {
			found, err = c.List("", w.o.Processed, nil).Collect()
			return err
		}); err != nil {
			return p, &ProbeError{StepProcessed, err}
		}
		p.ProcessedExists = len(found) > 0
	}
	_ = w.wait(ctx, cn, "logout", func() error { return c.Logout().Wait() })
	return p, nil
}
