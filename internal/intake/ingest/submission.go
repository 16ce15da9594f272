// Package ingest takes submissions in: files dropped in a folder and
// messages in an IMAP mailbox. Each becomes a Submission holding the
// original bytes, who sent it and when it arrived; what happens next
// (recording, judging, answering) is the caller's, through a Handler.
package ingest

import (
	"context"
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
