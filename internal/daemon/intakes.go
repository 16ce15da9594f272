package daemon

import (
	"context"
	"fmt"
	"os"
	"time"

	"omologa/internal/config"
	"omologa/internal/intake/email"
	"omologa/internal/intake/imap"
	"omologa/internal/intake/ingest"
	"omologa/internal/office"
)

// intake is one source of submissions: run takes them until ctx is
// done, once takes what is there now and returns.
type intake struct {
	run, once func(ctx context.Context, h ingest.Handler) error
}

// newSpool is the folder the intakes read messages and files into.
func newSpool(cfg *config.Config) (*ingest.Spool, error) { return ingest.NewSpool(cfg.IncomingDir()) }

// dropIntake builds the drop folder's intake: the archive reconciled
// with the store first (a crash between recording and archiving), the
// demo's samples seeded.
func dropIntake(ctx context.Context, a *App) (intake, error) {
	cfg := a.Config
	if _, err := a.Pipeline.ReconcileArchive(ctx, cfg.ArchiveDir(), cfg.RejectedDir()); err != nil {
		return intake{}, err
	}
	seeded, err := seedDrop(ctx, a.Store, cfg.Drop, a.Log)
	if err != nil {
		return intake{}, err
	}
	drop, err := ingest.NewDrop(ingest.DropOptions{Folder: cfg.Drop.Folder, Archive: cfg.ArchiveDir(),
		ReceivedAt: seeded.receivedAt, Now: a.Office.Now,
		Rejected: cfg.RejectedDir(), Settle: cfg.Drop.Settle, Limits: Limits(cfg), Logger: a.Log, Spool: a.spool,
		MaxMessage: cfg.Limits.MaxMessageBytes, Message: messageReader(cfg, a.spool)})
	if err != nil {
		return intake{}, err
	}
	return intake{drop.Run, drop.Once}, nil
}

// messageReader reads a saved message found among the files as if it had
// come from the mailbox, its sender authenticated as the mailbox's are.
func messageReader(cfg *config.Config, sp *ingest.Spool) func(ingest.Content, time.Time) (*ingest.Submission, error) {
	return func(orig ingest.Content, at time.Time) (*ingest.Submission, error) {
		return email.Read(orig, at, MailLimits(cfg), sp)
	}
}

// Taken is what became of one file given on the command line (Ingest).
type Taken struct {
	Path string
	// ID is the submission recorded; Repeat is true when the same file
	// had been recorded before (it was judged then).
	ID     int64
	Repeat bool
	// Err says why the file was not taken (the others still are); it
	// names the file.
	Err error
}

// Ingest takes the files at paths in once, from the command line, the
// drop folder's way (ingest.FileReader): each read into the spool, not
// into memory, a saved message read as one from the mailbox, a file over
// its limit recorded unread (and answered with a rejection), each
// recorded once by the pipeline. Judging and delivery are left to the
// caller (Pipeline.Drain) or to the daemon. A failure to record stops
// it, with what was taken until then.
func (a *App) Ingest(ctx context.Context, paths []string) ([]Taken, error) {
	cfg := a.Config
	sp, err := newSpool(cfg)
	if err != nil {
		return nil, err
	}
	rd := ingest.FileReader{Limits: Limits(cfg), MaxMessage: cfg.Limits.MaxMessageBytes, Spool: sp,
		Message: messageReader(cfg, sp)}
	var out []Taken
	for _, path := range paths {
		info, err := os.Stat(path)
		if err != nil {
			out = append(out, Taken{Path: path, Err: err})
			continue
		}
		s, _, err := rd.Read(path, info, ingest.ChannelCLI, a.Office.Now())
		if err != nil {
			out = append(out, Taken{Path: path, Err: fmt.Errorf("%s: %w", path, err)})
			continue
		}
		s.Source = path
		id, repeat, err := a.Pipeline.Record(ctx, s)
		// Recorded (the store keeps its own copy) or not: the spool
		// files go.
		s.Cleanup()
		if err != nil {
			return out, err
		}
		out = append(out, Taken{Path: path, ID: id, Repeat: repeat})
	}
	return out, nil
}

// imapIntake builds the mailbox intake from the configuration; the
// mailbox position (UIDVALIDITY, last UID) is kept in the store, so that
// a restart resumes where the last run stopped.
func imapIntake(a *App) (intake, error) {
	m := a.Config.IMAP
	pw, err := m.Read()
	if err != nil {
		return intake{}, fmt.Errorf("imap: %w", err)
	}
	opt := office.IMAPOptions(m, pw)
	opt.State = imap.StateFuncs{LoadFunc: a.Store.MailboxState, SaveFunc: a.saveMailboxState}
	opt.MaxMessage, opt.Limits, opt.Logger, opt.Spool = a.Config.Limits.MaxMessageBytes, MailLimits(a.Config), a.Log, a.spool
	opt.Connected, opt.Polled = a.Vitals.IMAPConnected, func() { a.Vitals.IMAPPolled(a.Office.Now()) }
	w, err := imap.New(opt)
	if err != nil {
		return intake{}, err
	}
	a.Vitals.WatchesIMAP()
	return intake{w.Run, w.Once}, nil
}

// Limits are the drop folder's and archives' limits from the
// configuration.
func Limits(cfg *config.Config) ingest.Limits {
	return ingest.Limits{MaxFileBytes: cfg.Limits.MaxFileBytes, MaxArchiveBytes: cfg.Limits.MaxArchiveBytes,
		MaxArchiveFiles: cfg.Limits.MaxArchiveFiles}
}

// MailLimits are the MIME parser's limits from the configuration.
func MailLimits(cfg *config.Config) email.Limits {
	lim := email.DefaultLimits
	lim.MaxPart = cfg.Limits.MaxFileBytes
	lim.MaxTotal = cfg.Limits.MaxArchiveBytes
	lim.MaxArchiveFiles = cfg.Limits.MaxArchiveFiles
	return lim
}

// saveMailboxState records how far the IMAP intake got, dated by the
// office's clock.
func (a *App) saveMailboxState(ctx context.Context, mailbox string, validity, lastUID uint32) error {
	return a.Store.SaveMailboxState(ctx, mailbox, validity, lastUID, a.Office.Now())
}
