// Package browsertest drives one headless Chromium (Debian's, which
// .ci/run installs) for the browser tests of the office's web
// application and of the portal: it starts the browser, runs steps with a
// timeout each, waits for conditions across page loads and saves
// screenshots into $OMOLOGA_SCREENSHOTS when it is set. A missing
// Chromium skips the tests locally and fails them in CI.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"omologa/internal/testkit/testenv"
)

// ChromiumPath is Debian's Chromium.
const ChromiumPath = "/usr/bin/chromium"

// Options are what differs between the test suites.
type Options struct {
	// Lang is the browser's language ("" the default).
	Lang string
	// Life bounds the whole browser (default 2 minutes); Step each
	// step, so that one failure does not eat the others' time (default
	// 15 s).
	Life, Step time.Duration
	// ShotPrefix starts each screenshot's file name ("portal-").
	ShotPrefix string
}

// Browser is one headless Chromium; Base is the application's address.
type Browser struct {
	Ctx  context.Context
	Base string
	dir  string
	n    int
	o    Options
}

// New starts Chromium for the test, or skips it (fails it in CI) when
// Chromium is not installed.
func New(t *testing.T, base string, o Options) *Browser {
	t.Helper()
	path := ChromiumPath
	if _, err := os.Stat(path); err != nil {
		p, err := exec.LookPath("chromium")
		if err != nil {
			testenv.Missing(t, "chromium is not installed (%s): browser tests skipped", ChromiumPath)
		}
		path = p
	}
	if o.Life == 0 {
		o.Life = 2 * time.Minute
	}
	if o.Step == 0 {
		o.Step = 15 * time.Second
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1200, 900))
	if o.Lang != "" {
		opts = append(opts, chromedp.Flag("lang", o.Lang))
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, o.Life)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	// Start the browser on the long-lived context: the first action's
	// context owns it, and the steps' own timeouts must not close it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	b := &Browser{Ctx: ctx, Base: base, dir: os.Getenv("OMOLOGA_SCREENSHOTS"), o: o}
	if b.dir != "" {
		if err := os.MkdirAll(b.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// Do runs steps, failing the test on an error.
func (b *Browser) Do(t *testing.T, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, b.o.Step)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// Open navigates to a path of the application (or a whole address) and
// waits for its footer.
func (b *Browser) Open(t *testing.T, u string) {
	t.Helper()
	if strings.HasPrefix(u, "/") {
		u = b.Base + u
	}
	b.Do(t, "open "+u, chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("footer")))
}

// Submit clicks a button that loads another page and waits for that
// page's marker (an element the page before did not have).
func (b *Browser) Submit(t *testing.T, what, button, marker string) {
	t.Helper()
	b.Do(t, what, chromedp.Click(chromedp.CSS(button)), chromedp.WaitVisible(chromedp.CSS(marker)))
}

// Text returns the text of the first element sel matches.
func (b *Browser) Text(t *testing.T, sel string) string {
	t.Helper()
	s, err := chromedp.Run(b.Ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// Count returns how many elements sel matches.
func (b *Browser) Count(t *testing.T, sel string) int {
	t.Helper()
	n, err := chromedp.Run(b.Ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
	if err != nil {
		t.Fatalf("count %s: %v", sel, err)
	}
	return n
}

// Until waits until a JavaScript condition holds, across the page
// loads that interrupt its evaluation.
func (b *Browser) Until(t *testing.T, cond string) {
	t.Helper()
	var err error
	for range 100 {
		var ok bool
		if ok, err = chromedp.Run(b.Ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	body, _ := chromedp.Run(b.Ctx, chromedp.Text(chromedp.CSS("body")))
	loc, _ := chromedp.Run(b.Ctx, chromedp.Location())
	t.Fatalf("waiting for %s: %v (at %s: %.300q)", cond, err, loc, body)
}

// WaitLocation waits until the page's address ends with suffix.
func (b *Browser) WaitLocation(t *testing.T, suffix string) {
	t.Helper()
	for range 100 {
		if loc, err := chromedp.Run(b.Ctx, chromedp.Location()); err == nil && strings.HasSuffix(loc, suffix) {
			if _, err := chromedp.Run(b.Ctx, chromedp.Poll[bool](`document.readyState === "complete"`)); err == nil {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the browser never reached %s", suffix)
}

// Shot saves a screenshot of the whole page as PREFIXNN-name.png.
func (b *Browser) Shot(t *testing.T, name string) {
	t.Helper()
	if b.dir == "" {
		return
	}
	png, err := chromedp.Run(b.Ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	b.n++
	if err := os.WriteFile(filepath.Join(b.dir, fmt.Sprintf("%s%02d-%s.png", b.o.ShotPrefix, b.n, name)), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
