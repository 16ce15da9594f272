package mailer

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"time"

	"omologa/internal/platform/atomicfile"
	"omologa/internal/platform/clock"
)

// Outbox is a Mailer that writes each message as an .eml file into a
// folder, for an office without SMTP (and for the demo). A file appears
// whole or not at all (written to a temporary name, synced, renamed),
// and its name derives from the message's Message-ID, so that sending
// the same notice again after a crash rewrites the same file instead of
// adding a second one.
type Outbox struct {
	Dir string
}

// NewOutbox creates the folder if needed.
func NewOutbox(dir string) (*Outbox, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	// A process killed while writing leaves its temporary file: remove
	// those old enough not to belong to a writer still running.
	if tmps, err := filepath.Glob(filepath.Join(dir, ".tmp-*.eml")); err == nil {
		for _, t := range tmps {
			if info, err := os.Stat(t); err == nil && clock.Age(info.ModTime()) > time.Minute {
				os.Remove(t)
			}
		}
	}
	return &Outbox{Dir: dir}, nil
}

// Send writes the message. The envelope is kept in X-Envelope headers
// prepended to the file, since an .eml has no envelope of its own.
func (o *Outbox) Send(ctx context.Context, env Envelope, msg []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	name := FileName(msg)
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "X-Envelope-From: <%s>\r\n", env.From)
	for _, to := range env.To {
		fmt.Fprintf(&buf, "X-Envelope-To: <%s>\r\n", to)
	}
	buf.Write(msg)
	env.progress(StepData)
	if err := atomicfile.Write(filepath.Join(o.Dir, name), buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	env.progress(StepAccepted)
	return nil
}

// FileName is the outbox file name of a message: its Message-ID made
// safe for a file name, else a hash of its bytes.
func FileName(msg []byte) string {
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(msg)))
	h, _ := r.ReadMIMEHeader()
	id := strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
	if id != "" {
		id = strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.', r == '_', r == '@':
				return r
			}
			return '_'
		}, id)
		if len(id) > 150 {
			id = id[:150]
		}
		return id + ".eml"
	}
	sum := sha256.Sum256(msg)
	return hex.EncodeToString(sum[:16]) + ".eml"
}
