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
