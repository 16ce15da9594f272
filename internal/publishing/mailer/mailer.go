// Package mailer delivers notices: a Mailer takes a complete RFC 5322
// message and its envelope. Implementations write to an outbox folder or
// send over SMTP; the caller keeps the outbox table, the attempts and the
// retries.
package mailer

import "context"

// Envelope is the SMTP envelope of a message.
type Envelope struct {
	From string
	To   []string
	// Progress, when set, is told how far an SMTP transaction got, so
	// that the caller records it: StepData once the message is written
	// but before its end (the final dot) is sent, StepAccepted as soon
	// as the server answered the end with 250, before the session is
	// closed. A crash before StepAccepted means the server may not have
	// the message (resend it); after, it has (do not). The outbox calls
	// StepAccepted once the file is durably written.
	Progress func(Step)
}

// Step is a point of a delivery the caller may record.
type Step string

const (
	StepData     Step = "data"     // the message written, its end not yet acknowledged
	StepAccepted Step = "accepted" // the server took it (250 to the end of DATA)
)

func (e Envelope) progress(s Step) {
	if e.Progress != nil {
		e.Progress(s)
	}
}

// Mailer delivers one message. An error that retrying cannot fix (a
// recipient refused for good) is wrapped in Permanent.
type Mailer interface {
	Send(ctx context.Context, env Envelope, msg []byte) error
}

// PermanentError marks a delivery failure that retrying will not fix.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }
