package lists

import (
	"context"
	"omologa/internal/fsi"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// chromium returns the headless browser, skipping the test when there is
// none (but failing under CI=true, where it must be installed).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium on the CI machine")
	}
	t.Skip("no Chromium: the search box is not tried in a browser")
	return ""
}

// TestSearchBoxInChromium publishes a list and opens its page in a real
// browser with a search in the address: the script runs from its own
// file (no inline script), shows the box and hides the rows that do not
// match, accents ignored.
func TestSearchBoxInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	if _, err := Publish(dir, Publication{Kind: fsi.Standard, List: sample()}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	url := "file://" + filepath.Join(dir, FileHTML) + "#q=bianchì"
	out, err := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir="+t.TempDir(),
		"--dump-dom", url).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	dom := string(out)
	rows := regexp.MustCompile(`<tr( class="[^"]*")?><td class="n">\d+</td>`).FindAllStringSubmatch(dom, -1)
	shown := 0
	for _, r := range rows {
		if r[1] != ` class="hidden"` {
			shown++
		}
	}
	if len(rows) != 4 || shown != 1 {
		t.Errorf("%d rows, %d shown; want 4 rows, 1 shown (Bianchi)\n%s", len(rows), shown, dom)
	}
	if regexp.MustCompile(`<div class="search noprint" hidden`).MatchString(dom) {
		t.Error("the search box stayed hidden: search.js did not run")
	}
	if !regexp.MustCompile(`id="count"[^>]*>1 su 4<`).MatchString(dom) {
		t.Error("the count of rows shown is not written")
	}
}
