package daemon

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"

	"omologa/internal/config"
	"omologa/internal/store"
	"omologa/internal/store/lock"
)

// Daemon is the office's process: its store, pipeline and intakes,
// under the store's lock.
type Daemon struct {
	app     *App
	lock    *lock.Lock
	intakes []intake
}

// Start takes the store's lock (once: as a one-shot command, waiting
// for another; else as the one daemon of the store, refused when there
// is one), opens the store and the pipeline, resumes the delivery a
// stopped deliverer left, and sets up the intakes: the drop folder
// (reconciled with the archive, seeded with the demo's samples) and the
// mailbox. Close the Daemon when done.
func Start(ctx context.Context, cfg *config.Config, log *slog.Logger, once bool) (d *Daemon, err error) {
	role := lock.RoleDaemon
	if once {
		role = lock.RoleOneShot
	}
	lk, err := lock.Wait(ctx, cfg.Store.Path, role)
	if err != nil {
		return nil, err
	}
	d = &Daemon{lock: lk}
	defer func() {
		if err != nil {
			d.Close()
			d = nil
		}
	}()
	if d.app, err = Open(ctx, cfg, log); err != nil {
		return d, err
	}
	a := d.app
	if err := ResumeDelivery(ctx, a.Store, log); err != nil {
		return d, err
	}
	if a.spool, err = newSpool(cfg); err != nil {
		return d, err
	}
	if cfg.Drop != nil {
		in, err := dropIntake(ctx, a)
		if err != nil {
			return d, err
		}
		d.intakes = append(d.intakes, in)
	}
	if cfg.IMAP != nil {
		in, err := imapIntake(a)
		if err != nil {
			return d, err
		}
		d.intakes = append(d.intakes, in)
	}
	return d, nil
}

// Close closes the store and releases the lock.
func (d *Daemon) Close() {
	if d.app != nil {
		d.app.Close()
	}
	d.lock.Release()
}

// Once takes what is waiting in each intake, judges it and delivers the
// notices. One intake failing (the mailbox unreachable) does not keep
// what the others took from being judged and answered: its failure is
// given to failed, at once, and the others go on; the error returned is
// a failure to judge or deliver.
func (d *Daemon) Once(ctx context.Context, failed func(error)) error {
	a := d.app
	for _, in := range d.intakes {
		if err := in.once(ctx, a.Pipeline.Handle); err != nil {
			failed(err)
		}
	}
	pending, err := a.Pipeline.Drain(ctx)
	if err != nil {
		return err
	}
	c, _ := a.Store.Counts(ctx)
	a.Log.Info("done", "judged", c["submissions."+store.StateJudged], "quarantined", c["submissions."+store.StateQuarantined],
		"notices_sent", c["notices."+store.NoticeSent], "notices_pending", pending, "notices_failed", c["notices."+store.NoticeFailed])
	return nil
}

// Run takes submissions from every intake, judges and answers them,
// and serves the web application when configured (its address said on
// stdout), until ctx is done or an intake stops: then it returns that
// intake's error, having stopped the others.
func (d *Daemon) Run(ctx context.Context, stdout io.Writer) error {
	a, cfg, log := d.app, d.app.Config, d.app.Log
	log.Info("omologa watching", "config", cfg.File, "store", cfg.Store.Path, "outbox", cfg.Outbox, "smtp", cfg.SMTP != nil)
	var wg sync.WaitGroup
	errc := make(chan error, len(d.intakes)+2)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.Web != nil {
		// The web application shares the daemon's store and pipeline, so
		// that a release from a page is judged and answered at once.
		wg.Add(1)
		go func() {
			defer wg.Done()
			errc <- serveWeb(ctx, a.Office, cfg.Web, log, stdout, a.Vitals)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		errc <- a.Pipeline.Run(ctx)
	}()
	for _, in := range d.intakes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errc <- in.run(ctx, a.Pipeline.Handle)
		}()
	}
	if cfg.Backup != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.runBackups(ctx)
		}()
	}
	var stopped error
	select {
	case <-ctx.Done():
	case err := <-errc:
		if err != nil && !errors.Is(err, context.Canceled) {
			log.Error("intake stopped", "err", err)
			stopped = err
		}
	}
	cancel()
	// Every loop has stopped: the judgement in flight finished (the
	// pipeline judges without the cancelled context), the web's requests
	// were given their time. A notice whose sending was cut short is
	// claimed no longer, so that the next daemon sends it at once (with
	// the same Message-ID); the lock is freed by Close.
	wg.Wait()
	if n, err := a.Store.ReleaseClaims(context.WithoutCancel(ctx)); err != nil {
		log.Error("claims of notices not released: the next start releases them", "err", err)
	} else if n > 0 {
		log.Info("notices being sent when stopped: released, sent again at the next start", "notices", n)
	}
	log.Info("omologa stopped")
	return stopped
}
