package portal_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"omologa/internal/testkit/testenv"
)

// The cost of one arbiter's uploads to the server (issue 31, item 6):
// pre-checks of a TRF made of junk lines, over HTTP against the whole
// web application. Each benchmark reports the measure and the goal side
// by side (peak-MB is the heap the server's process grew to at most,
// sampled). OMOLOGA_BENCH_JUNK_LINES sets the junk lines (default
// 1,000 for make test; the figures are 1000000), and
// OMOLOGA_BENCH_PARALLEL the parallel uploads (default 2; the 20).

// junkFile is the Rimini sample followed by lines lines of junk.
func junkFile(tb testing.TB, root string, lines int) []byte {
	b, err := os.ReadFile(filepath.Join(root, "samples/drop/open_ognissanti_rimini.trf"))
	if err != nil {
		tb.Fatal(err)
	}
	return append(b, bytes.Repeat([]byte("999 junk line\n"), lines)...)
}

// arbiter is an HTTP client signed in to the portal as casadei.
func arbiter(tb testing.TB, f *fixture) *http.Client {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if _, err := c.PostForm(f.ts.URL+"/portale/entra", url.Values{"email": {casadei}}); err != nil {
		tb.Fatal(err)
	}
	links := f.links(tb, casadei)
	if len(links) == 0 {
		tb.Fatal("no sign-in link")
	}
	resp, err := c.PostForm(links[len(links)-1], nil)
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	return c
}

// preCheck uploads data to the pre-check and returns the status.
func preCheck(tb testing.TB, c *http.Client, base string, data []byte) int {
	// Streamed, so that the client's copies do not count in the peak.
	pr, pw := io.Pipe()
	w := multipart.NewWriter(pw)
	go func() {
		fw, _ := w.CreateFormFile("file", "junk.trf")
		fw.Write(data)
		pw.CloseWithError(w.Close())
	}()
	resp, err := c.Post(base+"/portale/verifica", w.FormDataContentType(), pr)
	if err != nil {
		tb.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// peakHeap samples the heap in use until stop is called, which returns
// its peak in MB above the heap when it started.
func peakHeap() (stop func() float64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(int64(peak.Load())-int64(base)) / (1 << 20)
	}
}

func BenchmarkPortalPreCheckJunk(b *testing.B) {
	f := newFixture(b)
	c := arbiter(b, f)
	data := junkFile(b, f.root, testenv.Int("OMOLOGA_BENCH_JUNK_LINES", 1000))
	b.SetBytes(int64(len(data)))
	stop := peakHeap()
	b.ResetTimer()
	for b.Loop() {
		if code := preCheck(b, c, f.ts.URL, data); code != http.StatusOK {
			b.Fatalf("pre-check: %d", code)
		}
	}
	b.StopTimer()
	b.ReportMetric(stop(), "peak-MB")
	b.ReportMetric(1500, "goal-ms/op")
	b.ReportMetric(60, "goal-peak-MB")
}

// Parallel pre-checks of one person: the server judges a few at once
// (portal.judging), the rest wait or are told to come back (503); the
// portal's pages keep answering meanwhile (ms-page: the slowest answer
// to its home page during the uploads).
func BenchmarkPortalPreCheckParallel(b *testing.B) {
	f := newFixtureWith(b, "portal:\n  uploads_per_hour: 1000\n")
	c := arbiter(b, f)
	n := testenv.Int("OMOLOGA_BENCH_PARALLEL", 2)
	data := junkFile(b, f.root, testenv.Int("OMOLOGA_BENCH_JUNK_LINES", 1000))
	stop := peakHeap()
	var slowest time.Duration
	codes := map[int]int{}
	b.ResetTimer()
	for b.Loop() {
		var wg sync.WaitGroup
		var mu sync.Mutex
		for range n {
			wg.Go(func() {
				code := preCheck(b, c, f.ts.URL, data)
				mu.Lock()
				codes[code]++
				mu.Unlock()
			})
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		for waiting := true; waiting; {
			start := time.Now()
			resp, err := c.Get(f.ts.URL + "/portale/")
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			slowest = max(slowest, time.Since(start))
			select {
			case <-done:
				waiting = false
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(stop(), "peak-MB")
	b.ReportMetric(float64(slowest.Milliseconds()), "ms-page")
	b.ReportMetric(400, "goal-peak-MB")
	b.Logf("%d parallel pre-checks of %d bytes: answers %v", n, len(data), fmt.Sprint(codes))
}
