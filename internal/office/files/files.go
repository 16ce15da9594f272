// Package files is the office's work on files rather than the store: a
// list closed from files (`omologa list close`), a tournament and its
// rating read for `omologa rate` and `omologa fide preview`. It opens no
// store, web or mail, so that these commands run in the lite front of
// cmd/omologa (issue 31 item 1).
package files

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"omologa/internal/fsi"
	"omologa/internal/fsi/registers"
	"omologa/internal/homologation/rules"
	"omologa/internal/rating"
	"omologa/internal/tournament"
	"omologa/internal/tournament/codec"
)

// FileClose is a list closed from files: the kind and period of the
// list, the list in force (Players, a players' register file), the
// receipt dates of the files (Received, rating.ReadReceived), the
// tournament files and where the new list goes (Out).
type FileClose struct {
	Kind     fsi.Kind
	Period   string // YYYY-MM
	Players  string
	Received string
	Files    []string
	Out      string
	// Rules is the file whose rating: section is used (LoadRating).
	Rules string
	// Reading is called before each file is read (a progress bar), by
	// one reader at a time.
	Reading func(file string)
}

// FileCloseResult is the change report and what was said on the way:
// the readers' errors and the files received outside the period (not
// rated here).
type FileCloseResult struct {
	Report   rating.Report
	Warnings []string
}

// CloseFiles rates the period's tournaments against the list in force
// (ratings frozen, variations summed: RTF 4.2.3, RAPID 6.3) and writes
// the new list to c.Out, in the players' register format so that
// periods chain.
func CloseFiles(c FileClose) (*FileCloseResult, error) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit(c.Players, c.Files)))
	cfg, err := LoadRating(c.Rules)
	if err != nil {
		return nil, err
	}
	period, err := cfg.Schedule(c.Kind).Parse(c.Period)
	if err != nil {
		return nil, err
	}
	rdata, err := os.ReadFile(c.Received)
	var dates map[string]tournament.Date
	if err == nil {
		dates, err = rating.ReadReceived(c.Received, rdata, cfg.Location())
	}
	if err != nil {
		// The register is said wrong first, as when it was read first.
		if _, perr := LoadPlayers(c.Players); perr != nil {
			return nil, perr
		}
		return nil, err
	}
	// The register is read while the files are.
	closed, warnings, err := closeRead(c, dates, func() (*rating.Closing, error) {
		// Reading the register makes almost no garbage, only rows that
		// stay: a collection meanwhile marks them for nothing (one cost
		// seconds of CPU at a million rows, issue 31). The readers of
		// the files meanwhile hold a few files at a time.
		gc := debug.SetGCPercent(-1)
		list, err := LoadPlayers(c.Players)
		debug.SetGCPercent(gc)
		if err != nil {
			return nil, err
		}
		return rating.OpenClose(rating.Close{Kind: c.Kind, Period: period, List: list, Settings: cfg, InPlace: true, Lean: true})
	})
	if err != nil {
		return nil, err
	}
	res := FileCloseResult{Warnings: warnings}
	if err := writeList(c.Out, closed.Next); err != nil {
		return nil, err
	}
	for _, e := range closed.Report.Excluded {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: received %s, counts in the list of %s: not rated here", e.File, e.Received, e.Period))
	}
	res.Report = closed.Report
	return &res, nil
}

// memoryLimit is the soft memory limit of a close of the register
// players and the tournament files: what the close holds whole (the
// list, its state, the report) comes to about eight times the register's
// file and once the tournament files at FIDE's scale (a million players,
// 73 MB, and 60 MB of files, issue 31), and the collector left alone
// lets garbage grow the heap to twice that before it runs; a limit of
// ten times the register and three times the files (at least 256 MiB)
// makes it run earlier, above what the close holds. GOMEMLIMIT, when
// set, wins.
func memoryLimit(players string, trfs []string) int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1)
	}
	size := func(path string) int64 {
		if fi, err := os.Stat(path); err == nil {
			return fi.Size()
		}
		return 0
	}
	limit := 10 * size(players)
	for _, f := range trfs {
		limit += 3 * size(f)
	}
	return max(256<<20, limit)
}

// writeList writes the new list to path through a buffer, not whole in
// memory first (a list of a million players is 90 MB of CSV); a list
// that cannot be written whole is removed.
func writeList(path string, l *rating.List) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 256<<10)
	err = l.WriteCSV(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// closeRead reads the tournament files on every core (reading and
// parsing was most of a close of files) and rates each as it comes, in
// receipt order, so that no more than a few parsed tournaments are held
// at once (a period's tournaments, whole, were most of its memory). The
// readers' warnings come in the order of c.Files, and the error is the
// one the first failing file in that order meets, as when the files
// were all read one by one before the close.
//
// open starts the close (it reads the list in force) while the first
// files are read; its error comes before any file's.
func closeRead(c FileClose, dates map[string]tournament.Date, open func() (*rating.Closing, error)) (*rating.Result, []string, error) {
	n := len(c.Files)
	errs := make([]error, n)
	days := make([]tournament.Date, n)
	var order []int // the files with a receipt date, in receipt order
	for i, f := range c.Files {
		day, ok := receivedOn(dates, f)
		if !ok {
			errs[i] = fmt.Errorf("%s: no receipt date in %s", f, c.Received)
			continue
		}
		days[i] = day
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(days[a].Compare(days[b]), cmp.Compare(c.Files[a], c.Files[b]))
	})
	type read struct {
		t  *tournament.Tournament
		ws []string
	}
	warnings := make([][]string, n)
	done := make([]chan read, len(order))
	for k := range done {
		done[k] = make(chan read, 1)
	}
	workers := min(runtime.GOMAXPROCS(0), len(order))
	window := make(chan struct{}, 2*workers+2) // files read ahead of the close
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte // the worker's file, read again for each
			for {
				window <- struct{}{}
				k := int(next.Add(1) - 1)
				if k >= len(order) {
					<-window
					return
				}
				i := order[k]
				if c.Reading != nil {
					mu.Lock()
					c.Reading(c.Files[i])
					mu.Unlock()
				}
				var t *tournament.Tournament
				var ws []string
				var err error
				t, ws, buf, err = readTournament(c.Files[i], buf)
				if err != nil {
					errs[i] = fmt.Errorf("%s: %w", c.Files[i], err)
				}
				done[k] <- read{t, ws}
			}
		}()
	}
	closing, closeErr := open()
	openErr := closeErr
	for k, i := range order {
		r := <-done[k]
		<-window
		warnings[i] = r.ws
		if r.t == nil || closeErr != nil {
			continue // the error is said below; the rest is still read for an earlier one
		}
		closeErr = closing.Add(rating.Received{File: c.Files[i], Tournament: r.t, Received: days[i]})
	}
	wg.Wait()
	if openErr != nil {
		return nil, nil, openErr
	}
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	if closeErr != nil {
		return nil, nil, closeErr
	}
	return closing.Finish(), slices.Concat(warnings...), nil
}

// receivedOn is file's receipt date, found by its path or its name.
func receivedOn(dates map[string]tournament.Date, file string) (tournament.Date, bool) {
	day, ok := dates[file]
	if !ok {
		day, ok = dates[filepath.Base(file)]
	}
	return day, ok
}

// LoadRating reads the rating settings from rules.yaml; a file holding
// only a `rating:` section is accepted too.
func LoadRating(path string) (*rules.Rating, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return rules.RatingOf(path, data)
}

// LoadPlayers reads a players' register (a list in force) from a file.
func LoadPlayers(path string) (*registers.Players, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("players register: %w", err)
	}
	return registers.ReadPlayersOwned(path, data)
}

// ReadTournament reads a result file; the reader's diagnostics of
// severity error come back as warnings, since the rating is computed on
// what could be read.
func ReadTournament(path string) (*tournament.Tournament, []string, error) {
	t, ws, _, err := readTournament(path, nil)
	return t, ws, err
}

// readTournament is ReadTournament reading the file into buf, which it
// returns (grown) for the next file: the reader's text is a copy
// (codec.Decode), so that the bytes read are free once it returns, and a
// reader of a season's thousands of files needs one buffer, not one a
// file (issue 31).
func readTournament(path string, buf []byte) (*tournament.Tournament, []string, []byte, error) {
	data, err := readFileInto(path, buf)
	if err != nil {
		return nil, nil, data, err
	}
	t, diags, err := codec.Read(path, data)
	if err != nil {
		return nil, nil, data, err
	}
	var warnings []string
	for _, d := range diags {
		if d.Severity == tournament.Error {
			warnings = append(warnings, d.String())
		}
	}
	return t, warnings, data, nil
}

// readFileInto is os.ReadFile into buf (its errors the same), grown to
// the file's size when it is larger.
func readFileInto(path string, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf[:0], err
	}
	defer f.Close()
	data := buf[:0]
	if fi, err := f.Stat(); err == nil && fi.Size() < math.MaxInt32 {
		// One byte more, as os.ReadFile: the read that meets the end
		// finds room.
		data = slices.Grow(data, int(fi.Size())+1)
	}
	for {
		if len(data) == cap(data) {
			data = slices.Grow(data, 512)
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}
