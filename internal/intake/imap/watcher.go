// Package imap takes submissions from an IMAP mailbox: it waits with
// IDLE, fetches new messages by UID (the UIDVALIDITY and the last UID
// taken are kept in a State, so a restart resumes where it stopped),
// parses each with ingest/mail, hands it to an ingest.Handler, and only
// once the handler has recorded it moves it to the processed folder (or
// flags it \Seen). When the server goes away it reconnects with
// exponential backoff; cancelling the context stops it cleanly.
package imap

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"omologa/internal/platform/catalogue"
	"omologa/internal/platform/defaults"
	"omologa/internal/platform/italian"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"omologa/internal/intake/email"
	"omologa/internal/intake/ingest"
)

// Options say where the mailbox is and how to treat it. Plain values, so
// that this package does not depend on the configuration's.
type Options struct {
	Host string
	Port int
	// TLS is "none" (loopback and tests only), "starttls", or "implicit"
	// (also "tls": IMAPS, port 993).
	TLS                string
	User, Password     string
	InsecureSkipVerify bool
	TLSConfig          *tls.Config // replaces the one built from the fields above

	Mailbox string // default INBOX
	// Processed is the folder a recorded message moves to (created if
	// missing); empty flags it \Seen and leaves it in place.
	Processed string

	// State keeps UIDVALIDITY and the last UID; default a MemState.
	State State
	// MaxMessage is the largest message fetched whole (default
	// ingest.DefaultMaxMessageBytes, omologa.yaml's default too);
	// a larger one is taken by its header alone, with a problem saying
	// so, so that memory stays bounded and the sender still gets an
	// answer.
	MaxMessage int64
	// Limits bound the MIME parsing; zero fields take email.DefaultLimits.
	Limits email.Limits
	// Spool holds each message as it is fetched, and its attachments,
	// until the handler has recorded them; nil holds them in memory.
	Spool *ingest.Spool

	// Backoff between reconnections grows from BackoffMin (default 1 s)
	// to BackoffMax (default 4 s, so that messages waiting when the
	// server comes back are taken within 5 s), and starts afresh after
	// every successful login.
	BackoffMin, BackoffMax time.Duration
	// CommandTimeout bounds each command (default 2 min): a server that
	// stops answering is treated as gone.
	CommandTimeout time.Duration
	// Refresh ends each IDLE after this long (default 5 min) to look at
	// the mailbox anyway and notice a connection that died silently;
	// servers without IDLE are polled at this interval.
	Refresh time.Duration

	Logger *slog.Logger
	// Connected, when set, is told of the connection: true after each
	// login, false when the session ends. Polled, when set, is called
	// after each successful look at the mailbox (the messages there
	// taken). Both feed the daemon's health (/readyz, /metrics).
	Connected func(up bool)
	Polled    func()
	// Debug, when set, receives the IMAP conversation (the password
	// included): for diagnosing a server, never in production logs.
	Debug io.Writer
}

// Watcher is one mailbox's intake.
type Watcher struct {
	o   Options
	log *slog.Logger
}

// New checks the options and fills in the defaults.
func New(o Options) (*Watcher, error) {
	if o.Host == "" || o.Port <= 0 || o.Port > 65535 {
		return nil, fmt.Errorf("imap: host %q port %d: a host and a port are required", o.Host, o.Port)
	}
	switch strings.ToLower(o.TLS) {
	case "none", "starttls", "implicit", "tls":
	default:
		return nil, fmt.Errorf("imap: tls mode %q: want none, starttls or implicit", o.TLS)
	}
	if o.User == "" {
		return nil, errors.New("imap: user required")
	}
	if o.Mailbox == "" {
		o.Mailbox = "INBOX"
	}
	if o.State == nil {
		o.State = &MemState{}
	}
	defaults.Fill(&o.MaxMessage, ingest.DefaultMaxMessageBytes)
	defaults.Fill(&o.BackoffMin, time.Second)
	if o.BackoffMax < o.BackoffMin {
		o.BackoffMax = 4 * time.Second
		if o.BackoffMax < o.BackoffMin {
			o.BackoffMax = o.BackoffMin
		}
	}
	defaults.Fill(&o.CommandTimeout, 2*time.Minute)
	defaults.Fill(&o.Refresh, 5*time.Minute)
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	log = log.With("imap", net.JoinHostPort(o.Host, strconv.Itoa(o.Port)), "mailbox", o.Mailbox)
	return &Watcher{o: o, log: log}, nil
}

// Run watches the mailbox until ctx is cancelled, reconnecting with
// backoff whenever the connection fails or the handler cannot record a
// message (that message is offered again after the pause). It returns
// nil once ctx is done.
func (w *Watcher) Run(ctx context.Context, h ingest.Handler) error {
	delay := w.o.BackoffMin
	for {
		// A login that succeeds means the server is back: the next
		// failure starts the backoff afresh, however short the
		// connection (repeated outages must not leave it at its cap).
		err := w.session(ctx, h, true, func() { delay = w.o.BackoffMin })
		if ctx.Err() != nil {
			return nil
		}
		w.log.Warn("imap session ended, reconnecting", "err", err, "in", delay)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(delay):
		}
		delay *= 2
		if delay > w.o.BackoffMax {
			delay = w.o.BackoffMax
		}
	}
}

// Once connects, takes every new message and returns: for a one-shot
// run and for tests.
func (w *Watcher) Once(ctx context.Context, h ingest.Handler) error {
	return w.session(ctx, h, false, func() {})
}

// conn is one logged-in connection with its mailbox selected.
type conn struct {
	c       *imapclient.Client
	arrived chan struct{} // a new message exists (unilateral EXISTS)
	closed  <-chan struct{}
}

func (w *Watcher) dial(ctx context.Context) (*conn, error) {
	arrived := make(chan struct{}, 1)
	opts := &imapclient.Options{
		DebugWriter: w.o.Debug,
		TLSConfig:   w.o.TLSConfig,
		Dialer:      &net.Dialer{Timeout: w.o.CommandTimeout},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					select {
					case arrived <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	if opts.TLSConfig == nil {
		opts.TLSConfig = &tls.Config{ServerName: w.o.Host, InsecureSkipVerify: w.o.InsecureSkipVerify}
	}
	addr := net.JoinHostPort(w.o.Host, strconv.Itoa(w.o.Port))
	var c *imapclient.Client
	var err error
	// The dial itself has the dialer's timeout; ctx is watched from the
	// first command on.
	switch strings.ToLower(w.o.TLS) {
	case "implicit", "tls":
		c, err = imapclient.DialTLS(addr, opts)
	case "starttls":
		c, err = imapclient.DialStartTLS(addr, opts)
	default:
		c, err = imapclient.DialInsecure(addr, opts)
	}
	if err != nil {
		return nil, fmt.Errorf("connect %s: %w", addr, err)
	}
	return &conn{c: c, arrived: arrived, closed: c.Closed()}, nil
}

// wait runs one command under the command timeout and ctx: when either
// runs out the connection is closed, which fails the command.
func (w *Watcher) wait(ctx context.Context, cn *conn, what string, f func() error) error {
	t := time.AfterFunc(w.o.CommandTimeout, func() { cn.c.Close() })
	stop := context.AfterFunc(ctx, func() { cn.c.Close() })
	err := f()
	t.Stop()
	stop()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("imap %s: %w", what, err)
	}
	return nil
}

// session connects, logs in (then calls loggedIn), takes the new
// messages and, with idle, waits for more until the connection ends.
func (w *Watcher) session(ctx context.Context, h ingest.Handler, idle bool, loggedIn func()) error {
	cn, err := w.dial(ctx)
	if err != nil {
		return err
	}
	defer cn.c.Close()
	c := cn.c

	if err := w.wait(ctx, cn, "login", func() error { return c.Login(w.o.User, w.o.Password).Wait() }); err != nil {
		return err
	}
	loggedIn()
	if f := w.o.Connected; f != nil {
		f(true)
		defer f(false)
	}
	if w.o.Processed != "" {
		// CREATE fails when the folder exists: only a real failure
		// shows up later, at the first MOVE.
		_ = w.wait(ctx, cn, "create", func() error { return c.Create(w.o.Processed, nil).Wait() })
	}
	var sel *imap.SelectData
	if err := w.wait(ctx, cn, "select "+w.o.Mailbox, func() (err error) {
		sel, err = c.Select(w.o.Mailbox, nil).Wait()
		return err
	}); err != nil {
		return err
	}
	validity := sel.UIDValidity
	w.log.Debug("imap connected", "uidvalidity", validity, "exists", sel.NumMessages)

	if err := w.sweep(ctx, cn, validity); err != nil {
		return err
	}
	for {
		n, err := w.takeNew(ctx, cn, validity, h)
		if err != nil {
			return err
		}
		if f := w.o.Polled; f != nil {
			f()
		}
		if n > 0 {
			// Look once more before idling: a message appended while
			// ours were being expunged may never be announced (the
			// in-memory server merges the two updates), and a search
			// costs one round trip.
			continue
		}
		if !idle {
			_ = w.wait(ctx, cn, "logout", func() error { return c.Logout().Wait() })
			return nil
		}
		if err := w.idle(ctx, cn); err != nil {
			return err
		}
	}
}

// idle waits for a new message, the refresh interval, ctx or the
// connection's end.
func (w *Watcher) idle(ctx context.Context, cn *conn) error {
	timer := time.NewTimer(w.o.Refresh)
	defer timer.Stop()
	if !cn.c.Caps().Has(imap.CapIdle) && !cn.c.Caps().Has(imap.CapIMAP4rev2) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-cn.closed:
			return errors.New("imap: connection closed")
		case <-timer.C:
			return nil
		}
	}
	cmd, err := cn.c.Idle()
	if err != nil {
		return fmt.Errorf("imap idle: %w", err)
	}
	var reason error
	select {
	case <-ctx.Done():
		reason = ctx.Err()
	case <-cn.closed:
		return errors.New("imap: connection closed during idle")
	case <-cn.arrived:
	case <-timer.C:
	}
	if err := w.wait(ctx, cn, "idle done", func() error {
		if err := cmd.Close(); err != nil {
			return err
		}
		return cmd.Wait()
	}); err != nil && reason == nil {
		return err
	}
	return reason
}

// takeNew offers every message above the last UID taken to h, in UID
// order, saving the mark and acknowledging after each.
func (w *Watcher) takeNew(ctx context.Context, cn *conn, validity uint32, h ingest.Handler) (taken int, err error) {
	// Drain the arrival signal first: anything arriving from here on
	// signals again and is caught by the next round.
	select {
	case <-cn.arrived:
	default:
	}
	storedValidity, last, err := w.o.State.Load(ctx, w.o.Mailbox)
	if err != nil {
		return 0, fmt.Errorf("imap state: %w", err)
	}
	if storedValidity != validity {
		if storedValidity != 0 {
			w.log.Warn("UIDVALIDITY changed: the mailbox is read again from the start (the store drops repeats)",
				"was", storedValidity, "now", validity)
		}
		last = 0
		if err := w.o.State.Save(ctx, w.o.Mailbox, validity, 0); err != nil {
			return 0, fmt.Errorf("imap state: %w", err)
		}
	}
	uids, err := w.searchUIDs(ctx, cn, imap.UIDRange{Start: imap.UID(last + 1), Stop: 0})
	if err != nil {
		return 0, err
	}
	slices.Sort(uids)
	for _, uid := range uids {
		// "n:*" always matches the highest UID, even below n.
		if uint32(uid) <= last {
			continue
		}
		if err := w.takeOne(ctx, cn, validity, uid, h); err != nil {
			return taken, err
		}
		taken++
	}
	return taken, nil
}

// sweep acknowledges messages at or below the mark still in the mailbox:
// recorded, but the session ended before they were moved.
func (w *Watcher) sweep(ctx context.Context, cn *conn, validity uint32) error {
	if w.o.Processed == "" {
		return nil
	}
	storedValidity, last, err := w.o.State.Load(ctx, w.o.Mailbox)
	if err != nil || storedValidity != validity || last == 0 {
		return err
	}
	uids, err := w.searchUIDs(ctx, cn, imap.UIDRange{Start: 1, Stop: imap.UID(last)})
	if err != nil || len(uids) == 0 {
		return err
	}
	w.log.Info("moving messages recorded earlier", "count", len(uids))
	return w.ack(ctx, cn, imap.UIDSetNum(uids...))
}

// searchUIDs returns the UIDs of the mailbox's messages in r.
func (w *Watcher) searchUIDs(ctx context.Context, cn *conn, r imap.UIDRange) ([]imap.UID, error) {
	var uids []imap.UID
	err := w.wait(ctx, cn, "uid search", func() error {
		data, err := cn.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{{r}}}, nil).Wait()
		if err != nil {
			return err
		}
		uids = data.AllUIDs()
		return nil
	})
	return uids, err
}

// fetch fetches one message by UID; nil and no error when it was
// expunged by someone else between SEARCH and FETCH (logged).
func (w *Watcher) fetch(ctx context.Context, cn *conn, what string, uid imap.UID, opts *imap.FetchOptions) ([]*imapclient.FetchMessageBuffer, error) {
	var msgs []*imapclient.FetchMessageBuffer
	if err := w.wait(ctx, cn, what, func() (err error) {
		msgs, err = cn.c.Fetch(imap.UIDSetNum(uid), opts).Collect()
		return err
	}); err != nil {
		return nil, err
	}
	if len(msgs) == 0 {
		w.log.Warn("message vanished before it could be fetched", "uid", uid)
		return nil, nil
	}
	return msgs, nil
}

// fetchBody fetches one message's section into the spool as it comes
// off the connection, never whole in memory; the zero Content and no
// error when the message vanished (logged).
func (w *Watcher) fetchBody(ctx context.Context, cn *conn, uid imap.UID, section *imap.FetchItemBodySection) (ingest.Content, error) {
	var raw ingest.Content
	found := false
	err := w.wait(ctx, cn, "fetch body", func() error {
		cmd := cn.c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}})
		var rerr error
		if msg := cmd.Next(); msg != nil {
			found = true
			for item := msg.Next(); item != nil; item = msg.Next() {
				body, ok := item.(imapclient.FetchItemDataBodySection)
				if !ok || !raw.IsZero() {
					continue
				}
				if body.Literal == nil {
					// NIL: the server has no such section.
					raw = ingest.Bytes(nil)
					continue
				}
				// The size was checked against MaxMessage; a literal
				// longer than that (a server disagreeing with itself) is
				// cut there, and the rest discarded by the client.
				raw, _, rerr = w.o.Spool.ReadUpTo(body.Literal, w.o.MaxMessage)
				if rerr != nil {
					break
				}
			}
		}
		if err := cmd.Close(); rerr == nil {
			rerr = err
		}
		return rerr
	})
	if err != nil {
		raw.Remove()
		return ingest.Content{}, err
	}
	if !found {
		w.log.Warn("message vanished before it could be fetched", "uid", uid)
		return ingest.Content{}, nil
	}
	if raw.IsZero() {
		raw = ingest.Bytes(nil)
	}
	return raw, nil
}

func (w *Watcher) takeOne(ctx context.Context, cn *conn, validity uint32, uid imap.UID, h ingest.Handler) error {
	set := imap.UIDSetNum(uid)
	meta, err := w.fetch(ctx, cn, "fetch size", uid, &imap.FetchOptions{UID: true, RFC822Size: true, InternalDate: true})
	if err != nil || meta == nil {
		return err
	}
	size := meta[0].RFC822Size
	section := &imap.FetchItemBodySection{Peek: true}
	tooBig := size > w.o.MaxMessage
	if tooBig {
		section = &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}
	}
	raw, err := w.fetchBody(ctx, cn, uid, section)
	if err != nil || raw.IsZero() {
		return err
	}
	sub, err := email.Read(raw, meta[0].InternalDate, w.o.Limits, w.o.Spool)
	if err != nil {
		raw.Remove()
		return fmt.Errorf("imap uid %d: %w", uid, err)
	}
	if tooBig {
		sub.Problems = append(sub.Problems, email.Problem("intake.mail.too-large",
			catalogue.Named{"size": italian.Size(size), "limit": italian.Size(w.o.MaxMessage)}))
	}
	sub.Channel = ingest.ChannelIMAP
	sub.Source = fmt.Sprintf("%s/%d/%d", w.o.Mailbox, validity, uid)
	err = h(ctx, sub)
	// Recorded or not, the spool files go once the handler is done: a
	// message not recorded is fetched again.
	sub.Cleanup()
	if err != nil {
		return fmt.Errorf("imap uid %d not recorded: %w", uid, err)
	}
	w.log.Info("message taken", "uid", uid, "from", sub.Sender, "message_id", sub.MessageID, "files", len(sub.Files))
	// The mark first: a session ending before the move leaves a recorded
	// message in place (moved by the next session's sweep), never one
	// taken twice.
	if err := w.o.State.Save(ctx, w.o.Mailbox, validity, uint32(uid)); err != nil {
		return fmt.Errorf("imap state: %w", err)
	}
	return w.ack(ctx, cn, set)
}

// ack moves a recorded message out of the way, or flags it: a failure
// here is harmless (the message is offered again and the store drops the
// repeat), but it is reported so the session restarts.
func (w *Watcher) ack(ctx context.Context, cn *conn, set imap.UIDSet) error {
	if w.o.Processed != "" {
		return w.wait(ctx, cn, "move to "+w.o.Processed, func() error {
			_, err := cn.c.Move(set, w.o.Processed).Wait()
			return err
		})
	}
	return w.wait(ctx, cn, "flag seen", func() error {
		return cn.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	})
}
