// Package ingest takes submissions in: files dropped in a folder and
// messages in an IMAP mailbox. Each becomes a Submission holding the
// original bytes, who sent it and when it arrived; what happens next
// (recording, judging, answering) is the caller's, through a Handler.
package ingest

import (
	"context"
	"strings"
	"time"
)

// Channel names how a submission arrived.
type Channel string

const (
	ChannelDrop Channel = "drop"
	ChannelIMAP Channel = "imap"
	ChannelCLI  Channel = "cli"
	// ChannelPortal is an upload by a signed-in arbiter or organiser on
	// the portal (issue 24): the sender is the account's address.
	ChannelPortal Channel = "portal"
)

// Submission is one thing received: a message with its attachments, or a
// dropped file. Original keeps the bytes as received (the whole message,
// or the dropped file), so that nothing is ever lost.
type Submission struct {
	Channel    Channel
	ReceivedAt time.Time // INTERNALDATE for IMAP, the drop time for files: starts the 8-day clock
	Sender     string    // e-mail address; empty for drops
	// Message says the original is an e-mail message (from the mailbox,
	// or saved and given to `omologa ingest` or the drop folder): its
	// sender is authenticated by the same policy whatever the door. A
	// result file (not a message) dropped by the office is its own.
	Message   bool
	MessageID string // Message-ID header; empty for drops
	Subject   string
	// InReplyTo and References are the Message-IDs, without angle
	// brackets, that the message's thread headers name (RFC 5322
	// 3.6.4): a reply to a notice names the notice's.
	InReplyTo  []string
	References []string
	// Automatic, when not empty, says the message was sent by a program
	// and names the header that says so (RFC 3834: Auto-Submitted,
	// Precedence, X-Autoreply, a null Return-Path, a report): such a
	// message never becomes a submission nor gets an answer.
	Automatic string
	// Bounce is the delivery status notification (RFC 3464) the
	// message is, nil when it is none.
	Bounce *Bounce
	// Body is the message's text (the text/plain part, else the HTML part
	// stripped of tags), decoded to UTF-8.
	Body string
	// Fields are the labelled values of the body (RAPID 5.2): "venue",
	// "date", "arbiter", "organiser", and others recognised.
	Fields map[string]string
	// Files are the attachments (zip archives already opened) or the
	// dropped file.
	Files []File
	// Problems are what could not be taken from the message or the
	// archive (broken MIME, a zip bomb, an oversized part): each becomes
	// a finding, nothing is dropped silently.
	Problems []string
	// Original is the bytes as received (in memory or spooled); Source
	// names where they came from (mailbox/UIDVALIDITY/UID, or the
	// file's path) for the record.
	Original Content
	Source   string
	// ContentHash, when set, is the SHA-256 (hex) of an original that
	// was not kept (a file over the size limit): the store dedupes on it
	// instead of Original's.
	ContentHash string
}

// Cleanup removes the spool files of the original and the files, once
// the submission is recorded (or could not be: the intake takes it again
// from where it came). Errors are ignored: a leftover is swept later.
func (s *Submission) Cleanup() {
	s.Original.Remove()
	for _, f := range s.Files {
		f.Content.Remove()
	}
}

// File is one attachment or dropped file.
type File struct {
	// Name is the base name, sanitised: never a path.
	Name    string
	Content Content
	// From names the archive it came out of, if any.
	From string
}

// Handler records and processes a submission. It returns nil only once
// the submission is durably recorded: the intake acknowledges (moves,
// flags, archives) only after that, so a crash repeats work but never
// loses a submission.
type Handler func(ctx context.Context, s *Submission) error

// Bounce is what a delivery status notification (RFC 3464) says: the
// message it is about and, for each recipient, what became of it.
type Bounce struct {
	// MessageID is the Message-ID, without brackets, of the message
	// that was not delivered (from the returned headers); "" when the
	// report does not return them.
	MessageID  string
	Recipients []BounceRecipient
}

// BounceRecipient is one recipient's block of a delivery status
// notification.
type BounceRecipient struct {
	Address    string // Final-Recipient (else Original-Recipient), the address alone
	Action     string // failed, delayed, delivered, relayed, expanded (lower case)
	Status     string // the enhanced status code, "5.1.1"
	Diagnostic string // Diagnostic-Code: the remote server's words
	RemoteMTA  string
}

// Failed reports whether the report says some recipient did not get
// the message (an Action of failed), as opposed to a delay or a
// success notice.
func (b *Bounce) Failed() bool {
	for _, r := range b.Recipients {
		if r.Action == "failed" {
			return true
		}
	}
	return false
}

// Reason is the remote servers' reasons for the failed recipients, one
// line each ("rossi@example.org: 5.1.1 user unknown").
func (b *Bounce) Reason() string {
	var lines []string
	for _, r := range b.Recipients {
		if r.Action != "failed" {
			continue
		}
		why := r.Diagnostic
		if why == "" {
			why = r.Status
		} else if r.Status != "" && !strings.Contains(why, r.Status) {
			why = r.Status + " " + why
		}
		lines = append(lines, strings.TrimSpace(r.Address+": "+why))
	}
	return strings.Join(lines, "\n")
}
