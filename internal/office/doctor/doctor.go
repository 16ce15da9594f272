// Package doctor checks an office's configuration against the world
// before the service starts (omologa doctor): the store opens and is
// sound, the folders exist and this user may write them, the mailbox
// logs in and its folders exist, the mail server answers and accepts the
// login, the registers load, the portal's public address agrees with the
// trusted origins, the secret files are not readable by others, the
// rules' time zone is known, the disk has room. Each check is one line,
// OK or PROBLEM with its fix; nothing is sent, moved or written but a
// probe file removed at once, and no secret is ever shown.
package doctor

import (
	"context"
	"fmt"
	"time"

	"omologa/internal/config"
)

// Check is one line of the doctor's answer.
type Check struct {
	// Name is what was checked ("store", "imap", "folder drop").
	Name string `json:"check"`
	OK   bool   `json:"ok"`
	// Detail says what was found, in a sentence.
	Detail string `json:"detail"`
	// Fix, for a problem, says what to do.
	Fix string `json:"fix,omitempty"`
}

// Report is every check, in the order run.
type Report struct {
	OK     bool    `json:"ok"`
	Checks []Check `json:"checks"`
}

// Problems counts the checks that failed.
func (r *Report) Problems() int {
	n := 0
	for _, c := range r.Checks {
		if !c.OK {
			n++
		}
	}
	return n
}

// Options tune a run. The zero value is ready to use.
type Options struct {
	// Timeout bounds each network probe (default 20 s).
	Timeout time.Duration
	// Now is the office's time, said beside the time zone (default the
	// configuration's clock).
	Now time.Time
}

// Run checks cfg, as loaded by config.Load (a configuration that does
// not load is the caller's error to report, with its line).
func Run(ctx context.Context, cfg *config.Config, opt Options) *Report {
	if opt.Timeout <= 0 {
		opt.Timeout = 20 * time.Second
	}
	if opt.Now.IsZero() {
		opt.Now = cfg.Now()()
	}
	r := &Report{}
	add := func(cs ...Check) { r.Checks = append(r.Checks, cs...) }
	add(configuration(cfg))
	add(timeZone(cfg, opt.Now)...)
	st, c := openStore(ctx, cfg)
	add(c)
	add(folders(cfg)...)
	add(secrets(cfg)...)
	if st != nil {
		add(loadedRegisters(ctx, st, cfg)...)
		st.Close()
	}
	add(mailbox(ctx, cfg, opt.Timeout))
	add(mailServer(ctx, cfg, opt.Timeout))
	add(portal(cfg)...)
	add(room(cfg)...)
	r.OK = r.Problems() == 0
	return r
}

func ok(name, format string, a ...any) Check {
	return Check{Name: name, OK: true, Detail: fmt.Sprintf(format, a...)}
}

func problem(name, fix, format string, a ...any) Check {
	return Check{Name: name, Detail: fmt.Sprintf(format, a...), Fix: fix}
}

// configuration flags what belongs to the demo, never to a real office:
// a pinned clock, seeded samples.
func configuration(cfg *config.Config) Check {
	switch {
	case cfg.Clock != "":
		return problem("configuration", "remove clock: from "+cfg.File+" (only the demo pins its clock)",
			"%s pins the office's clock to %s: every act would be dated by it", cfg.File, cfg.Clock)
	case cfg.Drop != nil && len(cfg.Drop.Seed) > 0:
		return problem("configuration", "remove drop.seed and drop.seed_received from "+cfg.File+" (the demo's samples)",
			"%s seeds the drop folder with %d sample folders at every start", cfg.File, len(cfg.Drop.Seed))
	}
	return ok("configuration", "%s loads", cfg.File)
}
